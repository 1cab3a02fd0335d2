import { closestMatch } from "leven";

/**
 * The known word a mistyped one most likely meant, or null. At most two edits away, and one for
 * a word of three letters or fewer: "pln" is "plan", but "x" is no "fix".
 */
export function nearestWord(word: string, known: readonly string[]): string | null {
  const maxDistance = word.length <= 3 ? 1 : 2;
  return closestMatch(word.toLowerCase(), known, { maxDistance }) ?? null;
}

/**
 * "; did you mean plan?" when `word` is a typo of one of `known` (as `nearestWord` finds it), or
 * "". `written` shows the known word as the user would type it (an option's `--`).
 */
export function didYouMean(
  word: string,
  known: readonly string[],
  written: (near: string) => string = (near) => near,
): string {
  const near = nearestWord(word, known);
  return near === null ? "" : `; did you mean ${written(near)}?`;
}
