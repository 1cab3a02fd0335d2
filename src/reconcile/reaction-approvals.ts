import {
  APPROVAL_COUNTED_KEPT,
  APPROVAL_DENIED_KEPT,
  type ApprovalReads,
  boundedLogins,
} from "../core/read-cursors.js";
import type { MachineState } from "../core/state.js";
import type { ReactionCursor, ReactionRead } from "../github/reaction-reads.js";

/**
 * The 👍 side of an intake (DESIGN §3.3, issue 16): where the read of the PRD comment's 👍 starts
 * and what the state remembers after it (core/read-cursors.ts). Pure: the intake reads and looks
 * permissions up, this says from where and keeps the books.
 */

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The state's reads when they are about its current PRD comment and revision, else null. */
export function currentReads(state: MachineState): ApprovalReads | null {
  const reads = state.approvalReads;
  const prd = state.prd;
  if (reads === undefined || prd === null || prd.commentId === null) return null;
  return reads.revision === prd.revision && reads.commentId === prd.commentId ? reads : null;
}

/** The 👍 approvals of the current revision. */
export function reactionApprovals(state: MachineState): MachineState["approvals"] {
  return state.approvals.filter(
    (a) => a.channel === "reaction" && a.revision === state.prd?.revision,
  );
}

/**
 * Where to read from: only 👍 newer than the last one taken in, with the counted ones checked by
 * id; everything when a counted approval's 👍 is not known by id (a state saved before these
 * reads, or a new revision). Null without a PRD comment.
 */
export function cursorFor(state: MachineState): ReactionCursor | null {
  const commentId = state.prd?.commentId ?? null;
  if (commentId === null) return null;
  const reads = currentReads(state);
  const nodes = reactionApprovals(state).map(
    (a) => reads?.counted.find((c) => same(c.login, a.login))?.node,
  );
  const full = reads === null || nodes.some((n) => n === undefined);
  return {
    commentId,
    commentNode: reads?.commentNode ?? null,
    since: full ? 0 : reads.reactionId,
    counted: nodes.filter((n): n is string => n !== undefined),
  };
}

/** Is this 👍 approval still given, by the read (`cursor` is what the read started from)? */
export function stillGiven(
  state: MachineState,
  read: ReactionRead,
  cursor: ReactionCursor,
  login: string,
  revision: string,
): boolean {
  if (read.revision === null || read.revision !== revision) return false;
  const node = currentReads(state)?.counted.find((c) => same(c.login, login))?.node;
  if (node !== undefined && cursor.counted.includes(node)) return !read.gone.includes(node);
  // Read from the start: given when it is among the 👍 read.
  return cursor.since === 0 && read.fresh.some((r) => same(r.login, login));
}

/** What this intake learned from one read, for `recordReads`. */
export interface ReadOutcome {
  read: ReactionRead;
  /** Reactors looked up and refused now. */
  denied: string[];
  /** The 👍 id up to which everything was taken in; null: none was (the cursor stays). */
  takenUpTo: number | null;
}

/** The state with its reads brought up to date after `outcome` (bounded lists). */
export function recordReads(state: MachineState, outcome: ReadOutcome): MachineState {
  const prd = state.prd;
  if (prd === null || prd.commentId === null || outcome.read.revision === null) return state;
  const previous = currentReads(state);
  const known = [
    ...(previous?.counted ?? []),
    ...outcome.read.fresh.map((r) => ({ login: r.login, node: r.node })),
  ];
  const counted = reactionApprovals(state).flatMap((a) => {
    const hit = [...known].reverse().find((c) => same(c.login, a.login));
    return hit === undefined || outcome.read.gone.includes(hit.node) ? [] : [hit];
  });
  const reads: ApprovalReads = {
    revision: prd.revision,
    commentId: prd.commentId,
    commentNode: outcome.read.commentNode,
    reactionId: Math.max(previous?.reactionId ?? 0, outcome.takenUpTo ?? 0),
    denied: boundedLogins(previous?.denied ?? [], outcome.denied, APPROVAL_DENIED_KEPT),
    counted: counted.slice(-APPROVAL_COUNTED_KEPT),
  };
  // Nothing learned but the comment's GraphQL id (no 👍 yet): not worth a save of its own, and a
  // redelivered event must change nothing.
  const material = ({
    reactionId,
    denied,
    counted: c,
  }: Pick<ApprovalReads, "reactionId" | "denied" | "counted">) =>
    JSON.stringify([reactionId, denied, c]);
  if (material(reads) === material(previous ?? { reactionId: 0, denied: [], counted: [] })) {
    return state;
  }
  return { ...state, approvalReads: reads };
}

/** Was this reactor looked up and refused for the current revision already? */
export function deniedBefore(state: MachineState, login: string): boolean {
  return (currentReads(state)?.denied ?? []).some((d) => same(d, login));
}
