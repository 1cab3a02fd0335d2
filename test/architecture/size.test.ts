import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// docs/architecture.md: modules stay small enough to read whole. Long functions are Biome's
// noExcessiveLinesPerFunction (biome.json); a longer one needs a reason in a biome-ignore comment.
const MAX_LINES = 350;
const ROOT = resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

function tooLong(files: readonly { path: string; text: string }[]): string[] {
  return files
    .map(({ path, text }) => ({
      path,
      lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0),
    }))
    .filter((f) => f.lines > MAX_LINES)
    .map((f) => `${f.path}: ${f.lines} lines`);
}

describe("source file size", () => {
  it(`keeps every file in src/ at ${MAX_LINES} lines or fewer`, () => {
    const files = sourceFiles(join(ROOT, "src")).map((path) => ({
      path: relative(ROOT, path),
      text: readFileSync(path, "utf8"),
    }));
    expect(files.length).toBeGreaterThan(50);
    expect(tooLong(files)).toEqual([]);
  });

  it("the check can fail", () => {
    const text = `${"x\n".repeat(MAX_LINES + 1)}`;
    expect(tooLong([{ path: "src/big.ts", text }])).toEqual([`src/big.ts: ${MAX_LINES + 1} lines`]);
    expect(tooLong([{ path: "src/ok.ts", text: "x\n".repeat(MAX_LINES) }])).toEqual([]);
  });
});
