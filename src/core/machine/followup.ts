import { counted } from "../counted.js";
import type { Actor } from "../events.js";
import {
  boundFeedback,
  type FollowUpDraftInput,
  type FollowUpFeedbackInput,
  type FollowUpRequestRecord,
  type FollowUpSource,
  type FollowUpState,
  followUpDraftSchema,
  mergeFeedback,
} from "../followup.js";
import { sanitizeUntrusted } from "../sanitize.js";
import type { MachineState } from "../state.js";
import {
  type Ctx,
  dispatch,
  emit,
  fail,
  PHASE_WORDS,
  reply,
  resetBreaker,
  sameLogin,
  storyLoopCleared,
} from "./context.js";
import { statePullRequest } from "./pr-closed.js";

/**
 * Follow-up rounds (DESIGN §2.3), the one mechanism every source shares: a request (review
 * feedback, `/ralph fix`, and from the CI gate and the base merge a red check or a conflict)
 * starts a round — counted against `limits.max_followups` — whose amend step appends FU stories
 * to the PRD; the story loop then implements and verifies them, re-verifies every story, and the
 * round ends where the first work ended, at done, answering the review threads it was asked in.
 */

/** One request for a round, from any source. */
export interface FollowUpRequest {
  source: FollowUpSource;
  /** The write user who asked; null for a round Ralph forms itself (ci, conflict). */
  actor: Actor | null;
  feedback: FollowUpFeedbackInput;
  /** Idempotency key: a request whose key was taken before changes nothing. */
  trigger?: string;
  at?: string | null;
  /** Stories Ralph formed itself: the amend step writes them without a planner run. */
  drafts?: FollowUpDraftInput[];
  reviewers?: string[];
}

/**
 * Where the work stands for a follow-up request:
 * - `round`: the stories were implemented (done, or failed / stopped after implementation began);
 * - `busy`: approved work (or a round's amend step) runs: the request waits for it;
 * - `amending`: a round's amendment waits for approval (`gates.followup: approve`): the request
 *   revises that amendment;
 * - `before`: nothing implemented yet (a PRD in the works or waiting for approval);
 * - `none`: no PRD at all.
 */
export type FollowUpStage = "round" | "busy" | "amending" | "before" | "none";

export function followUpStage(s: MachineState): FollowUpStage {
  if (s.prd === null) return "none";
  const round = s.followUp?.current ?? null;
  switch (s.phase) {
    case "done":
    case "ci":
      return "round";
    case "failed":
    case "stopped":
      return implementationStarted(s) ? "round" : "before";
    case "implementing":
    case "verifying":
    case "plan_invalidated":
      return "busy";
    case "planning":
    case "consensus":
      return round !== null && s.pendingStep === "amend" ? "busy" : "before";
    case "awaiting_approval":
    case "run_gate":
      return round !== null ? "amending" : "before";
    default:
      return "before";
  }
}

/** Implementation was approved once, or a story has a commit: there is work to follow up on. */
function implementationStarted(s: MachineState): boolean {
  return (
    s.approvedBy.length > 0 ||
    s.followUp !== null ||
    (s.prd?.stories ?? []).some((st) => st.commit !== null || st.status === "passed")
  );
}

export function followUps(s: MachineState): FollowUpState {
  s.followUp ??= { rounds: 0, current: null, queued: [], triggers: [], since: null };
  return s.followUp;
}

const SOURCE_WORDS: Record<FollowUpSource, string> = {
  review: "review",
  fix: "`/ralph fix`",
  ci: "failing check",
  conflict: "conflict with the default branch",
};

export function recordOf(req: FollowUpRequest): FollowUpRequestRecord {
  const authors = (req.feedback.threads ?? []).map((t) => t.author);
  const reviewers: string[] = [];
  for (const login of [...(req.reviewers ?? []), ...authors]) {
    if (login.endsWith("[bot]") || reviewers.some((r) => sameLogin(r, login))) continue;
    reviewers.push(login);
  }
  // What humans wrote goes to prompts fenced as data and to RALPH_FEEDBACK_FILE as it is here:
  // hidden text (HTML comments, zero-width and bidi characters) is stripped first (DESIGN §7.3).
  const feedback = {
    ...req.feedback,
    text: (req.feedback.text ?? []).map(sanitizeUntrusted),
    threads: (req.feedback.threads ?? []).map((t) => ({ ...t, text: sanitizeUntrusted(t.text) })),
  };
  return {
    source: req.source,
    by: req.actor?.login ?? null,
    feedback: boundFeedback(feedback),
    drafts: (req.drafts ?? []).map((d) => followUpDraftSchema.parse(d)),
    reviewers,
    at: req.at ?? null,
  };
}

/**
 * Behind running work, a request waits (DESIGN §2.3: follow-ups start once the stories passed).
 * Two planner-written requests in a row merge into one round; Ralph-formed ones stay apart.
 */
export function queue(ctx: Ctx, f: FollowUpState, record: FollowUpRequestRecord): void {
  const last = f.queued.at(-1);
  if (last !== undefined && last.drafts.length === 0 && record.drafts.length === 0) {
    last.feedback = mergeFeedback(last.feedback, record.feedback);
    for (const r of record.reviewers) {
      if (!last.reviewers.some((x) => sameLogin(x, r))) last.reviewers.push(r);
    }
  } else if (f.queued.length < 5) {
    f.queued.push(record);
  } else {
    reply(ctx, "Ralph already has 5 follow-up requests waiting; this one is not taken.");
    return;
  }
  if (record.by !== null) {
    reply(
      ctx,
      `Ralph is ${PHASE_WORDS[ctx.s.phase]}; the ${SOURCE_WORDS[record.source]} of @${record.by} is taken up in a follow-up round once the current work is verified.`,
    );
  }
}

