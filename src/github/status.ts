import { renderStatusComment, type StatusRenderOptions } from "../core/render/index.js";
import type { MachineState } from "../core/state.js";
import { decodeStateBlock, isStatusComment } from "../core/state-codec.js";
import { type GitHubContext, isBotUser } from "./client.js";
import {
  createComment,
  getComment,
  type IssueComment,
  isOwnComment,
  listIssueComments,
  redactDeep,
  updateComment,
} from "./comments.js";
import {
  CLAIMS_KEPT,
  ClaimTakenError,
  claim,
  claimRef,
  firstClaimRef,
  releaseClaim,
} from "./state-claim.js";

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
 * Saves `state` as the status comment with revision = read revision + 1. Two guards: the comment is
 * re-read (or, when creating, the issue re-listed) and a moved revision or a newly appeared status
 * comment throws StateConflictError; then revision + 1 is claimed atomically on GitHub
 * (state-claim.ts), so of two writers that passed the re-check at the same moment only one saves —
 * the other gets StateConflictError too, with nothing written.
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
    const revision = previous.state.revision + 1;
    const ref = claimRef(issue, previous.comment.id, revision);
    const claimed = await claimOrConflict(gh, ref);
    const next = redactDeep(gh, { ...state, revision });
    let comment: IssueComment;
    try {
      comment = await updateComment(
        gh,
        previous.comment.id,
        renderStatusComment(next, redactDeep(gh, links)),
        { redacted: true },
      );
    } catch (error) {
      // Nothing was saved: free the revision for the next writer (or this one's retry).
      if (claimed) await releaseClaim(gh, ref);
      throw error;
    }
    if (claimed && revision > CLAIMS_KEPT) {
      await releaseClaim(gh, claimRef(issue, previous.comment.id, revision - CLAIMS_KEPT));
    }
    return { comment, state: next };
  }
  const listed = await listIssueComments(gh, issue);
  const now = findStatus(gh, listed);
  if (now.kind !== "none") throw new StateConflictError("a status comment appeared meanwhile");
  // The first status comment: its claim is named after the newest human comment (what both racing
  // writers saw), so a status comment a human deleted to start over starts a fresh series.
  const latestHuman = Math.max(0, ...listed.filter((c) => !isBotUser(c.user)).map((c) => c.id));
  const ref = firstClaimRef(issue, latestHuman);
  const claimed = await claimOrConflict(gh, ref);
  const next = redactDeep(gh, { ...state, revision: 1 });
  try {
    const comment = await createComment(
      gh,
      issue,
      renderStatusComment(next, redactDeep(gh, links)),
      { redacted: true },
    );
    return { comment, state: next };
  } catch (error) {
    if (claimed) await releaseClaim(gh, ref);
    throw error;
  }
}

async function claimOrConflict(gh: GitHubContext, ref: string): Promise<boolean> {
  try {
    return (await claim(gh, ref)) === "claimed";
  } catch (error) {
    if (error instanceof ClaimTakenError) throw new StateConflictError(error.message);
    throw error;
  }
}
