import { renderStatusComment, type StatusRenderOptions } from "../core/render/index.js";
import type { MachineState } from "../core/state.js";
import { decodeStateBlock } from "../core/state-codec.js";
import { cleanClaims } from "./claim-cleanup.js";
import {
  claimWithin,
  MAX_ORPHANS,
  noteOrphans,
  orphanWarning,
  rested,
  settleFailedWrite,
  stampState,
} from "./claim-write.js";
import type { GitHubContext } from "./client.js";
import { getComment, type IssueComment, redactDeep, updateComment } from "./comments.js";
import { readIssue } from "./issue-read.js";
import {
  awaitClaimHolder,
  CLAIM_WRITE_SHARE,
  claimRef,
  claimTiming,
  errorMessage,
  isReleased,
  releaseClaim,
} from "./state-claim.js";
import { saveFirst } from "./status-first.js";
import {
  ClaimsUnavailableError,
  type SavedStatus,
  StateConflictError,
  type StatusLookup,
} from "./status-lookup.js";

export {
  ClaimsUnavailableError,
  findStatus,
  type SavedStatus,
  StateConflictError,
  type StatusLookup,
  savedLookup,
} from "./status-lookup.js";

/** The status comment of an issue, found without reading its history (issue-read.ts). */
export async function loadStatus(gh: GitHubContext, issue: number): Promise<StatusLookup> {
  return (await readIssue(gh, issue, { statusOnly: true })).status;
}

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

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the claim protocol in the order it must run (DESIGN §6.2, docs/security.md).
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
  const render = (revision: number, claimed: boolean) => {
    const next = redactDeep(
      gh,
      stampState({ ...state, revision, claimed }, previous.state, timing),
    );
    return { next, body: renderStatusComment(next, redactDeep(gh, links)) };
  };
  // A state that cannot be written claims nothing (it throws here, before any claim).
  render(read + 1, true);
  let readAt = previous.readAt ?? timing.now();
  if (timing.now() - readAt > timing.holdMs) {
    // Too long since this writer saw the comment at `read`: see it again before claiming.
    if (await moved()) throw new StateConflictError(`state revision moved past ${read}`);
    readAt = timing.now();
  }
  const skipped: string[] = [];
  let revision = read + 1;
  let ref = claimRef(issue, previous.comment.id, revision);
  let claimedAt = timing.now();
  let result = await claimWithin(gh, ref, readAt, timing);
  while (result === "taken") {
    // Someone holds the revision: normally it saved it (or is about to), and the state moved.
    const seen = await awaitClaimHolder(timing, moved, () => isReleased(gh, ref));
    if (seen === "moved" || skipped.length >= MAX_ORPHANS) {
      throw new StateConflictError(`${ref} is already claimed by another writer`);
    }
    if (seen === "orphaned") gh.log.warn(orphanWarning(ref, read, timing));
    else gh.log.info(`${ref} was released by its writer (its save failed); moving past it`);
    if (seen === "orphaned") skipped.push(ref);
    readAt = timing.now();
    revision += 1;
    ref = claimRef(issue, previous.comment.id, revision);
    claimedAt = timing.now();
    result = await claimWithin(gh, ref, readAt, timing);
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
  const held = claimed ? ref : null;
  let written: ReturnType<typeof render>;
  try {
    written = render(revision, claimed);
  } catch (error) {
    if (held !== null) await releaseClaim(gh, held, errorMessage(error));
    throw error;
  }
  const left = claimed ? claimedAt + timing.graceMs * CLAIM_WRITE_SHARE - timing.now() : 1;
  if (left <= 0) {
    // A writer that found this claim taken may be about to move past it: write nothing.
    if (held !== null) await releaseClaim(gh, held, "its write deadline passed before it was sent");
    throw new StateConflictError(`${ref} expired before its write; nothing saved`);
  }
  // Not sent at all past the deadline, also between retries. A claim is never deleted, even
  // when its write failed: a writer that moved past it meanwhile would leave a hole below its
  // revision that a stale writer could claim. When the failure shows the comment unwritten, the
  // claim is released instead, so the next writer need not wait out the grace.
  let comment: IssueComment;
  try {
    comment = await updateComment(gh, previous.comment.id, written.body, {
      redacted: true,
      ...(claimed ? { signal: AbortSignal.timeout(left) } : {}),
    });
  } catch (error) {
    const applied =
      held === null
        ? null
        : await settleFailedWrite(
            gh,
            held,
            error,
            () => readRevision(gh, previous.comment.id),
            read,
            revision,
          );
    if (applied === null) throw error;
    comment = await getComment(gh, previous.comment.id);
  }
  const readAtSave = timing.now();
  if (skipped.length > 0) await noteOrphans(gh, issue, skipped, timing);
  if (claimed && rested(previous.state, timing)) {
    await cleanClaims(gh, issue, { comment: previous.comment.id, above: read });
  }
  return { comment, state: written.next, readAt: readAtSave };
}
