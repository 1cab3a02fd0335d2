/**
 * Agent faults through the BUILT action (issue 10): a planner that crashes, hangs past the phase
 * timeout, prints nothing, or prints 20 MB. Each run ends with exit code 0 and a clear message on
 * the issue, nothing is lost, and a later `/ralph plan` with a working agent resumes and plans.
 */
import { describe, expect, it } from "vitest";
import { ISSUE } from "../action/flows.js";
import { type ActionRun, worldPerFile } from "../action/harness.js";
import { type HostileWorld, withHostileAgent } from "./hostile-world.js";

describe("agent faults in the built action", { timeout: 240_000 }, () => {
  let hostile: HostileWorld;
  const world = worldPerFile((w) => {
    hostile = withHostileAgent(w);
  });

  function plan(mode: string | null): Promise<ActionRun> {
    // One try per step; the hanging agent gets a 15 s phase timeout instead of 30 minutes. Not
    // less: the timeout is also the run's time budget, and a run that reaches the planner after
    // it (a loaded machine took over 6 s) hands the step to a new run instead of starting it.
    world().fake.files.set(
      ":.github/ralph.yml",
      `limits:\n  max_attempts: 1\n${mode === "hang" ? "  phase_timeout_minutes: 0.25\n" : ""}`,
    );
    return hostile.say("/ralph plan", mode === null ? {} : { HOSTILE_MODE: mode });
  }

  const statusText = () =>
    world()
      .fake.botComments(ISSUE)
      .find((c) => c.body.includes("ralph:status"))?.body ?? "";

  for (const [mode, reason] of [
    ["crash", /crashed 3 times in a row: agent exited with code 139/],
    [
      "silent",
      /invalid output 3 times in a row: .*the output is empty\. End your final message with the envelope JSON object\./,
    ],
  ] as const) {
    it(`a planner that ${mode === "crash" ? "crashes" : "prints nothing"}: the issue fails with the reason on it, the run ends cleanly`, async () => {
      const run = await plan(mode);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const state = world().fake.stateOf(ISSUE);
      expect(state?.phase).toBe("failed");
      expect(state?.lastError ?? "").toMatch(reason);
      // Not "Your output ended with: " and nothing after it.
      expect(state?.lastError ?? "").not.toContain("ended with");
      // The reason is on the issue (the status comment), not only in the job log.
      expect(statusText()).toMatch(reason);
    });
  }

  it("a planner that hangs: stopped at the phase timeout, the timeout is on the issue", async () => {
    let run = await plan("hang");
    // The phase timeout is also the run's time budget: a run starved past it before the planner
    // starts hands the step to a dispatched run. Follow those runs to the planner's own timeout,
    // and no further: the retries it dispatches would each wait out the timeout again before the
    // breaker (three in a row, as the crash case above shows), 30 s of a worker doing nothing.
    for (let seen = 0; !/timed out/.test(run.summary); ) {
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(world().fake.dispatches.length, run.stdout).toBeGreaterThan(seen);
      seen = world().fake.dispatches.length;
      run = await hostile.resume("plan", { HOSTILE_MODE: "hang" });
    }
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const state = world().fake.stateOf(ISSUE);
    expect(state?.lastError).toMatch(/timed out/);
    expect(statusText()).toMatch(/timed out/);
    // No agent process is left behind: the run ended although the agent meant to sleep 10 min.
    expect(run.summary).toMatch(/timed out/);
  });

  it("a planner that prints 20 MB: bounded in memory and on GitHub; the retry plans", async () => {
    const run = await plan("flood");
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.phase).toBe("awaiting_approval");
    expect(world().fake.tooLong).toEqual([]);
    for (const c of world().fake.comments.values())
      expect(c.body.length).toBeLessThanOrEqual(65_536);
    expect(run.stdout.length + run.summary.length).toBeLessThan(1024 * 1024);
  });

  it("the status comment deleted by a human mid-run: a clear message on the issue; /ralph plan starts over", async () => {
    const run = await plan("delete-status");
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const notice = world()
      .fake.botComments(ISSUE)
      .filter((c) => /status comment .*(deleted|gone|missing)/i.test(c.body));
    expect(notice, run.stdout).toHaveLength(1);
    const again = await plan(null);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.outputs.phase).toBe("awaiting_approval");
  });

  it("nothing was lost on the way: one status comment, the issue and its history intact", () => {
    const status = world()
      .fake.botComments(ISSUE)
      .filter((c) => c.body.includes("ralph:status"));
    expect(status).toHaveLength(1);
    expect(world().fake.stateOf(ISSUE)?.phase).toBe("awaiting_approval");
    expect(world().fake.unhandled).toEqual([]);
  });
});
