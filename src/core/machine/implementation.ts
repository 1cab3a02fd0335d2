import { counted } from "../counted.js";
import type { AgentResult } from "../events.js";
import { rejectionHeader } from "../rejection.js";
import type { StoryState } from "../state.js";
import { mergeBeforeReady } from "./base-merge.js";
import { awaitCi, ciGated, replyReady } from "./ci-wait.js";
import {
  type Ctx,
  clip,
  dispatch,
  emit,
  enter,
  fail,
  findStory,
  resetBreaker,
  storyLoopCleared,
  tripBreaker,
} from "./context.js";
import { finishRound } from "./followup.js";
import { invalidatePlan } from "./replan.js";
import { advanceToSpec, nextSpec } from "./spec-queue.js";
import { criteriaTable, short } from "./text.js";

type Result<K extends AgentResult["kind"]> = Extract<AgentResult, { kind: K }>;

/** Approval (or the run gate, or an auto-approved re-plan) hands the PRD to the implementer. */
export function startImplementation(ctx: Ctx): void {
  ctx.s.invalidation = null;
  ctx.s.feedback = [];
  ctx.s.openQuestions = [];
  ctx.s.finalCheck = false;
  ctx.s.verdictProblem = null;
  nextStory(ctx);
}

/**
 * Stories run in PRD order (already sorted by priority). When all passed, the regression gate
 * re-verifies them on the final tree before done (DESIGN §4.4).
 */
function nextStory(ctx: Ctx): void {
  const s = ctx.s;
  if (s.prd === null) {
    fail(ctx, "internal: there is no PRD to implement");
    return;
  }
  const story = s.prd.stories.find((st) => st.status !== "passed");
  if (story === undefined) {
    if (needsRegressionGate(ctx)) startRegressionGate(ctx);
    else finishAll(ctx);
    return;
  }
  if (story.id !== s.currentStory) s.verifierFeedback = null;
  s.currentStory = story.id;
  story.status = "running";
  dispatch(ctx, "implementing", "implement", story.id);
}

/**
 * One story in per-story mode was verified on the final tree already (its own verify run, with the
 * checks): no gate. Several stories, or `verify: per_spec` (stories are then only checked one by
 * one, and verified together here), need it.
 */
function needsRegressionGate(ctx: Ctx): boolean {
  return ctx.config.verify.mode === "per_spec" || (ctx.s.prd?.stories.length ?? 0) > 1;
}

export function startRegressionGate(ctx: Ctx): void {
  const s = ctx.s;
  s.finalCheck = true;
  s.currentStory = null;
  s.verifierFeedback = null;
  dispatch(ctx, "verifying", "verify");
}

/**
 * The regression gate's verdict: every story holds → done; the stories that no longer hold go
 * back to pending with the verifier's feedback, within their `max_attempts`; no acceptable verdict
 * → the gate runs again with the reason (the breaker bounds it).
 */
