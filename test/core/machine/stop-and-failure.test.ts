/**
 * What a failed agent step says and starts again, and what a result that arrives after `/ralph
 * stop` still does (DESIGN §3.1, §4.5): each case fails when its rule is broken (mutation testing
 * found them unchecked in machine/agent-results.ts and machine/context.ts).
 */
import { describe, expect, it } from "vitest";
import type { AgentResult } from "../../../src/core/events.js";
import { findStory } from "../../../src/core/machine/context.js";
import { transition } from "../../../src/core/machine/index.js";
import type { MachineState } from "../../../src/core/state.js";
import { cmd, config, dispatchOf, PHASE_FIXTURES, replyOf, result } from "./fixtures.js";

const resultAfter = (state: MachineState, r: AgentResult) => transition(state, result(r), config());

describe("a failed agent step", () => {
  it.each([
    [{ step: "implement", kind: "crash", message: "boom" }, "The implement step crashed: boom."],
    [
      { step: "implement", kind: "invalid_output", errors: ["no JSON", "no table"] },
      "The implement step returned invalid output: no JSON; no table.",
    ],
    [
      { step: "implement", kind: "invalid_output", errors: [] },
      "The implement step returned invalid output.",
    ],
    [{ step: "implement", kind: "timeout" }, "The implement step timed out."],
    [
      { step: "implement", kind: "usage_limit", retryAfterSeconds: null },
      "The implement step hit the agent's usage limit.",
    ],
  ] as [AgentResult, string][])("%j is shown as %j", (failure, shown) => {
    expect(resultAfter(PHASE_FIXTURES.implementing, failure).state.lastError).toBe(shown);
  });

  it("a failed verify runs again on the same story; a failed plan on none", () => {
    const verify = resultAfter(PHASE_FIXTURES.verifying, { step: "verify", kind: "timeout" });
    expect(dispatchOf(verify.effects)).toEqual({
      type: "dispatch",
      step: "verify",
      storyId: "US-1",
    });
    const plan = resultAfter(
      { ...PHASE_FIXTURES.planning, currentStory: "US-1" },
      { step: "plan", kind: "timeout" },
    );
    expect(dispatchOf(plan.effects)).toEqual({ type: "dispatch", step: "plan" });
  });
});

describe("a result that arrives after /ralph stop", () => {
  it("a failure that opens the circuit breaker still fails the issue", () => {
    const stopped: MachineState = {
      ...PHASE_FIXTURES.stopped,
      breaker: { signature: "crash:implement", count: 2 },
    };
    const out = resultAfter(stopped, { step: "implement", kind: "crash", message: "boom" });
    expect(out.state.phase).toBe("failed");
    expect(out.state.stopReason).toMatch(/^circuit breaker: the implement step crashed 3 times/);
    expect(replyOf(out.effects)).toContain("Check the run log, fix the cause");
  });

  it("a base merge that finds nothing to merge still ends the issue done", () => {
    const stopped: MachineState = {
      ...PHASE_FIXTURES.done,
      phase: "stopped",
      resumePhase: "verifying",
      resumeStep: "merge_base",
      baseMerge: { reason: "command", from: "done", report: null },
      stopReason: "stopped by @alice",
    };
    const out = resultAfter(stopped, {
      step: "merge_base",
      kind: "base_merged",
      outcome: "up_to_date",
      head: "a".repeat(40),
      base: "main",
      files: [],
    });
    expect(out.state.phase).toBe("done");
  });

  it("a failure that only asks for another try stays stopped, nothing dispatched, the error shown", () => {
    const out = resultAfter(PHASE_FIXTURES.stopped, { step: "implement", kind: "timeout" });
    expect(out.state.phase).toBe("stopped");
    expect([out.state.resumePhase, out.state.resumeStep]).toEqual(["implementing", "implement"]);
    expect(dispatchOf(out.effects)).toBeUndefined();
    expect(out.state.lastError).toBe("The implement step timed out.");
  });
});

describe("a planner's questions after /ralph stop", () => {
  it("are posted and the round waits stopped, nothing dispatched", () => {
    const stopped: MachineState = {
      ...PHASE_FIXTURES.planning,
      phase: "stopped",
      pendingStep: null,
      resumePhase: "planning",
      resumeStep: "plan",
      stopReason: "stopped by @alice",
    };
    const out = resultAfter(stopped, {
      step: "plan",
      kind: "questions",
      questions: ["Which?"],
      uncertainties: [],
    });
    expect(out.state.phase).toBe("stopped");
    expect(out.state.resumePhase).toBe("questions");
    expect(out.effects.map((e) => e.type)).toContain("post_questions");
    expect(dispatchOf(out.effects)).toBeUndefined();
  });
});

describe("every stop names what to do next", () => {
  it("a stop that is neither budget, breaker nor follow-up limit says how to retry or change the plan", () => {
    const out = transition(
      PHASE_FIXTURES.implementing,
      { type: "run_failed", conclusion: "cancelled", runUrl: null },
      config(),
    );
    expect(out.state.phase).toBe("failed");
    expect(replyOf(out.effects)).toContain("Comment `/ralph run` to retry");
    expect(replyOf(out.effects)).not.toContain("max_followups");
  });
});

describe("a new planning round starts clean", () => {
  it("/ralph plan after a failure: no open questions, the run gate closed", () => {
    const failed: MachineState = {
      ...PHASE_FIXTURES.failed,
      openQuestions: ["Which greeting?"],
      runGatePassed: true,
    };
    const out = transition(failed, cmd("plan"), config());
    expect(out.state.openQuestions).toEqual([]);
    expect(out.state.runGatePassed).toBe(false);
  });
});

describe("an agent step the budget does not allow", () => {
  it("/ralph understand with no agent run left: failed, and nothing remembers a way back", () => {
    const awaiting: MachineState = {
      ...PHASE_FIXTURES.awaiting_approval,
      counters: { ...PHASE_FIXTURES.awaiting_approval.counters, agentRuns: 5 },
    };
    const out = transition(awaiting, cmd("understand"), config({ limits: { max_agent_runs: 5 } }));
    expect(out.state.phase).toBe("failed");
    expect(out.state.returnPhase).toBeNull();
    expect(replyOf(out.effects)).toContain("Raise the limit in `.github/ralph.yml`");
    expect(dispatchOf(out.effects)).toBeUndefined();
  });
});

it("a story id on a state without a PRD finds no story", () => {
  expect(findStory({ ...PHASE_FIXTURES.planning, prd: null }, "US-1")).toBeUndefined();
});
