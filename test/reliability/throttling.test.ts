/**
 * Throttling (issue 10): every GitHub client Ralph makes — the Action's (createActionClient), the
 * App's (RalphProbotOctokit, what `npm start` gives Probot) and createOctokit — keeps a burst of 50 writes
 * within GitHub's secondary-rate-limit guidance — one write at a time and at most 80
 * content-creating requests per minute — and a 403 or 429 with `retry-after` is waited out and
 * retried, not turned into a failure. Time is fake (vitest timers): the test counts the waits the
 * client makes, it never measures real time.
 */
import nock from "nock";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActionClient } from "../../src/action/github-client.js";
import { RalphProbotOctokit } from "../../src/app/probot-octokit.js";
import { type GitHubClient, silentLogger } from "../../src/github/client.js";
import { createOctokit } from "../../src/github/octokit.js";
import {
  CONTENT_LIMITS,
  resetContentWindows,
  SlidingWindowLimiter,
} from "../../src/github/rate-limit-policy.js";

const API = "https://api.github.com";

afterEach(() => {
  resetContentWindows();
  vi.useRealTimers();
  nock.cleanAll();
  nock.enableNetConnect();
});

/** Runs `work` while advancing fake time until it settles. */
async function settle<T>(work: Promise<T>): Promise<T> {
  let done = false;
  let result: T | undefined;
  let failure: unknown;
  work.then(
    (r) => {
      done = true;
      result = r;
    },
    (e) => {
      done = true;
      failure = e;
    },
  );
  for (let i = 0; i < 10_000 && !done; i++) await vi.advanceTimersByTimeAsync(250);
  if (!done) throw new Error("the requests never finished");
  if (failure !== undefined) throw failure;
  return result as T;
}

function fakeClock(): void {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: 0 });
}

type Warner = typeof silentLogger;

/** Each client Ralph makes, as the code that uses it makes it. */
const CLIENTS: [string, (log: Warner) => GitHubClient][] = [
  [
    "the Action's client",
    (log) => createActionClient({ token: "ghs_x", apiUrl: API, log, env: {} }),
  ],
  [
    "the App's Probot Octokit",
    (log) =>
      new RalphProbotOctokit({
        auth: { token: "ghs_x" },
        log,
      }) as unknown as GitHubClient,
  ],
  ["createOctokit", (log) => createOctokit({ auth: "ghs_x", log }) as unknown as GitHubClient],
];

const RATE_LIMITED = [403, 429].flatMap((status) =>
  CLIENTS.map(([name, client]) => [status, name, client] as const),
);

