import { describe, expect, it } from "vitest";
import {
  REGRESSION_BATCH_CHARS,
  REGRESSION_BATCH_STORIES,
  regressionBatches,
} from "../../src/core/regression-batches.js";

/** Stories named by their index, each with its text size; the batches as lists of indexes. */
function batchesOf(sizes: readonly number[]): number[][] {
  const stories = sizes.map((size, index) => ({ index, size }));
  return regressionBatches(stories, (s) => s.size).map((b) => b.map((s) => s.index));
}
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const small = (count: number) => Array.from({ length: count }, () => 100);

describe("regressionBatches: the regression gate's stories per verifier run (DESIGN §4.4)", () => {
  it("has the limits the design names: 25 stories, 30,000 characters", () => {
    expect([REGRESSION_BATCH_STORIES, REGRESSION_BATCH_CHARS]).toEqual([25, 30_000]);
  });

  it.each([
    ["no stories make no batch", [], []],
    ["a few small stories make one batch", small(3), [[0, 1, 2]]],
    ["25 small stories still make one batch", small(25), [range(0, 25)]],
    // Near-equal sizes: 26 make 13 + 13, not 25 + a lone story.
    ["26 small stories make two halves", small(26), [range(0, 13), range(13, 26)]],
    ["30 small stories make 15 + 15", small(30), [range(0, 15), range(15, 30)]],
    ["51 small stories make three of 17", small(51), [range(0, 17), range(17, 34), range(34, 51)]],
    // The character limit sets the count: 40,000 characters need two runs.
    [
      "four stories of 10,000 characters make 2 + 2",
      [1e4, 1e4, 1e4, 1e4],
      [
        [0, 1],
        [2, 3],
      ],
    ],
    ["exactly 30,000 characters fit one run", [15_000, 15_000], [[0, 1]]],
    ["no two stories of 20,000 characters share a run", [2e4, 2e4, 2e4], [[0], [1], [2]]],
    ["a story past the limit gets a run of its own", [100, 40_000, 100], [[0], [1], [2]]],
    ["even when it comes first", [40_000, 100], [[0], [1]]],
  ])("%s", (_name, sizes, expected) => {
    expect(batchesOf(sizes)).toEqual(expected);
  });

  it("200 stories make 8 runs of 25, in order", () => {
    const batches = batchesOf(small(200));
    expect(batches.map((b) => b.length)).toEqual(Array(8).fill(25));
    expect(batches.flat()).toEqual(range(0, 200));
  });
});
