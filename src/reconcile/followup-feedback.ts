import { parseCommands } from "../core/commands.js";
import type { Actor, MachineEvent } from "../core/events.js";
import type { ReviewThread } from "../core/followup.js";
import { isTrusted } from "../core/machine/auth.js";
import { followUpStage } from "../core/machine/followup.js";
import { sanitizeUntrusted } from "../core/sanitize.js";
import type { MachineState } from "../core/state.js";
import type { GitHubContext, GitHubUser } from "../github/client.js";
import { prNumberOf } from "../github/effects.js";
import { listReviewCommentsSince, threadsOf } from "../github/review-threads.js";
import { isHuman, type Signal } from "./signals.js";

/**
 * `/ralph fix` takes in the pull request's inline review comments written since the last
 * follow-up round (DESIGN §2.3: "that review round's inline comments"), by users with write access
 * only. Read only when the command can start or join a round, and only for a write user's command:
 * a read-only user's `/ralph fix` costs no read.
 */
export async function withFixThreads(
  gh: GitHubContext,
  state: MachineState,
  event: MachineEvent,
  permissionOf: (login: string) => Promise<Actor["permission"]>,
): Promise<MachineEvent> {
  if (event.type !== "command" || event.command.name !== "fix" || event.threads !== undefined) {
    return event;
  }
  const stage = followUpStage(state);
  const pr = prNumberOf(state);
  if (!isTrusted(event.actor) || pr === null || stage === "before" || stage === "none") {
    return event;
  }
  const comments = await listReviewCommentsSince(gh, pr, state.followUp?.since ?? null);
  const writers = new Set<string>();
  for (const login of new Set(
    comments.flatMap((c) => (isHuman(gh, c.user) ? [c.user.login] : [])),
  )) {
    const permission = await permissionOf(login);
    if (isTrusted({ login, permission, isBot: false, isIssueAuthor: false })) {
      writers.add(login.toLowerCase());
    }
  }
  const threads: ReviewThread[] = threadsOf(
    comments,
    (c) => isHuman(gh, c.user) && writers.has(c.user.login.toLowerCase()),
    sanitizeUntrusted,
  );
  return { ...event, threads };
}

/**
 * `/ralph fix` in an inline review comment on the state's pull request (DESIGN §2.3), as command
 * events: the comment's thread and the round's inline comments are its feedback. Taken in at
 * once, also while a job runs (the machine queues a request behind running work); the comment's
 * trigger makes a redelivered webhook start no second round. Other commands in an inline comment
 * mean nothing: they belong in a comment on the issue or the pull request's conversation.
 */
export async function reviewCommentEvents(
  gh: GitHubContext,
  state: MachineState,
  signal: Signal,
  actorOf: (user: GitHubUser) => Promise<Actor>,
  goal: string,
): Promise<MachineEvent[]> {
  if (signal.kind !== "review_comment" || signal.pr !== prNumberOf(state)) return [];
  const { comment } = signal;
  if (comment.user === null || !isHuman(gh, comment.user)) return [];
  const actor = await actorOf(comment.user);
  const permissionOf = async (login: string) => (await actorOf({ login, type: "User" })).permission;
  const events: MachineEvent[] = [];
  for (const command of parseCommands(comment.body).filter((c) => c.name === "fix")) {
    const event: MachineEvent = {
      type: "command",
      command,
      actor,
      goal,
      trigger: `review-comment:${comment.id}`,
      ...(comment.created_at === undefined ? {} : { at: comment.created_at }),
    };
    events.push(await withFixThreads(gh, state, event, permissionOf));
  }
  return events;
}