describe("the write throttle", () => {
  for (const [name, client] of CLIENTS) {
    it(`a burst of 50 comments: one write at a time, never more than 80 content-creating writes in a minute (${name})`, async () => {
      fakeClock();
      nock.disableNetConnect();
      const at: number[] = [];
      let inFlight = 0;
      let maxInFlight = 0;
      // Each answer takes 500 ms (fake time): a client that sent the next write before the last
      // one was answered would have two in flight.
      nock(API)
        .persist()
        .post(/\/repos\/o\/r\/issues\/\d+\/comments/)
        .reply((_uri, _body, callback) => {
          at.push(Date.now());
          inFlight += 1;
          maxInFlight = Math.max(maxInFlight, inFlight);
          const id = at.length;
          setTimeout(() => {
            inFlight -= 1;
            callback(null, [201, { id }]);
          }, 500);
        });
      const octokit = client(silentLogger);
      const burst = Array.from({ length: 50 }, (_, i) =>
        octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
          owner: "o",
          repo: "r",
          issue_number: i + 1,
          body: `comment ${i}`,
        }),
      );
      await settle(Promise.all(burst));
      expect(at).toHaveLength(50);
      expect(maxInFlight).toBe(1);
      // Any 60-second window holds at most 80 of them (GitHub's secondary-limit guidance).
      for (let i = 0; i < at.length; i++) {
        const inWindow = at.filter((t) => t >= (at[i] ?? 0) && t < (at[i] ?? 0) + 60_000);
        expect(inWindow.length).toBeLessThanOrEqual(80);
      }
      // Writes are spaced, not sent back to back.
      const gaps = at.slice(1).map((t, i) => t - (at[i] ?? 0));
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(750);
    });
  }

  for (const [name, client] of CLIENTS) {
    it(`content-generating writes are spaced 1 s apart as GitHub asks, not 3 s (${name})`, async () => {
      fakeClock();
      nock.disableNetConnect();
      const at: number[] = [];
      nock(API)
        .persist()
        .post(/\/repos\/o\/r\/(issues\/\d+\/comments|pulls\/\d+\/reviews)/)
        .reply(() => {
          at.push(Date.now());
          return [201, { id: at.length }];
        });
      const octokit = client(silentLogger);
      const writes = Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
              owner: "o",
              repo: "r",
              issue_number: i + 1,
              body: `comment ${i}`,
            })
          : octokit.request("POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews", {
              owner: "o",
              repo: "r",
              pull_number: i + 1,
              event: "COMMENT",
              body: `review ${i}`,
            }),
      );
      await settle(Promise.all(writes));
      expect(at).toHaveLength(10);
      const gaps = at.slice(1).map((t, i) => t - (at[i] ?? 0));
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(750);
      // plugin-throttling's default waited 3 s between these (notification-triggering paths).
      expect(Math.max(...gaps)).toBeLessThan(2_000);
    });
  }

  for (const [status, name, client] of RATE_LIMITED) {
    it(`a ${status} secondary rate limit with retry-after is waited out and retried, not a failure (${name})`, async () => {
      fakeClock();
      nock.disableNetConnect();
      const at: number[] = [];
      nock(API)
        .post("/repos/o/r/issues/1/comments")
        .reply(() => {
          at.push(Date.now());
          return [
            status,
            { message: "You have exceeded a secondary rate limit." },
            { "retry-after": "30" },
          ];
        })
        .post("/repos/o/r/issues/1/comments")
        .reply(() => {
          at.push(Date.now());
          return [201, { id: 7 }];
        });
      const warnings: string[] = [];
      const octokit = client({ ...silentLogger, warn: (m) => warnings.push(m) });
      const res = await settle(
        octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
          owner: "o",
          repo: "r",
          issue_number: 1,
          body: "hello",
        }),
      );
      expect(res.status).toBe(201);
      expect(at).toHaveLength(2);
      expect((at[1] ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(30_000);
      expect(warnings.join("\n")).toMatch(/retry in 30s/);
    });
  }

  for (const [name, client] of CLIENTS) {
    it(`a primary rate limit (403, remaining 0) waits for x-ratelimit-reset, then succeeds (${name})`, async () => {
      fakeClock();
      nock.disableNetConnect();
      const at: number[] = [];
      nock(API)
        .get("/repos/o/r/issues/1")
        .reply(() => {
          at.push(Date.now());
          return [
            403,
            { message: "API rate limit exceeded" },
            {
              "x-ratelimit-remaining": "0",
              "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 120),
            },
          ];
        })
        .get("/repos/o/r/issues/1")
        .reply(() => {
          at.push(Date.now());
          return [200, { number: 1 }];
        });
      const octokit = client(silentLogger);
      const res = await settle(
        octokit.request("GET /repos/{owner}/{repo}/issues/{issue_number}", {
          owner: "o",
          repo: "r",
          issue_number: 1,
        }),
      );
      expect(res.data).toEqual({ number: 1 });
      expect((at[1] ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(119_000);
    });
  }
});

describe("the content-generating window (80 a minute, 500 an hour)", () => {
  /** A limiter on a clock that moves only when the limiter sleeps. */
  function onFakeClock(limits = CONTENT_LIMITS) {
    let now = 0;
    const limiter = new SlidingWindowLimiter(
      limits,
      () => now,
      async (ms) => {
        now += ms;
      },
    );
    return { limiter, now: () => now };
  }

  function maxInAnyWindow(starts: number[], windowMs: number): number {
    return Math.max(...starts.map((s) => starts.filter((t) => t >= s && t < s + windowMs).length));
  }

  it("never lets more than 80 start in a minute or 500 in an hour, and waits no longer than needed", async () => {
    const { limiter, now } = onFakeClock();
    const starts: number[] = [];
    for (let i = 0; i < 560; i++) {
      await limiter.take();
      starts.push(now());
    }
    expect(maxInAnyWindow(starts, 60_000)).toBe(80);
    expect(maxInAnyWindow(starts, 3_600_000)).toBe(500);
    // The first 80 start at once; the 81st as soon as the first leaves the minute.
    expect(starts[79]).toBe(0);
    expect(starts[80]).toBe(60_000);
    // The 501st as soon as the first leaves the hour.
    expect(starts[500]).toBe(3_600_000);
  });

  it("waiting takers queue: two never pass on the same free slot", async () => {
    const { limiter, now } = onFakeClock([{ limit: 1, windowMs: 1_000 }]);
    const starts: number[] = [];
    await Promise.all(
      [1, 2, 3].map(() =>
        limiter.take().then(() => {
          starts.push(now());
        }),
      ),
    );
    expect(starts).toEqual([0, 1_000, 2_000]);
  });
});
