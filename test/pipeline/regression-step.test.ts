import { describe, expect, it } from "vitest";
import { buildRegressionPrompt } from "../../src/agents/prompts/regression.js";
import { storyMarkdown } from "../../src/agents/prompts/shared.js";
import {
  REGRESSION_BATCH_CHARS,
  REGRESSION_BATCH_STORIES,
  regressionBatches,
} from "../../src/core/regression-batches.js";
import { commitPlanFiles } from "../../src/pipeline/file-change.js";
import { runRegressionStep } from "../../src/pipeline/regression-step.js";
import { writePlanMeta, writePrd, writeText } from "../../src/pipeline/spec-files.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import {
  PLAN_MD,
  prdOf,
  records,
  SAMPLE_PROMPT_PATHS,
  type Step,
  stepContext,
  story,
  writeScenario,
} from "../fixtures/pipeline/scenario.js";

/** Stories of 4 criteria of about 80 characters, as issue 20 measured the gate with. */
function stories(count: number) {
  return Array.from({ length: count }, (_, i) =>
    story(
      `US-${i + 1}`,
      i + 1,
      Array.from({ length: 4 }, (_, k) => `criterion ${k + 1} of US-${i + 1}: ${"x".repeat(60)}`),
    ),
  );
}

/** A regression verdict over the batch's stories (RALPH_STORY_ID): every criterion pass but `fail`. */
function batchVerdict(ids: string[], fail: string[] = []): Step {
  const all = stories(200);
  const rows = ids.flatMap((id) =>
    (all.find((s) => s.id === id)?.acceptanceCriteria ?? []).map(
      (c) => `| ${id} | ${c} | ${fail.includes(id) ? "fail" : "pass"} |`,
    ),
  );
  return {
    stdout: `Checked.\n\n| story | criterion | result |\n|---|---|---|\n${rows.join("\n")}\nRALPH_VERDICT: ${fail.length > 0 ? "FAIL" : "PASS"}\n`,
  };
}

async function gateContext(count: number, regression: Step[]) {
  const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
  const handle = writeScenario({ regression });
  const ctx = await stepContext(repo, handle, "greet.md");
  const prd = prdOf(...stories(count));
  await writeText(ctx, ".ralph/specs/plans/greet.md", PLAN_MD("x"));
  await writePrd(ctx, prd);
  await writePlanMeta(ctx, {
    spec_rel: "greet.md",
    spec_id: "greet",
    status: "active",
    created_at_utc: "2026-03-01T10:00:00Z",
    invalidated_at_utc: null,
    invalidation_reason: null,
    attempt: 1,
  });
  const planned = await commitPlanFiles(ctx, null);
  return { ctx, handle, prd, firstCommit: planned.commit };
}

