import { counted } from "./counted.js";
import type { Prd } from "./prd.js";

/** Seed 003 auto iteration caps ("one unit per iteration"), shown to the user before running. */

export type CapArg = "auto" | number;

export interface AutoCap {
  count: number;
  /** How the count was computed, in words, for the prompt. */
  how: string;
}

export class CapArgError extends Error {
  override name = "CapArgError";
  constructor(readonly value: string) {
    super(`expected "auto" or a positive integer, got "${value}"`);
  }
}

/** Run cap (auto): one iteration per story with `passes: false`; 0 means "all passing, skip". */
export function autoRunCap(prd: Prd): AutoCap {
  const total = prd.userStories.length;
  const count = prd.userStories.filter((s) => !s.passes).length;
  const stories = counted(total, "story", "stories");
  return { count, how: `${count} of ${stories} ${count === 1 ? "has" : "have"} passes=false` };
}

export function resolveCap(arg: CapArg, auto: AutoCap): { value: number; explanation: string } {
  if (arg === "auto") return { value: auto.count, explanation: `auto: ${auto.how}` };
  return { value: arg, explanation: `set explicitly to ${arg}` };
}

/** `--max-*-iterations auto|N`: "auto" (any case) or a positive decimal integer. */
export function parseCapArg(s: string): CapArg {
  const t = s.trim();
  if (t.toLowerCase() === "auto") return "auto";
  if (/^[0-9]+$/.test(t)) {
    const n = Number(t);
    if (n >= 1 && Number.isSafeInteger(n)) return n;
  }
  throw new CapArgError(s);
}
