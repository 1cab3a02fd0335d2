/**
 * The App in process for the benchmarks: Probot + Ralph, GitHub faked by the tests' fake GitHub
 * (test/support/fake-github) behind nock (no network), with an optional per-request latency. `throttled: true` keeps
 * Probot's production Octokit (retry and throttling plugins as `npm start` has them).
 */
import { randomUUID } from "node:crypto";
import nock from "nock";
import { Probot } from "probot";
import { createRalphApp, type RalphApp } from "../../src/app/index.js";
import { resetDefaultBranchCache } from "../../src/github/actions.js";
import { resetLabelCache } from "../../src/github/labels.js";
import type { Payload } from "../fixtures/webhooks/index.js";
import { BOT, FakeGitHub } from "../support/fake-github/index.js";
import { TEST_APP_ID, TEST_PRIVATE_KEY, UnthrottledOctokit } from "../support/probot.js";

export interface AppWorld {
  fake: FakeGitHub;
  probot: Probot;
  ralph: RalphApp;
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
  const probot = new Probot({
    appId: TEST_APP_ID,
    privateKey: TEST_PRIVATE_KEY,
    logLevel: "fatal",
    ...(options.throttled ? {} : { Octokit: UnthrottledOctokit }),
  });
  await probot.load(ralph);
  return {
    fake,
    probot,
    ralph,
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
