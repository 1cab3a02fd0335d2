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

const API = "https://api.github.com";

afterEach(() => {
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
