/**
 * vitest sequencer: the test files that take longest start first, so the run does not end with
 * one long file on one worker while the others sit idle. vitest itself orders by the durations of
 * the last run on this machine (its results cache) and, on a fresh clone without one, by file
 * size — which put the slowest file, a short one, last. The durations come from that cache when
 * it knows the file, else from test/support/durations.json (seconds, one full run; refresh it
 * with `node test/support/update-durations.mjs <vitest JSON report>`), else the longest duration
 * there: a file no run has timed yet may be long, and starting it late costs a fresh clone most
 * (test/action/many-stories.test.ts, the longest file, was missing from the table, started last
 * and ran alone for five and a half minutes of a 30-minute run).
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const TABLE = JSON.parse(
  readFileSync(new URL("./durations.json", import.meta.url), "utf8"),
) as Record<string, number>;

const UNTIMED = Math.max(0, ...Object.values(TABLE));

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification): number => {
      const path = relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`);
      return cached ? cached.duration / 1000 : (TABLE[path] ?? UNTIMED);
    };
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
