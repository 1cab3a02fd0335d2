import { type GitHubContext, type GitHubUser, paginate, repoParams } from "./client.js";

export type ReactionContent =
  | "+1"
  | "-1"
  | "laugh"
  | "confused"
  | "heart"
  | "hooray"
  | "rocket"
  | "eyes";

export interface Reaction {
  id: number;
  content: ReactionContent;
  user: GitHubUser | null;
}

/** Reactions on an issue comment, optionally only one kind (reactions fire no webhook: we poll). */
export async function listCommentReactions(
  gh: GitHubContext,
  commentId: number,
  content?: ReactionContent,
): Promise<Reaction[]> {
  return paginate<Reaction>(
    gh,
    "GET /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions",
    content === undefined ? { comment_id: commentId } : { comment_id: commentId, content },
  );
}

/** Idempotent on GitHub's side: reacting twice returns the existing reaction. */
export async function addCommentReaction(
  gh: GitHubContext,
  commentId: number,
  content: ReactionContent,
): Promise<void> {
  await gh.client.request("POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions", {
    ...repoParams(gh),
    comment_id: commentId,
    content,
  });
}

/** 👀 on a command comment (Atlantis-style acknowledgement). */
export function acknowledgeComment(gh: GitHubContext, commentId: number): Promise<void> {
  return addCommentReaction(gh, commentId, "eyes");
}
