/**
 * Issue 9 acceptance through the BUILT action (bundled with the release options, run as a runner
 * does against the fake GitHub): the engine the CLI drives decides here too, so the adversaries of
 * the CLI suites get the same answers. Whatever the agent does: no done marker unless every story's
 * work is on the branch, a named stop reason, a bounded number of agent runs, and every story the
 * PRD on the branch calls verified still there (assertSoundTree).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BRANCH, ISSUE, SPEC_ID } from "../action/flows.js";
import { isAlive, untilGone } from "../agents/helpers.js";
import { actionWorld, CONFIG, MAX_RUNS, promptOf } from "./action-world.js";
import { US1_SENT_BACK_BY_THE_GATE, VERIFIED_WORK_DELETERS } from "./world.js";

describe("soundness of the built action against adversarial agents (issue 9)", {
  timeout: 180_000,
}, () => {
  const { playIssue } = actionWorld();

  it("a PASS quoted in a fenced example: no done marker, the PR stays a draft, a named stop", async () => {
    const played = await playIssue("fenced-pass");
    const { w, run, calls } = played;
    expect(run.outputs).toMatchObject({ phase: "failed" });
    const state = w.fake.stateOf(ISSUE)!;
    expect(state.stopReason).toMatch(/^circuit breaker: the verifier gave no acceptable verdict/);
    expect(state.prd?.stories.every((s) => s.status !== "passed")).toBe(true);
    expect([...w.fake.pulls.values()].every((pr) => pr.draft)).toBe(true);
    expect(calls).toEqual(["plan:", "implement:US-1", "verify:US-1", "verify:US-1", "verify:US-1"]);
    // The reason goes back to the verifier's next run.
    expect(promptOf(played, 4, "verify")).toMatch(
      /did not accept the verdict[\s\S]*fenced code block/,
    );
  });

  it.each(VERIFIED_WORK_DELETERS)(
    "verified work deleted by the next story (%s: %s) goes back to work; done only with both stories there",
    async (adversary, _how) => {
      const { w, run, calls } = await playIssue(adversary);
      expect(run.outputs).toMatchObject({ phase: "done", status: "done" });
      expect(w.remoteGit("show", `${BRANCH}:greeting-US-1.txt`)).toBe("hello from US-1");
      expect(calls).toEqual(US1_SENT_BACK_BY_THE_GATE);
      const reviews = [...w.fake.reviews.values()]
        .flat()
        .map((r) => r.body)
        .join("\n");
      expect(reviews).toContain("US-1 no longer holds");
    },
  );

  it.each([
    ["always-fail", /limits\.max_attempts/, 5],
    ["noop-lenient", /made no progress in 2 attempts \(limits\.max_attempts\)/, 3],
  ] as const)(
    "%s: stops with a named reason after a bounded number of runs, never done",
    async (adversary, reason, runs) => {
      const { w, run, calls } = await playIssue(adversary);
      expect(run.outputs).toMatchObject({ phase: "failed" });
      expect(w.fake.stateOf(ISSUE)?.stopReason).toMatch(reason);
      expect(calls).toHaveLength(runs);
    },
  );

  it("always PLAN_INVALIDATION: re-planned within limits.max_replans, then a named stop", async () => {
    const { w, run, calls } = await playIssue("always-invalidate");
    expect(run.outputs).toMatchObject({ phase: "failed" });
    expect(w.fake.stateOf(ISSUE)?.stopReason).toMatch(/limits\.max_replans/);
    expect(calls.filter((c) => c === "plan:")).toHaveLength(3);
    expect(w.remoteGit("ls-tree", "-r", "--name-only", BRANCH)).not.toContain(
      `.ralph/specs/done/${SPEC_ID}.md`,
    );
  });

  it("a setsid child holding stdout cannot outlive the phase timeout", async () => {
    // Planned under the default timeout, so only the hanging implement run meets the short one.
    // 15 s, not less: the timeout is also the run's time budget, and a run that reaches the step
    // after it (a loaded machine took over 6 s) hands the step to a new run instead of starting it.
    const budget = CONFIG().replace(`max_agent_runs: ${MAX_RUNS}`, "max_agent_runs: 2");
    const { w, run, logDir, calls } = await playIssue("setsid", budget, {
      approveConfig: `${budget}  phase_timeout_minutes: 0.25\n`,
    });
    // The job ended (before the fix it waited for the child, which never exits; the test's own
    // timeout ended it).
    expect(calls).toEqual(["plan:", "implement:US-1"]);
    expect(run.outputs).toMatchObject({ phase: "failed" });
    expect(w.fake.stateOf(ISSUE)?.stopReason).toMatch(/budget exhausted/);
    const child = Number(readFileSync(join(logDir, "setsid-child.pid"), "utf8"));
    try {
      await untilGone(child);
    } finally {
      if (isAlive(child)) process.kill(child, "SIGKILL");
    }
  });
});
