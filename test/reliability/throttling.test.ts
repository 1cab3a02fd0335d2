/**
 * Throttling (issue 10): every GitHub client Ralph makes — the Action's (createActionClient), the
 * App's (RalphProbotOctokit, what `npm start` gives Probot) and createOctokit — keeps a burst of 50 writes
 * within GitHub's secondary-rate-limit guidance — one write at a time and at most 80
 * content-creating requests per minute — and a 403 or 429 with `retry-after` is waited out and
 * retried, not turned into a failure. Time is fake (vitest timers) and GitHub answers in process
 * (a scripted `fetch`, no sockets), so only the fake clock decides when anything happens: the
 * test counts the waits the client makes, it never measures or depends on real time.
 *
 * Each client gets its own throttle id: plugin-throttling keeps its limiters per process, keyed
 * by that id, stamped with the (fake) clock; under one shared id a test would inherit the
 * previous test's next-request time.
 */
import type { ThrottlingOptions } from "@octokit/plugin-throttling";
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
  vi.unstubAllGlobals();
});

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** GitHub's API for one test: `route` answers each request (it may wait on the fake clock). */
function answer(route: (method: string, path: string) => Reply | Promise<Reply>): void {
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const reply = await route(init?.method ?? "GET", new URL(url).pathname);
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { "content-type": "application/json", ...reply.headers },
    });
  });
}

/**
 * Runs `work` to its end: the clock jumps from one timer the client set to the next until none is
 * left. Nothing else can move it on, so work still pending then would wait forever.
 */
async function settle<T>(work: Promise<T>): Promise<T> {
  let settled = false;
  work.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  await vi.runAllTimersAsync();
  if (!settled) throw new Error("the requests wait on nothing the clock can move: stuck");
  return work;
}

function fakeClock(): void {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: 0 });
}

type Warner = typeof silentLogger;

let clients = 0;
/** A throttle id no other client of this process has. */
const ownThrottle = () => `throttling-test-${++clients}`;

/** Each client Ralph makes, as the code that uses it makes it. */
const CLIENTS: [string, (log: Warner) => GitHubClient][] = [
  [
    "the Action's client",
    (log) =>
      createActionClient({ token: "ghs_x", apiUrl: API, log, env: {}, throttleId: ownThrottle() }),
  ],
  [
    "the App's Probot Octokit",
    (log) =>
      new RalphProbotOctokit({
        auth: { token: "ghs_x" },
        log,
        // Only the id: the App's defaults add Ralph's rate-limit handlers.
        throttle: { id: ownThrottle() } as ThrottlingOptions,
      }) as unknown as GitHubClient,
  ],
  [
    "createOctokit",
    (log) =>
      createOctokit({ auth: "ghs_x", log, throttleId: ownThrottle() }) as unknown as GitHubClient,
  ],
];

const RATE_LIMITED = [403, 429].flatMap((status) =>
  CLIENTS.map(([name, client]) => [status, name, client] as const),
);

describe("the write throttle", () => {
  for (const [name, client] of CLIENTS) {
    it(`a burst of 50 comments: one write at a time, never more than 80 content-creating writes in a minute (${name})`, async () => {
      fakeClock();
      const at: number[] = [];
      let inFlight = 0;
      let maxInFlight = 0;
      // Each answer takes 500 ms (fake time): a client that sent the next write before the last
      // one was answered would have two in flight.
      answer(async (method, path) => {
        expect(`${method} ${path}`).toMatch(/^POST \/repos\/o\/r\/issues\/\d+\/comments$/);
        at.push(Date.now());
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const id = at.length;
        await new Promise((resolve) => setTimeout(resolve, 500));
        inFlight -= 1;
        return { status: 201, body: { id } };
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
      const at: number[] = [];
      answer((method, path) => {
        expect(`${method} ${path}`).toMatch(
          /^POST \/repos\/o\/r\/(issues\/\d+\/comments|pulls\/\d+\/reviews)$/,
        );
        at.push(Date.now());
        return { status: 201, body: { id: at.length } };
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
      const at: number[] = [];
      answer((method, path) => {
        expect(`${method} ${path}`).toBe("POST /repos/o/r/issues/1/comments");
        at.push(Date.now());
        if (at.length === 1)
          return {
            status,
            body: { message: "You have exceeded a secondary rate limit." },
            headers: { "retry-after": "30" },
          };
        return { status: 201, body: { id: 7 } };
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
      const at: number[] = [];
      answer((method, path) => {
        expect(`${method} ${path}`).toBe("GET /repos/o/r/issues/1");
        at.push(Date.now());
        if (at.length === 1)
          return {
            status: 403,
            body: { message: "API rate limit exceeded" },
            headers: {
              "x-ratelimit-remaining": "0",
              "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 120),
            },
          };
        return { status: 200, body: { number: 1 } };
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
