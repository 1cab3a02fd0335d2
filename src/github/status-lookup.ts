import type { MachineState } from "../core/state.js";
import { decodeStateBlock, isStatusComment } from "../core/state-codec.js";
import type { GitHubContext } from "./client.js";
import { type IssueComment, isOwnComment } from "./comments.js";
import { claimTiming } from "./state-claim.js";

/**
 * Where the state of one issue stands (DESIGN §6.1). Only a comment authored by Ralph's own login
 * and carrying the status marker is trusted; status-looking comments by anyone else are listed in
 * `foreign` so the caller can report them, and are never read.
 */
export type StatusLookup =
  | { kind: "none"; foreign: IssueComment[] }
  | {
      kind: "ok";
      comment: IssueComment;
      state: MachineState;
      foreign: IssueComment[];
      /**
       * When this writer saw the comment at `state.revision` (its claim clock): a claim is sent
       * only within the hold of that read (state-claim.ts CLAIM_HOLD_MS). Absent: just now.
       */
      readAt?: number;
    }
  | { kind: "broken"; comment: IssueComment; error: string; foreign: IssueComment[] };

/** Ralph's own status comment: its login and the hidden status marker. */
export function isOwnStatus(gh: GitHubContext, comment: IssueComment): boolean {
  return isOwnComment(gh, comment) && isStatusComment(comment.body);
}

/** Status-looking comments among `comments` that someone else wrote. */
export function foreignStatuses(
  gh: GitHubContext,
  comments: readonly IssueComment[],
): IssueComment[] {
  return comments.filter((c) => isStatusComment(c.body) && !isOwnComment(gh, c));
}

/**
 * The lookup for Ralph's status comment `own` (null: none), with the foreign ones seen; `readAt`
 * is when it was read (the claim clock).
 */
export function statusOf(
  own: IssueComment | null,
  foreign: IssueComment[],
  readAt?: number,
): StatusLookup {
  if (own === null) return { kind: "none", foreign };
  try {
    const state = decodeStateBlock(own.body);
    return {
      kind: "ok",
      comment: own,
      state,
      foreign,
      ...(readAt === undefined ? {} : { readAt }),
    };
  } catch (error) {
    return {
      kind: "broken",
      comment: own,
      error: error instanceof Error ? error.message : String(error),
      foreign,
    };
  }
}

export function findStatus(gh: GitHubContext, comments: readonly IssueComment[]): StatusLookup {
  // The oldest one wins: a racing second writer's comment is never authoritative.
  const own = comments.filter((c) => isOwnStatus(gh, c)).sort((a, b) => a.id - b.id)[0];
  return statusOf(own ?? null, foreignStatuses(gh, comments), claimTiming(gh).now());
}

/** Another writer saved the state since we read it (revision counter moved, DESIGN §6.2). */
export class StateConflictError extends Error {
  override readonly name = "StateConflictError";
}

/**
 * The state was saved under claims, but this writer cannot claim (its token lost `contents:
 * write`, or a claim request keeps failing): saving without a claim could overwrite a newer
 * revision that a claiming writer saved without re-reading, so nothing is saved.
 */
export class ClaimsUnavailableError extends Error {
  override readonly name = "ClaimsUnavailableError";
}

export interface SavedStatus {
  comment: IssueComment;
  state: MachineState;
  /** When the write was answered (the claim clock): the writer knows the revision since. */
  readAt?: number;
}

/** The lookup a writer holds after its own save. */
export function savedLookup(saved: SavedStatus): Extract<StatusLookup, { kind: "ok" }> {
  const { comment, state, readAt } = saved;
  return { kind: "ok", comment, state, foreign: [], ...(readAt === undefined ? {} : { readAt }) };
}
