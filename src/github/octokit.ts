import { Octokit } from "@octokit/core";
import { requestLog } from "@octokit/plugin-request-log";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import type { Logger } from "./client.js";
import { rateLimitPolicy } from "./rate-limit-policy.js";

export {
  MAX_RATE_LIMIT_WAIT_SECONDS,
  RATE_LIMIT_RETRIES,
  SECONDARY_LIMIT_RETRIES,
  shouldRetryRateLimit,
} from "./rate-limit-policy.js";

/**
 * Octokit's core with its request log, not @octokit/rest: Ralph sends every call through
 * `request` (client.ts), so the REST methods (~1,000 routes in an 85 KB table) and
 * `paginate` were loaded by each Action run for nothing: ~7 ms of CPU a start.
 */
export const RalphOctokit = Octokit.plugin(requestLog, retry, throttling);
export type RalphOctokit = InstanceType<typeof RalphOctokit>;

export interface CreateOctokitOptions {
  auth: string;
  /** GitHub Enterprise Server: `GITHUB_API_URL`. Defaults to https://api.github.com. */
  baseUrl?: string;
  log?: Logger;
  userAgent?: string;
  /**
   * plugin-throttling keeps its limiters per process, keyed by this id ("no-id" when none):
   * clients with the same id share one write queue. Tests give each client its own.
   */
  throttleId?: string;
}

/** An authenticated Octokit with the rate-limit policy (rate-limit-policy.ts). */
export function createOctokit(options: CreateOctokitOptions): RalphOctokit {
  const log = options.log;
  const policy = rateLimitPolicy(log === undefined ? undefined : (m) => log.warn(m));
  return new RalphOctokit({
    auth: options.auth,
    ...(options.baseUrl ? { baseUrl: options.baseUrl.replace(/\/+$/, "") } : {}),
    userAgent: options.userAgent ?? "ralph-for-github",
    ...(log ? { log } : {}),
    retry: policy.retry,
    throttle: { ...policy.throttle, ...(options.throttleId ? { id: options.throttleId } : {}) },
  });
}
