import { createHash } from "node:crypto";
import type { GitHubContext } from "./client.js";
import type { KnownComments } from "./comments.js";
import { deleteRalphRef } from "./ralph-refs.js";
import { type ClaimResult, claim } from "./state-claim.js";

/**
 * Keyed replies (a hidden `ralph:key` marker; comments.ts postComment) are posted once per issue:
 * a second event, a redelivered webhook or a retried run finds the key and stays silent. Before
 * issue 16 that meant listing every comment of the issue before each such reply; now the reads
 * cover only what is new (github/issue-read.ts), so a key is known in one of two ways:
 * - from the comments the read covered, when the key can only be on a comment that is newer than
 *   the read's start: a reply to a command (`reply:<comment>:<n>`, newer than that command) and
 *   the question and decision rounds (posted right after the result that asks them, which is saved
 *   before and so never applied twice);
 * - otherwise (denials, refusals, config errors, broken or foreign status comments, notices) by a
 *   git ref per key, `refs/ralph/replies/issue-<n>/<sha256 of the key>`, created before the reply:
 *   GitHub creates a ref once (a second create answers 422), so two writers racing for the same
 *   reply post it once, and any later event pays one request, whatever the issue's size. A key
 *   first posted by a version without these refs may be posted once more.
 * Without `contents: write` (no ref can be created) the history is listed, as before.
 */
export const REPLY_NAMESPACE = "refs/ralph/replies";

export function replyRef(issue: number, key: string): string {
  const hash = createHash("sha256").update(key).digest("hex").slice(0, 32);
  return `${REPLY_NAMESPACE}/issue-${issue}/${hash}`;
}

/** The id after which a keyed comment must lie, when the key says (Infinity: any read will do). */
function keyAnchor(key: string): number {
  const reply = /^reply:(\d+):/.exec(key);
  if (reply?.[1] !== undefined) return Number(reply[1]);
  if (/^(questions|decisions):/.test(key)) return Number.POSITIVE_INFINITY;
  return Number.NEGATIVE_INFINITY;
}

/** Do the comments read answer whether a comment with `key` exists? */
export function windowAnswers(key: string, known: KnownComments | undefined): boolean {
  if (known === undefined) return false;
  return known.from === 0 || keyAnchor(key) > known.from;
}

/** `taken`: the reply was posted before (or is being posted by another writer). */
export function claimReplyKey(gh: GitHubContext, issue: number, key: string): Promise<ClaimResult> {
  return claim(gh, replyRef(issue, key));
}

/** A claimed reply whose post failed: the next try may post it. Best effort. */
export async function releaseReplyKey(
  gh: GitHubContext,
  issue: number,
  key: string,
): Promise<void> {
  await deleteRalphRef(gh, replyRef(issue, key), "release the reply key");
}
