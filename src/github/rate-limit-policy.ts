/**
 * Rate-limit policy (FIELD-NOTES "Rate limits"), one for every client Ralph makes — the Action's
 * (src/action/github-client.ts), createOctokit, and the App's Probot Octokit
 * (src/app/probot-octokit.ts) — as options for @octokit/plugin-retry and @octokit/plugin-throttling.
 * It follows GitHub's guidance for secondary rate limits and is no stricter:
 * - mutating requests (POST/PATCH/PUT/DELETE) one at a time, ≥ 1 s apart (plugin-throttling's
 *   `write` group);
 * - content-generating requests (comments, issues, pull requests, reviews: the paths
 *   plugin-throttling says trigger notifications) at most 80 in any minute and 500 in any hour
 *   (CONTENT_LIMITS, a sliding window per process). plugin-throttling's default spaces them 3 s
 *   apart instead, which the guidance does not ask for: the 1 s write spacing already keeps
 *   them under 60 a minute.
 * - On 403/429 primary or secondary limits it waits `retry-after` (else `x-ratelimit-reset`,
 *   else 60 s) and retries: up to RATE_LIMIT_RETRIES times for primary limits, and
 *   SECONDARY_LIMIT_RETRIES for secondary ones; a wait over MAX_RATE_LIMIT_WAIT_SECONDS fails.
 * - plugin-retry retries 5xx and network errors 3 times with quadratic backoff (1 s, 4 s, 9 s);
 *   4xx answers are final for it — 429 included: plugin-retry would otherwise retry a 429 itself
 *   after 1-9 s, ignoring its `retry-after`, before plugin-throttling could honour it.
 * No imports but types: the App bundle takes this without pulling in Octokit.
 */
import type { ThrottlingOptions } from "@octokit/plugin-throttling";

/** What plugin-throttling takes for a group; ours is duck-typed (see contentGroup). */
type ThrottleGroup = NonNullable<ThrottlingOptions["notifications"]>;
export const RATE_LIMIT_RETRIES = 2;
export const SECONDARY_LIMIT_RETRIES = 2;
/** Waiting longer than this inside one job step is worse than failing with a clear error. */
export const MAX_RATE_LIMIT_WAIT_SECONDS = 15 * 60;

/** plugin-retry's default list plus 429, which belongs to plugin-throttling. */
export const DO_NOT_RETRY = [400, 401, 403, 404, 410, 422, 429, 451];

export function shouldRetryRateLimit(
  retryAfter: number,
  retryCount: number,
  maxRetries: number,
): boolean {
  return retryCount < maxRetries && retryAfter <= MAX_RATE_LIMIT_WAIT_SECONDS;
}

/** GitHub's guidance: at most 80 content-generating requests per minute and 500 per hour. */
export const CONTENT_LIMITS: readonly { limit: number; windowMs: number }[] = [
  { limit: 80, windowMs: 60_000 },
  { limit: 500, windowMs: 3_600_000 },
];

/**
 * At most `limit` starts in any `windowMs`, for every limit given: `take()` resolves when one more
 * may start (oldest first). Takers queue one behind the other, so two waiting writes never both
 * pass on the same free slot.
 */
export class SlidingWindowLimiter {
  private readonly starts: number[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly limits: readonly { limit: number; windowMs: number }[],
    private readonly now: () => number = () => Date.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  take(): Promise<void> {
    const turn = this.queue.then(() => this.waitForSlot());
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** How long the next start must wait (0: now). */
  wait(): number {
    const now = this.now();
    let wait = 0;
    for (const { limit, windowMs } of this.limits) {
      const inWindow = this.starts.filter((t) => t > now - windowMs);
      if (inWindow.length < limit) continue;
      // The start that must leave the window before one more fits.
      const leaving = inWindow[inWindow.length - limit] ?? now;
      wait = Math.max(wait, leaving + windowMs - now);
    }
    return wait;
  }

  private async waitForSlot(): Promise<void> {
    for (let ms = this.wait(); ms > 0; ms = this.wait()) await this.sleep(ms);
    this.starts.push(this.now());
    const longest = Math.max(...this.limits.map((l) => l.windowMs));
    while ((this.starts[0] ?? Number.POSITIVE_INFINITY) <= this.now() - longest)
      this.starts.shift();
  }
}

/**
 * plugin-throttling's `notifications` group, duck-typed (`key(id).schedule(options, fn)`): each
 * client id gets its sliding window of CONTENT_LIMITS, shared by every client of the process
 * with that id, as plugin-throttling's own groups are. A retry (weight 0) is not counted again.
 */
const contentWindows = new Map<string, SlidingWindowLimiter>();

/** Forgets every window (tests that move a fake clock back to 0 between cases). */
export function resetContentWindows(): void {
  contentWindows.clear();
}

function contentGroup() {
  const windows = contentWindows;
  return {
    key(id = "") {
      let window = windows.get(id);
      if (window === undefined) {
        window = new SlidingWindowLimiter(CONTENT_LIMITS);
        windows.set(id, window);
      }
      const limiter = window;
      return {
        async schedule<T>(
          options: { weight?: number },
          job: (...args: unknown[]) => Promise<T>,
          ...args: unknown[]
        ): Promise<T> {
          if (options?.weight !== 0) await limiter.take();
          return job(...args);
        },
      };
    },
  };
}

const CONTENT_GROUP = contentGroup() as unknown as ThrottleGroup;

interface ThrottledRequest {
  method: string;
  url: string;
}

type Warn = (message: string) => void;

/** The client's own log, when the caller gives none (Probot's Octokit carries one). */
function warnOf(warn: Warn | undefined, octokit: unknown): Warn {
  if (warn !== undefined) return warn;
  const log = (octokit as { log?: { warn?: Warn } } | undefined)?.log;
  return (m) => log?.warn?.(m);
}

/** `retry` and `throttle` options for an Octokit with plugin-retry and plugin-throttling. */
export function rateLimitPolicy(warn?: Warn) {
  return {
    retry: { retries: 3, doNotRetry: DO_NOT_RETRY },
    throttle: {
      // Replaces plugin-throttling's 3 s spacing of content-generating writes (see above).
      notifications: CONTENT_GROUP,
      onRateLimit: (
        retryAfter: number,
        request: ThrottledRequest,
        octokit: unknown,
        retryCount: number,
      ): boolean => {
        warnOf(
          warn,
          octokit,
        )(`Rate limit on ${request.method} ${request.url}; retry in ${retryAfter}s`);
        return shouldRetryRateLimit(retryAfter, retryCount, RATE_LIMIT_RETRIES);
      },
      onSecondaryRateLimit: (
        retryAfter: number,
        request: ThrottledRequest,
        octokit: unknown,
        retryCount: number,
      ): boolean => {
        warnOf(
          warn,
          octokit,
        )(`Secondary rate limit on ${request.method} ${request.url}; retry in ${retryAfter}s`);
        return shouldRetryRateLimit(retryAfter, retryCount, SECONDARY_LIMIT_RETRIES);
      },
    },
  };
}
