import type { MachineState } from "../core/state.js";
import { type GitHubContext, httpStatus } from "./client.js";
import { createComment } from "./comments.js";
import {
  ClaimHoldExpiredError,
  type ClaimResult,
  type ClaimTiming,
  claim,
  claimsSettleMs,
  errorMessage,
  releaseClaim,
} from "./state-claim.js";
import { StateConflictError } from "./status-lookup.js";

/**
 * The steps of a claimed save that the first status comment and every later save share
 * (status.ts, status-first.ts): claiming within the hold, settling a failed write, stamping the
 * state, telling the issue about orphaned claims.
 */

/** Claims that may be moved past in one save (each costs a grace of waiting). */
export const MAX_ORPHANS = 3;

/** The claim of `ref`, sent only within the hold of the read at `readAt`. */
export async function claimWithin(
  gh: GitHubContext,
  ref: string,
  readAt: number,
  timing: ClaimTiming,
): Promise<ClaimResult> {
  try {
    return await claim(gh, ref, readAt + timing.holdMs, timing.now);
  } catch (error) {
    if (error instanceof ClaimHoldExpiredError) throw new StateConflictError(error.message);
    throw error;
  }
}

/**
 * After a claimed write failed: whether it was written after all (the comment stands at the
 * claimed revision: true), or certainly not (GitHub answered and the comment stands at the read
 * revision: the claim is released, false), or nobody can know (no answer: null, the claim stays
 * for the grace). Never throws.
 */
export async function settleFailedWrite(
  gh: GitHubContext,
  ref: string,
  error: unknown,
  current: () => Promise<number>,
  read: number,
  claimedRevision: number,
): Promise<true | null> {
  if (!answered(error)) return null;
  let now: number;
  try {
    now = await current();
  } catch {
    return null;
  }
  if (now === claimedRevision) return true;
  if (now === read) await releaseClaim(gh, ref, errorMessage(error));
  return null;
}

/**
 * GitHub answered the request (an HTTP error with its response): it is over and will not apply
 * later. Octokit also reports a dropped connection or an aborted request as status 500, but
 * without a response: nobody knows then whether GitHub applied it.
 */
export function answered(error: unknown): boolean {
  return httpStatus(error) !== null && (error as { response?: unknown }).response !== undefined;
}

/** The previous save is old enough that every claim up to it can no longer matter. */
export function rested(previous: MachineState, timing: ClaimTiming): boolean {
  const at = previous.savedAt === null ? Number.NaN : Date.parse(previous.savedAt);
  return Number.isFinite(at) && timing.now() - at >= claimsSettleMs(timing);
}

/**
 * The state with the time of this save, and the time its phase began: now when this save changes
 * the phase.
 */
export function stampState(
  state: MachineState,
  previous: MachineState | null,
  timing: ClaimTiming,
): MachineState {
  const now = new Date(timing.now()).toISOString();
  if (previous === null || previous.phase !== state.phase) {
    return { ...state, savedAt: now, phaseSince: now };
  }
  const phaseSince = state.phaseSince ?? previous.phaseSince;
  return { ...state, savedAt: now, phaseSince };
}

export function orphanWarning(ref: string, read: number, timing: ClaimTiming): string {
  return `${ref} was claimed but not saved for ${Math.round(timing.graceMs / 1000)} s (the state stays at revision ${read}): its writer stopped between claiming and saving; moving past it`;
}

/** Best effort: the skipped revision is in the log too. */
export async function noteOrphans(
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
