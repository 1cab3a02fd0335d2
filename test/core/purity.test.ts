import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// DESIGN §8: src/core imports no I/O. Biome's noRestrictedImports enforces it too; this test
// also catches dynamic imports and require() calls the lint rule does not see.
const FORBIDDEN = [
  /^probot(\/|$)/,
  /^@octokit\//,
  /^@actions\//,
  /^simple-git(\/|$)/,
  /^(node:)?fs(\/promises)?$/,
  /^(node:)?child_process$/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [
    /\bfrom\s+["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
    /^\s*import\s+["']([^"']+)["']/gm,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) specifiers.push(match[1]!);
  }
  return specifiers;
}

describe("src/core purity", () => {
  const files = sourceFiles(join(import.meta.dirname, "../../src/core"));

  it("has source files to check", () => {
    expect(files.length).toBeGreaterThan(3);
  });

  it.each(files)("%s imports no I/O module", (file) => {
    const bad = importsOf(readFileSync(file, "utf8")).filter((s) =>
      FORBIDDEN.some((re) => re.test(s)),
    );
    expect(bad).toEqual([]);
  });

  it("detects a forbidden import (the check can fail)", () => {
    const bad = importsOf('import x from "node:fs";\nconst y = await import("simple-git");').filter(
      (s) => FORBIDDEN.some((re) => re.test(s)),
    );
    expect(bad).toEqual(["node:fs", "simple-git"]);
  });
});
