import {
  DEFAULT_USAGE_LIMIT_WAIT_SECONDS,
  looksLikeUsageLimit,
  parseResetSeconds,
  USAGE_LIMIT_SLACK_SECONDS,
  USAGE_LIMIT_TAIL_LINES,
} from "../core/completion.js";
import { appendRunLogNote } from "./run-log.js";
import { outputTail } from "./subprocess.js";
import type { Agent, AgentRunRequest, AgentRunResult, Clock } from "./types.js";

/**
 * `AgentRunResult.usageLimit` from an output text, or null when it does not look like one. Seed
 * 001 looks only at the tail of the output, where CLIs print the limit message.
 */
export function detectUsageLimit(text: string, now: Date): { resetSeconds: number | null } | null {
  const tail = outputTail(text, USAGE_LIMIT_TAIL_LINES);
  if (tail === "" || !looksLikeUsageLimit(tail)) return null;
  return { resetSeconds: parseResetSeconds(tail, now) };
}

export interface UsageLimitWait {
  /** 1 for the first wait. */
  wait: number;
  waitSeconds: number;
  resetSeconds: number | null;
  reason: "reset_seconds" | "unknown_reset";
  /** Run log of the run that hit the limit (the wait is noted there too). */
  logFile: string;
}

export interface UsageLimitRetryOptions {
  clock: Clock;
  /** How many times to wait and retry before giving the limited result back. */
  maxWaits?: number;
  /** Wait when the agent did not say when the limit resets. */
  defaultWaitSeconds?: number;
  /** Added to a known reset time (seed 001: +30 s). */
  marginSeconds?: number;
  /** A longer wait is not attempted (it would outlive the runner); the limited result is returned. */
  maxWaitSeconds?: number;
  onWait?: (wait: UsageLimitWait) => void;
}

export type UsageLimitRetryResult = AgentRunResult & { usageLimitWaits: UsageLimitWait[] };

export const USAGE_LIMIT_DEFAULTS = {
  maxWaits: 3,
  defaultWaitSeconds: DEFAULT_USAGE_LIMIT_WAIT_SECONDS,
  marginSeconds: USAGE_LIMIT_SLACK_SECONDS,
  maxWaitSeconds: 6 * 3600,
} as const;

/**
 * `RALPH_USAGE_LIMIT_MARGIN_SECONDS`: the margin added to a known reset (default 30 s). A test and
 * CI knob, like `RALPH_BACKOFF_BASE_MS`: a suite that plays a usage limit need not wait the real
 * 30 s. Anything but a whole number of seconds keeps the default.
 */
export function usageLimitMarginFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.RALPH_USAGE_LIMIT_MARGIN_SECONDS?.trim();
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : USAGE_LIMIT_DEFAULTS.marginSeconds;
}

/**
 * Seed 001 usage-limit handling: when a run reports a usage limit, wait until the reset (+30 s)
 * or a default, then run again; bounded by `maxWaits`. The last result is returned as-is, so a
 * still-limited result reaches the caller with `usageLimit` set.
 */
export async function runWithUsageLimitRetry(
  agent: Agent,
  request: AgentRunRequest,
  options: UsageLimitRetryOptions,
): Promise<UsageLimitRetryResult> {
  const maxWaits = options.maxWaits ?? USAGE_LIMIT_DEFAULTS.maxWaits;
  const defaultWait = options.defaultWaitSeconds ?? USAGE_LIMIT_DEFAULTS.defaultWaitSeconds;
  const margin = options.marginSeconds ?? USAGE_LIMIT_DEFAULTS.marginSeconds;
  const maxWaitSeconds = options.maxWaitSeconds ?? USAGE_LIMIT_DEFAULTS.maxWaitSeconds;
  const waits: UsageLimitWait[] = [];

  for (;;) {
    const result = await agent.run(request);
    if (!result.usageLimit || result.aborted || waits.length >= maxWaits) {
      return { ...result, usageLimitWaits: waits };
    }
    const resetSeconds = result.usageLimit.resetSeconds;
    const waitSeconds = resetSeconds !== null ? Math.max(0, resetSeconds) + margin : defaultWait;
    if (waitSeconds > maxWaitSeconds) return { ...result, usageLimitWaits: waits };
    const wait: UsageLimitWait = {
      wait: waits.length + 1,
      waitSeconds,
      resetSeconds,
      reason: resetSeconds !== null ? "reset_seconds" : "unknown_reset",
      logFile: result.logFile,
    };
    waits.push(wait);
    await appendRunLogNote(
      result.logFile,
      `usage_limit_wait wait=${wait.wait}/${maxWaits} wait_seconds=${waitSeconds} reset_seconds=${resetSeconds ?? "unknown"} reason=${wait.reason}`,
    ).catch(() => {});
    options.onWait?.(wait);
    const slept = await sleepUnlessAborted(options.clock, waitSeconds * 1000, request.signal);
    if (!slept) return { ...result, aborted: true, usageLimitWaits: waits };
  }
}

/** Resolves false as soon as the signal aborts, without waiting for the clock. */
async function sleepUnlessAborted(
  clock: Clock,
  ms: number,
  signal?: AbortSignal,
): Promise<boolean> {
  if (signal?.aborted) return false;
  if (!signal) {
    await clock.sleep(ms);
    return true;
  }
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<false>((resolve) => {
    onAbort = () => resolve(false);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([clock.sleep(ms).then(() => true as const), aborted]);
  } finally {
    if (onAbort) signal.removeEventListener("abort", onAbort);
  }
}
