import { buildVerifierPrompt } from "../agents/prompts/verifier.js";
import type { AgentResult } from "../core/events.js";
import type { UserStory } from "../core/prd.js";
import { parseVerdict } from "../core/verdict.js";
import { type RunFailure, tail } from "./agent-run.js";
import { conflictMarkerFailure } from "./base-merge-step.js";
import { checkFailure, runChecks } from "./checks.js";
import { type PipelineContext, say } from "./context.js";
import { promptContext, promptPaths } from "./prompt-context.js";
import { runReadOnly } from "./read-only-run.js";
import { readPlan, SpecFileError } from "./spec-files.js";

export interface VerifyStepInput {
  story: UserStory;
  /** The candidate commit to verify; must exist on the current branch. */
  commit: string;
  attempt: number;
  /** Why Ralph did not accept the verifier's previous verdict on this story. */
  previousVerdictProblem?: string | null;
}

export type VerdictResult = Extract<AgentResult, { kind: "verdict" }>;
export type VerifyStepResult = (VerdictResult & { violations?: string[] }) | RunFailure;

/**
 * One verifier run (DESIGN §4.4): read-only, separate run, sees plan, story and the candidate's
 * diff. The verdict is parsed strictly from the final message (parseVerdict); anything unparsable
 * is FAIL with the reason in the feedback. A verifier that changes files gets its changes
 * reverted and a FAIL naming them. A commit that is not on the branch is FAIL without a run.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one verifier run and the strict checks on its result, in the order a verdict is trusted.
export async function runVerifyStep(
  ctx: PipelineContext,
  input: VerifyStepInput,
): Promise<VerifyStepResult> {
  const { story, commit, attempt } = input;
  const fail = (feedback: string, extra: Partial<VerdictResult> = {}): VerdictResult => ({
    step: "verify",
    kind: "verdict",
    storyId: story.id,
    commit,
    verdict: "FAIL",
    invalidation: null,
    feedback,
    criteria: [],
    ...extra,
  });
  if (!(await ctx.git.containsCommit(commit))) {
    const reason = `commit ${commit} is not on the current branch; nothing to verify`;
    return fail(reason, { rejectedBy: { by: "guard", reason } });
  }
  // DESIGN §4.4 objective checks: Ralph runs them itself; a failing one is a FAIL with its
  // output, and no verifier run is spent on a commit that fails them.
  const checks = await runChecks(ctx, `${story.id} attempt ${attempt}`);
  // A conflict round's story: a marker left in a conflicted file fails it (pipeline/base-merge-step.ts).
  const failedCheck = checkFailure(checks) ?? (await conflictMarkerFailure(ctx));
  if (failedCheck !== null)
    return fail(failedCheck.feedback, { rejectedBy: failedCheck.rejectedBy });
  if (ctx.config.verify.mode === "per_spec") {
    // `verify: per_spec`: each story is only checked here; the verifier judges all of them
    // together on the final tree (the regression gate).
    return {
      step: "verify",
      kind: "verdict",
      storyId: story.id,
      commit,
      verdict: "PASS",
      invalidation: null,
      feedback: "verify: per_spec — the story is verified with the whole spec before done.",
      criteria: [],
    };
  }
  const plan = await readPlan(ctx);
  if (plan === null) throw new SpecFileError(`no active plan for ${ctx.spec.rel}`);
  const context = await promptContext(ctx);
  const base = await ctx.git.parentOf(commit);
  const prompt = buildVerifierPrompt({
    specId: ctx.spec.id,
    goal: context.goal,
    paths: promptPaths(ctx),
    plan,
    story,
    commit,
    baseCommit: base,
    diffSummary: await ctx.git.diff(base, commit),
    attempt,
    previousVerdictProblem: input.previousVerdictProblem ?? null,
    checks,
    followUp: ctx.followUp?.data ?? null,
  });
  say(ctx, `  verify ${ctx.spec.id} ${story.id}: commit ${commit.slice(0, 12)}`);
  const run = await runReadOnly(
    ctx,
    {
      step: "verify",
      role: "verify",
      prompt,
      env: { RALPH_STORY_ID: story.id, RALPH_ATTEMPT: String(attempt) },
      logName: `verify-${story.id}-attempt-${attempt}`,
    },
    [],
  );
  // Ignored files are build and test outputs of the checks the verifier must run: removed or
  // reported, not held against the verdict.
  if (run.hiddenChanges.length > 0) {
    say(ctx, `  verify ${story.id}: ignored files touched: ${run.hiddenChanges.join(", ")}`);
  }
  if (!run.ok) return run.failure;

  const output = run.result.finalMessage;
  if (run.violations.length > 0) {
    const reason = `the verifier changed files although it must be read-only (reverted): ${run.violations.join(", ")}`;
    return {
      ...fail(`${reason}. Its verdict is not trusted.\n\n${tail(output)}`, {
        rejectedBy: { by: "guard", reason },
      }),
      violations: run.violations,
    };
  }
  const parsed = parseVerdict(output, story.acceptanceCriteria);
  const feedback =
    parsed.problem === null ? tail(output) : `${tail(output)}\n\n(Ralph: ${parsed.problem})`;
  return {
    step: "verify",
    kind: "verdict",
    storyId: story.id,
    commit,
    verdict: parsed.verdict,
    invalidation: parsed.invalidation,
    feedback,
    criteria: parsed.criteria.map((c) => ({ criterion: c.criterion, pass: c.pass })),
    problem: parsed.problem,
  };
}
