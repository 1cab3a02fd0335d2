import { closestMatch } from "leven";

/**
 * The known word a mistyped one most likely meant, or null. At most two edits away, and one for
 * a word of three letters or fewer: "pln" is "plan", but "x" is no "fix".
 */
export function nearestWord(word: string, known: readonly string[]): string | null {
  const maxDistance = word.length <= 3 ? 1 : 2;
  return closestMatch(word.toLowerCase(), known, { maxDistance }) ?? null;
}
