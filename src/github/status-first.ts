import { renderStatusComment, type StatusRenderOptions } from "../core/render/index.js";
import type { MachineState } from "../core/state.js";
import {
  answered,
  claimWithin,
  MAX_ORPHANS,
  noteOrphans,
  orphanWarning,
  stampState,
} from "./claim-write.js";
import { type GitHubContext, isBotUser } from "./client.js";
import { createComment, type IssueComment, redactDeep } from "./comments.js";
import { readIssue, rememberStatus } from "./issue-read.js";
import {
  awaitClaimHolder,
  CLAIM_WRITE_SHARE,
  claimTiming,
  errorMessage,
  firstClaimRef,
  isReleased,
  releaseClaim,
} from "./state-claim.js";
import { type SavedStatus, StateConflictError } from "./status-lookup.js";
import { createStatusPointer } from "./status-pointer.js";

/**
 * The first status comment of an issue (DESIGN §6.2): its claim is named after the newest human
 * comment, which racing writers all saw.
 */
export async function saveFirst(
  gh: GitHubContext,
  issue: number,
  state: MachineState,
  links: StatusRenderOptions | undefined,
): Promise<SavedStatus> {
  const timing = claimTiming(gh);
  const next = (claimed: boolean) =>
    redactDeep(gh, stampState({ ...state, revision: 1, claimed }, null, timing));
  // A state that cannot be written claims nothing.
  renderStatusComment(next(true), redactDeep(gh, links));
  const readAt = timing.now();
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
  let passed = 0;
  let ref = firstClaimRef(issue, latestHuman);
  let claimedAt = timing.now();
  let result = await claimWithin(gh, ref, readAt, timing);
  while (result === "taken") {
    const seen = await awaitClaimHolder(timing, appeared, () => isReleased(gh, ref));
    if (seen === "moved" || passed >= MAX_ORPHANS) {
      throw new StateConflictError(`${ref} is already claimed by another writer`);
    }
    if (seen === "orphaned") {
      gh.log.warn(orphanWarning(ref, 0, timing));
      skipped.push(ref);
    }
    passed += 1;
    ref = firstClaimRef(issue, latestHuman, passed);
    claimedAt = timing.now();
    result = await claimWithin(gh, ref, timing.now(), timing);
  }
  const claimed = result === "claimed";
  const first = next(claimed);
  const left = claimed ? claimedAt + timing.graceMs * CLAIM_WRITE_SHARE - timing.now() : 1;
  if (left <= 0) {
    if (claimed) await releaseClaim(gh, ref, "its write deadline passed before it was sent");
    throw new StateConflictError(`${ref} expired before its write; nothing saved`);
  }
  let comment: IssueComment;
  try {
    comment = await createComment(gh, issue, renderStatusComment(first, redactDeep(gh, links)), {
      redacted: true,
      ...(claimed ? { signal: AbortSignal.timeout(left) } : {}),
    });
  } catch (error) {
    // As for an edit: released when GitHub answered and no status comment came of it.
    if (claimed && answered(error) && !(await appeared().catch(() => true))) {
      await releaseClaim(gh, ref, errorMessage(error));
    }
    throw error;
  }
  const savedAt = timing.now();
  if (skipped.length > 0) await noteOrphans(gh, issue, skipped, timing);
  // The next run finds it in one query, however many comments follow (status-pointer.ts).
  rememberStatus(gh, issue, comment);
  await createStatusPointer(gh, issue, comment.id);
  return { comment, state: first, readAt: savedAt };
}
