/**
 * "Cost vs size", the state and git axes (issue 20; the comments and reactions axes are
 * bench/cost-vs-size.perf.ts): what one issue costs as its PRD grows from 5 to 200 stories, and
 * what one story costs as the repository grows from 1,000 to 100,000 files.
 *
 * - Stories: the status comment's and the state block's size, the regression gate's batches and
 *   their largest prompt (from the machine's own states, 4 criteria of about 80 characters per
 *   story), and API calls per story through the built action (`verify: per_spec`).
 * - Repository files: git processes and whole-tree scans per story step (implement and verify,
 *   through the built action, `verify: per_story`), the time those git processes took, and the
 *   wall time per story (the runner's checkout included), as ratios to the smallest repository
 *   (the machine is shared: only ratios within one run mean something).
 *
 * `BENCH_FULL=1` adds 150 stories through the action and 100,000 files (several minutes).
 * `BENCH_ACTION_BUNDLE=<dist/action.js of another build>` runs the built-action parts with it
 * (docs/performance.md compares main before issue 20 so).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { buildRegressionPrompt } from "../src/agents/prompts/regression.js";
import { storyMarkdown } from "../src/agents/prompts/shared.js";
import { parseConfig } from "../src/core/config.js";
import type { Prd } from "../src/core/prd.js";
import { regressionBatches } from "../src/core/regression-batches.js";
import { renderStatusComment } from "../src/core/render/status.js";
import type { MachineState } from "../src/core/state.js";
import { encodeStateBlock } from "../src/core/state-codec.js";
import { bundleAction, createWorld } from "../test/action/harness.js";
import { manyStoriesToDone } from "../test/action/many-stories.js";
import { plannedState } from "../test/core/machine/fixtures.js";
import { SAMPLE_PROMPT_PATHS } from "../test/fixtures/pipeline/scenario.js";
import { countGit, wholeTreeScans } from "../test/support/git-count.js";
import { printTable, writeResult } from "./support/report.js";

const FULL = process.env.BENCH_FULL === "1";

/** The built action the runs use: this tree's, or another build's (BENCH_ACTION_BUNDLE). */
async function actionBundle(): Promise<string> {
  return (
    process.env.BENCH_ACTION_BUNDLE ??
    (await bundleAction(mkdtempSync(join(tmpdir(), "ralph-bench-bundle-"))))
  );
}
const id = (i: number) => `US-${String(i + 1).padStart(3, "0")}`;

function prdOf(n: number): Prd {
  return {
    branchName: "ralph/42-the-feature",
    userStories: Array.from({ length: n }, (_, i) => ({
      id: id(i),
      title: `Story ${i + 1} of ${n}: write the file of this story with its 4 lines`,
      acceptanceCriteria: Array.from(
        { length: 4 },
        (_, k) =>
          `Criterion ${k + 1} of ${id(i)}: stories/${id(i)}.txt holds the line number ${k + 1}`,
      ),
      priority: i + 1,
      passes: false,
      notes: "",
    })),
  };
}

/** The machine's state with `n` stories, all verified (each with a commit), as at done. */
function doneState(n: number): MachineState {
  const s = structuredClone(
    plannedState(prdOf(n), parseConfig({ planning: { consensus: "off" } })),
  );
  for (const story of s.prd?.stories ?? []) {
    Object.assign(story, {
      status: "passed",
      attempts: 1,
      commit: "0123456789abcdef0123456789abcdef01234567",
    });
  }
  return { ...s, phase: "done", revision: 900, counters: { ...s.counters, agentRuns: 2 * n + 8 } };
}

it.skipIf(process.env.BENCH_ONLY_FILES === "1")(
  "cost vs size: stories (5 → 200)",
  { timeout: 1_800_000 },
  async () => {
    const sizes = [5, 10, 25, 40, 65, 100, 150, 200];
    const pure = sizes.map((n) => {
      const state = doneState(n);
      const prd = prdOf(n);
      const batches = regressionBatches(prd.userStories, (s) => storyMarkdown(s).length);
      const prompt = Math.max(
        ...batches.map(
          (b, i) =>
            buildRegressionPrompt({
              specId: "issue-42-the-feature",
              goal: "the goal",
              paths: SAMPLE_PROMPT_PATHS,
              plan: "plan",
              stories: b,
              commit: "a".repeat(40),
              baseCommit: "b".repeat(40),
              diffSummary: "(the spec's diff, up to 60,000 characters)",
              batch: { index: i + 1, count: batches.length, totalStories: n },
            }).length,
        ),
      );
      return {
        stories: n,
        "status comment chars": renderStatusComment(state, { storiesUrl: "https://x/prd.json" })
          .length,
        "state block chars": encodeStateBlock(state).length,
        "gate batches": batches.length,
        "largest gate prompt chars": prompt,
      };
    });
    printTable("Stories: status comment, state block and the final re-check's prompts", pure);

    const bundle = await actionBundle();
    const through: Record<string, number>[] = [];
    for (const n of FULL ? [5, 25, 50, 150] : [5, 25, 50]) {
      const world = await createWorld(bundle);
      const done = await manyStoriesToDone(world, { stories: n, verify: "per_spec" });
      await world.fake.close();
      expect(done.run.outputs.phase).toBe("done");
      through.push({
        stories: n,
        runs: done.runs,
        "API calls": done.requests.length,
        "calls per story": done.requests.length / n,
        "ms per story": Math.round(done.ms / n),
      });
    }
    printTable("Stories through the built action (/approve to done, verify: per_spec)", through);
    writeResult("cost-vs-size-stories", { pure, through });
  },
);

/** `count` files of about 40 bytes in 100 folders (a repository's tracked tree). */
function repositoryFiles(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++)
    files[`src/d${i % 100}/file-${i}.ts`] = `export const v${i} = ${i};\n`;
  return files;
}

it("cost vs size: repository files (1k → 100k)", { timeout: 1_800_000 }, async () => {
  const bundle = await actionBundle();
  const stories = 3;
  const rows: Record<string, number>[] = [];
  for (const files of FULL ? [1_000, 10_000, 100_000] : [1_000, 10_000]) {
    const world = await createWorld(bundle);
    const git = countGit({ thisProcess: false });
    const done = await manyStoriesToDone(world, {
      stories,
      verify: "per_story",
      env: git.env,
      files: repositoryFiles(files),
      beforeApprove: () => git.reset(),
    });
    await world.fake.close();
    expect(done.run.outputs.phase).toBe("done");
    // From /approve on (the counter was reset then): the stories, the final re-check, done.
    const approve = git.calls();
    const gitMs = git.milliseconds();
    git.remove();
    const steps = 2 * stories;
    rows.push({
      files,
      "git processes per story step": approve.length / steps,
      "whole-tree scans per story step": wholeTreeScans(approve).length / steps,
      "git ms per story step": Math.round(gitMs / steps),
      "ms per story": Math.round(done.ms / stories),
    });
  }
  const first = rows[0] ?? {};
  for (const r of rows) {
    r["git time vs 1k files"] =
      (r["git ms per story step"] ?? 0) / (first["git ms per story step"] ?? 1);
    r["time vs 1k files"] = (r["ms per story"] ?? 0) / (first["ms per story"] ?? 1);
  }
  printTable("Repository files: Ralph's git work per story step (verify: per_story)", rows);
  writeResult("cost-vs-size-files", { stories, rows });
});
