import { renderStatusComment, type StatusRenderOptions } from "../core/render/index.js";
import type { MachineState } from "../core/state.js";
import { decodeStateBlock, isStatusComment } from "../core/state-codec.js";
import type { GitHubContext } from "./client.js";
import {
  createComment,
  getComment,
  type IssueComment,
  isOwnComment,
  listIssueComments,
  redactDeep,
  updateComment,
} from "./comments.js";

/**
 * Where the state of one issue stands (DESIGN §6.1). Only a comment authored by Ralph's own login
 * and carrying the status marker is trusted; status-looking comments by anyone else are listed in
 * `foreign` so the caller can report them, and are never read.
 */
export type StatusLookup =
  | { kind: "none"; foreign: IssueComment[] }
  | { kind: "ok"; comment: IssueComment; state: MachineState; foreign: IssueComment[] }
  | { kind: "broken"; comment: IssueComment; error: string; foreign: IssueComment[] };

export function findStatus(gh: GitHubContext, comments: readonly IssueComment[]): StatusLookup {
  const marked = comments.filter((c) => isStatusComment(c.body));
  const foreign = marked.filter((c) => !isOwnComment(gh, c));
  // The oldest one wins: a racing second writer's comment is never authoritative.
  const own = marked.filter((c) => isOwnComment(gh, c)).sort((a, b) => a.id - b.id)[0];
  if (own === undefined) return { kind: "none", foreign };
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

export async function loadStatus(gh: GitHubContext, issue: number): Promise<StatusLookup> {
  return findStatus(gh, await listIssueComments(gh, issue));
}

/** Another writer saved the state since we read it (revision counter moved, DESIGN §6.2). */
export class StateConflictError extends Error {
  override readonly name = "StateConflictError";
}

export interface SavedStatus {
  comment: IssueComment;
  state: MachineState;
}

/**
 * Saves `state` as the status comment with revision = read revision + 1, after re-checking that
 * nobody saved in between: the comment is re-read (or, when creating, the issue re-listed) and a
 * moved revision or a newly appeared status comment throws StateConflictError.
 */
export async function saveStatus(
  gh: GitHubContext,
  issue: number,
  previous: StatusLookup,
  state: MachineState,
  links?: StatusRenderOptions,
): Promise<SavedStatus> {
  if (previous.kind === "broken") {
    throw new StateConflictError("the status comment's state block is broken; refusing to save");
  }
  if (previous.kind === "ok") {
    const current = await getComment(gh, previous.comment.id);
    let currentRevision: number;
    try {
      currentRevision = decodeStateBlock(current.body).revision;
    } catch (error) {
      throw new StateConflictError(`status comment changed under us: ${String(error)}`);
    }
    if (currentRevision !== previous.state.revision) {
      throw new StateConflictError(
        `state revision moved from ${previous.state.revision} to ${currentRevision}`,
      );
    }
    const next = redactDeep(gh, { ...state, revision: previous.state.revision + 1 });
    const comment = await updateComment(
      gh,
      previous.comment.id,
      renderStatusComment(next, redactDeep(gh, links)),
      { redacted: true },
    );
    return { comment, state: next };
  }
  const now = findStatus(gh, await listIssueComments(gh, issue));
  if (now.kind !== "none") throw new StateConflictError("a status comment appeared meanwhile");
  const next = redactDeep(gh, { ...state, revision: 1 });
  const comment = await createComment(gh, issue, renderStatusComment(next, redactDeep(gh, links)), {
    redacted: true,
  });
  return { comment, state: next };
}
