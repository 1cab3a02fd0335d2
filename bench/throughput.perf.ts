/**
 * Benchmark 5: 10,000 webhook events across 1,000 issues through one App process (Probot
 * `receive`, GitHub faked in process at zero latency, no throttling): events per second and
 * memory growth. Per issue: a `/ralph plan` by a maintainer, then nine events of the kinds a busy
 * repository sends (conversation, bots, labels, answers on the now-planning issue). Memory is
 * read after a forced GC at every tenth of the run; the fake's request log is emptied as it goes
 * (it is the test double's memory, not Ralph's).
 */
import { expect, it } from "vitest";
import { startAppWorld } from "../test/app/app-world.js";
import { issueCommentCreated, issuesLabeled } from "../test/fixtures/webhooks/index.js";
import { user } from "../test/support/fake-github/index.js";
import { printTable, writeResult } from "./support/report.js";

const ISSUES = 1_000;
const EVENTS_PER_ISSUE = 10;

const issue = (n: number) => ({ number: n, author: "alice", title: `Issue ${n}`, body: "Do it." });

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

it("10,000 events across 1,000 issues through one App process", async () => {
  const w = await startAppWorld();
  w.fake.grant("alice", "write");
  const comment = (n: number, body: string, login = "alice") => {
    const type = login.endsWith("[bot]") ? "Bot" : "User";
    const c = w.fake.addComment(n, body, user(login, type));
    return issueCommentCreated({ issue: issue(n), comment: { ...c, user: user(login, type) } });
  };
  const eventsFor = (n: number, k: number): [string, Record<string, unknown>] => {
    switch (k) {
      case 0:
        return ["issue_comment", comment(n, "/ralph plan")];
      case 1:
      case 4:
      case 7:
        return ["issue_comment", comment(n, "Thanks, following along")];
      case 2:
      case 5:
        return ["issue_comment", comment(n, "Deployed preview", "ci-bot[bot]")];
      case 3:
        return [
          "issues",
          issuesLabeled({ issue: issue(n), label: "bug", sender: { login: "alice" } }),
        ];
      default:
        return ["issue_comment", comment(n, "/ralph status")];
    }
  };
  const samples: { events: number; rssMiB: number; heapMiB: number }[] = [];
  const sample = (events: number) => {
    gc();
    const m = process.memoryUsage();
    samples.push({ events, rssMiB: m.rss / 2 ** 20, heapMiB: m.heapUsed / 2 ** 20 });
  };
  sample(0);
  const total = ISSUES * EVENTS_PER_ISSUE;
  const start = process.hrtime.bigint();
  let done = 0;
  // Round-robin over the issues, as interleaved real traffic would arrive.
  for (let k = 0; k < EVENTS_PER_ISSUE; k++) {
    for (let n = 1; n <= ISSUES; n++) {
      const [name, payload] = eventsFor(n, k);
      await w.receive(name, payload);
      done += 1;
      if (done % 200 === 0) await w.ralph.idle();
      if (done % (total / 10) === 0) {
        await w.ralph.idle();
        w.fake.requests.length = 0;
        sample(done);
      }
    }
  }
  await w.ralph.idle();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  w.close();
  expect(w.fake.unhandled).toEqual([]);
  const first = samples[1]!;
  const last = samples.at(-1)!;
  const perThousand = (last.heapMiB - first.heapMiB) / ((last.events - first.events) / 1000);
  printTable(
    "Memory after GC, by events handled",
    samples.map((s) => ({ events: s.events, "RSS MiB": s.rssMiB, "heap MiB": s.heapMiB })),
  );
  printTable(`${total} events across ${ISSUES} issues, one App process`, [
    { measure: "events/s", value: total / seconds },
    { measure: "seconds", value: seconds },
    {
      measure: "heap growth after the first 1,000 events, MiB per 1,000 events",
      value: perThousand,
    },
    { measure: "RSS growth from 1,000 to 10,000 events, MiB", value: last.rssMiB - first.rssMiB },
    { measure: "comments the fake holds (its own memory)", value: w.fake.comments.size },
  ]);
  writeResult("throughput", {
    events: total,
    issues: ISSUES,
    seconds,
    eventsPerSecond: total / seconds,
    heapGrowthMiBPerThousandEvents: perThousand,
    samples,
    gcExposed: typeof (globalThis as { gc?: unknown }).gc === "function",
  });
});
