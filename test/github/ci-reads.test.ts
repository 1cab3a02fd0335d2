/**
 * The CI gate's reads on the shared fake GitHub (every request and answer checked against GitHub's
 * API description): the checks on a commit with Ralph's own workflow told apart, a job log's end
 * behind its 302, and a pull request's mergeability while GitHub computes it.
 */
import { Octokit } from "@octokit/rest";
import { describe, expect, it } from "vitest";
import { ciVerdict } from "../../src/core/ci-verdict.js";
import { readCiFailures } from "../../src/github/ci-failures.js";
import { silentLogger } from "../../src/github/client.js";
import { readCommitChecks } from "../../src/github/commit-checks.js";
import { readJobLogTail } from "../../src/github/job-logs.js";
import { readMergeability } from "../../src/github/mergeability.js";
import { API, FakeGitHub } from "../support/fake-github/index.js";
import { plainContext, withFake } from "./helpers.js";

const SHA = "c".repeat(40);
const CHECK_RUNS = "GET /repos/{owner}/{repo}/commits/{ref}/check-runs";
const STATUS = "GET /repos/{owner}/{repo}/commits/{ref}/status";
const RUNS = "GET /repos/{owner}/{repo}/actions/runs";
const LOGS = "GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs";

describe("readCommitChecks", () => {
  it("reads every app's check runs and the latest status per context; Ralph's own workflow is marked", async () => {
    const { fake, gh } = withFake();
    fake.ci.addCheckRun({ sha: SHA, name: "test (20)", conclusion: "failure" });
    fake.ci.addCheckRun({ sha: SHA, name: "lint", conclusion: "success" });
    fake.ci.addCheckRun({
      sha: SHA,
      name: "ralph",
      conclusion: "failure",
      workflowPath: ".github/workflows/ralph.yml",
    });
    fake.ci.addCheckRun({
      sha: SHA,
      name: "build",
      app: { id: 7, slug: "circleci-checks", name: "CircleCI" },
      conclusion: "success",
      output: { title: "Build passed", summary: "12 steps" },
    });
    fake.ci.setStatus(SHA, "ci/jenkins", "pending");
    fake.ci.setStatus(SHA, "ci/jenkins", "error", "Build #7 errored");
    fake.ci.setStatus("d".repeat(40), "ci/other-commit", "failure");

    const read = await readCommitChecks(gh, SHA, { workflow: "ralph.yml" });
    expect(read.truncated).toBe(false);
    expect(read.checks.map((c) => [c.kind, c.name, c.app, c.own])).toEqual([
      ["check_run", "test (20)", "github-actions", false],
      ["check_run", "lint", "github-actions", false],
      ["check_run", "ralph", "github-actions", true],
      ["check_run", "build", "circleci-checks", false],
      ["status", "ci/jenkins", null, false],
    ]);
    const test = read.checks[0];
    expect(test?.jobId).toBe(fake.ci.checkRuns[0]?.id);
    expect(test?.url).toMatch(/\/actions\/runs\/\d+\/job\/\d+$/);
    expect(read.checks[3]?.output).toBe("Build passed\n\n12 steps");
    expect(read.checks[4]).toMatchObject({ status: "error", output: "Build #7 errored" });
    const verdict = ciVerdict(read.checks);
    expect(verdict.kind).toBe("red");
    expect(verdict.kind === "red" && verdict.failing.map((c) => c.name)).toEqual([
      "test (20)",
      "ci/jenkins",
    ]);
    // One call per listing, and the workflow runs of this commit once (Actions made checks).
    expect([fake.count(CHECK_RUNS), fake.count(STATUS), fake.count(RUNS)]).toEqual([1, 1, 1]);
  });

  it("asks for no workflow runs when GitHub Actions made no check; an empty commit has no check", async () => {
    const { fake, gh } = withFake();
    fake.ci.setStatus(SHA, "ci/legacy", "success");
    const read = await readCommitChecks(gh, SHA, { workflow: "ralph.yml" });
    expect(read.checks.map((c) => c.name)).toEqual(["ci/legacy"]);
    expect(fake.count(RUNS)).toBe(0);
    // In a repository without CI; the fake's default CI passes every commit with one status.
    const empty = "e".repeat(40);
    const passing = await readCommitChecks(gh, empty, { workflow: "ralph.yml" });
    expect(passing.checks.map((c) => [c.name, c.status])).toEqual([["ci/default", "success"]]);
    fake.ci.passByDefault = false;
    const none = await readCommitChecks(gh, empty, { workflow: "ralph.yml" });
    expect(ciVerdict(none.checks)).toEqual({ kind: "none" });
  });

  it("a re-run supersedes its earlier run; pages are followed up to the cap, then it says so", async () => {
    const { fake, gh } = withFake();
    const first = fake.ci.addCheckRun({ sha: SHA, name: "flaky", conclusion: "failure" });
    fake.ci.addCheckRun({ sha: SHA, name: "flaky", conclusion: "success" });
    const one = await readCommitChecks(gh, SHA, { workflow: "ralph.yml" });
    expect(one.checks.map((c) => [c.name, c.conclusion])).toEqual([["flaky", "success"]]);
    expect(one.checks[0]?.jobId).not.toBe(first.id);

    const app = { id: 9, slug: "matrix-ci", name: "Matrix" };
    for (let i = 0; i < 230; i++) fake.ci.addCheckRun({ sha: SHA, name: `job ${i}`, app });
    fake.resetCounts();
    const all = await readCommitChecks(gh, SHA, { workflow: "ralph.yml" });
    expect(all.checks).toHaveLength(231);
    expect(all.truncated).toBe(false);
    expect(fake.count(CHECK_RUNS)).toBe(3);
    const capped = await readCommitChecks(gh, SHA, { workflow: "ralph.yml", maxPages: 2 });
    expect(capped.checks).toHaveLength(200);
    expect(capped.truncated).toBe(true);
    const page = fake.requests.filter((r) => r.route === CHECK_RUNS).at(-1);
    expect(page?.query.get("filter")).toBe("latest");
    expect(page?.query.get("per_page")).toBe("100");
  });
});

