import { buildRegressionPrompt } from "../agents/prompts/regression.js";
import type { AgentResult } from "../core/events.js";
import type { UserStory } from "../core/prd.js";
import { parseRegressionVerdict } from "../core/regression-verdict.js";
import { type RunFailure, tail } from "./agent-run.js";
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

/**
 * The regression gate (DESIGN §4.4): before the done marker, Ralph runs the checks on the final
 * tree and one read-only verifier run over every story with the same strict table. A story that
 * no longer holds goes back to the machine as regressed with the verifier's feedback; a failing
 * check sends back the last story (the checks passed on each story's own commit, so the last one
 * is where the final tree differs from what was verified), with the check's output.
 */
export async function runRegressionStep(
  ctx: PipelineContext,
  input: RegressionStepInput,
): Promise<RegressionResult | RunFailure> {
  const commit = await ctx.git.headSha();
  const base = { step: "verify" as const, kind: "regression" as const, commit, criteria: [] };
  const checks = await runChecks(ctx, "final tree");
  const failed = checkFailure(checks);
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
  const prompt = buildRegressionPrompt({
    specId: ctx.spec.id,
    goal: context.goal,
    paths: promptPaths(ctx),
    plan,
    stories: input.stories,
    commit,
    baseCommit,
    diffSummary:
      baseCommit === null ? "(no story commit recorded)" : await ctx.git.diff(baseCommit, commit),
    previousVerdictProblem: input.previousVerdictProblem ?? null,
    checks,
  });
  say(ctx, `  verify ${ctx.spec.id}: every story on the final tree ${commit.slice(0, 12)}`);
  const run = await runReadOnly(
    ctx,
    {
      step: "verify",
      role: "verify",
      prompt,
      env: { RALPH_STORY_ID: input.stories.map((s) => s.id).join(","), RALPH_ATTEMPT: "1" },
      logName: "verify-all-stories",
    },
    [],
  );
  if (!run.ok) return run.failure;
  const output = run.result.finalMessage;
  if (run.violations.length > 0) {
    return {
      ...base,
      regressed: [],
      problem: `the verifier changed files although it must be read-only (reverted): ${run.violations.join(", ")}`,
    };
  }
  const parsed = parseRegressionVerdict(
    output,
    input.stories.map((s) => ({ id: s.id, criteria: s.acceptanceCriteria })),
  );
  return {
    ...base,
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
