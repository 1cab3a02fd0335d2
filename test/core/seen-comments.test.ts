import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  commentFloor,
  firstWatermark,
  isCommentSeen,
  markCommentsSeen,
  SEEN_COMMENTS_KEPT,
  type Watermark,
} from "../../src/core/seen-comments.js";

const empty: Watermark = { commentId: 0, reviewId: 0 };

describe("seen comment ids", () => {
  it("a state without the list reads its high mark as the floor (older states)", () => {
    const legacy: Watermark = { commentId: 500, reviewId: 0 };
    expect(commentFloor(legacy)).toBe(500);
    expect(isCommentSeen(legacy, 499)).toBe(true);
    expect(isCommentSeen(legacy, 501)).toBe(false);
    expect(markCommentsSeen(legacy, [])).toBe(legacy);
  });

  it("an id below the high mark but never read is not seen (a late-listed comment)", () => {
    const w = markCommentsSeen(empty, [110]);
    expect(w.commentId).toBe(110);
    expect(isCommentSeen(w, 110)).toBe(true);
    expect(isCommentSeen(w, 100)).toBe(false);
    expect(isCommentSeen(markCommentsSeen(w, [100]), 100)).toBe(true);
  });

  it("the list stays bounded; the oldest ids fold into the floor", () => {
    const ids = Array.from({ length: SEEN_COMMENTS_KEPT + 25 }, (_, i) => 1000 + i);
    const w = markCommentsSeen(empty, ids);
    expect(w.comments).toHaveLength(SEEN_COMMENTS_KEPT);
    expect(w.commentFloor).toBe(1024);
    for (const id of ids) expect(isCommentSeen(w, id)).toBe(true);
  });

  it("ids at or under the floor are already read: marking them changes nothing", () => {
    const w = markCommentsSeen({ commentId: 500, reviewId: 0 }, [510]);
    expect(markCommentsSeen(w, [500, 20])).toBe(w);
  });

  it("folding keeps numeric order, whatever order the ids come in", () => {
    // Read newest first, across a digit boundary (999 → 1000), with one of the newest not listed
    // yet: 25 ids fold into the floor, whatever SEEN_COMMENTS_KEPT is.
    const count = SEEN_COMMENTS_KEPT + 26;
    const late = 950 + count - 11;
    const ids = Array.from({ length: count }, (_, i) => 950 + i).filter((id) => id !== late);
    expect(ids.some((id) => id < 1000) && ids.some((id) => id >= 1000)).toBe(true);
    const w = markCommentsSeen(empty, ids.reverse());
    expect(w.commentFloor).toBe(974);
    expect(isCommentSeen(w, late)).toBe(false);
    expect(isCommentSeen(markCommentsSeen(w, [late]), late)).toBe(true);
  });

  it("first engagement: what was said before Ralph's first read is history", () => {
    expect(commentFloor(firstWatermark(empty, 120, 130))).toBe(119);
    expect(commentFloor(firstWatermark(empty, null, 130))).toBe(130);
  });

  it("property: in any listing order, every comment is read exactly once", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
        (ids, cuts) => {
          // Comments become visible in batches, in an order unrelated to their ids.
          let w = empty;
          const reads = new Map<number, number>();
          let start = 0;
          const batches = [...cuts.map((c) => (c % 10) + 1), ids.length];
          for (const size of batches) {
            start = Math.min(ids.length, start + size);
            const fresh = ids.slice(0, start).filter((id) => !isCommentSeen(w, id));
            for (const id of fresh) reads.set(id, (reads.get(id) ?? 0) + 1);
            w = markCommentsSeen(w, fresh);
          }
          for (const id of ids) expect(reads.get(id)).toBe(1);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
