import type { Actor, MachineEvent } from "../events.js";
import { type Ctx, PHASE_WORDS, reply } from "./context.js";
import { type FollowUpRequest, followUpStage, requestFollowUp } from "./followup.js";

type CommandEvent = Extract<MachineEvent, { type: "command" }>;
type ChangesRequested = Extract<MachineEvent, { type: "changes_requested" }>;
type FollowUpEvent = Extract<MachineEvent, { type: "followup_request" }>;

/**
 * The events that ask for a follow-up round, as one request each (DESIGN §2.3). The round itself
 * is the same for all of them (core/machine/followup.ts).
 */

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
