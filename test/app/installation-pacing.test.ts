/**
 * Issue 16: pacing is per installation. Two installations in one BUILT App process, with the
 * App's production Octokit (RalphProbotOctokit: writes one at a time, 1 s apart): a burst of
 * writes on one does not delay the other's first write by more than a second. Time is fake
 * (vitest timers drive plugin-throttling's queues); the test compares fake times, never wall time.
 */
import { randomUUID } from "node:crypto";
import nock from "nock";
import { Probot } from "probot";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { issueCommentCreated, type Payload } from "../fixtures/webhooks/index.js";
import { type BuiltApp, buildApp } from "../security/built-app.js";
import { BOT, FakeGitHub, isWriteRequest, user } from "../support/fake-github/index.js";
import { TEST_APP_ID, TEST_PRIVATE_KEY } from "../support/probot.js";

let app: BuiltApp;
beforeAll(async () => {
  app = await buildApp();
}, 60_000);
afterAll(() => app?.dispose());
afterEach(() => {
  vi.useRealTimers();
  nock.cleanAll();
  nock.enableNetConnect();
});

/** One turn of the real event loop (setImmediate is not faked): in-process replies land. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Turns the real event loop until GitHub has seen no new request for 300 turns in a row. */
async function drain(fake: FakeGitHub): Promise<void> {
  let quiet = 0;
  let seen = fake.requests.length;
  while (quiet < 300) {
    await turn();
    quiet = fake.requests.length === seen ? quiet + 1 : 0;
    seen = fake.requests.length;
  }
}

/**
 * Runs `work` to the end on fake time that moves only when nothing else can: the real event loop
 * is drained first (the fake GitHub answers in process), then time jumps to the next timer (a
 * write waiting for its turn). So fake times measure the waits the queues impose, not how fast
 * this machine is.
 */
async function settle(fake: FakeGitHub, work: Promise<unknown>): Promise<void> {
  let done = false;
  let failure: unknown;
  work.then(
    () => {
      done = true;
    },
    (error: unknown) => {
      done = true;
      failure = error;
    },
  );
  for (let i = 0; i < 100_000 && !done; i++) {
    await drain(fake);
    if (!done && vi.getTimerCount() > 0) await vi.advanceTimersToNextTimerAsync();
  }
  if (!done) throw new Error("the webhooks were never handled");
  if (failure !== undefined) throw failure;
}

function helpOn(fake: FakeGitHub, issue: number, installation: number): Payload {
  fake.addIssue({ number: issue, title: `Issue ${issue}`, user: { login: "alice" } });
  const comment = fake.addComment(issue, "/ralph help", user("alice"));
  const payload = issueCommentCreated({
    issue: { number: issue, author: "alice", title: `Issue ${issue}` },
    comment: { id: comment.id, body: comment.body, user: { login: "alice" } },
  });
  return { ...payload, installation: { id: installation, node_id: `I_${installation}` } };
}

describe("pacing per installation (the built App)", () => {
  it("a burst of writes on one installation does not delay another's first write by more than a second", async () => {
    const Octokit = app.RalphProbotOctokit;
    expect(Octokit).toBeDefined();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: Date.now() });
    nock.disableNetConnect();
    const fake = new FakeGitHub();
    fake.intercept();
    const ralph = app.createRalphApp({
      botLogin: BOT,
      discoverInstallations: false,
      pollIntervalMs: 0,
    });
    const probot = new Probot({
      appId: TEST_APP_ID,
      privateKey: TEST_PRIVATE_KEY,
      logLevel: "fatal",
      Octokit,
    });
    await probot.load(ralph);
    const receive = (payload: Payload) =>
      probot.receive({ id: randomUUID(), name: "issue_comment", payload } as never);
    // When each write reached GitHub, by installation (the fake's clock is the test's).
    const writes: { at: number; issue: number }[] = [];
    fake.onRequest = (request) => {
      if (!isWriteRequest(request) || request.path.endsWith("/access_tokens")) return;
      const issue = Number(/\/issues\/(\d+)\//.exec(request.path)?.[1] ?? 0);
      writes.push({ at: Date.now(), issue });
    };
    const firstWriteOn = (issue: number) => writes.find((w) => w.issue === issue)?.at ?? NaN;

    // Alone, installation 2's answer to `/ralph help` on #42: its own pacing only.
    let sent = Date.now();
    await settle(fake, receive(helpOn(fake, 42, 2)));
    const alone = firstWriteOn(42) - sent;
    // Installation 1's token too, so no token is signed during the burst: signing is real
    // thread-pool work, which fake time does not wait for. Then every queue idle again.
    await settle(fake, receive(helpOn(fake, 99, 1)));
    await vi.advanceTimersByTimeAsync(5_000);

    // Installation 1 gets `/ralph help` on 30 issues at once; installation 2 one more, after.
    const burst = Array.from({ length: 30 }, (_, i) => receive(helpOn(fake, 100 + i, 1)));
    await drain(fake);
    sent = Date.now();
    const other = receive(helpOn(fake, 43, 2));
    await settle(fake, Promise.all([...burst, other]));
    const delayed = firstWriteOn(43) - sent;

    const burstWrites = writes.filter((w) => w.issue >= 100).map((w) => w.at);
    // The burst really was paced (one write at a time, a second apart) ...
    expect(Math.max(...burstWrites) - Math.min(...burstWrites)).toBeGreaterThanOrEqual(20_000);
    // ... and the other installation's first write waited for none of it.
    expect(delayed - alone).toBeLessThanOrEqual(1_000);
    ralph.close();
    fake.assertValid();
  }, 120_000);
});
