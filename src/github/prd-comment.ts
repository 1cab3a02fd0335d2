import { findPrdRevision } from "../core/render/index.js";
import type { MachineState } from "../core/state.js";
import type { GitHubContext } from "./client.js";
import { isNotFound } from "./client.js";
import {
  editComment,
  getComment,
  type IssueComment,
  isOwnComment,
  postComment,
} from "./comments.js";
import { listCommentReactions } from "./reactions.js";

/**
 * Posts the PRD comment, or edits it when the state's PRD comment already shows this revision.
 * A new revision always gets a NEW comment: 👍 reactions stay on the comment they were given on,
 * so reusing the old comment would carry approvals over to an unapproved revision.
 * Returns the id of the comment holding the revision marker (the first part).
 */
export async function upsertPrdComment(
  gh: GitHubContext,
  issue: number,
  body: string,
  revision: string,
  existingId: number | null,
  known?: IssueComment[],
): Promise<number> {
  if (existingId !== null) {
    try {
      const existing = await getComment(gh, existingId);
      if (isOwnComment(gh, existing) && findPrdRevision(existing.body) === revision) {
        await editComment(gh, issue, existingId, body, known === undefined ? {} : { known });
        return existingId;
      }
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  const posted = await postComment(gh, issue, body, known === undefined ? {} : { known });
  const first = posted[0];
  if (first === undefined) throw new Error("posting the PRD comment returned nothing");
  return first.id;
}

export interface ReactionApproval {
  login: string;
  revision: string;
}

/**
 * 👍 reactions on the state's PRD comment (DESIGN §3.3). The comment must be authored by Ralph
 * and carry a revision marker; anything else yields nothing. Bots never count. Each approval is
 * bound to the revision written in the comment, so 👍s on an older PRD comment stay with that
 * older revision.
 */
export async function readReactionApprovals(
  gh: GitHubContext,
  state: MachineState,
): Promise<ReactionApproval[]> {
  const commentId = state.prd?.commentId ?? null;
  if (commentId === null) return [];
  let comment: IssueComment;
  try {
    comment = await getComment(gh, commentId);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
  if (!isOwnComment(gh, comment)) return [];
  const revision = findPrdRevision(comment.body);
  if (revision === null) return [];
  const reactions = await listCommentReactions(gh, commentId, "+1");
  const seen = new Set<string>();
  const out: ReactionApproval[] = [];
  for (const reaction of reactions) {
    const user = reaction.user;
    if (!user || user.type === "Bot" || user.login.endsWith("[bot]")) continue;
    if (seen.has(user.login)) continue;
    seen.add(user.login);
    out.push({ login: user.login, revision });
  }
  return out;
}
