import { createRalphApp } from "./create-app.js";
import { DEFAULT_POLL_INTERVAL_MS } from "./poller.js";

export { createRalphApp, type RalphApp, type RalphAppOptions } from "./create-app.js";
/** `npm start` gives it to Probot (scripts/start.mjs): Ralph's rate-limit policy in the App. */
export { RalphProbotOctokit } from "./probot-octokit.js";

/** `RALPH_POLL_INTERVAL_SECONDS`: approval sweep interval; 0 turns the poller off. */
export function pollIntervalFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.RALPH_POLL_INTERVAL_SECONDS?.trim();
  if (raw === undefined || raw === "") return DEFAULT_POLL_INTERVAL_MS;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : DEFAULT_POLL_INTERVAL_MS;
}

/** `probot run ./dist/app.js` loads this default export (DESIGN §3.6). */
// Answer first (issue 11): GitHub waits at most 10 s for the answer to a delivery.
const ralph = createRalphApp({ pollIntervalMs: pollIntervalFromEnv(), answerFirst: true });
export default ralph;
