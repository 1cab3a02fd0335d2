import { buildRegressionPrompt, type RegressionPromptInput } from "../agents/prompts/regression.js";
import { storyMarkdown } from "../agents/prompts/shared.js";
import type { AgentResult } from "../core/events.js";
import type { UserStory } from "../core/prd.js";
import { regressionBatches } from "../core/regression-batches.js";
import { parseRegressionVerdict } from "../core/regression-verdict.js";
import { type RunFailure, tail } from "./agent-run.js";
import { conflictMarkerFailure } from "./base-merge-step.js";
import { checkFailure, runChecks } from "./checks.js";
import { type PipelineContext, say } from "./context.js";
import { promptContext, promptPaths } from "./prompt-context.js";
import { runReadOnly } from "./read-only-run.js";
import { readPlan, SpecFileError } from "./spec-files.js";

export interface RegressionStepInput {
  /** Every story of the spec, in order. */
  stories: readonly UserStory[];
  /** The first story commit of the spec (its parent is where the spec's work began). */
  firstCommit: string | null;
  /** Why Ralph did not accept the previous regression verdict. */
  previousVerdictProblem?: string | null;
}

export type RegressionResult = Extract<AgentResult, { kind: "regression" }>;

/** What every batch's prompt shares: the final tree, the plan, the spec's change, the checks. */
type Shared = Omit<RegressionPromptInput, "stories" | "batch" | "previousVerdictProblem">;

type BatchOutcome = Pick<RegressionResult, "regressed" | "criteria" | "problem">;

/**
 * The regression gate (DESIGN §4.4): before the done marker, Ralph runs the checks on the final
 * tree, then re-verifies every story with the same strict table, one bounded batch of stories per
 * read-only verifier run (core/regression-batches.ts), each with its own verdict table. A story
 * that no longer holds in any batch goes back to the machine as regressed with the verifier's
 * feedback; a batch whose verdict Ralph cannot accept runs once more, told why. A failing check
 * sends back the last story (the checks passed on each story's own commit, so the last one is
 * where the final tree differs from what was verified), with the check's output.
 */
export async function runRegressionStep(
  ctx: PipelineContext,
  input: RegressionStepInput,
): Promise<RegressionResult | RunFailure> {
  const commit = await ctx.git.headSha();
  const base = { step: "verify" as const, kind: "regression" as const, commit, criteria: [] };
  const checks = await runChecks(ctx, "final tree");
  const failed = checkFailure(checks) ?? (await conflictMarkerFailure(ctx));
  const last = input.stories[input.stories.length - 1];
  if (failed !== null && last !== undefined) {
    return {
      ...base,
      regressed: [{ storyId: last.id, feedback: failed.feedback, rejectedBy: failed.rejectedBy }],
      problem: null,
    };
  }
  const plan = await readPlan(ctx);
  if (plan === null) throw new SpecFileError(`no active plan for ${ctx.spec.rel}`);
  const context = await promptContext(ctx);
  const baseCommit = input.firstCommit === null ? null : await ctx.git.parentOf(input.firstCommit);
  const shared: Shared = {
    specId: ctx.spec.id,
    goal: context.goal,
    paths: promptPaths(ctx),
    plan,
    commit,
    baseCommit,
    diffSummary:
      baseCommit === null ? "(no story commit recorded)" : await ctx.git.diff(baseCommit, commit),
    checks,
  };
  const batches = regressionBatches(input.stories, (s) => storyMarkdown(s).length);
  const merged: BatchOutcome = { regressed: [], criteria: [], problem: null };
  for (const [i, stories] of batches.entries()) {
    const batch = { index: i + 1, count: batches.length, totalStories: input.stories.length };
    let outcome = await runBatch(ctx, shared, stories, batch, input.previousVerdictProblem ?? null);
    if ("kind" in outcome) return outcome;
    if (outcome.problem !== null && batches.length > 1) {
      outcome = await runBatch(ctx, shared, stories, batch, outcome.problem);
      if ("kind" in outcome) return outcome;
    }
    merged.regressed.push(...outcome.regressed);
    merged.criteria.push(...outcome.criteria);
    if (outcome.problem !== null && merged.problem === null) {
      merged.problem =
        batches.length > 1
          ? `batch ${batch.index} of ${batch.count} (${stories.map((s) => s.id).join(", ")}): ${outcome.problem}`
          : outcome.problem;
    }
  }
  // Stories found regressed go back to work; the gate runs again on all of them after.
  if (merged.regressed.length > 0) return { ...base, ...merged, problem: null };
  return { ...base, ...merged };
}

/** One verifier run over one batch of stories, its table parsed against those stories only. */
async function runBatch(
  ctx: PipelineContext,
  shared: Shared,
  stories: readonly UserStory[],
  batch: { index: number; count: number; totalStories: number },
  previousVerdictProblem: string | null,
): Promise<BatchOutcome | RunFailure> {
  const prompt = buildRegressionPrompt({ ...shared, stories, batch, previousVerdictProblem });
  const which = batch.count > 1 ? ` (batch ${batch.index} of ${batch.count})` : "";
  say(
    ctx,
    `  verify ${ctx.spec.id}: ${stories.length} of ${batch.totalStories} stories on the final tree ${shared.commit.slice(0, 12)}${which}`,
  );
  const run = await runReadOnly(
    ctx,
    {
      step: "verify",
      role: "verify",
      prompt,
      env: { RALPH_STORY_ID: stories.map((s) => s.id).join(","), RALPH_ATTEMPT: "1" },
      logName: batch.count > 1 ? `verify-all-stories-batch-${batch.index}` : "verify-all-stories",
    },
    [],
  );
  if (!run.ok) return run.failure;
  const output = run.result.finalMessage;
  if (run.violations.length > 0) {
    return {
      regressed: [],
      criteria: [],
      problem: `the verifier changed files although it must be read-only (reverted): ${run.violations.join(", ")}`,
    };
  }
  const parsed = parseRegressionVerdict(
    output,
    stories.map((s) => ({ id: s.id, criteria: s.acceptanceCriteria })),
  );
  return {
    criteria: parsed.criteria.map((c) => ({
      criterion: c.criterion,
      pass: c.pass,
      ...(c.story === undefined ? {} : { story: c.story }),
    })),
    regressed: parsed.regressed.map((r) => ({
      storyId: r.id,
      feedback: `${tail(output)}\n\n(Ralph: on the final tree ${r.id} ${r.reason})`,
    })),
    problem: parsed.problem,
  };
}
