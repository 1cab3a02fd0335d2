import { findPrdRevision } from "../core/render/index.js";
import type { GitHubContext } from "./client.js";
import { isNotFound } from "./client.js";
import {
  editComment,
  getComment,
  isOwnComment,
  type KnownComments,
  postComment,
} from "./comments.js";

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
  known?: KnownComments,
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
