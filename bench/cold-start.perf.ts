/**
 * Benchmark 3: the action's cold start against bare `node -e 0`, alternated in one run (so both
 * see the same machine load), and the bundle's size. The action is bundled exactly as
 * scripts/build.mjs bundles dist/action.js. Two action cases:
 * - "ignored event": a bot's comment, the commonest event in a busy repository; it must exit 0
 *   without a request (GITHUB_API_URL points at a closed port, so a request would show).
 * - "invalid inputs": no token; the path that loads the run's modules and fails fast.
 * Each process gets a clean environment (no NODE_OPTIONS / NODE_EXTRA_CA_CERTS), as a runner's
 * node step would.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { expect, it } from "vitest";
import { bundleAction } from "../test/action/harness.js";
import { issueCommentCreated } from "../test/fixtures/webhooks/index.js";
import { printTable, quantile, writeResult } from "./support/report.js";

const ROUNDS = 25;
const TARGET_RATIO = 2;
const TARGET_BYTES = 1.2 * 1024 * 1024;

function timeProcess(
  args: string[],
  env: Record<string, string>,
): { ms: number; code: number | null } {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { env, stdio: "ignore", timeout: 60_000 });
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, code: r.status };
}

/** Total size of the action's files in its output directory (entry plus any chunks). */
function bundleBytes(entry: string): { entry: number; total: number } {
  const dir = dirname(entry);
  let total = 0;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else if (name.endsWith(".js")) total += s.size;
    }
  };
  walk(dir);
  return { entry: statSync(entry).size, total };
}

it("action cold start vs bare node, and bundle size", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ralph-bench-cold-"));
  const bundle = await bundleAction(join(dir, "dist"));
  const eventPath = join(dir, "event.json");
  writeFileSync(
    eventPath,
    JSON.stringify(
      issueCommentCreated({
        issue: { number: 7, title: "t", body: "b", author: "alice" },
        comment: {
          id: 99,
          body: "Deployed to staging",
          user: { login: "ci-bot[bot]", type: "Bot" },
        },
      } as Parameters<typeof issueCommentCreated>[0]),
    ),
  );
  const base = { PATH: process.env.PATH ?? "", HOME: dir };
  const runner = {
    ...base,
    GITHUB_ACTIONS: "true",
    GITHUB_EVENT_NAME: "issue_comment",
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_OUTPUT: join(dir, "output.txt"),
    GITHUB_STEP_SUMMARY: join(dir, "summary.md"),
    GITHUB_REPOSITORY: "octo/app",
    GITHUB_API_URL: "http://127.0.0.1:59999",
    GITHUB_WORKSPACE: dir,
    RUNNER_TEMP: dir,
    "INPUT_GITHUB-TOKEN": "ghs_benchmark",
    INPUT_PHASE: "auto",
    "INPUT_CONFIG-PATH": ".github/ralph.yml",
  };
  const cases = {
    "node -e 0": { args: ["-e", "0"], env: base },
    "action, ignored event": { args: [bundle], env: runner },
    "action, invalid inputs": { args: [bundle], env: base },
  };
  const names = Object.keys(cases) as (keyof typeof cases)[];
  const times = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<
    string,
    number[]
  >;
  const codes: Record<string, number | null> = {};
  for (const n of names) timeProcess(cases[n].args, cases[n].env); // warm the file cache
  for (let i = 0; i < ROUNDS; i++) {
    for (const n of names) {
      const r = timeProcess(cases[n].args, cases[n].env);
      times[n]!.push(r.ms);
      codes[n] = r.code;
    }
  }
  const bare = quantile(times["node -e 0"]!, 0.5);
  const rows = names.map((n) => ({
    process: n,
    "median ms": quantile(times[n]!, 0.5),
    "p90 ms": quantile(times[n]!, 0.9),
    "ratio to bare": quantile(times[n]!, 0.5) / bare,
    "exit code": String(codes[n]),
  }));
  const size = bundleBytes(bundle);
  printTable(`Cold start, ${ROUNDS} alternated rounds (target ratio <= ${TARGET_RATIO})`, rows);
  printTable("Bundle size", [
    { file: "action.js (entry)", bytes: size.entry },
    { file: "action, all files", bytes: size.total },
    { file: "target", bytes: Math.round(TARGET_BYTES) },
  ]);
  writeResult("cold-start", {
    rounds: ROUNDS,
    targetRatio: TARGET_RATIO,
    targetBytes: TARGET_BYTES,
    cases: Object.fromEntries(rows.map((r) => [r.process, r])),
    bundleBytes: size,
  });
  expect(bare).toBeGreaterThan(0);
});
