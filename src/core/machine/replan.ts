import { type Ctx, clip, dispatch, emit, fail } from "./context.js";

/**
 * PLAN_INVALIDATION (seed 000), from the verifier or `/ralph replan`: archive the plan as
 * `attempt-N`, flag the reason on the PR, re-plan with the old plan and the reason as context.
 * Callers check `max_replans` first when they want to answer differently than by failing.
 */
export function invalidatePlan(ctx: Ctx, reason: string, intro: string, details = ""): void {
  const s = ctx.s;
  const max = ctx.config.limits.max_replans;
  if (s.counters.replans >= max) {
    s.verifierFeedback = clip(
      `${details}\nThe verifier also said the plan is wrong: ${reason}`,
      4000,
    );
    fail(
      ctx,
      `the plan was invalidated again but all ${max} re-plans are used (limits.max_replans): ${clip(reason, 200)}`,
      {
        phase: "implementing",
        step: "implement",
      },
    );
    return;
  }
  s.counters.replans += 1;
  s.finalCheck = false;
  s.verdictProblem = null;
  const attempt = s.counters.replans;
  s.invalidation = { reason: clip(reason, 1000), attempt };
  s.currentStory = null;
  s.consensusRounds = 0;
  s.concerns = [];
  emit(ctx, {
    type: "commit_files",
    change: { kind: "archive_plan", reason: s.invalidation.reason, attempt },
    message: `ralph(${s.specId ?? `issue-${s.issue}`}): archive plan as attempt-${attempt}`,
  });
  emit(ctx, {
    type: "post_review",
    body: `⚠️ **Plan invalidated** (\`PLAN_INVALIDATION\`, re-plan ${attempt} of ${max})\n\n${intro}\n\n**Reason:** ${s.invalidation.reason}${details.trim() === "" ? "" : `\n\n<details><summary>Verifier report</summary>\n\n${details.trim()}\n\n</details>`}`,
    planInvalidation: true,
  });
  dispatch(ctx, "plan_invalidated", "plan");
}
