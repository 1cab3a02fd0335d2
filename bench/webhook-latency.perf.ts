/**
 * Benchmark 1: webhook handling latency in process (Probot `receive`, GitHub faked at zero
 * latency, no throttling): p50/p99 per event kind, in total and of Ralph's own work — the total
 * less the time spent awaiting the (faked) GitHub requests, which includes Octokit, nock's
 * interception and the in-memory fake (test/app/app-world.ts, GitHubWaitClock). Then the App's answer
 * time to a `/ralph plan` webhook with GitHub at 150 ms per request and Probot's production
 * Octokit (what `npm start` answers GitHub's HTTP delivery with).
 */
import { expect, it } from "vitest";
import { type AppWorld, startAppWorld } from "../test/app/app-world.js";
import {
  issueCommentCreated,
  issuesLabeled,
  webhookExample,
} from "../test/fixtures/webhooks/index.js";
import { user } from "../test/support/fake-github/index.js";
import { printTable, quantile, writeResult } from "./support/report.js";

const ROUNDS = 200;
/** Events per kind before sampling: module loading, JIT and caches settle first. */
const WARMUP = 30;
const TARGET_P99_MS = 10;

type Kind = {
  kind: string;
  make: (w: AppWorld, i: number) => { name: string; payload: Record<string, unknown> };
};

const issue = (n: number) => ({ number: n, author: "alice", title: `Issue ${n}`, body: "Do it." });

function comment(
  w: AppWorld,
  n: number,
  body: string,
  login = "alice",
  type: "User" | "Bot" = "User",
) {
  const c = w.fake.addComment(n, body, user(login, type));
  return issueCommentCreated({ issue: issue(n), comment: { ...c, user: user(login, type) } });
}

const KINDS: Kind[] = [
  {
    kind: "comment: /ralph plan (new issue)",
    make: (w, i) => ({ name: "issue_comment", payload: comment(w, 10_000 + i, "/ralph plan") }),
  },
  {
    kind: "comment: unrelated, idle issue",
    make: (w, i) => ({
      name: "issue_comment",
      payload: comment(w, 20_000 + i, "Looks good to me"),
    }),
  },
  {
    kind: "comment: by a bot",
    make: (w, i) => ({
      name: "issue_comment",
      payload: comment(w, 30_000 + i, "/ralph plan", "ci-bot[bot]", "Bot"),
    }),
  },
  {
    kind: "issues.labeled: other label",
    make: (_w, i) => ({
      name: "issues",
      payload: issuesLabeled({
        issue: issue(40_000 + i),
        label: "bug",
        sender: { login: "alice" },
      } as Parameters<typeof issuesLabeled>[0]),
    }),
  },
  {
    kind: "issues.opened: no trigger",
    make: (_w, i) => {
      const payload = webhookExample("issues", "opened");
      (payload.issue as Record<string, unknown>).number = 50_000 + i;
      return { name: "issues", payload };
    },
  },
];

it("webhook handling latency (zero-latency GitHub) and the App's answer time", async () => {
  const w = await startAppWorld();
  w.fake.grant("alice", "write");
  const rows: Record<string, string | number>[] = [];
  const perKind: Record<string, unknown> = {};
  // Warm up: the first receives load Probot's and Octokit's lazy parts and let the JIT settle.
  for (let i = 0; i < WARMUP; i++) {
    for (const k of KINDS) {
      const e = k.make(w, 9_000 - i);
      await w.receive(e.name, e.payload);
      await w.ralph.idle();
    }
  }
  for (const k of KINDS) {
    const times: number[] = [];
    const own: number[] = [];
    const before = w.fake.requests.length;
    for (let i = 0; i < ROUNDS; i++) {
      const e = k.make(w, i);
      const waited = w.githubWait.ms;
      const start = performance.now();
      // The whole handling: the answer plus the work done after it.
      await w.receive(e.name, e.payload);
      await w.ralph.idle();
      const total = performance.now() - start;
      times.push(total);
      own.push(total - (w.githubWait.ms - waited));
    }
    const calls = (w.fake.requests.length - before) / ROUNDS;
    const p50 = quantile(times, 0.5);
    const p99 = quantile(times, 0.99);
    const ownP50 = quantile(own, 0.5);
    const ownP99 = quantile(own, 0.99);
    rows.push({
      "event kind": k.kind,
      "total p50 ms": p50,
      "total p99 ms": p99,
      "own p50 ms": ownP50,
      "own p99 ms": ownP99,
      "calls/event": calls,
      "own p99 < 10 ms": ownP99 < TARGET_P99_MS ? "yes" : "no",
    });
    perKind[k.kind] = {
      p50Ms: p50,
      p99Ms: p99,
      ownP50Ms: ownP50,
      ownP99Ms: ownP99,
      callsPerEvent: calls,
      rounds: ROUNDS,
      warmup: WARMUP,
    };
  }
  w.close();
  expect(w.fake.unhandled).toEqual([]);
  printTable(`Webhook handling in process, GitHub at 0 ms (${ROUNDS} events per kind)`, rows);

  // The answer GitHub waits for: `/ralph plan` with 150 ms per request, production Octokit.
  const slow = await startAppWorld({ latencyMs: 150, throttled: true });
  slow.fake.grant("alice", "write");
  const answers: number[] = [];
  const finished: number[] = [];
  let calls = 0;
  for (let i = 0; i < 3; i++) {
    const e = comment(slow, 60_000 + i, "/ralph plan");
    const before = slow.fake.requests.length;
    const start = process.hrtime.bigint();
    await slow.receive("issue_comment", e);
    answers.push(Number(process.hrtime.bigint() - start) / 1e6);
    await slow.ralph.idle();
    finished.push(Number(process.hrtime.bigint() - start) / 1e6);
    calls = slow.fake.requests.length - before;
  }
  slow.close();
  const answer = {
    medianMs: quantile(answers, 0.5),
    runs: answers,
    handledMedianMs: quantile(finished, 0.5),
    callsPerEvent: calls,
  };
  printTable("App answer to a `/ralph plan` webhook, GitHub at 150 ms, production Octokit", [
    { measure: "answer time (median of 3), ms", value: answer.medianMs },
    { measure: "handled completely after (median), ms", value: answer.handledMedianMs },
    { measure: "API calls of the handling", value: calls },
    { measure: "target for the answer", value: "<= 1000 ms" },
  ]);
  writeResult("webhook-latency", {
    rounds: ROUNDS,
    targetP99Ms: TARGET_P99_MS,
    perKind,
    answerAt150ms: answer,
  });
});
