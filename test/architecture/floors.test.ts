import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/temp.js";

// docs/architecture.md: the source tree is a house of floors. The entries (app, action, cli)
// stand side by side on top; an import may only run down to a lower floor, never sideways
// between two top-level folders of one floor and never back up. src/core, the pure ground, is
// open to every floor. Biome's noRestrictedImports (biome.json) fails `npm run lint` on a
// violation; this test checks the whole tree independently (dynamic imports included) and shows
// that the lint rule really fails on a deliberate cross-entry import.

const ROOT = resolve(import.meta.dirname, "../..");
const SRC = join(ROOT, "src");
const FLOORS: readonly (readonly string[])[] = [
  ["app", "action", "cli"],
  ["pipeline", "reconcile"],
  ["agents", "github"],
  ["git", "core"],
];
const floorOf = new Map(FLOORS.flatMap((floor, i) => floor.map((dir) => [dir, i] as const)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

function relativeImports(source: string): string[] {
  const patterns = [
    /\bfrom\s+["'](\.[^"']+)["']/g,
    /\bimport\s*\(\s*["'](\.[^"']+)["']\s*\)/g,
    /^\s*import\s+["'](\.[^"']+)["']/gm,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => m[1]!));
}

/** The top-level folder of src/ a path lies in. */
function folderOf(path: string): string {
  return relative(SRC, path).split("/")[0]!;
}

/** Why `from` may not import `to`, or null when the import runs down a floor (or stays home). */
function violation(from: string, to: string): string | null {
  if (from === to || to === "core") return null;
  const [a, b] = [floorOf.get(from), floorOf.get(to)];
  if (a === undefined || b === undefined) return `src/${from} or src/${to} has no floor`;
  if (from === "core") return "src/core imports nothing from the other folders";
  if (b === a) return "same floor: side by side";
  if (b < a) return "runs back up the floors";
  return null;
}

function violationsIn(file: string, source: string): string[] {
  const from = folderOf(file);
  return relativeImports(source).flatMap((spec) => {
    const target = resolve(dirname(file), spec);
    // Files outside src/ (package.json for the version) are on no floor.
    if (relative(SRC, target).startsWith("..")) return [];
    const to = folderOf(target);
    const why = violation(from, to);
    return why === null ? [] : [`${relative(ROOT, file)} imports ${spec}: ${why}`];
  });
}

describe("the floors of src/", () => {
  const files = sourceFiles(SRC);

  it("gives every top-level folder of src/ a floor", () => {
    const folders = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isDirectory());
    expect(folders.filter((dir) => !floorOf.has(dir))).toEqual([]);
  });

  it("has no import that runs sideways between entries or back up a floor", () => {
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => violationsIn(file, readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });

  it("the check itself can fail: cross-entry, upward and dynamic imports are caught", () => {
    const probe = join(SRC, "action/probe.ts");
    const source = [
      'import { createRalphApp } from "../app/create-app.js";',
      'import { reconcileIssue } from "../reconcile/reconcile.js";',
      'const cli = await import("../cli/main.js");',
    ].join("\n");
    expect(violationsIn(probe, source)).toEqual([
      "src/action/probe.ts imports ../app/create-app.js: same floor: side by side",
      "src/action/probe.ts imports ../cli/main.js: same floor: side by side",
    ]);
    expect(violationsIn(join(SRC, "github/probe.ts"), 'import "../pipeline/context.js";')).toEqual([
      "src/github/probe.ts imports ../pipeline/context.js: runs back up the floors",
    ]);
  });
});

describe("git in src/git", () => {
  const files = sourceFiles(SRC);
  const importing = (pattern: RegExp) =>
    files
      .filter((file) => pattern.test(readFileSync(file, "utf8")))
      .map((file) => relative(ROOT, file));

  it("only src/git uses simple-git, and nothing outside it starts git", () => {
    const simpleGitUsers = importing(/from "simple-git"/);
    expect(simpleGitUsers.length).toBeGreaterThan(0);
    expect(simpleGitUsers.filter((f) => !f.startsWith("src/git/"))).toEqual([]);
    // Other subprocesses (agents, an agent's install command) are fine; git is not.
    const spawnsGit = /\b(execFile|execFileSync|spawn|spawnSync|exec|execSync)\)?\(\s*["'`]git\b/;
    expect(importing(spawnsGit)).toEqual([]);
    expect(
      importing(/from "(node:)?child_process"/).filter((f) => f.startsWith("src/git/")),
    ).toEqual([]);
  });

  it("the git check can fail", () => {
    const spawnsGit = /\b(execFile|execFileSync|spawn|spawnSync|exec|execSync)\)?\(\s*["'`]git\b/;
    expect(spawnsGit.test('await promisify(execFile)("git", ["remote"])')).toBe(true);
    expect(spawnsGit.test('spawn("sh", ["-c", command])')).toBe(false);
  });
});

describe("the lint rule behind the floors (biome.json)", () => {
  const dir = tempDir("ralph-floors-");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Lints probe files laid out like src/ with the project's own biome.json. */
  function lint(files: Record<string, string>): { path: string; message: string }[] {
    rmSync(join(dir, "src"), { recursive: true, force: true });
    copyFileSync(join(ROOT, "biome.json"), join(dir, "biome.json"));
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    }
    let out: string;
    try {
      out = execFileSync(
        join(ROOT, "node_modules/.bin/biome"),
        ["lint", "--vcs-enabled=false", "--reporter=json", "src"],
        { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
      );
    } catch (error) {
      // Biome exits non-zero when it reports an error; the report is still on stdout.
      out = (error as { stdout: string }).stdout;
    }
    const report = JSON.parse(out) as {
      diagnostics: { category: string; message: string; location: { path: string } }[];
    };
    return report.diagnostics
      .filter((d) => d.category === "lint/style/noRestrictedImports")
      .map((d) => ({ path: d.location.path, message: d.message }));
  }

  it("fails on each deliberate cross-entry import and on an upward import, passes a downward one", () => {
    const use = (spec: string) => `import { x } from "${spec}";\n\nexport const y = x;\n`;
    const found = lint({
      "src/action/probe.ts": use("../app/create-app.js"),
      "src/app/probe.ts": use("../cli/main.js"),
      "src/cli/probe.ts": use("../action/main.js"),
      "src/core/machine/probe.ts": use("../../reconcile/reconcile.js"),
      "src/github/probe.ts": use("../pipeline/context.js"),
      "src/action/fine.ts": use("../reconcile/reconcile.js"),
      "src/pipeline/fine.ts": use("../core/state.js"),
    });
    expect(found.map((d) => d.path).sort()).toEqual([
      "src/action/probe.ts",
      "src/app/probe.ts",
      "src/cli/probe.ts",
      "src/core/machine/probe.ts",
      "src/github/probe.ts",
    ]);
    expect(found.find((d) => d.path === "src/action/probe.ts")?.message).toMatch(
      /src\/action may not import src\/app, src\/cli; the entries stand side by side/,
    );
    expect(found.find((d) => d.path === "src/github/probe.ts")?.message).toMatch(
      /no import runs back up the floors/,
    );
  });
});
