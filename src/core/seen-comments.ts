import type { MachineState } from "./state.js";

/**
 * Which comments Ralph has already taken in (DESIGN §6.1). A plain high-water mark skips a comment
 * that GitHub lists late: created (lower id) before the mark moved past it, visible only after.
 * So the state keeps a floor (every id at or below it is read) plus the ids read above it; a
 * late-listed comment lies above the floor and is not in the list, so it is read exactly once.
 * The list is bounded: the oldest ids fold into the floor.
 */
export type Watermark = MachineState["watermark"];

/**
 * Ids kept above the floor; a comment listed later than this many newer ones were read would be
 * missed. Half a page of GitHub's 100: a read goes back to the floor (github/issue-read.ts), so
 * what it has read and up to half a page of new comments fit in one page (issue 16). States saved
 * with up to 100 (the schema's bound) fold to this at their next save.
 */
export const SEEN_COMMENTS_KEPT = 50;

/** States written before the list existed carry only the high mark, which was then the floor. */
export function commentFloor(w: Watermark): number {
  return w.commentFloor ?? w.commentId;
}

export function isCommentSeen(w: Watermark, id: number): boolean {
  return id <= commentFloor(w) || (w.comments ?? []).includes(id);
}

/** `w` with `ids` read; `commentId` stays the highest id read. */
export function markCommentsSeen(w: Watermark, ids: Iterable<number>): Watermark {
  let floor = commentFloor(w);
  const fresh = [...ids].filter((id) => id > floor);
  if (fresh.length === 0) return w;
  let kept = [...new Set([...(w.comments ?? []), ...fresh])].sort((a, b) => a - b);
  if (kept.length > SEEN_COMMENTS_KEPT) {
    floor = Math.max(floor, kept[kept.length - SEEN_COMMENTS_KEPT - 1] ?? floor);
    kept = kept.slice(kept.length - SEEN_COMMENTS_KEPT);
  }
  return {
    ...w,
    commentId: Math.max(w.commentId, ...fresh),
    commentFloor: floor,
    comments: kept,
  };
}

/**
 * `w` with everything at or below `floor` read: a read that stopped at its bound (issue 16) reads
 * nothing older again.
 */
export function raiseCommentFloor(w: Watermark, floor: number): Watermark {
  if (floor <= commentFloor(w)) return w;
  return {
    ...w,
    commentId: Math.max(w.commentId, floor),
    commentFloor: floor,
    comments: (w.comments ?? []).filter((id) => id > floor),
  };
}

/**
 * Where Ralph starts reading on an issue it never engaged with: everything listed before the
 * first comment it reads is history (the old mark's behaviour), so the floor sits just below it.
 */
export function firstWatermark(
  w: Watermark,
  firstRead: number | null,
  newestListed: number,
): Watermark {
  const floor = firstRead === null ? newestListed : Math.max(0, firstRead - 1);
  return { ...w, commentFloor: Math.max(commentFloor(w), floor), comments: [] };
}
