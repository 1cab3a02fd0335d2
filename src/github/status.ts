import { renderStatusComment, type StatusRenderOptions } from "../core/render/index.js";
import type { MachineState } from "../core/state.js";
import { decodeStateBlock } from "../core/state-codec.js";
import { type GitHubContext, isBotUser } from "./client.js";
import {
  createComment,
  getComment,
  type IssueComment,
  redactDeep,
  updateComment,
} from "./comments.js";
import { readIssue, rememberStatus } from "./issue-read.js";
import {
  awaitClaimHolder,
  CLAIM_WRITE_SHARE,
  type ClaimTiming,
  claim,
  claimRef,
  claimTiming,
  errorMessage,
  firstClaimRef,
} from "./state-claim.js";

import type { StatusLookup } from "./status-lookup.js";
import { createStatusPointer } from "./status-pointer.js";

export { findStatus, type StatusLookup } from "./status-lookup.js";

/** The status comment of an issue, found without reading its history (issue-read.ts). */
export async function loadStatus(gh: GitHubContext, issue: number): Promise<StatusLookup> {
  return (await readIssue(gh, issue, { statusOnly: true })).status;
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
}

/** Claims that may be moved past in one save (each costs a grace of waiting). */
const MAX_ORPHANS = 3;

/**
 * Saves `state` as the status comment with the next revision. The claim of that revision
 * (state-claim.ts) is the compare-and-set: of any writers that read the same revision only one
 * gets it, and a writer that read an older one finds its claim taken; either way the loser gets
 * StateConflictError with nothing written and reloads. The comment is re-read before the write
 * only when the claim cannot stand for it: claims unavailable, or a state read from before claims
 * were kept. A claim whose holder never saved (it was killed in between) is moved past after a
 * grace, and the issue is told.
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
  if (previous.kind === "ok") return saveOver(gh, issue, previous, state, links);
  return saveFirst(gh, issue, state, links);
}

type OkLookup = Extract<StatusLookup, { kind: "ok" }>;

async function readRevision(gh: GitHubContext, comment: number): Promise<number> {
  const current = await getComment(gh, comment);
  try {
    return decodeStateBlock(current.body).revision;
  } catch (error) {
    throw new StateConflictError(`status comment changed under us: ${String(error)}`);
  }
}

async function saveOver(
  gh: GitHubContext,
  issue: number,
  previous: OkLookup,
  state: MachineState,
  links: StatusRenderOptions | undefined,
): Promise<SavedStatus> {
  const timing = claimTiming(gh);
  const read = previous.state.revision;
  const moved = async () => (await readRevision(gh, previous.comment.id)) !== read;
  const skipped: string[] = [];
  let revision = read + 1;
  let ref = claimRef(issue, previous.comment.id, revision);
  let claimedAt = timing.now();
  let result = await claim(gh, ref);
  while (result === "taken") {
    // Someone holds the revision: normally it saved it (or is about to), and the state moved.
    if ((await awaitClaimHolder(timing, moved)) === "moved" || skipped.length >= MAX_ORPHANS) {
      throw new StateConflictError(`${ref} is already claimed by another writer`);
    }
    gh.log.warn(orphanWarning(ref, read, timing));
    skipped.push(ref);
    revision += 1;
    ref = claimRef(issue, previous.comment.id, revision);
    claimedAt = timing.now();
    result = await claim(gh, ref);
  }
  if (result === "unavailable" && previous.state.claimed === true) {
    throw new ClaimsUnavailableError(
      `the state of issue #${issue} is saved under claims (${ref}), but this token cannot create one; nothing saved`,
    );
  }
  if (result === "unavailable" || previous.state.claimed !== true) {
    // Without a claim, or with claims not yet kept when the state was read: re-read the comment.
    const current = await readRevision(gh, previous.comment.id);
    if (current !== read) {
      throw new StateConflictError(`state revision moved from ${read} to ${current}`);
    }
  }
  const claimed = result === "claimed";
  const next = redactDeep(gh, stampPhase({ ...state, revision, claimed }, previous.state));
  const body = renderStatusComment(next, redactDeep(gh, links));
  const left = claimed ? claimedAt + timing.graceMs * CLAIM_WRITE_SHARE - timing.now() : 1;
  if (left <= 0) {
    // A writer that found this claim taken may be about to move past it: write nothing.
    throw new StateConflictError(`${ref} expired before its write; nothing saved`);
  }
  // Not sent at all past the deadline, also between retries. A claim is never deleted, even
  // when its write failed: a writer that moved past it meanwhile would leave a hole below its
  // revision that a stale writer could claim. The next writer waits out the grace instead.
  const comment = await updateComment(gh, previous.comment.id, body, {
    redacted: true,
    ...(claimed ? { signal: AbortSignal.timeout(left) } : {}),
  });
  if (skipped.length > 0) await noteOrphans(gh, issue, skipped, timing);
  return { comment, state: next };
}

/** The state with the time its phase began: now when this save changes the phase. */
function stampPhase(state: MachineState, previous: MachineState | null): MachineState {
  if (previous === null || previous.phase !== state.phase) {
    return { ...state, phaseSince: new Date().toISOString() };
  }
  return state.phaseSince !== null ? state : { ...state, phaseSince: previous.phaseSince };
}

