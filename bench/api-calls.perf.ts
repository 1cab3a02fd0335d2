/**
 * Benchmark 2: GitHub API calls for one lifecycle (plan, one question round, approve, two
 * stories, one verify failure, done), by endpoint, against the documented lower bound
 * (docs/performance.md), and the issues per hour one installation can drive within GitHub's
 * limits. Also benchmark 4's second half: agent runs per lifecycle.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { bundleAction } from "../test/action/harness.js";
import { runLifecycle } from "../test/action/lifecycle.js";
import { isWriteRequest } from "../test/support/fake-github/index.js";
import { countByEndpoint, printTable, writeResult } from "./support/report.js";

/** See docs/performance.md, "The lower bound": the calls no implementation can avoid. */
const LOWER_BOUND = 69;

// GitHub's limits for one App installation (docs.github.com, rate limits for the REST API).
const INSTALLATION_REQUESTS_PER_HOUR = 5_000;
const CONTENT_CREATING_PER_HOUR = 500;

/** A mutating request: a GraphQL query (`viewer`, the label lookup) is a POST but reads. */
const isWrite = isWriteRequest;

it("API calls per lifecycle", async () => {
  const bundle = await bundleAction(mkdtempSync(join(tmpdir(), "ralph-bench-bundle-")));
  const { runs, agentRuns, world } = await runLifecycle(bundle);
  await world.fake.close();
  const all = runs.flatMap((r) => r.requests);
  // BENCH_TRACE=1 prints every request in order: where a run's calls go.
  if (process.env.BENCH_TRACE === "1") {
    for (const r of runs) {
      process.stdout.write(
        `\n# ${r.name}\n${r.requests.map((q) => `${q.method} ${q.path}`).join("\n")}\n`,
      );
    }
  }
  const writes = all.filter(isWrite).length;
  const byEndpoint = countByEndpoint(all);
  printTable(
    "API calls per lifecycle, by run",
    runs.map((r) => ({
      run: r.name,
      calls: r.requests.length,
      writes: r.requests.filter(isWrite).length,
    })),
  );
  printTable(
    "API calls per lifecycle, by endpoint",
    byEndpoint.map(([endpoint, calls]) => ({ endpoint, calls })),
  );
  const perHour = Math.min(
    INSTALLATION_REQUESTS_PER_HOUR / all.length,
    CONTENT_CREATING_PER_HOUR / Math.max(1, writes),
  );
  const summary = {
    calls: all.length,
    writes,
    lowerBound: LOWER_BOUND,
    ratioToLowerBound: LOWER_BOUND > 0 ? all.length / LOWER_BOUND : null,
    issuesPerHour: Math.floor(perHour),
    agentRuns: agentRuns.length,
    agentRunsByPhase: agentRuns,
  };
  printTable("Lifecycle summary", [
    { measure: "API calls", value: all.length },
    { measure: "of which writes", value: writes },
    { measure: "documented lower bound", value: LOWER_BOUND },
    { measure: "issues/hour per installation", value: summary.issuesPerHour },
    { measure: "agent runs", value: agentRuns.length },
  ]);
  writeResult("api-calls", {
    ...summary,
    byRun: runs.map((r) => ({ run: r.name, calls: r.requests.length })),
    byEndpoint: Object.fromEntries(byEndpoint),
  });
  expect(all.length).toBeGreaterThan(0);
});

/**
 * The write throttle's cost (`BENCH_THROTTLE=1`, about 2 minutes more): the same lifecycle with
 * the action's rate-limit policy on and off, in one run; the difference in wall time is what the
 * policy made the lifecycle wait. Off by default to keep `npm run bench` well under 5 minutes.
 */
it.runIf(process.env.BENCH_THROTTLE === "1")("write throttle wait per lifecycle", async () => {
  const bundle = await bundleAction(mkdtempSync(join(tmpdir(), "ralph-bench-bundle-")));
  const timed = async (throttle: boolean) => {
    const { runs, world } = await runLifecycle(bundle, { throttle });
    await world.fake.close();
    return runs;
  };
  // Off, on, off: the two unthrottled runs bracket the throttled one (the machine is shared).
  const off1 = await timed(false);
  const on = await timed(true);
  const off2 = await timed(false);
  const rows = on.map((r, i) => {
    const off = Math.min(off1[i]?.ms ?? 0, off2[i]?.ms ?? 0);
    return {
      run: r.name,
      writes: r.requests.filter(isWrite).length,
      "throttle off ms": Math.round(off),
      "throttle on ms": Math.round(r.ms),
      "waited ms": Math.round(r.ms - off),
    };
  });
  const total = (k: "throttle off ms" | "throttle on ms" | "waited ms") =>
    rows.reduce((sum, r) => sum + r[k], 0);
  rows.push({
    run: "lifecycle",
    writes: rows.reduce((sum, r) => sum + r.writes, 0),
    "throttle off ms": total("throttle off ms"),
    "throttle on ms": total("throttle on ms"),
    "waited ms": total("waited ms"),
  });
  printTable("Write throttle wait per lifecycle (rate-limit policy on vs off)", rows);
  writeResult("throttle-wait", { rows });
  expect(on.length).toBe(3);
});
