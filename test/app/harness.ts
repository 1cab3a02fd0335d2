import { generateKeyPairSync, randomUUID } from "node:crypto";
import nock from "nock";
import { Probot, ProbotOctokit } from "probot";
import { createRalphApp, type RalphApp } from "../../src/app/index.js";
import type { Scheduler } from "../../src/app/poller.js";
import { defaultConfig, type RalphConfig } from "../../src/core/config.js";
import type { MachineState } from "../../src/core/state.js";
import { decodeStateBlock, isStatusComment } from "../../src/core/state-codec.js";
import { resetDefaultBranchCache } from "../../src/github/actions.js";
import { resetLabelCache } from "../../src/github/labels.js";
import type { Payload } from "../fixtures/webhooks/index.js";
import { BOT, FakeGitHub } from "../support/fake-github/index.js";

const { privateKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});

/** Hand-driven timers: the test decides when a poller tick happens. */
export class ManualScheduler implements Scheduler {
  readonly timers: { ms: number; task: () => Promise<void>; cancelled: boolean }[] = [];

  every(ms: number, task: () => Promise<void>): { cancel(): void } {
    const timer = { ms, task, cancelled: false };
    this.timers.push(timer);
    return {
      cancel: () => {
        timer.cancelled = true;
      },
    };
  }

  get active() {
    return this.timers.filter((t) => !t.cancelled);
  }

  async tickAll(): Promise<void> {
    for (const t of this.active) await t.task();
  }
}

export interface Harness {
  fake: FakeGitHub;
  probot: Probot;
  ralph: RalphApp;
  scheduler: ManualScheduler;
  receive(name: string, payload: Payload, id?: string): Promise<void>;
  /** Decoded state of Ralph's status comment on an issue, or null. */
  stateOf(issue: number): MachineState | null;
}

export const POLL_MS = 60_000;

/**
 * FIELD-NOTES' `ProbotOctokit.defaults({ throttle: { enabled: false } })` does not survive in
 * Probot 14.3: Probot's own defaults layer passes a `throttle` object without `enabled`, which
 * replaces ours wholesale, and every write then waits 1-3 s in the throttling queue. A function
 * default sees the final options and can force both plugins off.
 */
const UnthrottledOctokit = ProbotOctokit.defaults((options: Record<string, unknown>) => ({
  ...options,
  retry: { enabled: false },
  throttle: { ...(options.throttle as object | undefined), enabled: false },
})) as typeof ProbotOctokit;

export async function startHarness(): Promise<Harness> {
  nock.disableNetConnect();
  resetLabelCache();
  resetDefaultBranchCache();
  const fake = new FakeGitHub();
  fake.intercept();
  const scheduler = new ManualScheduler();
  const ralph = createRalphApp({
    botLogin: BOT,
    discoverInstallations: false,
    scheduler,
    pollIntervalMs: POLL_MS,
  });
  const probot = new Probot({
    appId: 123,
    privateKey,
    logLevel: "fatal",
    Octokit: UnthrottledOctokit,
  });
  await probot.load(ralph);
  return {
    fake,
    probot,
    ralph,
    scheduler,
    receive: (name, payload, id = randomUUID()) =>
      probot.receive({ id, name, payload } as unknown as Parameters<Probot["receive"]>[0]),
    stateOf: (issue) => {
      const own = fake.botComments(issue).find((c) => isStatusComment(c.body));
      return own ? decodeStateBlock(own.body) : null;
    },
  };
}

/** Tears down, and fails the test if the fake saw a request GitHub's description refuses. */
export function stopHarness(h: Harness | undefined): void {
  h?.ralph.close();
  nock.cleanAll();
  nock.enableNetConnect();
  h?.fake.assertValid();
}

export function config(overrides: Partial<RalphConfig> = {}): RalphConfig {
  return { ...defaultConfig(), ...overrides };
}
