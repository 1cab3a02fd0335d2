/**
 * scripts/check-dist.mjs, CI's dist/ check: it builds in memory and compares, so it can run while
 * the tests read dist/. Each case tampers with a fresh build written to a temp folder (not dist/,
 * which is stale between an edit and `npm run build`) the way a forgotten rebuild would.
 */
import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtFiles, distProblems } from "../../scripts/check-dist.mjs";
import { tempDir } from "../support/temp.js";

async function freshDist(): Promise<string> {
  const dir = join(tempDir("ralph-dist-"), "dist");
  for (const [path, contents] of await builtFiles()) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), contents);
  }
  chmodSync(join(dir, "cli.js"), 0o755);
  return dir;
}

describe("the dist/ check", () => {
  it.each([
    [
      "a bundle edited by hand",
      (d: string) => writeFileSync(join(d, "app.js"), "// stale\n", { flag: "a" }),
      ["dist/app.js: differs"],
    ],
    ["a bundle not built", (d: string) => rmSync(join(d, "cli.js")), ["dist/cli.js: missing"]],
    [
      "a chunk an older build left",
      (d: string) => writeFileSync(join(d, "action-chunks", "old-chunk.js"), ""),
      ["dist/action-chunks/old-chunk.js: not built from src/"],
    ],
    [
      "the CLI without its executable bit",
      (d: string) => chmodSync(join(d, "cli.js"), 0o644),
      ["dist/cli.js: not executable"],
    ],
  ])("names %s", async (_name, tamper, problems) => {
    const copy = await freshDist();
    expect(await distProblems(copy)).toEqual([]);
    tamper(copy);
    expect(await distProblems(copy)).toEqual(problems);
  });
});