export function onRegression(ctx: Ctx, r: Result<"regression">): void {
  const s = ctx.s;
  if (!s.finalCheck) return;
  if (r.problem !== null) {
    s.verdictProblem = clip(r.problem, 1000);
    s.lastError = `The final re-check of all stories gave no acceptable verdict: ${clip(r.problem, 300)}`;
    if (tripBreaker(ctx, "bad_verdict:regression")) {
      fail(
        ctx,
        `circuit breaker: the final re-check of all stories gave no acceptable verdict ${s.breaker.count} times in a row: ${clip(r.problem, 200)}`,
      );
      return;
    }
    dispatch(ctx, "verifying", "verify");
    return;
  }
  resetBreaker(ctx);
  s.verdictProblem = null;
  s.finalCheck = false;
  const stories = s.prd?.stories ?? [];
  const regressed = stories.filter((st) => r.regressed.some((x) => x.storyId === st.id));
  if (regressed.length === 0) {
    finishAll(ctx);
    return;
  }
  // Who found it (a check on the final tree, or the gate's verifier) is said first.
  const feedbackOf = (id: string) => {
    const found = r.regressed.find((x) => x.storyId === id);
    const by = found?.rejectedBy ?? { by: "regression" as const };
    const header = rejectionHeader(by, { commit: r.commit, finalTree: true });
    return `${header}.\n\n${found?.feedback.trim() ?? ""}`.trim();
  };
  for (const story of regressed) story.status = "pending";
  const ids = regressed.map((st) => st.id);
  const reopened = new Set(ids.map((id) => id.toLowerCase()));
  emit(ctx, {
    type: "commit_files",
    change: {
      kind: "reopen_stories",
      storyIds: ids,
      criteria: r.criteria.filter(
        (c) => c.story !== undefined && reopened.has(c.story.trim().toLowerCase()),
      ),
    },
    message: `ralph(${s.specId ?? `issue-${s.issue}`}): ${ids.join(", ")} no longer verified`,
  });
  const first = regressed[0]!;
  emit(ctx, {
    type: "post_review",
    body: `⚠️ **Before done, Ralph re-checked every story on the final tree: ${ids.join(", ")} no longer ${ids.length === 1 ? "holds" : "hold"}**, so ${ids.length === 1 ? "it goes" : "they go"} back to work.\n\n${feedbackOf(first.id).trim()}`,
    planInvalidation: false,
  });
  const max = ctx.config.limits.max_attempts;
  const spent = regressed.find((st) => st.attempts >= max);
  if (spent !== undefined) {
    spent.status = "failed";
    s.verifierFeedback = clip(feedbackOf(spent.id), 4000);
    fail(
      ctx,
      `story ${spent.id} no longer holds on the final tree and has used its ${counted(spent.attempts, "attempt")} (limits.max_attempts)`,
      { phase: "implementing", step: "implement" },
    );
    return;
  }
  // nextStory takes the first story not passed in PRD order: the first regressed one.
  s.currentStory = first.id;
  s.verifierFeedback = clip(feedbackOf(first.id), 4000);
  nextStory(ctx);
}

function finishAll(ctx: Ctx): void {
  const s = ctx.s;
  const stories = s.prd?.stories ?? [];
  const lastCommit = [...stories].reverse().find((st) => st.commit !== null)?.commit ?? "";
  const next = nextSpec(s);
  if (next !== null) {
    advanceToSpec(ctx, next, lastCommit);
    return;
  }
  if (s.kind === "spec_pr" && s.specId !== null && !s.specsDone.includes(s.specId)) {
    s.specsDone.push(s.specId);
  }
  Object.assign(s, storyLoopCleared());
  enter(ctx, "done");
  emit(ctx, {
    type: "commit_files",
    change: { kind: "done_marker", commit: lastCommit },
    message: `ralph(${s.specId ?? `issue-${s.issue}`}): all stories verified`,
  });
  // DESIGN §2.3: a default branch that moved while Ralph worked is merged before ready; the
  // merged tree is verified again and ends here once more.
  if (mergeBeforeReady(ctx)) return;
  markWorkReady(ctx);
}

/**
 * The work is verified on a tree that holds the default branch: with the CI gate, the pull request
 * is marked ready once the repository's CI passed on it; without, now.
 */
export function markWorkReady(ctx: Ctx): void {
  const gated = ciGated(ctx);
  if (gated) awaitCi(ctx);
  else emit(ctx, { type: "mark_pr_ready" });
  // A follow-up round ends here too: it answers its threads and says so itself.
  if (finishRound(ctx, gated ? "ci" : "ready") !== null || gated) return;
  replyReady(ctx);
}

export function onImplemented(ctx: Ctx, story: StoryState, r: Result<"implemented">): void {
  resetBreaker(ctx);
  story.commit = r.commit;
  story.attempts += 1;
  dispatch(ctx, "verifying", "verify", story.id);
}

export function onNoProgress(ctx: Ctx, story: StoryState): void {
  const s = ctx.s;
  story.attempts += 1;
  s.lastError = `The implement run for ${story.id} changed nothing.`;
  const header = rejectionHeader(
    { by: "guard", reason: "it changed no files" },
    { commit: null, attempt: story.attempts },
  );
  s.verifierFeedback = `${header}.\n\nImplement the story: make the code changes and leave them in the working tree.`;
  if (tripBreaker(ctx, `no_progress:${story.id}`)) {
    story.status = "failed";
    fail(
      ctx,
      `circuit breaker: ${s.breaker.count} implement runs in a row made no change for story ${story.id}`,
    );
    return;
  }
  if (story.attempts >= ctx.config.limits.max_attempts) {
    story.status = "failed";
    fail(
      ctx,
      `story ${story.id} made no progress in ${counted(story.attempts, "attempt")} (limits.max_attempts)`,
    );
    return;
  }
  dispatch(ctx, "implementing", "implement", story.id);
}

