import type { GitHubContext } from "./client.js";
import { deleteRalphRef } from "./ralph-refs.js";
import { claim, errorMessage } from "./state-claim.js";

/**
 * Where the next run finds an issue's status comment in one query, wherever it sits among the
 * issue's comments (issue 16): a git ref named after it, `refs/ralph/status/issue-<n>/comment-<id>`,
 * created with the status comment (and by the first reader that finds a status comment without
 * one, for status comments saved before pointers existed). The reader asks for the refs under
 * `refs/ralph/status/issue-<n>/` in the same GraphQL query that reads the newest comments, so a
 * status comment out of that page costs one more request, whatever the issue's size. A ref
 * outside `refs/heads` and `refs/tags` starts no workflow, is no branch, and no clone fetches it
 * (like the state claims, state-claim.ts). A pointer to a deleted comment is skipped; deleting the
 * status comment to start over gives the new one its own pointer, and the oldest existing status
 * comment Ralph wrote still wins (status-lookup.ts).
 */
export const STATUS_POINTERS = "refs/ralph/status";

export function statusPointerPrefix(issue: number): string {
  return `${STATUS_POINTERS}/issue-${issue}/`;
}

export function statusPointerRef(issue: number, commentId: number): string {
  return `${statusPointerPrefix(issue)}comment-${commentId}`;
}

/** The comment ids named by pointer refs (names relative to the issue's prefix), oldest first. */
export function pointedIds(names: readonly string[]): number[] {
  const ids = names.flatMap((name) => {
    const match = /^comment-(\d+)$/.exec(name);
    return match?.[1] === undefined ? [] : [Number(match[1])];
  });
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** A pointer to a comment that is gone (deleted to start over): dropped, best effort. */
export async function dropStatusPointer(
  gh: GitHubContext,
  issue: number,
  commentId: number,
): Promise<void> {
  await deleteRalphRef(gh, statusPointerRef(issue, commentId), "drop the status pointer");
}

/**
 * Best effort: without the pointer the next reader finds the status comment in the newest page,
 * or by one scan back through the issue (and creates the pointer then).
 */
export async function createStatusPointer(
  gh: GitHubContext,
  issue: number,
  commentId: number,
): Promise<void> {
  try {
    await claim(gh, statusPointerRef(issue, commentId));
  } catch (error) {
    gh.log.warn(`could not point at the status comment of #${issue}: ${errorMessage(error)}`);
  }
}