describe("the regression gate in batches (DESIGN §4.4)", () => {
  it("cuts any number of stories into near-equal batches within both limits", () => {
    for (const count of [1, 2, 25, 26, 60, 150, 200]) {
      const batches = regressionBatches(stories(count), (s) => storyMarkdown(s).length);
      expect(batches.flat().map((s) => s.id)).toEqual(stories(count).map((s) => s.id));
      const sizes = batches.map((b) => b.length);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(REGRESSION_BATCH_STORIES);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      for (const b of batches) {
        const chars = b.reduce((n, s) => n + storyMarkdown(s).length, 0);
        expect(chars).toBeLessThanOrEqual(REGRESSION_BATCH_CHARS);
      }
    }
    // A story too large for any batch gets one of its own.
    const huge = { ...story("BIG", 1), notes: "n".repeat(REGRESSION_BATCH_CHARS) };
    const mixed = regressionBatches(
      [...stories(3), huge, ...stories(2)],
      (s) => storyMarkdown(s).length,
    );
    expect(mixed.map((b) => b.map((s) => s.id))).toContainEqual(["BIG"]);
  });

  it("the prompt of each batch is bounded: 200 stories of 4 criteria make 8 prompts, none past 40,000 characters", () => {
    const all = stories(200);
    const batches = regressionBatches(all, (s) => storyMarkdown(s).length);
    expect(batches).toHaveLength(8);
    const base = {
      specId: "issue-1-x",
      goal: "g",
      paths: SAMPLE_PROMPT_PATHS,
      plan: PLAN_MD("x"),
      commit: "a".repeat(40),
      baseCommit: "b".repeat(40),
      diffSummary: "(diff)",
    };
    const whole = buildRegressionPrompt({ ...base, stories: all });
    const sizes = batches.map(
      (b, i) =>
        buildRegressionPrompt({
          ...base,
          stories: b,
          batch: { index: i + 1, count: 8, totalStories: 200 },
        }).length,
    );
    console.info(
      `regression prompt at 200 stories: one run ${whole.length}, batches ${sizes.join(", ")}`,
    );
    for (const size of sizes) expect(size).toBeLessThan(40_000);
  });

  it("each batch is its own verifier run with its own table; a story failing in any batch is regressed", async () => {
    const { ctx, handle, firstCommit } = await gateContext(30, [
      batchVerdict(stories(15).map((s) => s.id)),
      batchVerdict(
        stories(30)
          .slice(15)
          .map((s) => s.id),
        ["US-27"],
      ),
    ]);
    const result = await runRegressionStep(ctx, { stories: stories(30), firstCommit });
    expect(result).toMatchObject({ kind: "regression", problem: null });
    if (result.kind !== "regression") return;
    expect(result.regressed.map((r) => r.storyId)).toEqual(["US-27"]);
    expect(result.regressed[0]?.feedback).toContain("(Ralph: on the final tree US-27 fails");
    const runs = records(handle.recordDir);
    expect(runs.map((r) => r.env.RALPH_STORY_ID)).toEqual([
      stories(15)
        .map((s) => s.id)
        .join(","),
      stories(30)
        .slice(15)
        .map((s) => s.id)
        .join(","),
    ]);
    expect(runs[0]?.prompt).toContain(
      "This run re-checks batch 1 of 2: the 15 stories below, of the spec's 30.",
    );
    expect(runs[0]?.prompt).not.toContain("STORY US-16");
    expect(runs[1]?.prompt).toContain("STORY US-16");
    // The criteria of both batches, each row naming its story.
    expect(result.criteria).toHaveLength(120);
  });

  it("a batch whose verdict Ralph cannot accept runs once more, told why; all holding is no regression", async () => {
    const { ctx, handle, firstCommit } = await gateContext(30, [
      batchVerdict(stories(15).map((s) => s.id)),
      { stdout: "I looked at everything and it is fine.\n" },
      batchVerdict(
        stories(30)
          .slice(15)
          .map((s) => s.id),
      ),
    ]);
    const result = await runRegressionStep(ctx, { stories: stories(30), firstCommit });
    expect(result).toMatchObject({ kind: "regression", problem: null, regressed: [] });
    const runs = records(handle.recordDir);
    expect(runs).toHaveLength(3);
    expect(runs[2]?.env.RALPH_STORY_ID).toBe(runs[1]?.env.RALPH_STORY_ID);
    expect(runs[2]?.prompt).toContain("Your previous verdict was not accepted");
  });

  it("a batch that stays unacceptable makes the gate's problem, naming the batch", async () => {
    const { ctx, firstCommit } = await gateContext(30, [
      batchVerdict(stories(15).map((s) => s.id)),
      { stdout: "no verdict\n" },
    ]);
    const result = await runRegressionStep(ctx, { stories: stories(30), firstCommit });
    expect(result.kind).toBe("regression");
    if (result.kind !== "regression") return;
    expect(result.regressed).toEqual([]);
    expect(result.problem).toMatch(/^batch 2 of 2 \(US-16, US-17, .*US-30\): /);
  });
});
