import type { ReviewThread } from "../core/followup.js";
import { type GitHubContext, type GitHubUser, paginate, repoParams } from "./client.js";
import { redactFor } from "./comments.js";

/**
 * Review threads on Ralph's pull request (DESIGN §2.3): read what a follow-up round needs — the
 * inline comments of one review, or those written since the last round — and answer in them.
 * Reads are O(what is new): one review's comments, or the pull request's comments since a time.
 */

/** An inline review comment as the REST API lists it. */
export interface ReviewComment {
  id: number;
  body: string;
  path: string;
  line?: number | null;
  original_line?: number | null;
  /** The thread's first comment when this one is a reply in it. */
  in_reply_to_id?: number;
  user: GitHubUser | null;
  html_url?: string;
  created_at?: string;
}

/** Inline comments of one review: part of "changes requested" feedback (DESIGN §2.1). */
export async function listReviewComments(
  gh: GitHubContext,
  pr: number,
  reviewId: number,
): Promise<ReviewComment[]> {
  return paginate<ReviewComment>(
    gh,
    "GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/comments",
    { pull_number: pr, review_id: reviewId },
  );
}

/**
 * The pull request's inline comments created or edited at or after `since` (all of them when
 * null), oldest first: what `/ralph fix` takes in with its own text.
 */
export async function listReviewCommentsSince(
  gh: GitHubContext,
  pr: number,
  since: string | null,
): Promise<ReviewComment[]> {
  return paginate<ReviewComment>(gh, "GET /repos/{owner}/{repo}/pulls/{pull_number}/comments", {
    pull_number: pr,
    sort: "created",
    direction: "asc",
    ...(since === null ? {} : { since }),
  });
}

/**
 * Comments grouped into their threads, in the order the threads start. `text` holds the texts
 * of the thread's comments that `keep` accepts, oldest first; a thread none of whose comments
 * is kept is dropped. The thread's id is its first comment's: the one replies go to.
 */
export function threadsOf(
  comments: readonly ReviewComment[],
  keep: (comment: ReviewComment) => boolean,
  clean: (text: string) => string = (t) => t,
): ReviewThread[] {
  const threads = new Map<number, ReviewThread>();
  for (const c of comments) {
    if (!keep(c)) continue;
    const text = clean(c.body).trim();
    if (text === "") continue;
    const id = c.in_reply_to_id ?? c.id;
    const thread = threads.get(id);
    if (thread !== undefined) {
      thread.text = `${thread.text}\n\n@${c.user?.login ?? "unknown"}: ${text}`;
      continue;
    }
    threads.set(id, {
      id,
      path: c.path,
      line: c.line ?? c.original_line ?? null,
      author: c.user?.login ?? "unknown",
      text,
      url: c.html_url ?? null,
    });
  }
  return [...threads.values()];
}

/** A reply in a review thread (`threadId`: the thread's first comment). */
export async function replyInThread(
  gh: GitHubContext,
  pr: number,
  threadId: number,
  body: string,
): Promise<void> {
  await gh.client.request(
    "POST /repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
    { ...repoParams(gh), pull_number: pr, comment_id: threadId, body: redactFor(gh, body) },
  );
}

/** Asks these users for a (new) review of the pull request. */
export async function requestReviewers(
  gh: GitHubContext,
  pr: number,
  reviewers: readonly string[],
): Promise<void> {
  if (reviewers.length === 0) return;
  await gh.client.request("POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers", {
    ...repoParams(gh),
    pull_number: pr,
    reviewers: [...reviewers],
  });
}
