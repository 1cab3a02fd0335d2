/**
 * Seed 001 completion contract, usage-limit detection and backoff, as pure text functions.
 */

export const DEFAULT_MAGIC_PHRASE = "I AM HYPER SURE I AM DONE!";
/** Seed 001 looks for usage-limit text only in the tail of the output. */
export const USAGE_LIMIT_TAIL_LINES = 40;
/** Wait when the agent hit a usage limit but said nothing about when it resets. */
export const DEFAULT_USAGE_LIMIT_WAIT_SECONDS = 15 * 60;
/** Seed 001 waits `reset + 30` seconds so the retry lands after the reset, not on it. */
export const USAGE_LIMIT_SLACK_SECONDS = 30;

const COMMIT_LINE = /^[0-9a-f]{40}$/;

function nonEmptyLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "");
}

/**
 * Implementer / verifier contract: second-to-last non-empty line a 40-char lowercase hex commit,
 * last non-empty line the magic phrase. `commit` is set only when the whole contract holds.
 */
export function parseCompletion(
  text: string,
  magicPhrase: string = DEFAULT_MAGIC_PHRASE,
): { ok: boolean; commit: string | null } {
  const lines = nonEmptyLines(text);
  const last = lines.at(-1);
  const commit = lines.at(-2);
  if (last !== magicPhrase.trim() || commit === undefined || !COMMIT_LINE.test(commit)) {
    return { ok: false, commit: null };
  }
  return { ok: true, commit };
}

/** Planner contract (seed 000): plan file exists and is non-empty, last line is the phrase. */
export function plannerCompleted(
  text: string,
  planFileContent: string | null,
  magicPhrase: string = DEFAULT_MAGIC_PHRASE,
): boolean {
  if (planFileContent === null || planFileContent.trim() === "") return false;
  return nonEmptyLines(text).at(-1) === magicPhrase.trim();
}

export function tailLines(text: string, maxLines: number = USAGE_LIMIT_TAIL_LINES): string {
  return text.split(/\r?\n/).slice(-maxLines).join("\n");
}

const USAGE_LIMIT_PATTERNS: RegExp[] = [
  /\busage limit\b/i,
  /\brate[ _-]?limit(ed)?\b/i,
  /\b(hit|reached) your (usage )?limit\b/i,
  /\b\d+-hour limit reached\b/i,
  /\bquota (exceeded|exhausted)\b/i,
  /\binsufficient_quota\b/i,
  /\btoo many requests\b/i,
  /\b(status|http|error)[\s:]*429\b/i,
];

export function looksLikeUsageLimit(text: string): boolean {
  return USAGE_LIMIT_PATTERNS.some((re) => re.test(text));
}

const UNIT_SECONDS: Record<string, number> = {
  ms: 0.001,
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
  d: 86400,
  day: 86400,
  days: 86400,
};

const UNIT = "ms|secs?|seconds?|s|mins?|minutes?|m|hrs?|hours?|h|days?|d";
const AMOUNT = `(?:\\d+(?:\\.\\d+)?)\\s*(?:${UNIT})(?![a-z])`;
const DURATION = `${AMOUNT}(?:\\s*(?:,|and)?\\s*${AMOUNT})*`;
const LEAD = "(?:try again|retry|resets?|available again|wait)";
const IN_DURATION = new RegExp(`\\b${LEAD}\\s+(?:in|after|for)\\s+(${DURATION})`, "gi");
const RETRY_AFTER_HEADER = /\bretry-after:\s*(\d+)\b/gi;
const ISO_TIME =
  "\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?(?:Z|[+-]\\d{2}:?\\d{2})?";
const AT_TIME = new RegExp(`\\b${LEAD}\\s+(?:at|after|on)\\s+(${ISO_TIME})`, "gi");
/** Claude Code's `Claude AI usage limit reached|<unix seconds>`. */
const EPOCH = /usage limit reached\|(\d{10,13})\b/gi;

function durationSeconds(text: string): number {
  let total = 0;
  for (const m of text.matchAll(new RegExp(`(\\d+(?:\\.\\d+)?)\\s*(${UNIT})(?![a-z])`, "gi"))) {
    total += Number(m[1]) * (UNIT_SECONDS[m[2]!.toLowerCase()] ?? 0);
  }
  return total;
}

function isoToMs(iso: string): number {
  // No offset means UTC: the core must not depend on the runner's local time zone.
  const withT = iso.replace(" ", "T");
  return Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(withT) ? withT : `${withT}Z`);
}

/**
 * Seconds until the usage limit resets, from the LAST reset hint in `text`; null when none.
 * Absolute times ("reset at <ISO>", Claude's epoch) need `now` and are skipped without it;
 * times in the past give 0.
 */
export function parseResetSeconds(text: string, now?: Date): number | null {
  const hits: { index: number; seconds: number }[] = [];
  for (const m of text.matchAll(IN_DURATION)) {
    hits.push({ index: m.index, seconds: durationSeconds(m[1]!) });
  }
  for (const m of text.matchAll(RETRY_AFTER_HEADER)) {
    hits.push({ index: m.index, seconds: Number(m[1]) });
  }
  if (now !== undefined) {
    for (const m of text.matchAll(AT_TIME)) {
      const at = isoToMs(m[1]!);
      if (!Number.isNaN(at)) hits.push({ index: m.index, seconds: (at - now.getTime()) / 1000 });
    }
    for (const m of text.matchAll(EPOCH)) {
      const raw = Number(m[1]);
      const atMs = m[1]!.length > 10 ? raw : raw * 1000;
      hits.push({ index: m.index, seconds: (atMs - now.getTime()) / 1000 });
    }
  }
  if (hits.length === 0) return null;
  hits.sort((a, b) => a.index - b.index);
  const seconds = hits.at(-1)!.seconds;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : null;
}

export type UsageLimitWait =
  | { limited: false }
  | {
      limited: true;
      waitSeconds: number;
      resetSeconds: number | null;
      reason: "reset_seconds" | "unknown_reset";
    };

/** Seed 001's decision after a run that did not complete: wait for the reset, then retry. */
export function usageLimitWait(text: string, now: Date): UsageLimitWait {
  const tail = tailLines(text);
  if (!looksLikeUsageLimit(tail)) return { limited: false };
  const reset = parseResetSeconds(tail, now);
  if (reset === null) {
    return {
      limited: true,
      waitSeconds: DEFAULT_USAGE_LIMIT_WAIT_SECONDS,
      resetSeconds: null,
      reason: "unknown_reset",
    };
  }
  return {
    limited: true,
    waitSeconds: reset + USAGE_LIMIT_SLACK_SECONDS,
    resetSeconds: reset,
    reason: "reset_seconds",
  };
}

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** Injected [0, 1) source for jitter; without it the delay is deterministic. */
  random?: () => number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 2_000, maxMs: 60_000 };

/**
 * Exponential backoff: attempt 1 waits `baseMs`, each further attempt doubles, capped at `maxMs`.
 * With `random`, "equal jitter": between half and all of that delay, so retries spread out.
 */
export function backoffDelayMs(attempt: number, opts: BackoffOptions = DEFAULT_BACKOFF): number {
  const n = Number.isFinite(attempt) ? Math.max(1, Math.floor(attempt)) : 1;
  const base = Math.max(0, opts.baseMs);
  const max = Math.max(0, opts.maxMs);
  const delay = Math.min(max, base * 2 ** Math.min(n - 1, 1023));
  if (opts.random === undefined) return Math.round(delay);
  const r = Math.min(1, Math.max(0, opts.random()));
  return Math.round(delay / 2 + (delay / 2) * r);
}