describe("readJobLogTail", () => {
  const lines = (n: number) =>
    Array.from(
      { length: n },
      (_, i) => `2024-05-01T10:00:0${i % 10}.1234567Z \u001b[32mline ${i}\u001b[0m`,
    ).join("\n");

  it("follows the 302 without the token, asks only for the end, and keeps readable lines", async () => {
    const { fake, gh } = withFake();
    const run = fake.ci.addCheckRun({
      sha: SHA,
      name: "test",
      conclusion: "failure",
      log: `${lines(5000)}\n##[error]Process completed with exit code 1.\n`,
    });
    const tail = await readJobLogTail(gh, run.id, { tailBytes: 4096, maxLines: 20 });
    expect(tail?.split("\n")).toHaveLength(20);
    expect(tail?.split("\n").at(-1)).toBe("##[error]Process completed with exit code 1.");
    expect(tail?.split("\n").at(-2)).toBe("line 4999");
    expect(tail).not.toContain("\u001b");
    expect(tail).not.toContain("2024-05-01T");
    expect(fake.count(LOGS)).toBe(1);
    expect(fake.ci.logReads).toEqual([
      { jobId: run.id, authorization: null, range: "bytes=-4096" },
    ]);
  });

  it("a log shorter than the range comes whole; a job without a log reads as null", async () => {
    const { fake, gh } = withFake();
    const run = fake.ci.addCheckRun({
      sha: SHA,
      name: "t",
      conclusion: "failure",
      log: "only\nthis\n",
    });
    expect(await readJobLogTail(gh, run.id)).toBe("only\nthis");
    const noLog = fake.ci.addCheckRun({ sha: SHA, name: "u", conclusion: "failure" });
    expect(await readJobLogTail(gh, noLog.id)).toBeNull();
  });

  it("a log server that ignores the range is read to its end within the bound, and past the bound not at all", async () => {
    const { fake, gh } = withFake();
    const run = fake.ci.addCheckRun({
      sha: SHA,
      name: "t",
      conclusion: "failure",
      log: lines(3000),
    });
    const noRange: typeof fetch = (url, init) => fetch(url, { ...init, headers: {} });
    const tail = await readJobLogTail(gh, run.id, { fetch: noRange, tailBytes: 2048, maxLines: 5 });
    expect(tail).toBe(["line 2995", "line 2996", "line 2997", "line 2998", "line 2999"].join("\n"));
    expect(await readJobLogTail(gh, run.id, { fetch: noRange, maxBytes: 10_000 })).toBeNull();
  });
});

describe("readMergeability", () => {
  function pull(fake: ReturnType<typeof withFake>["fake"]) {
    fake.addPull({
      number: 7,
      title: "Ralph: greeting",
      head: { ref: "ralph/6-greeting", sha: SHA },
    });
  }

  it("reads again while GitHub computes, after the given pauses, then reports conflicts", async () => {
    const { fake, gh } = withFake();
    pull(fake);
    fake.ci.setMergeability(7, { mergeable: false, state: "dirty", computingReads: 2 });
    const slept: number[] = [];
    const result = await readMergeability(gh, 7, { sleep: async (ms) => void slept.push(ms) });
    // The base branch's commit GitHub compared with: the fake's `main` without a git repository.
    expect(result).toEqual({ kind: "conflicts", headSha: SHA, baseSha: "a".repeat(40) });
    expect(slept).toEqual([1000, 2000]);
    expect(fake.count("GET /repos/{owner}/{repo}/pulls/{pull_number}")).toBe(3);
  });

  it.each([
    [
      { mergeable: true, state: "clean" },
      { kind: "mergeable", state: "clean", behind: false },
    ],
    [
      { mergeable: true, state: "behind" },
      { kind: "mergeable", state: "behind", behind: true },
    ],
    [{ mergeable: null, state: "unknown", computingReads: 99 }, { kind: "unknown" }],
  ])("%j → %j (bounded: at most four reads)", async (seed, expected) => {
    const { fake, gh } = withFake();
    pull(fake);
    fake.ci.setMergeability(7, seed);
    expect(await readMergeability(gh, 7, { sleep: async () => {} })).toMatchObject(expected);
    expect(fake.count("GET /repos/{owner}/{repo}/pulls/{pull_number}")).toBeLessThanOrEqual(4);
  });

  it("a merged pull request (merged through the API, as a human would) is closed", async () => {
    const { fake, gh } = withFake();
    pull(fake);
    const merged = await gh.client.request("PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge", {
      owner: gh.owner,
      repo: gh.repo,
      pull_number: 7,
    });
    expect(merged.data).toMatchObject({ merged: true });
    expect(await readMergeability(gh, 7, { sleep: async () => {} })).toEqual({
      kind: "closed",
      merged: true,
      headSha: SHA,
    });
  });
});

