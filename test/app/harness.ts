import { randomUUID } from "node:crypto";
import nock from "nock";
import type { Probot } from "probot";
import { afterEach, beforeEach } from "vitest";
import { createRalphApp, type RalphApp } from "../../src/app/index.js";
import type { Scheduler } from "../../src/app/poller.js";
import { defaultConfig, type RalphConfig } from "../../src/core/config.js";
import type { MachineState } from "../../src/core/state.js";
import { decodeStateBlock, isStatusComment } from "../../src/core/state-codec.js";
import { resetDefaultBranchCache } from "../../src/github/actions.js";
import { resetLabelCache } from "../../src/github/labels.js";
import { type IssueSpec, issueCommentCreated, type Payload } from "../fixtures/webhooks/index.js";
import { BOT, type FakeComment, FakeGitHub, type FakeUser } from "../support/fake-github/index.js";
import { testProbot } from "../support/probot.js";

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
    // As `npm start` runs it: answer first; receive() below waits for the work.
    answerFirst: true,
  });
  const probot = testProbot();
  await probot.load(ralph);
  return {
    fake,
    probot,
    ralph,
    scheduler,
    // The App answers first and works after: a test's receive waits for the work too.
    receive: async (name, payload, id = randomUUID()) => {
      await probot.receive({ id, name, payload } as unknown as Parameters<Probot["receive"]>[0]);
      await ralph.idle();
    },
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

/**
 * A started harness for each test of the calling suite (`seed` runs after it starts), stopped and
 * checked after the test. The returned `h` always stands for the running test's harness, so the
 * suites read `h.fake`, `h.receive(...)` as before.
 */
export function harnessPerTest(seed?: (h: Harness) => void | Promise<void>): Harness {
  let current: Harness | undefined;
  beforeEach(async () => {
    current = await startHarness();
    await seed?.(current);
  });
  afterEach(() => {
    const done = current;
    current = undefined;
    stopHarness(done);
  });
  return new Proxy({} as Harness, {
    get(_target, key) {
      if (current === undefined) throw new Error("the harness exists only while a test runs");
      return current[key as keyof Harness];
    },
  });
}

/** A comment on the fake issue, delivered to the App as its `issue_comment.created` webhook. */
export async function commentAs(
  h: Harness,
  issue: IssueSpec,
  body: string,
  author: FakeUser,
): Promise<FakeComment> {
  const comment = h.fake.addComment(issue.number, body, author);
  await h.receive(
    "issue_comment",
    issueCommentCreated({ issue, comment: { ...comment, user: author } }),
  );
  return comment;
}

export function config(overrides: Partial<RalphConfig> = {}): RalphConfig {
  return { ...defaultConfig(), ...overrides };
}
