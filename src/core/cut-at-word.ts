import { truncate } from "./sanitize.js";

/**
 * One line of text cut to at most `max` characters between two words, `…` marking the cut (a
 * heading, a title). Only a first word longer than half of `max` is cut inside, as truncate does.
 */
export function cutAtWord(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  // The last space whose words before it (trailing punctuation dropped) fit with the `…`.
  for (let from = max; ; ) {
    const space = line.lastIndexOf(" ", from);
    if (space < max / 2) return truncate(line, max);
    const head = line.slice(0, space).replace(/[\s,;:.–—-]+$/, "");
    if (head.length < max) return `${head}…`;
    from = space - 1;
  }
}
