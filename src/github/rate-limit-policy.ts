/**
 * Rate-limit policy (FIELD-NOTES "Rate limits"), one for every client Ralph makes — the Action's
 * (src/action/github-client.ts), createOctokit, and the App's Probot Octokit
 * (src/app/probot-octokit.ts) — as options for @octokit/plugin-retry and @octokit/plugin-throttling:
 * - plugin-throttling queues every write (POST/PATCH/PUT/DELETE) one at a time ≥ 1 s apart and
 *   notification-triggering writes (comments, PRs, reviews) ≥ 3 s apart: ≤ 20 per minute, well
 *   under GitHub's 80 content-creating requests per minute.
 * - On 403/429 primary or secondary limits it waits `retry-after` (else `x-ratelimit-reset`,
 *   else 60 s) and retries: up to RATE_LIMIT_RETRIES times for primary limits, and
 *   SECONDARY_LIMIT_RETRIES for secondary ones; a wait over MAX_RATE_LIMIT_WAIT_SECONDS fails.
 * - plugin-retry retries 5xx and network errors 3 times with quadratic backoff (1 s, 4 s, 9 s);
 *   4xx answers are final for it — 429 included: plugin-retry would otherwise retry a 429 itself
 *   after 1-9 s, ignoring its `retry-after`, before plugin-throttling could honour it.
 * No imports: the App bundle takes this without pulling in @octokit/rest.
 */
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
