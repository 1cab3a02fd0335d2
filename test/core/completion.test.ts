import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  backoffDelayMs,
  DEFAULT_MAGIC_PHRASE,
  DEFAULT_USAGE_LIMIT_WAIT_SECONDS,
  looksLikeUsageLimit,
  parseCompletion,
  parseResetSeconds,
  plannerCompleted,
  usageLimitWait,
} from "../../src/core/completion.js";

const SHA = "0123456789abcdef0123456789abcdef01234567";
const PHRASE = DEFAULT_MAGIC_PHRASE;

describe("completion contract (seed 001)", () => {
  it("has the seed's default phrase", () => {
    expect(DEFAULT_MAGIC_PHRASE).toBe("I AM HYPER SURE I AM DONE!");
  });

  it.each([
    ["commit then phrase", `work done\n${SHA}\n${PHRASE}\n`, { ok: true, commit: SHA }],
    ["blank lines and spaces", `\n  ${SHA}  \n\n  ${PHRASE}\n\n`, { ok: true, commit: SHA }],
    ["CRLF", `x\r\n${SHA}\r\n${PHRASE}\r\n`, { ok: true, commit: SHA }],
    ["phrase missing", `${SHA}\n`, { ok: false, commit: null }],
    ["text after the phrase", `${SHA}\n${PHRASE}\nbye`, { ok: false, commit: null }],
    ["upper-case sha", `${SHA.toUpperCase()}\n${PHRASE}`, { ok: false, commit: null }],
    ["short sha", `${SHA.slice(0, 7)}\n${PHRASE}`, { ok: false, commit: null }],
    ["line between sha and phrase", `${SHA}\nok\n${PHRASE}`, { ok: false, commit: null }],
    ["phrase only", PHRASE, { ok: false, commit: null }],
    ["empty", "", { ok: false, commit: null }],
  ])("parseCompletion: %s", (_name, text, expected) => {
    expect(parseCompletion(text, PHRASE)).toEqual(expected);
  });

  it("uses a custom phrase", () => {
    expect(parseCompletion(`${SHA}\nDONE`, "DONE")).toEqual({ ok: true, commit: SHA });
    expect(parseCompletion(`${SHA}\n${PHRASE}`, "DONE").ok).toBe(false);
  });

  it("parseCompletion never throws and ok implies the contract", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = parseCompletion(s, PHRASE);
        expect(r.ok).toBe(r.commit !== null);
      }),
    );
  });

  it.each([
    ["plan written, phrase last", "# Plan: a\n", `explored\n${PHRASE}`, true],
    ["no plan file", null, PHRASE, false],
    ["empty plan file", "  \n", PHRASE, false],
    ["phrase not last", "# Plan", `${PHRASE}\nmore`, false],
  ])("plannerCompleted: %s", (_name, plan, text, expected) => {
    expect(plannerCompleted(text, plan, PHRASE)).toBe(expected);
  });
});

describe("usage limits (seed 001)", () => {
  it.each([
    "Claude AI usage limit reached|1767225600",
    "You've hit your usage limit. Upgrade to Pro or try again in 2 days 3 hours.",
    "Error: 429 Too Many Requests",
    "rate_limit_error: Number of request tokens has exceeded your per-minute rate limit",
    "API Error: insufficient_quota",
    "5-hour limit reached ∙ resets 3pm",
  ])("recognises %j", (text) => {
    expect(looksLikeUsageLimit(text)).toBe(true);
  });

  it.each(["All tests pass.", "Added a limit to the usage table", "line 429 of app.ts"])(
    "does not flag %j",
    (text) => {
      expect(looksLikeUsageLimit(text)).toBe(false);
    },
  );

  const now = new Date("2026-01-01T00:00:00Z");
  it.each([
    ["try again in 5 minutes", 300],
    ["Usage limit: resets in 3600 seconds", 3600],
    ["Retry after 120s", 120],
    ["retry-after: 45", 45],
    ["try again in 2 days 3 hours 5 minutes", 2 * 86400 + 3 * 3600 + 300],
    ["try again in 1h30m", 5400],
    ["try again in 1.5 minutes", 90],
    ["usage limit reached, reset at 2026-01-01T01:00:00Z", 3600],
    ["usage limit reached; resets at 2026-01-01 00:10:00", 600],
    ["resets at 2026-01-01T02:00:00+01:00", 3600],
    ["Claude AI usage limit reached|1767225600", 0],
    ["Claude AI usage limit reached|1767229200", 3600],
    ["reset at 2025-12-31T00:00:00Z (already past)", 0],
    ["try again in 10 minutes ... later: try again in 30 seconds", 30],
    ["usage limit reached", null],
  ])("parseResetSeconds(%j)", (text, expected) => {
    expect(parseResetSeconds(text, now)).toBe(expected);
  });

  it("skips absolute times without a clock", () => {
    expect(parseResetSeconds("reset at 2026-01-01T01:00:00Z")).toBeNull();
    expect(parseResetSeconds("try again in 5 minutes")).toBe(300);
  });

  it("decides the wait like seed 001 (reset + 30 s, else the default)", () => {
    expect(usageLimitWait("usage limit reached, try again in 60 seconds", now)).toEqual({
      limited: true,
      waitSeconds: 90,
      resetSeconds: 60,
      reason: "reset_seconds",
    });
    expect(usageLimitWait("usage limit reached", now)).toEqual({
      limited: true,
      waitSeconds: DEFAULT_USAGE_LIMIT_WAIT_SECONDS,
      resetSeconds: null,
      reason: "unknown_reset",
    });
    expect(usageLimitWait("tests failed", now)).toEqual({ limited: false });
    const longOutput = `usage limit reached\n${"noise\n".repeat(200)}`;
    expect(usageLimitWait(longOutput, now)).toEqual({ limited: false });
  });

  it("parseResetSeconds never throws and is null or a non-negative integer", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = parseResetSeconds(s, now);
        expect(r === null || (Number.isInteger(r) && r >= 0)).toBe(true);
      }),
    );
  });
});

describe("backoffDelayMs", () => {
  const opts = { baseMs: 1000, maxMs: 10_000 };
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 8000],
    [5, 10_000],
    [100, 10_000],
    [5000, 10_000],
    [0, 1000],
    [-3, 1000],
    [Number.NaN, 1000],
  ])("attempt %d waits %d ms", (attempt, ms) => {
    expect(backoffDelayMs(attempt, opts)).toBe(ms);
  });

  it("jitters between half and all of the delay with an injected random", () => {
    expect(backoffDelayMs(3, { ...opts, random: () => 0 })).toBe(2000);
    expect(backoffDelayMs(3, { ...opts, random: () => 0.5 })).toBe(3000);
    expect(backoffDelayMs(3, { ...opts, random: () => 0.999999 })).toBe(4000);
  });

  it("is monotonic and capped", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), (n) => {
        const a = backoffDelayMs(n, opts);
        expect(a).toBeLessThanOrEqual(opts.maxMs);
        expect(backoffDelayMs(n + 1, opts)).toBeGreaterThanOrEqual(a);
      }),
    );
  });
});
