import { ProbotOctokit } from "probot";
import { rateLimitPolicy } from "../github/rate-limit-policy.js";

/**
 * The App's Octokit: Probot's, with Ralph's rate-limit policy (src/github/rate-limit-policy.ts)
 * instead of Probot's defaults, which retry a 429 after 1-9 s (plugin-retry) before its
 * `retry-after` is honoured and retry rate limits without end. `npm start` (scripts/start.mjs)
 * hands it to Probot. A function default sees Probot's final options (its throttle object,
 * Redis included), so the policy's callbacks and retry list land on top of them.
 *
 * Pacing is per installation (issue 16): plugin-throttling keys its write queue, and Ralph keys
 * its content window, by the client's throttle `id`. Probot sets it to the installation only for
 * `app.auth(id)`; the Octokit of a webhook keeps plugin-throttling's "no-id", so one busy
 * installation would delay the writes of every other one in the process. The id is the
 * installation's unless the caller gave one (tests give each client its own).
 */
export const RalphProbotOctokit = ProbotOctokit.defaults((options: Record<string, unknown>) => {
  const policy = rateLimitPolicy();
  const throttle = options.throttle as { id?: string } | undefined;
  const installation = (options.auth as { installationId?: unknown } | undefined)?.installationId;
  const id =
    throttle?.id ??
    (installation === undefined || installation === null ? undefined : String(installation));
  return {
    ...options,
    retry: { ...(options.retry as object | undefined), ...policy.retry },
    throttle: { ...throttle, ...policy.throttle, ...(id === undefined ? {} : { id }) },
  };
}) as typeof ProbotOctokit;
