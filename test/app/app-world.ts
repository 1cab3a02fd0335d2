/**
 * The App in process for the benchmarks: Probot + Ralph, GitHub faked by the tests' fake GitHub
 * (test/support/fake-github) behind nock (no network), with an optional per-request latency. `throttled: true` keeps
 * Probot's production Octokit (retry and throttling plugins as `npm start` has them).
 */
import { randomUUID } from "node:crypto";
import nock from "nock";
import { Probot, ProbotOctokit } from "probot";
import { createRalphApp, type RalphApp } from "../../src/app/index.js";
import { resetDefaultBranchCache } from "../../src/github/actions.js";
import { resetLabelCache } from "../../src/github/labels.js";
import type { Payload } from "../fixtures/webhooks/index.js";
import { BOT, FakeGitHub } from "../support/fake-github/index.js";
import { TEST_APP_ID, testPrivateKey, UnthrottledOctokit } from "../support/probot.js";

/**
 * The wall time during which at least one GitHub request was in flight (overlapping requests
 * count once): what a handling spent awaiting GitHub — Octokit, nock and the fake included —
 * rather than doing its own work.
 */
export class GitHubWaitClock {
  private inFlight = 0;
  private since = 0;
  private total = 0;

  start(): void {
    if (this.inFlight++ === 0) this.since = performance.now();
  }

  end(): void {
    if (--this.inFlight === 0) this.total += performance.now() - this.since;
  }

  /** Milliseconds awaited so far (a request still in flight counts up to now). */
  get ms(): number {
    return this.total + (this.inFlight > 0 ? performance.now() - this.since : 0);
  }
}

/** An Octokit class whose every request (the installation token's too) runs on `clock`. */
function timedOctokit(base: typeof ProbotOctokit, clock: GitHubWaitClock): typeof ProbotOctokit {
  return base.plugin((octokit) => {
    octokit.hook.wrap("request", async (request, options) => {
      clock.start();
      try {
        return await request(options);
      } finally {
        clock.end();
      }
    });
    return {};
  }) as typeof ProbotOctokit;
}

export interface AppWorld {
  fake: FakeGitHub;
  probot: Probot;
  ralph: RalphApp;
  /** Time spent awaiting GitHub, summed over every request the App made. */
  githubWait: GitHubWaitClock;
  /** Resolves when Probot has answered (the HTTP answer GitHub waits for). */
  receive(name: string, payload: Payload): Promise<void>;
  close(): void;
}

export async function startAppWorld(
  options: { latencyMs?: number; throttled?: boolean } = {},
): Promise<AppWorld> {
  nock.disableNetConnect();
  resetLabelCache();
  resetDefaultBranchCache();
  const fake = new FakeGitHub();
  fake.intercept();
  if (options.latencyMs) fake.inject({ route: "*", latencyMs: options.latencyMs });
  const ralph = createRalphApp({
    botLogin: BOT,
    discoverInstallations: false,
    pollIntervalMs: 0,
    answerFirst: true,
  });
  const githubWait = new GitHubWaitClock();
  const probot = new Probot({
    appId: TEST_APP_ID,
    privateKey: testPrivateKey(),
    logLevel: "fatal",
    Octokit: timedOctokit(options.throttled ? ProbotOctokit : UnthrottledOctokit, githubWait),
  });
  await probot.load(ralph);
  return {
    fake,
    probot,
    ralph,
    githubWait,
    receive: (name, payload) =>
      probot.receive({ id: randomUUID(), name, payload } as unknown as Parameters<
        Probot["receive"]
      >[0]),
    close: () => {
      ralph.close();
      nock.cleanAll();
      nock.enableNetConnect();
    },
  };
}
