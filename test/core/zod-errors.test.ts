/**
 * The one-line-per-issue form of zod's errors that config, PRD and envelope checks print (for a
 * maintainer, or back to the agent that wrote the JSON): unions included, where zod itself says
 * only "Invalid input".
 */

import { describe, expect, it } from "vitest";
import * as z from "zod";
import { formatZodIssues } from "../../src/core/zod-errors.js";
import { keysAt } from "../../src/core/zod-shape.js";

const lines = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error("expected a failure");
  return formatZodIssues(parsed.error);
};

const shape = z.strictObject({ size: z.number(), tags: z.array(z.string()).optional() });
const item = z.union([z.literal("none"), shape]);

describe("formatZodIssues", () => {
  it.each([
    [
      "a value of no branch's shape: what each branch expected",
      { item: true },
      ['item: Invalid input: expected "none", or an object, received boolean'],
    ],
    [
      "a value of one branch's shape: what is wrong inside it",
      { item: { size: "2" } },
      ["item.size: Invalid input: expected number, received string"],
    ],
    [
      "deeper still, with the index",
      { item: { size: 1, tags: ["a", 2] } },
      ["item.tags[1]: Invalid input: expected string, received number"],
    ],
    [
      "an unknown key inside the branch",
      { item: { size: 1, colour: "red" } },
      ["item.colour: unknown key"],
    ],
    ["several unknown keys at the root", { item: "none", a: 1, b: 2 }, ["a, b: unknown keys"]],
  ])("%s", (_name, value, said) => {
    expect(lines(z.strictObject({ item }), value)).toEqual(said);
  });

  it("the branch that got furthest wins wherever it stands in the union", () => {
    const first = z.strictObject({ item: z.union([shape, z.literal("none")]) });
    expect(lines(first, { item: { size: "2" } })).toEqual([
      "item.size: Invalid input: expected number, received string",
    ]);
  });

  it("values only: what was expected, nothing about the type received", () => {
    expect(lines(z.union([z.literal("a"), z.enum(["b", "c"])]), "d")).toEqual([
      '(root): Invalid input: expected "a", or one of "b"|"c"',
    ]);
  });

  it("branches that took the value's type and failed a check: each check in zod's words", () => {
    expect(lines(z.union([z.string().min(5), z.string().max(1)]), "abc")).toEqual([
      "(root): Invalid input: Too small: expected string to have >=5 characters; or Too big: expected string to have <=1 characters",
    ]);
  });

  it("a union of unions: the inner one is read the same way", () => {
    const inner = z.union([z.literal(1), z.strictObject({ n: z.number() })]);
    const outer = z.strictObject({ x: z.union([z.literal("off"), z.strictObject({ inner })]) });
    expect(lines(outer, { x: { inner: { n: "1" } } })).toEqual([
      "x.inner.n: Invalid input: expected number, received string",
    ]);
    expect(lines(outer, { x: { inner: "1" } })).toEqual([
      "x.inner: Invalid input: expected 1, or an object, received string",
    ]);
  });

  it("a branch that took the value but failed a check: zod reports the check itself", () => {
    const refined = z.union([
      z.string().refine(() => false, "never"),
      z.number().refine(() => false, "nor"),
    ]);
    expect(lines(refined, "x")).toEqual(["(root): never"]);
    expect(lines(z.union([z.string().min(3), z.number().min(3)]), true)).toEqual([
      "(root): Invalid input: expected a string, or a number, received boolean",
    ]);
  });
});

describe("formatZodIssues with the schema: what a typo most likely meant", () => {
  const hinted = (schema: z.ZodType, value: unknown) => {
    const parsed = schema.safeParse(value, { reportInput: true });
    if (parsed.success) throw new Error("expected a failure");
    return formatZodIssues(parsed.error, schema);
  };
  const entry = z.strictObject({ name: z.string().optional(), kind: z.enum(["file", "folder"]) });
  const schema = z.strictObject({
    entries: z.array(entry).nullable().default(null),
    piped: z
      .strictObject({ limit: z.number().default(1) })
      .transform((v) => v.limit)
      .optional(),
    mode: z
      .union([z.literal("off"), z.strictObject({ level: z.number().optional() })])
      .prefault("off"),
  });

  it.each([
    [
      "an array's objects",
      { entries: [{ nme: "a", kind: "file" }] },
      ["entries[0].nme: unknown key; did you mean name?"],
    ],
    [
      "a value of an enum",
      { entries: [{ name: "a", kind: "flie" }] },
      ['entries[0].kind: Invalid option: expected one of "file"|"folder"; did you mean file?'],
    ],
    [
      "behind a transform",
      { piped: { limt: 1 } },
      ["piped.limt: unknown key; did you mean limit?"],
    ],
    ["a branch of a union", { mode: { levl: 1 } }, ["mode.levl: unknown key; did you mean level?"]],
    [
      "a literal of a union",
      { mode: "of" },
      ['mode: Invalid input: expected "off", or an object, received string; did you mean off?'],
    ],
    ["the root", { mod: "off" }, ["mod: unknown key; did you mean mode?"]],
    [
      "nothing near",
      { zzz: 1, entries: [{ name: "a", kind: "disk" }] },
      ['entries[0].kind: Invalid option: expected one of "file"|"folder"', "zzz: unknown key"],
    ],
    [
      "a number typed for a listed word",
      { entries: [{ name: "a", kind: 5 }] },
      ['entries[0].kind: Invalid option: expected one of "file"|"folder"'],
    ],
  ])("%s", (_name, value, said) => {
    expect(hinted(schema, value)).toEqual(said);
  });

  it("a union's literal among numbers: only the strings are candidates", () => {
    expect(hinted(z.union([z.literal(5), z.literal("file")]), "fil")).toEqual([
      '(root): Invalid input: expected 5, or "file"; did you mean file?',
    ]);
  });

  it("keysAt: the keys an object at a path may have, of every branch on the way", () => {
    const branches = z.union([
      z.strictObject({ a: z.strictObject({ x: z.number() }), shared: z.number() }),
      z.strictObject({ b: z.number(), shared: z.number() }),
      z.literal("off"),
    ]);
    expect(keysAt(branches, [])).toEqual(["a", "shared", "b"]);
    expect(keysAt(branches, ["a"])).toEqual(["x"]);
    expect(keysAt(schema, ["mode"])).toEqual(["level"]);
    expect(keysAt(schema, ["entries", 0])).toEqual(["name", "kind"]);
    expect(keysAt(schema, ["piped"])).toEqual(["limit"]);
    expect(keysAt(schema, ["entries", 0, "kind"])).toEqual([]);
    expect(keysAt(schema, ["__proto__"])).toEqual([]);
  });

  it("without the schema, or the input, no guess", () => {
    const parsed = schema.safeParse({ mod: "off", mode: "of" });
    if (parsed.success) throw new Error("expected a failure");
    expect(formatZodIssues(parsed.error)).toEqual([
      'mode: Invalid input: expected "off", or an object, received string',
      "mod: unknown key",
    ]);
  });
});
