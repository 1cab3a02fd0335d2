/**
 * The regression gate in batches (DESIGN §4.4): before done every story is re-verified on the
 * final tree, a bounded batch of stories per verifier run, so that no prompt grows with the PRD
 * (200 stories of 4 criteria made one prompt of about 180,000 characters, under one timeout).
 */

/** Stories one verifier run re-checks at most. */
export const REGRESSION_BATCH_STORIES = 25;
/** Characters of story text (ids, titles, criteria, notes) one verifier run gets at most. */
export const REGRESSION_BATCH_CHARS = 30_000;

/**
 * `stories` in order, cut into as few batches as the limits allow, of near-equal sizes (so that
 * no batch is a lone story while others are full); `size` measures a story's text. A story
 * larger than REGRESSION_BATCH_CHARS on its own gets a batch of its own.
 */
export function regressionBatches<T>(stories: readonly T[], size: (story: T) => number): T[][] {
  if (stories.length === 0) return [];
  const sizes = stories.map(size);
  const total = sizes.reduce((a, b) => a + b, 0);
  const count = Math.max(
    Math.ceil(stories.length / REGRESSION_BATCH_STORIES),
    Math.ceil(total / REGRESSION_BATCH_CHARS),
  );
  const perBatch = Math.ceil(stories.length / count);
  const batches: T[][] = [];
  let current: T[] = [];
  let chars = 0;
  stories.forEach((story, i) => {
    const full = current.length >= perBatch || chars + sizes[i]! > REGRESSION_BATCH_CHARS;
    if (current.length > 0 && full) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(story);
    chars += sizes[i]!;
  });
  batches.push(current);
  return batches;
}
