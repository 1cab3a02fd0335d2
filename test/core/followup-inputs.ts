/**
 * What a follow-up request is made of (core/followup.ts), for its tests and its budget's: review
 * threads, red checks and numbered names.
 */
import type { ReviewThread } from "../../src/core/followup.js";

/** `count` names: `<prefix>0`, `<prefix>1`, … */
export const numbered = (prefix: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`);

export function reviewThread(id: number, over: Partial<ReviewThread> = {}): ReviewThread {
  return { id, path: "src/a.ts", line: 1, author: "al", text: "t", url: null, ...over };
}

/** A red check as a request carries it. */
export const checkFailure = (check: string, url: string | null = null) => ({
  check,
  conclusion: "failure",
  logTail: "1 failing",
  url,
});
