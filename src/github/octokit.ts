import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import type { Logger } from "./client.js";

/**
 * Rate-limit policy (FIELD-NOTES "Rate limits"), shared by the App (Probot's own Octokit already
 * carries both plugins) and the Action (this factory):
 * - plugin-throttling queues every write (POST/PATCH/PUT/DELETE) one at a time ≥ 1 s apart and
 *   notification-triggering writes (comments, PRs, reviews) ≥ 3 s apart: ≤ 20 per minute, well
 *   under GitHub's 80 content-creating requests per minute. Ralph's own volume (a handful of
 *   comments per issue per phase) keeps it far below the 500-per-hour secondary limit.
 * - On 403/429 primary or secondary limits it waits `retry-after` (else `x-ratelimit-reset`,
 *   else 60 s) and retries: up to RATE_LIMIT_RETRIES times for primary limits, and
 *   SECONDARY_LIMIT_RETRIES for secondary ones.
 * - plugin-retry retries 5xx and network errors 3 times with quadratic backoff (1 s, 4 s, 9 s);
 *   4xx answers other than rate limits are final.
 */
export const RATE_LIMIT_RETRIES = 2;
export const SECONDARY_LIMIT_RETRIES = 2;
/** Waiting longer than this inside one job step is worse than failing with a clear error. */
export const MAX_RATE_LIMIT_WAIT_SECONDS = 15 * 60;

export const RalphOctokit = Octokit.plugin(retry, throttling);
export type RalphOctokit = InstanceType<typeof RalphOctokit>;

export interface CreateOctokitOptions {
  auth: string;
  /** GitHub Enterprise Server: `GITHUB_API_URL`. Defaults to https://api.github.com. */
  baseUrl?: string;
  log?: Logger;
  userAgent?: string;
}

interface ThrottledRequest {
  method: string;
  url: string;
}

export function shouldRetryRateLimit(
  retryAfter: number,
  retryCount: number,
  maxRetries: number,
): boolean {
  return retryCount < maxRetries && retryAfter <= MAX_RATE_LIMIT_WAIT_SECONDS;
}

/** The Action's client: an authenticated Octokit with retry and throttling configured. */
export function createOctokit(options: CreateOctokitOptions): RalphOctokit {
  const log = options.log;
  return new RalphOctokit({
    auth: options.auth,
    ...(options.baseUrl ? { baseUrl: options.baseUrl.replace(/\/+$/, "") } : {}),
    userAgent: options.userAgent ?? "ralph-for-github",
    ...(log ? { log } : {}),
    // 429 is a rate limit: plugin-retry would retry it itself after 1-9 s, ignoring its
    // `retry-after`; left to plugin-throttling, the wait GitHub asks for is honoured.
    retry: { retries: 3, doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451] },
    throttle: {
      onRateLimit: (
        retryAfter: number,
        request: ThrottledRequest,
        _octokit,
        retryCount: number,
      ) => {
        log?.warn(`Rate limit on ${request.method} ${request.url}; retry in ${retryAfter}s`);
        return shouldRetryRateLimit(retryAfter, retryCount, RATE_LIMIT_RETRIES);
      },
      onSecondaryRateLimit: (
        retryAfter: number,
        request: ThrottledRequest,
        _octokit,
        retryCount: number,
      ) => {
        log?.warn(
          `Secondary rate limit on ${request.method} ${request.url}; retry in ${retryAfter}s`,
        );
        return shouldRetryRateLimit(retryAfter, retryCount, SECONDARY_LIMIT_RETRIES);
      },
    },
  });
}
