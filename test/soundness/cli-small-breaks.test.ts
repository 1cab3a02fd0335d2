/**
 * Issue 9 point 6, the smaller breaks, through the built `ralph run`: a story whose only change
 * is progress.md, an agent-staged candidate file, usage-limit retries against max_agent_runs, a
 * PRD with blank criteria, and verified stories kept across a PLAN_INVALIDATION. Each case also
 * passes assertSound (no false done, a named stop, bounded runs, verified work still there).
 */
import { describe, expect, it } from "vitest";
import { CONFIG, calls, MAX_RUNS, play, useBuiltCli } from "./cli-world.js";
import { REPLANNED_AT_US2 } from "./world.js";

useBuiltCli();

describe("soundness of the built CLI: the smaller breaks (issue 9 point 6)", {
  timeout: 120_000,
}, () => {
  it("a story whose only change is .ralph/progress.md is no progress and is never verified", async () => {
    const { repo, run, log } = await play("progress-only");
    expect(run.stdout).toContain("greet.md: failed [max_attempts_exhausted]");
    expect(run.stdout).toContain("implement US-1 made no change");
    expect(calls(log)).toEqual(["plan:", "implement:US-1", "implement:US-1"]);
    expect(repo.git("log", "--format=%s")).not.toMatch(/US-1/);
  });

  it("a candidate file the agent wrote and staged never rides along in a commit", async () => {
    const { repo, run } = await play("stage-candidate");
    expect(run.stdout).toContain("greet.md: done");
    expect(repo.git("log", "-p", "--format=%H %s")).not.toContain("FORGED-BY-THE-AGENT");
  });

  it("an agent run retried after a usage-limit wait counts twice against limits.max_agent_runs", async () => {
    // The wait is the reset ("0 seconds") plus RALPH_USAGE_LIMIT_MARGIN_SECONDS, 0 here (30 s by
    // default), on the real clock.
    const { run, log } = await play(
      "usage-once",
      CONFIG().replace(`max_agent_runs: ${MAX_RUNS}`, "max_agent_runs: 3"),
    );
    expect(run.stdout).toContain("stopped: max_agent_runs_reached");
    expect(run.stdout).toContain("usage limit: waiting 0s before retrying (reset_seconds)");
    expect(calls(log)).toEqual(["plan:", "implement:US-1", "implement:US-1"]);
  });

  it("a PRD whose acceptance criteria are blank is refused before any implement run", async () => {
    const { run, log } = await play("blank-criteria");
    expect(run.stdout).toMatch(/greet\.md: failed \[(planner_failed|invalid_prd)\]/);
    expect(run.stdout).toContain("must not be blank");
    expect(log.some((e) => e.phase !== "plan")).toBe(false);
  });

  it("a PLAN_INVALIDATION keeps the stories already verified: only the rest is done again", async () => {
    const { repo, run, log } = await play("invalidate-once");
    expect(run.stdout).toContain("greet.md: done");
    expect(calls(log)).toEqual(REPLANNED_AT_US2);
    expect(repo.git("show", "HEAD:greeting-US-1.txt")).toBe("hello from US-1");
  });
});
