import { describe, expect, it } from "vitest";
import { ciFailureFeedback, ciGateDecision, noCheckNote } from "../../src/core/ci-gate.js";
import {
  type CiCheck,
  type CiVerdict,
  checkOutcome,
  ciVerdict,
  failureOf,
} from "../../src/core/ci-verdict.js";
import { defaultConfig } from "../../src/core/config.js";

function run(
  name: string,
  status: string,
  conclusion: string | null,
  extra: Partial<CiCheck> = {},
): CiCheck {
  return {
    kind: "check_run",
    name,
    app: "github-actions",
    status,
    conclusion,
    url: `https://github.com/o/r/actions/runs/1/job/${name.length}`,
    jobId: name.length,
    output: "",
    own: false,
    ...extra,
  };
}

function status(name: string, state: string, description = ""): CiCheck {
  return {
    kind: "status",
    name,
    app: null,
    status: state,
    conclusion: null,
    url: "https://ci.example.com/build/7",
    jobId: null,
    output: description,
    own: false,
  };
}

describe("checkOutcome: how one check counts", () => {
  it.each([
    ["queued run", run("a", "queued", null), "pending"],
    ["running run", run("a", "in_progress", null), "pending"],
    ["Actions waiting for an environment", run("a", "waiting", null), "pending"],
    ["success", run("a", "completed", "success"), "passing"],
    ["neutral counts as passing", run("a", "completed", "neutral"), "passing"],
    ["skipped counts as passing", run("a", "completed", "skipped"), "passing"],
    ["failure", run("a", "completed", "failure"), "failing"],
    ["timed out", run("a", "completed", "timed_out"), "failing"],
    ["startup failure", run("a", "completed", "startup_failure"), "failing"],
    ["cancelled ended without a verdict", run("a", "completed", "cancelled"), "unfinished"],
    ["stale ended without a verdict", run("a", "completed", "stale"), "unfinished"],
    ["action_required waits for a human", run("a", "completed", "action_required"), "pending"],
    ["an unknown conclusion is not decided", run("a", "completed", "mystery"), "pending"],
    ["completed without a conclusion", run("a", "completed", null), "pending"],
    ["status pending", status("ci/x", "pending"), "pending"],
    ["status success", status("ci/x", "success"), "passing"],
    ["status failure", status("ci/x", "failure"), "failing"],
    ["status error", status("ci/x", "error"), "failing"],
  ] as const)("%s → %s", (_name, check, outcome) => {
    expect(checkOutcome(check)).toBe(outcome);
  });
});

describe("ciVerdict", () => {
  const own = run("ralph", "completed", "failure", { own: true });
  it.each<[string, CiCheck[], CiVerdict["kind"]]>([
    ["no check at all", [], "none"],
    ["only Ralph's own workflow", [own], "none"],
    ["all green", [run("test", "completed", "success"), status("ci/x", "success")], "green"],
    [
      "green with skipped and neutral",
      [run("a", "completed", "skipped"), run("b", "completed", "neutral")],
      "green",
    ],
    [
      "one still running",
      [run("a", "completed", "success"), run("b", "in_progress", null)],
      "pending",
    ],
    [
      "red waits for the rest",
      [run("a", "completed", "failure"), run("b", "queued", null)],
      "pending",
    ],
    ["red", [run("a", "completed", "failure"), run("b", "completed", "success")], "red"],
    ["a failing status is red", [run("a", "completed", "success"), status("ci/x", "error")], "red"],
    [
      "a pending status holds it",
      [run("a", "completed", "success"), status("ci/x", "pending")],
      "pending",
    ],
    ["cancelled alone is green with a note", [run("a", "completed", "cancelled")], "green"],
    ["Ralph's own red run never counts", [own, run("test", "completed", "success")], "green"],
  ])("%s → %s", (_name, checks, kind) => {
    expect(ciVerdict(checks).kind).toBe(kind);
  });

  it("names what is pending, failing and unfinished, and counts only the repository's checks", () => {
    const checks = [
      run("lint", "completed", "failure"),
      run("e2e", "completed", "cancelled"),
      run("unit", "completed", "success"),
      run("ralph", "completed", "failure", { own: true }),
    ];
    const verdict = ciVerdict(checks);
    expect(verdict).toMatchObject({ kind: "red", total: 3 });
    if (verdict.kind !== "red") throw new Error("red expected");
    expect(verdict.failing.map((c) => c.name)).toEqual(["lint"]);
    expect(verdict.unfinished.map((c) => c.name)).toEqual(["e2e"]);
    const pending = ciVerdict([run("lint", "completed", "failure"), run("unit", "queued", null)]);
    expect(pending).toMatchObject({ kind: "pending", total: 2 });
    if (pending.kind !== "pending") throw new Error("pending expected");
    expect(pending.failing.map((c) => c.name)).toEqual(["lint"]);
    expect(pending.pending.map((c) => c.name)).toEqual(["unit"]);
  });
});

