import type { MachineState } from "../core/state.js";
import { decodeStateBlock, isStatusComment } from "../core/state-codec.js";
import type { GitHubContext } from "./client.js";
import { type IssueComment, isOwnComment } from "./comments.js";

/**
 * Where the state of one issue stands (DESIGN §6.1). Only a comment authored by Ralph's own login
 * and carrying the status marker is trusted; status-looking comments by anyone else are listed in
 * `foreign` so the caller can report them, and are never read.
 */
export type StatusLookup =
  | { kind: "none"; foreign: IssueComment[] }
  | { kind: "ok"; comment: IssueComment; state: MachineState; foreign: IssueComment[] }
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

/** The lookup for Ralph's status comment `own` (null: none), with the foreign ones seen. */
export function statusOf(own: IssueComment | null, foreign: IssueComment[]): StatusLookup {
  if (own === null) return { kind: "none", foreign };
  try {
    return { kind: "ok", comment: own, state: decodeStateBlock(own.body), foreign };
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
  return statusOf(own ?? null, foreignStatuses(gh, comments));
}
