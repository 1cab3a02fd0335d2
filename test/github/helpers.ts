import { Octokit } from "@octokit/rest";
import nock from "nock";
import { onTestFinished } from "vitest";
import { resetDefaultBranchCache } from "../../src/github/actions.js";
import { type GitHubContext, type Logger, silentLogger } from "../../src/github/client.js";
import { resetLabelCache } from "../../src/github/labels.js";
import { OWNER, REPO } from "../fixtures/webhooks/index.js";
import { BOT, FakeGitHub } from "../support/fake-github/index.js";

/** A plain Octokit (no retry, no throttling) against the API nock intercepts. */
export function plainContext(secrets?: string[]): GitHubContext {
  return {
    client: new Octokit({ auth: "ghs_test", log: silentLogger }),
    owner: OWNER,
    repo: REPO,
    botLogin: BOT,
    log: silentLogger,
    ...(secrets === undefined ? {} : { secrets }),
  };
}

let current: FakeGitHub | null = null;

/**
 * A fresh fake GitHub behind nock for the running test, which cleans it up when it finishes
 * (`cleanNock`); outside a test, call `cleanNock` yourself.
 */
export function withFake(): { fake: FakeGitHub; gh: GitHubContext } {
  nock.disableNetConnect();
  resetLabelCache();
  resetDefaultBranchCache();
  const fake = new FakeGitHub();
  fake.intercept();
  current = fake;
  try {
    onTestFinished(cleanNock);
  } catch {
    // Not in a test (a beforeAll): the caller cleans up.
  }
  return { fake, gh: plainContext() };
}

/** Removes the interceptors and fails the test if the fake saw a request GitHub would refuse. */
export function cleanNock(): void {
  nock.cleanAll();
  nock.enableNetConnect();
  const fake = current;
  current = null;
  fake?.assertValid();
}

/** A clock that only moves when the code under test sleeps (or a test moves it). */
export function manualClock(graceMs = 10_000) {
  const clock = { t: 0, sleeps: [] as number[], onSleep: null as (() => void) | null };
  const timing = {
    graceMs,
    pollMs: graceMs / 5,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.t += ms;
      clock.onSleep?.();
    },
  };
  return { clock, timing };
}

export function recordingLog(): Logger & { warnings: string[]; infos: string[] } {
  const warnings: string[] = [];
  const infos: string[] = [];
  return {
    warnings,
    infos,
    info: (m) => infos.push(m),
    warn: (m) => warnings.push(m),
    error: () => {},
    debug: () => {},
  };
}

export function claimed(gh: GitHubContext, timing: GitHubContext["claimTiming"], log?: Logger) {
  return { ...gh, claimSha: "a".repeat(40), claimTiming: timing, ...(log ? { log } : {}) };
}