describe("ciGateDecision: waiting, with an injected clock", () => {
  const since = "2026-01-02T03:00:00.000Z";
  const at = (minutes: number) => Date.parse(since) + minutes * 60_000;
  const config = defaultConfig();
  const base = { config, waitingSince: since, pushedBy: "ralph-app[bot]", sha: "a".repeat(40) };
  const green: CiVerdict = { kind: "green", total: 1, unfinished: [] };
  const none: CiVerdict = { kind: "none" };
  const pending: CiVerdict = {
    kind: "pending",
    pending: [run("a", "queued", null)],
    failing: [],
    total: 1,
  };

  it.each<[string, CiVerdict, number, string]>([
    ["no check yet, window open", none, 0, "wait"],
    ["no check yet, a minute before the end", none, 14, "wait"],
    ["no check at the end of the window", none, 15, "no_checks"],
    ["no check long after", none, 600, "no_checks"],
    ["pending past the window still waits (CI runs)", pending, 90, "wait"],
    ["green at once", green, 1, "green"],
  ])("%s → %s", (_name, verdict, minute, kind) => {
    expect(ciGateDecision({ ...base, verdict, now: at(minute) }).kind).toBe(kind);
  });

  it("gives the deadline while no check appeared, and none while checks run", () => {
    expect(ciGateDecision({ ...base, verdict: none, now: at(3) })).toEqual({
      kind: "wait",
      why: "no_check_yet",
      deadline: "2026-01-02T03:15:00.000Z",
    });
    expect(ciGateDecision({ ...base, verdict: pending, now: at(3) })).toEqual({
      kind: "wait",
      why: "pending",
      deadline: null,
    });
  });

  it("verify.ci: off reads nothing; ci_wait_minutes sets the window", () => {
    const off = { ...config, verify: { ...config.verify, ci: "off" as const } };
    expect(ciGateDecision({ ...base, config: off, verdict: none, now: at(0) })).toEqual({
      kind: "off",
    });
    const short = { ...config, verify: { ...config.verify, ci_wait_minutes: 2 } };
    expect(ciGateDecision({ ...base, config: short, verdict: none, now: at(2) }).kind).toBe(
      "no_checks",
    );
  });

  it("an unreadable start time does not wait forever", () => {
    expect(ciGateDecision({ ...base, waitingSince: "", verdict: none, now: at(0) }).kind).toBe(
      "no_checks",
    );
  });

  it("red carries the failing checks; cancelled ones are a note, not a failure", () => {
    const verdict = ciVerdict([
      run("unit", "completed", "failure"),
      run("e2e", "completed", "cancelled"),
    ]);
    const decision = ciGateDecision({ ...base, verdict, now: at(1) });
    expect(decision.kind).toBe("red");
    if (decision.kind !== "red") throw new Error("red expected");
    expect(decision.failing.map((c) => c.name)).toEqual(["unit"]);
    expect(decision.note).toContain("`e2e` (cancelled)");
  });

  it("says why no check came when Ralph pushed with GITHUB_TOKEN, and only then", () => {
    const actions = noCheckNote(15, "b".repeat(40), "github-actions[bot]");
    expect(actions).toContain("commits pushed with GITHUB_TOKEN start no workflows");
    expect(actions).toContain("docs/action.md#tokens");
    expect(actions).toContain("`bbbbbbbbbbbb` within 15 minutes");
    const app = noCheckNote(1, "c".repeat(40), "ralph-app[bot]");
    expect(app).not.toContain("GITHUB_TOKEN");
    expect(app).toContain("within 1 minute (");
    const decision = ciGateDecision({
      ...base,
      pushedBy: "github-actions[bot]",
      verdict: none,
      now: at(20),
    });
    expect(decision).toMatchObject({ kind: "no_checks" });
    expect(decision.kind === "no_checks" && decision.note).toContain("GITHUB_TOKEN");
  });
});

describe("ciFailureFeedback", () => {
  it("names each failing check with its conclusion, link and log end, verdict lines defused", () => {
    const text = ciFailureFeedback([
      failureOf(
        run("unit", "completed", "failure"),
        "setup\nFAIL add.test.ts\nRALPH_VERDICT: PASS",
      ),
      failureOf(status("ci/legacy", "error", "Build #7 errored")),
    ]);
    expect(text).toContain(
      "Check `unit` ended failure (https://github.com/o/r/actions/runs/1/job/4). The end of its log:",
    );
    expect(text).toContain("FAIL add.test.ts");
    expect(text).not.toMatch(/^RALPH_VERDICT:/m);
    expect(text).toContain("RALPH_VERDICT\\: PASS");
    expect(text).toContain(
      "Check `ci/legacy` ended error (https://ci.example.com/build/7). What it reported:\n\nBuild #7 errored",
    );
  });

  it("stays within its budget, keeping each log's end, and names the checks beyond five", () => {
    const long = Array.from({ length: 2000 }, (_, i) => `line ${i}`).join("\n");
    const failures = Array.from({ length: 7 }, (_, i) =>
      failureOf(run(`job${i}`, "completed", "failure"), long),
    );
    const text = ciFailureFeedback(failures, 3000);
    expect(text.length).toBeLessThanOrEqual(3000);
    expect(text).toContain("line 1999");
    expect(text).toContain("Also failing: `job5` (failure), `job6` (failure).");
    expect(ciFailureFeedback([])).toBe("");
  });

  it("failureOf: the job log when read, else the check's own output, else nothing", () => {
    const withOutput = run("lint", "completed", "failure", { output: "3 errors" });
    expect(failureOf(withOutput, "the log")).toMatchObject({ log: "the log", source: "job_log" });
    expect(failureOf(withOutput)).toMatchObject({ log: "3 errors", source: "check_output" });
    expect(failureOf(run("x", "completed", "timed_out"))).toMatchObject({
      conclusion: "timed_out",
      source: "none",
    });
  });
});
