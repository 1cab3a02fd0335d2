import { ProbotOctokit } from "probot";
import { rateLimitPolicy } from "../github/rate-limit-policy.js";

/**
 * The App's Octokit: Probot's, with Ralph's rate-limit policy (src/github/rate-limit-policy.ts)
 * instead of Probot's defaults, which retry a 429 after 1-9 s (plugin-retry) before its
 * `retry-after` is honoured and retry rate limits without end. `npm start` (scripts/start.mjs)
 * hands it to Probot. A function default sees Probot's final options (its throttle object,
 * Redis included), so the policy's callbacks and retry list land on top of them.
 */
export const RalphProbotOctokit = ProbotOctokit.defaults((options: Record<string, unknown>) => {
  const policy = rateLimitPolicy();
  return {
    ...options,
    retry: { ...(options.retry as object | undefined), ...policy.retry },
    throttle: { ...(options.throttle as object | undefined), ...policy.throttle },
  };
}) as typeof ProbotOctokit;
