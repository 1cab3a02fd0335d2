/**
 * Issue 16: pacing is per installation. Two installations in one BUILT App process, with the
 * App's production Octokit (RalphProbotOctokit: writes one at a time, 1 s apart): a burst of
 * writes on one does not delay the other's first write by more than a second. Time is fake
 * (vitest timers drive plugin-throttling's queues) and moves only when every request has been
 * answered and everything left waits on a queue, so fake times measure the waits the queues
 * impose, whatever the load on this machine.
 */
import { randomUUID } from "node:crypto";
import nock from "nock";
import { Probot } from "probot";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { issueCommentCreated, type Payload } from "../fixtures/webhooks/index.js";
import { type BuiltApp, buildApp } from "../security/built-app.js";
import { BOT, FakeGitHub, isWriteRequest, user } from "../support/fake-github/index.js";
import { TEST_APP_ID, testPrivateKey } from "../support/probot.js";

let app: BuiltApp;
beforeAll(async () => {
  app = await buildApp();
}, 60_000);
afterAll(() => app?.dispose());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  nock.cleanAll();
  nock.enableNetConnect();
});

/** One turn of the real event loop (setImmediate is not faked): in-process replies land. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The fake clock vitest installed: @sinonjs/fake-timers hangs it on every function it fakes. */
interface FakeClock {
  now: number;
  timers?: Record<string, { callAt: number }>;
}

/**
 * Whether a timer is due within a millisecond: a step of a queue, not a wait. The fake clock fires
 * a zero-delay timer set while it ticks 1 ms later, and Bottleneck (plugin-throttling's queues)
 * sets one at each step.
 */
function aStepIsDue(): boolean {
  const clock = (globalThis.setTimeout as unknown as { clock?: FakeClock }).clock;
  if (clock === undefined) throw new Error("fake timers are not installed");
  return Object.values(clock.timers ?? {}).some((timer) => timer.callAt <= clock.now + 1);
}

/**
 * Counts the App's requests from the moment it sends one until its reply is read whole: nock
 * answers on real timers, which fake time does not wait for. The App's Octokit calls the global
 * `fetch` (nock's, after `fake.intercept()`) for every request, token requests included.
 */
function countRequestsInFlight(): { inFlight: () => number; sent: () => number } {
  const fetchOf = globalThis.fetch;
  let inFlight = 0;
  let sent = 0;
  vi.stubGlobal("fetch", async (...args: Parameters<typeof fetch>): Promise<Response> => {
    inFlight++;
    sent++;
    try {
      const reply = await fetchOf(...args);
      const body = await reply.arrayBuffer();
      const init = { status: reply.status, statusText: reply.statusText, headers: reply.headers };
      return new Response([204, 205, 304].includes(reply.status) ? null : body, init);
    } finally {
      inFlight--;
    }
  });
  return { inFlight: () => inFlight, sent: () => sent };
}

/**
 * Waits until everything the App started is parked on a queue's wait (or done): no request in
 * flight, no queue step due, and a turn of the event loop after the last reply so its promise
 * chains ran. Only then may fake time jump to the next wait's end.
 */
async function parked(requests: { inFlight: () => number }): Promise<void> {
  for (;;) {
    await turn();
    if (requests.inFlight() > 0) continue;
    if (aStepIsDue()) await vi.advanceTimersToNextTimerAsync();
    else return;
  }
}

/** Runs `work` to the end, fake time jumping to the next timer only when the App is parked. */
async function settle(requests: { inFlight: () => number }, work: Promise<unknown>): Promise<void> {
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
  for (;;) {
    await parked(requests);
    if (done) break;
    // With no timer at all, the App still runs real work outside any request (signing a token,
    // in the warm-up only): the loop turns again.
    if (vi.getTimerCount() > 0) await vi.advanceTimersToNextTimerAsync();
  }
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
    const requests = countRequestsInFlight();
    const ralph = app.createRalphApp({
      botLogin: BOT,
      discoverInstallations: false,
      pollIntervalMs: 0,
    });
    const probot = new Probot({
      appId: TEST_APP_ID,
      privateKey: testPrivateKey(),
      logLevel: "fatal",
      Octokit,
    });
    await probot.load(ralph);
    const receive = (payload: Payload) =>
      probot.receive({ id: randomUUID(), name: "issue_comment", payload } as never);
    // When each write reached GitHub, by issue (the fake's clock is the test's).
    const writes: { at: number; issue: number }[] = [];
    fake.onRequest = (request) => {
      if (!isWriteRequest(request) || request.path.endsWith("/access_tokens")) return;
      const issue = Number(/\/issues\/(\d+)\//.exec(request.path)?.[1] ?? 0);
      writes.push({ at: Date.now(), issue });
    };
    const firstWriteOn = (issue: number) => writes.find((w) => w.issue === issue)?.at ?? NaN;

    // Each installation answers once first, so both have their tokens: what is measured below
    // signs nothing. Then every queue is idle again.
    await settle(requests, receive(helpOn(fake, 42, 2)));
    await settle(requests, receive(helpOn(fake, 99, 1)));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(requests.sent(), "the App's requests went through the counted fetch").toBeGreaterThan(0);

    // Alone, installation 2's answer to `/ralph help` on #44: its own pacing only.
    let sent = Date.now();
    await settle(requests, receive(helpOn(fake, 44, 2)));
    const alone = firstWriteOn(44) - sent;
    await vi.advanceTimersByTimeAsync(5_000);

    // Installation 1 gets `/ralph help` on 30 issues at once; installation 2 one more, after.
    const burst = Array.from({ length: 30 }, (_, i) => receive(helpOn(fake, 100 + i, 1)));
    await parked(requests);
    sent = Date.now();
    const other = receive(helpOn(fake, 43, 2));
    await settle(requests, Promise.all([...burst, other]));
    const delayed = firstWriteOn(43) - sent;

    const burstWrites = writes.filter((w) => w.issue >= 100).map((w) => w.at);
    // The burst really was paced (one write at a time, a second apart) ...
    expect(burstWrites.length).toBeGreaterThanOrEqual(30);
    expect(Math.max(...burstWrites) - Math.min(...burstWrites)).toBeGreaterThanOrEqual(
      (burstWrites.length - 1) * 1_000,
    );
    // ... and the other installation's first write waited for none of it.
    expect(alone).toBeGreaterThanOrEqual(0);
    expect(delayed - alone).toBeLessThanOrEqual(1_000);
    ralph.close();
    fake.assertValid();
  }, 120_000);
});
