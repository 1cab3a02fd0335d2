import type { Actor, MachineEvent } from "../events.js";
import { isTrusted } from "./auth.js";
import { type Ctx, PHASE_WORDS, reply } from "./context.js";
import {
  type FollowUpRequest,
  followUpStage,
  followUps,
  queue,
  recordOf,
  reviseAmendment,
  startRound,
} from "./followup.js";
import { resumeRound } from "./followup-amend.js";

type CommandEvent = Extract<MachineEvent, { type: "command" }>;
type ChangesRequested = Extract<MachineEvent, { type: "changes_requested" }>;
type FollowUpEvent = Extract<MachineEvent, { type: "followup_request" }>;

/**
 * The events that ask for a follow-up round, as one request each (DESIGN §2.3). The round itself
 * is the same for all of them (core/machine/followup.ts).
 */

/**
 * A request for a follow-up round, from any source: the one entry every source goes through.
 * Requests of humans need write access (bots never count); the same trigger twice starts one
 * round. On finished work it starts a round; behind running work (or a round that stopped
 * half-way, which picks up again) it waits for a round of its own; on an amendment waiting for
 * approval a planner-written request revises it. Returns false when the work is not there yet
 * (`before`, `none`): the caller answers that its own way (a review revises the PRD).
 */
export function requestFollowUp(ctx: Ctx, req: FollowUpRequest): boolean {
  const s = ctx.s;
  if (req.actor !== null && (req.actor.isBot || !isTrusted(req.actor))) return true;
  if (req.trigger !== undefined && s.followUp?.triggers.includes(req.trigger)) return true;
  const stage = followUpStage(s);
  if (stage === "before" || stage === "none") return false;
  const f = followUps(s);
  if (req.trigger !== undefined) f.triggers = [...f.triggers, req.trigger].slice(-40);
  const record = recordOf(req);
  if (stage === "amending" && record.drafts.length === 0) {
    reviseAmendment(ctx, f, record);
    return true;
  }
  if (stage === "round") {
    if (f.current === null) {
      startRound(ctx, record);
      return true;
    }
    // A round that stopped or failed half-way is finished first; the request gets its own round.
    resumeRound(ctx);
  }
  queue(ctx, f, record);
  return true;
}

export function followUpRequestOf(ev: FollowUpEvent): FollowUpRequest {
  return {
    source: ev.source,
    actor: ev.actor ?? null,
    feedback: ev.feedback,
    ...(ev.trigger === undefined ? {} : { trigger: ev.trigger }),
    ...(ev.at === undefined ? {} : { at: ev.at }),
    ...(ev.stories === undefined ? {} : { drafts: ev.stories }),
    ...(ev.reviewers === undefined ? {} : { reviewers: ev.reviewers }),
  };
}

/**
 * A "changes requested" review on finished work is a round: its body and every inline comment
 * are the feedback, its author is asked for a new review when the round is done. Returns false
 * before implementation, where the review keeps its meaning: the PRD goes back to the planner.
 */
export function reviewFollowUp(ctx: Ctx, ev: ChangesRequested): boolean {
  const stage = followUpStage(ctx.s);
  if (stage === "before" || stage === "none") return false;
  const review = ev.review;
  return requestFollowUp(ctx, {
    source: "review",
    actor: ev.actor,
    feedback:
      review === undefined
        ? { text: [ev.feedback] }
        : { text: [review.body], threads: review.threads },
    ...(review === undefined ? {} : { trigger: `review:${review.id}`, at: review.at }),
    reviewers: [ev.actor.login],
  });
}

/**
 * `/ralph fix <what to change>` (on the issue, on Ralph's pull request or in a review): the text
 * and the pull request's inline comments since the last round. Before anything was implemented
 * it points to `/ralph revise`.
 */
export function fixCommand(ctx: Ctx, ev: CommandEvent, args: string): void {
  const text = args.trim();
  const threads = ev.threads ?? [];
  if (text === "" && threads.length === 0) {
    reply(ctx, "Tell Ralph what to change: `/ralph fix <what to change>`.");
    return;
  }
  const trigger =
    ev.trigger ?? (ev.commentId === undefined ? undefined : `comment:${ev.commentId}`);
  const taken = requestFollowUp(ctx, {
    source: "fix",
    actor: ev.actor,
    feedback: { text: text === "" ? [] : [text], threads },
    ...(trigger === undefined ? {} : { trigger }),
    ...(ev.at === undefined ? {} : { at: ev.at }),
  });
  if (!taken) notYet(ctx, ev.actor);
}

/** A follow-up asked for before there is finished work to follow up on. */
export function notYet(ctx: Ctx, actor: Actor | null): void {
  if (actor === null || actor.isBot) return;
  const s = ctx.s;
  reply(
    ctx,
    s.prd === null
      ? "There is no finished work here to follow up on yet: comment `/ralph plan` to start."
      : `Ralph has not implemented this PRD yet (it is ${PHASE_WORDS[s.phase]}): to change the plan, comment \`/ralph revise <feedback>\`.`,
  );
}
