/**
 * Docs stay true (issue 14): a config key in the schema but not in docs/configuration.md, a
 * command in a parser but not in docs/commands.md, a CLI option not in docs/cli.md, an action
 * input or output not in docs/action.md, or a docs link pointing nowhere fails this test.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import * as z from "zod";
import { CLI_COMMAND_OPTIONS } from "../../src/cli/args.js";
import { ralphConfigSchema } from "../../src/core/config.js";
import { COMMAND_NAMES } from "../../src/core/events.js";
import {
  brokenLinks,
  headingSlug,
  leafKeys,
  linksOf,
  missingCode,
  schemaKeys,
} from "./docs-true.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const read = (rel: string) => readFileSync(join(ROOT, rel), "utf8");

const DOC_FILES = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

describe("docs/configuration.md names every config key", () => {
  it("has every key of the schema (dotted paths for nested keys)", () => {
    const keys = leafKeys(schemaKeys(ralphConfigSchema));
    expect(keys.length).toBeGreaterThan(20);
    expect(missingCode(read("docs/configuration.md"), keys)).toEqual([]);
  });

  it("would catch an undocumented key, nested or not", () => {
    const schema = z.strictObject({
      documented: z.string().default(""),
      nested: z
        .strictObject({ known: z.boolean().default(true), added: z.number().default(1) })
        .prefault({}),
    });
    const keys = leafKeys(schemaKeys(schema));
    expect(keys).toEqual(["documented", "nested.known", "nested.added"]);
    expect(missingCode("| `documented` | x |\n| `nested.known` | y |", keys)).toEqual([
      "nested.added",
    ]);
  });
});

describe("docs/commands.md names every command", () => {
  const doc = read("docs/commands.md");

  it("every comment command (`/ralph <name>`, `/approve`)", () => {
    const needles = COMMAND_NAMES.map((n) => (n === "approve" ? "/approve" : `/ralph ${n}`));
    expect(missingCode(doc, needles)).toEqual([]);
  });

  it("every command of the `ralph` CLI", () => {
    const needles = Object.keys(CLI_COMMAND_OPTIONS).map((n) => `ralph ${n}`);
    expect(needles).toContain("ralph run");
    expect(missingCode(doc, needles)).toEqual([]);
  });
});

describe("docs/cli.md names every option of every CLI command", () => {
  it("has each --flag", () => {
    const doc = read("docs/cli.md");
    const flags = new Set<string>();
    for (const options of Object.values(CLI_COMMAND_OPTIONS)) {
      for (const name of Object.keys(options)) flags.add(`--${name}`);
    }
    expect(flags.has("--force")).toBe(true);
    expect([...flags].filter((f) => !doc.includes(f))).toEqual([]);
  });
});

describe("docs/action.md names every input and output of action.yml", () => {
  const action = parseYaml(read("action.yml")) as {
    inputs: Record<string, unknown>;
    outputs: Record<string, unknown>;
  };
  const doc = read("docs/action.md");

  it("inputs", () => {
    expect(Object.keys(action.inputs)).toContain("github-token");
    expect(missingCode(doc, Object.keys(action.inputs))).toEqual([]);
  });

  it("outputs", () => {
    expect(missingCode(doc, Object.keys(action.outputs))).toEqual([]);
  });
});

describe("links in the docs lead somewhere", () => {
  it("every relative link names an existing file, and its #anchor an existing heading", () => {
    const links = DOC_FILES.flatMap((f) => linksOf(f, read(f)));
    expect(links.length).toBeGreaterThan(10);
    expect(brokenLinks(ROOT, links)).toEqual([]);
  });

  it("would catch a missing file and a missing heading", () => {
    const links = linksOf(
      "docs/x.md",
      "[a](missing.md) [b](commands.md#no-such-heading) [c](https://example.com) [d](commands.md#labels)\n```\n[e](ignored-in-code.md)\n```",
    );
    expect(links.map((l) => l.target)).toEqual([
      "missing.md",
      "commands.md#no-such-heading",
      "https://example.com",
      "commands.md#labels",
    ]);
    expect(brokenLinks(ROOT, links)).toEqual([
      "docs/x.md: missing.md (no such file)",
      "docs/x.md: commands.md#no-such-heading (no heading #no-such-heading)",
    ]);
  });

  it("slugs headings the way GitHub does", () => {
    expect(headingSlug("The `ralph` CLI")).toBe("the-ralph-cli");
    expect(headingSlug("GitHub Enterprise Server")).toBe("github-enterprise-server");
    expect(headingSlug("`ralph plan` and `ralph exec`")).toBe("ralph-plan-and-ralph-exec");
  });
});

describe("the docs cite nothing that is not in the repository", () => {
  it("no design documents or seeds, which users do not have", () => {
    const cited = DOC_FILES.filter((f) => /DESIGN(\.md| §)|\bseed 0\d\d\b/.test(read(f)));
    expect(cited).toEqual([]);
  });
});