export function onVerdict(ctx: Ctx, story: StoryState, r: Result<"verdict">): void {
  const s = ctx.s;
  if (typeof r.problem === "string" && r.problem !== "") {
    // DESIGN §4.4: no acceptable verdict (a PASS without the full table or in a fence, or none at
    // all). The implementation may be fine: the verifier runs again, told why.
    s.verdictProblem = clip(r.problem, 1000);
    s.lastError = `The verifier's verdict on ${story.id} was not accepted: ${clip(r.problem, 300)}`;
    if (tripBreaker(ctx, `bad_verdict:${story.id}`)) {
      fail(
        ctx,
        `circuit breaker: the verifier gave no acceptable verdict on story ${story.id} ${s.breaker.count} times in a row: ${clip(r.problem, 200)}`,
        { phase: "verifying", step: "verify" },
      );
      return;
    }
    dispatch(ctx, "verifying", "verify", story.id);
    return;
  }
  s.verdictProblem = null;
  if (r.verdict === "PASS" && r.commit !== story.commit) {
    // DESIGN §4.4: a story passes only on a PASS for the commit Ralph made, never for another.
    s.lastError = `The verifier reported PASS for commit ${short(r.commit)}, but ${story.id} was implemented at ${short(story.commit ?? "(none)")}.`;
    if (tripBreaker(ctx, `verify_commit_mismatch:${story.id}`)) {
      fail(
        ctx,
        `circuit breaker: ${s.breaker.count} verifications in a row checked the wrong commit for story ${story.id}`,
      );
      return;
    }
    dispatch(ctx, "verifying", "verify", story.id);
    return;
  }
  resetBreaker(ctx);
  if (r.verdict === "PASS") {
    storyPassed(ctx, story, r.criteria);
    return;
  }
  if (r.invalidation !== null) {
    story.status = "failed";
    invalidatePlan(
      ctx,
      r.invalidation,
      `The verifier found the plan itself wrong while checking **${story.id}: ${story.title}**.`,
      r.feedback,
    );
    return;
  }
  // Who rejected the work comes first, in the feedback and in the review (issue 18).
  const by = r.rejectedBy ?? { by: "verifier" as const };
  const header = rejectionHeader(by, { commit: r.commit, attempt: story.attempts });
  s.verifierFeedback = clip(`${header}.\n\n${r.feedback.trim()}`, 4000);
  const max = ctx.config.limits.max_attempts;
  emit(ctx, {
    type: "post_review",
    body: `❌ **${story.id}: ${story.title}**, attempt ${story.attempts} of ${max}: ${rejectionHeader(by, { commit: r.commit })}.\n\n${r.feedback.trim()}${criteriaTable(r.criteria)}`,
    planInvalidation: false,
  });
  if (story.attempts >= max) {
    story.status = "failed";
    fail(
      ctx,
      `story ${story.id} failed verification ${counted(story.attempts, "time")} (limits.max_attempts): ${clip(r.rejectedBy === undefined ? firstLine(r.feedback) : header, 200)}`,
      { phase: "implementing", step: "implement" },
    );
    return;
  }
  story.status = "running";
  dispatch(ctx, "implementing", "implement", story.id);
}

function firstLine(text: string): string {
  return text.trim().split(/\r?\n/)[0] ?? "";
}

function storyPassed(ctx: Ctx, story: StoryState, verdicts: Result<"verdict">["criteria"]): void {
  const s = ctx.s;
  story.status = "passed";
  s.verifierFeedback = null;
  const criteria = verdicts.map((c) => ({ criterion: c.criterion, pass: c.pass }));
  emit(ctx, {
    type: "commit_files",
    change: { kind: "mark_story_passed", storyId: story.id, commit: story.commit, criteria },
    message: `ralph(${s.specId ?? `issue-${s.issue}`}): ${story.id} verified`,
  });
  emit(ctx, {
    type: "post_review",
    body: `✅ **${story.id}: ${story.title}** verified at \`${short(story.commit ?? "")}\`.${criteriaTable(criteria)}`,
    planInvalidation: false,
  });
  nextStory(ctx);
}

export function currentStory(ctx: Ctx, storyId: string): StoryState | undefined {
  if (storyId !== ctx.s.currentStory) return undefined;
  return findStory(ctx.s, storyId);
}