/** More feedback while an amendment waits for approval: the amend step runs again with all of it. */
export function reviseAmendment(ctx: Ctx, f: FollowUpState, record: FollowUpRequestRecord): void {
  const round = f.current;
  if (round === null) return;
  round.feedback = mergeFeedback(round.feedback, record.feedback);
  for (const r of record.reviewers) {
    if (!round.reviewers.some((x) => sameLogin(x, r))) round.reviewers.push(r);
  }
  Object.assign(ctx.s, { approvals: [], approvedBy: [] });
  resetBreaker(ctx);
  dispatch(ctx, "planning", "amend");
}

/** Why a new round may not start: `limits.max_followups` used up on this pull request. */
export function followUpLimitProblem(s: MachineState, max: number): string | null {
  const used = s.followUp?.rounds ?? 0;
  return used >= max
    ? `follow-up limit reached: ${used} of ${max} follow-up rounds used on this pull request (limits.max_followups)`
    : null;
}

/**
 * Starts a round now: counted, recorded, failed stories of a stopped or failed run get fresh
 * attempts (the request is the human's go, as `/ralph run` is), and the amend step runs.
 */
export function startRound(ctx: Ctx, record: FollowUpRequestRecord): void {
  const s = ctx.s;
  const f = followUps(s);
  const problem = followUpLimitProblem(s, ctx.config.limits.max_followups);
  if (problem !== null) {
    // From done, `/ralph run` comes back to done; a failed run keeps where it would resume.
    fail(ctx, problem, s.phase === "done" ? { phase: "done", step: null } : undefined);
    return;
  }
  f.rounds += 1;
  f.current = { ...record, number: f.rounds, stories: [] };
  if (record.at !== null) f.since = record.at;
  freshAttempts(ctx);
  const f2 = record.feedback;
  const what = [
    f2.threads.length > 0 ? counted(f2.threads.length, "review thread") : "",
    f2.ciFailures.length > 0 ? counted(f2.ciFailures.length, "failing check") : "",
    f2.conflicts.length > 0 ? counted(f2.conflicts.length, "conflicted file") : "",
  ].filter((w) => w !== "");
  const who = record.by === null ? "" : ` of @${record.by}`;
  reply(
    ctx,
    `Follow-up round ${f.rounds} of at most ${ctx.config.limits.max_followups}: Ralph turns the ${SOURCE_WORDS[record.source]}${who}${what.length > 0 ? ` (${what.join(", ")})` : ""} into follow-up stories on the same pull request, then re-verifies every story.`,
  );
  dispatch(ctx, "planning", "amend");
}

/**
 * What a human's request gives a stopped or failed run, as `/ralph run` does: the stories that did
 * not pass get fresh attempts, the stop and the breaker are cleared.
 */
export function freshAttempts(ctx: Ctx): void {
  for (const story of ctx.s.prd?.stories ?? []) {
    if (story.status === "passed") continue;
    story.status = "pending";
    story.attempts = 0;
  }
  Object.assign(ctx.s, storyLoopCleared());
  resetBreaker(ctx);
}

/** What a finished round says of the pull request: ready now, after CI, or after a base merge. */
const READY_WORDS = {
  ready: "is ready for review.",
  ci: "is marked ready for review once the repository's CI passed on it.",
  conflicts:
    "is marked ready for review once the conflicts with the default branch are resolved (the next round).",
} as const;

/**
 * The round is done (every story verified again, the done marker written): each answered thread
 * gets a reply naming the commit of the story that answers it, the reviewers are asked again, and
 * a request that waited starts the next round. Returns the finished round's number, or null.
 */
export function finishRound(ctx: Ctx, then: "ready" | "ci" | "conflicts" = "ready"): number | null {
  const f = ctx.s.followUp;
  const round = f?.current ?? null;
  if (f === null || f === undefined || round === null) return null;
  const answers = round.stories.flatMap((fu) => {
    const story = ctx.s.prd?.stories.find((st) => st.id === fu.id);
    if (story === undefined || story.commit === null) return [];
    return fu.threads.map((threadId) => ({
      threadId,
      storyId: story.id,
      title: story.title,
      commit: story.commit as string,
    }));
  });
  // The pull request's body lists the stories again, the round's verified now.
  emit(ctx, { type: "open_pr", draft: true });
  if (answers.length > 0) emit(ctx, { type: "answer_threads", answers });
  if (round.reviewers.length > 0)
    emit(ctx, { type: "request_review", reviewers: [...round.reviewers] });
  f.current = null;
  const ids = round.stories.map((st) => st.id);
  const threads = new Set(answers.map((a) => a.threadId)).size;
  const commits = new Set(answers.map((a) => a.commit)).size;
  const pr = statePullRequest(ctx.s);
  reply(
    ctx,
    `Follow-up round ${round.number} is done: ${ids.length > 0 ? ids.join(", ") : "its stories"} and every earlier story are verified on the final tree.${threads > 0 ? ` Ralph answered ${counted(threads, "review thread")} with the commit${commits === 1 ? "" : "s"}.` : ""}${round.reviewers.length > 0 ? ` New review requested from ${round.reviewers.map((r) => `@${r}`).join(", ")}.` : ""} ${pr === null ? "The pull request" : `#${pr}`} ${READY_WORDS[then]}`,
  );
  const next = f.queued.shift();
  if (next !== undefined) startRound(ctx, next);
  return round.number;
}