describe("the fake's CI pages like GitHub", () => {
  it("sets a link header to the next and last page", async () => {
    const { fake, gh } = withFake();
    for (let i = 0; i < 5; i++) fake.ci.setStatus(SHA, `ctx-${i}`, "success");
    const res = await gh.client.request("GET /repos/{owner}/{repo}/commits/{ref}/statuses", {
      owner: gh.owner,
      repo: gh.repo,
      ref: SHA,
      per_page: 2,
    });
    expect((res.data as unknown[]).length).toBe(2);
    expect(String(res.headers.link)).toContain(
      `<${API}/repos/Codertocat/Hello-World/commits/${SHA}/statuses?per_page=2&page=2>; rel="next"`,
    );
    expect(String(res.headers.link)).toContain('page=3>; rel="last"');
  });
});

describe("over real HTTP (the Action's transport)", () => {
  it("the job log's 302 and its short-lived URL, and the check suites of a commit", async () => {
    const fake = new FakeGitHub();
    const url = await fake.listen();
    try {
      const gh = {
        ...plainContext(),
        client: new Octokit({ auth: "ghs_test", baseUrl: url, log: silentLogger }),
      };
      const run = fake.ci.addCheckRun({
        sha: SHA,
        name: "e2e",
        conclusion: "failure",
        log: "a\nb\nFAIL e2e\n",
      });
      fake.ci.addCheckRun({ sha: SHA, name: "unit", conclusion: "success" });
      expect(await readJobLogTail(gh, run.id)).toBe("a\nb\nFAIL e2e");
      expect(fake.ci.logReads[0]?.authorization).toBeNull();
      const suites = await gh.client.request(
        "GET /repos/{owner}/{repo}/commits/{ref}/check-suites",
        {
          owner: gh.owner,
          repo: gh.repo,
          ref: SHA,
        },
      );
      expect(suites.data).toMatchObject({
        total_count: 1,
        check_suites: [{ status: "completed", conclusion: "failure", latest_check_runs_count: 2 }],
      });
      fake.assertValid();
    } finally {
      await fake.close();
    }
  });
});

describe("readCiFailures", () => {
  it("an Actions check brings its log's end; another app's check its output; a gone log falls back", async () => {
    const { fake, gh } = withFake();
    fake.ci.addCheckRun({
      sha: SHA,
      name: "unit",
      conclusion: "failure",
      log: "setup\nFAIL sum.test.ts\n",
    });
    fake.ci.addCheckRun({
      sha: SHA,
      name: "no-log",
      conclusion: "timed_out",
      output: { title: "Timed out" },
    });
    fake.ci.addCheckRun({
      sha: SHA,
      name: "lint",
      app: { id: 3, slug: "lint-bot", name: "Lint" },
      conclusion: "failure",
      output: { title: "2 errors", text: "src/a.ts:1 no-var" },
    });
    const read = await readCommitChecks(gh, SHA, { workflow: "ralph.yml" });
    const verdict = ciVerdict(read.checks);
    if (verdict.kind !== "red") throw new Error(`red expected, got ${verdict.kind}`);
    const failures = await readCiFailures(gh, verdict.failing);
    expect(failures).toEqual([
      {
        name: "unit",
        conclusion: "failure",
        url: expect.any(String),
        log: "setup\nFAIL sum.test.ts",
        source: "job_log",
      },
      {
        name: "no-log",
        conclusion: "timed_out",
        url: expect.any(String),
        log: "Timed out",
        source: "check_output",
      },
      {
        name: "lint",
        conclusion: "failure",
        url: expect.any(String),
        log: "2 errors\n\nsrc/a.ts:1 no-var",
        source: "check_output",
      },
    ]);
    // Only Actions jobs have logs: two reads, the lint bot's check costs none.
    expect(fake.count(LOGS)).toBe(2);
    expect(await readCiFailures(gh, verdict.failing, { maxLogs: 0 })).toMatchObject([
      { source: "none" },
      { source: "check_output" },
      { source: "check_output" },
    ]);
  });
});