function orphanWarning(ref: string, read: number, timing: ClaimTiming): string {
  return `${ref} was claimed but not saved for ${Math.round(timing.graceMs / 1000)} s (the state stays at revision ${read}): its writer stopped between claiming and saving; moving past it`;
}

/** Best effort: the skipped revision is in the log too. */
async function noteOrphans(
  gh: GitHubContext,
  issue: number,
  skipped: readonly string[],
  timing: ClaimTiming,
): Promise<void> {
  const refs = skipped.map((r) => `\`${r}\``).join(", ");
  const body = `Ralph moved past an unfinished save of this issue's state: ${refs} was claimed by a writer that never saved it within ${Math.round(timing.graceMs / 1000)} s (a run stopped between claiming and saving). Nothing saved before is lost; whatever that writer was about to save was not saved, and Ralph continued from the last saved state.`;
  try {
    await createComment(gh, issue, body);
  } catch (error) {
    gh.log.warn(`could not note the skipped state claim on #${issue}: ${errorMessage(error)}`);
  }
}

async function saveFirst(
  gh: GitHubContext,
  issue: number,
  state: MachineState,
  links: StatusRenderOptions | undefined,
): Promise<SavedStatus> {
  const timing = claimTiming(gh);
  const read = await readIssue(gh, issue, { statusOnly: true });
  if (read.status.kind !== "none") {
    throw new StateConflictError("a status comment appeared meanwhile");
  }
  // The first status comment: its claim is named after the newest human comment (what both racing
  // writers saw), so a status comment a human deleted to start over starts a fresh series.
  const listed = read.known.list;
  const latestHuman = Math.max(0, ...listed.filter((c) => !isBotUser(c.user)).map((c) => c.id));
  const appeared = async () =>
    (await readIssue(gh, issue, { statusOnly: true })).status.kind !== "none";
  const skipped: string[] = [];
  let ref = firstClaimRef(issue, latestHuman);
  let claimedAt = timing.now();
  let result = await claim(gh, ref);
  while (result === "taken") {
    if ((await awaitClaimHolder(timing, appeared)) === "moved" || skipped.length >= MAX_ORPHANS) {
      throw new StateConflictError(`${ref} is already claimed by another writer`);
    }
    gh.log.warn(orphanWarning(ref, 0, timing));
    skipped.push(ref);
    ref = firstClaimRef(issue, latestHuman, skipped.length);
    claimedAt = timing.now();
    result = await claim(gh, ref);
  }
  const claimed = result === "claimed";
  const next = redactDeep(gh, stampPhase({ ...state, revision: 1, claimed }, null));
  const left = claimed ? claimedAt + timing.graceMs * CLAIM_WRITE_SHARE - timing.now() : 1;
  if (left <= 0) throw new StateConflictError(`${ref} expired before its write; nothing saved`);
  // As for an edit, the claim stays even if the write fails.
  const comment = await createComment(gh, issue, renderStatusComment(next, redactDeep(gh, links)), {
    redacted: true,
    ...(claimed ? { signal: AbortSignal.timeout(left) } : {}),
  });
  if (skipped.length > 0) await noteOrphans(gh, issue, skipped, timing);
  // The next run finds it in one query, however many comments follow (status-pointer.ts).
  rememberStatus(gh, issue, comment);
  await createStatusPointer(gh, issue, comment.id);
  return { comment, state: next };
}
