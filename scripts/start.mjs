// `npm start`: Probot's `probot run` on the built App (default ./dist/app.js, or the path given).
//
// One difference from a bare `probot run`: without credentials Probot starts in setup mode and
// would first `npx`-install smee-client and ask smee.io for a webhook proxy channel (network, and
// a WEBHOOK_PROXY_URL written to .env). A server you deploy needs no proxy: its own URL receives
// the webhooks. So setup mode here stays offline unless you ask for the proxy with RALPH_SMEE=true
// (what `npm run dev` does) or set NO_SMEE_SETUP yourself.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { run } from "probot";

if (process.env.NO_SMEE_SETUP === undefined && process.env.RALPH_SMEE !== "true") {
  process.env.NO_SMEE_SETUP = "true";
}

const [appPath = "./dist/app.js", ...rest] = process.argv.slice(2);
// Ralph's App exports its Octokit (Ralph's rate-limit policy: a 429's retry-after honoured, rate
// limits retried a bounded number of times); another app runs with Probot's own.
const app = await import(pathToFileURL(resolve(appPath)).href);
const Octokit = app.RalphProbotOctokit;
// Probot's option reader drops the first two entries of an argv longer than two.
await run(["node", "probot", appPath, ...rest], {
  env: process.env,
  ...(Octokit === undefined ? {} : { Octokit }),
});
