import { describe, expect, it } from "vitest";
import { RunnerCheckout } from "../../src/action/runner-checkout.js";
import { runStep, type StepContext, secondsLeft } from "../../src/action/steps.js";
import { createAgent } from "../../src/agents/create-agent.js";
import { parseConfig } from "../../src/core/config.js";
import { initialState } from "../../src/core/state.js";
import { specRef } from "../../src/pipeline/context.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import { BOT, fakeClock, records, writeScenario } from "../fixtures/pipeline/scenario.js";
import { tempDir } from "../support/temp.js";

const LIMITED = { stdout: "Error: You've hit your usage limit. Try again in 2 hours.\n", exit: 1 };
const RESEARCHED = {
  stdout: `${JSON.stringify({
    research: { specs: [], best_practices: [], pitfalls: [], references: [] },
    decisions: [],
  })}\n`,
};

/** The Action's research step on a real checkout, with a clock that never really waits. */
async function researchWithDeadline(secondsAhead: number | null) {
  const repo = makeRepo();
  const handle = writeScenario({ research: [LIMITED, RESEARCHED] });
  const config = parseConfig({ agent: "command", agent_command: handle.command });
  const clock = fakeClock();
  const ws = await RunnerCheckout.open({
    root: repo.dir,
    config,
    token: "ghs_unused_in_this_test",
    agent: createAgent(config),
    clock,
    logRoot: tempDir("ralph-logs-"),
    botIdentity: BOT,
    dropWorkflowsFirst: false,
    onWorkflowChangesDropped: async () => {},
    redact: (text) => text,
    log: () => {},
  });
  const ctx: StepContext = {
    ws,
    config,
    issue: {
      number: 7,
      author: "alice",
      title: "Greet",
      body: "Say hello.",
      isPullRequest: false,
      labels: ["ralph"],
    },
    target: {
      spec: specRef(config.ralph_home, "issue-7-greet.md"),
      branch: "ralph/7-greet",
      ownBranch: false,
      writeIssueSpec: true,
      specsLeft: [],
    },
    defaultBranch: "main",
    coAuthors: [],
    log: () => {},
    ...(secondsAhead === null ? {} : { deadline: clock.now().getTime() + secondsAhead * 1000 }),
  };
  const outcome = await runStep(ctx, initialState(7), "research");
  return { outcome, clock, runs: records(handle.recordDir).length };
}

describe("runStep: usage-limit waits end with the run's time budget", () => {
  it("a reset beyond the deadline is not waited for: usage_limit for the machine", async () => {
    const { outcome, clock, runs } = await researchWithDeadline(600);
    expect(outcome.result).toEqual({
      step: "research",
      kind: "usage_limit",
      retryAfterSeconds: 7_200,
    });
    expect(outcome.summary).toBe("usage limit");
    expect(clock.sleeps).toEqual([]);
    expect(runs).toBe(1);
  });

  it("a reset within the time left is waited for and the step runs again", async () => {
    const { outcome, clock, runs } = await researchWithDeadline(3 * 3600);
    expect(outcome.result).toEqual({ step: "research", kind: "decisions", decisions: [] });
    expect(outcome.summary).toBe("0 decisions");
    expect(clock.sleeps).toEqual([7_230_000]);
    expect(runs).toBe(2);
  });
});

describe("secondsLeft", () => {
  it.each([
    [10_999, 10],
    [0, 0],
    [-5_000, 0],
  ])("%i ms ahead is %i s", (ahead, seconds) => {
    const now = new Date("2026-03-01T10:00:00.000Z");
    expect(secondsLeft(now.getTime() + ahead, now)).toBe(seconds);
  });
});
