import { describe, expect, it } from "vitest";
import type { RalphConfig } from "../../../src/core/config.js";
import type { AgentResult, MachineEvent } from "../../../src/core/events.js";
import { clip } from "../../../src/core/machine/context.js";
import { transition } from "../../../src/core/machine/index.js";
import { initialState, type MachineState } from "../../../src/core/state.js";
import { alice } from "./actors.js";
import { cmd, GOAL_SIMPLE, result } from "./events.js";
import {
  config,
  dispatchOf,
  lastEffects,
  PHASE_FIXTURES,
  play,
  replyOf,
  types,
} from "./fixtures.js";
import { implemented, makePrd, prdResult, revisionOf, verdict } from "./results.js";

/** Plans and approves, ending in `implementing` US-1 with the adapter's prNumber recorded. */
function implementing(cfg: RalphConfig = config()): MachineState {
  const awaiting = play(
    initialState(42),
    [cmd("plan", "", alice, { goal: GOAL_SIMPLE }), result(prdResult())],
    cfg,
  ).state;
  const state = play({ ...awaiting, prNumber: 7 }, [cmd("approve")], cfg).state;
  expect(state.phase).toBe("implementing");
  return state;
}

type VerdictResult = Extract<AgentResult, { kind: "verdict" }>;
const invalid = (reason: string) => verdict("US-1", "c1", "FAIL", reason);

describe("PLAN_INVALIDATION and re-planning", () => {
  it("archives the plan, flags the review, re-plans; gates.replan true needs a new approval", () => {
    let run = play(implementing(), [
      result(implemented("US-1", "c1")),
      result(invalid("the plan edits the wrong module")),
    ]);
    expect(run.state.phase).toBe("plan_invalidated");
    expect(run.state.invalidation).toEqual({
      reason: "the plan edits the wrong module",
      attempt: 1,
    });
    expect(run.state.counters.replans).toBe(1);
    const effects = lastEffects(run);
    expect(effects[0]).toEqual({
      type: "commit_files",
      change: { kind: "archive_plan", reason: "the plan edits the wrong module", attempt: 1 },
      message: "ralph(issue-42-add-login): archive plan as attempt-1",
    });
    expect(effects[1]).toMatchObject({ type: "post_review", planInvalidation: true });
    expect(effects.slice(2)).toEqual([
      { type: "set_label", label: "ralph:plan-invalidated" },
      { type: "dispatch", step: "plan" },
    ]);

    const replanned = prdResult(makePrd(["US-1", "US-2"], " v2"));
    run = play(run.state, [result(replanned)]);
    expect(run.state.phase).toBe("awaiting_approval");
    expect(run.state.prd?.number).toBe(2);
    expect(run.state.prd?.revision).toBe(revisionOf(replanned));
    expect(run.state.approvedBy).toEqual([]);
    expect(types(lastEffects(run))).toEqual(["post_prd", "set_label"]);
    run = play(run.state, [cmd("approve")]);
    expect(run.state.phase).toBe("implementing");
    expect(run.state.invalidation).toBeNull();
  });

  it("gates.replan false: the new PRD goes straight to implementing", () => {
    const cfg = config({ gates: { replan: false } });
    const replanned = prdResult(makePrd(["US-9"], " v2"));
    const run = play(
      implementing(cfg),
      [result(implemented("US-1", "c1")), result(invalid("wrong approach")), result(replanned)],
      cfg,
    );
    expect(run.state.phase).toBe("implementing");
    expect(run.state.currentStory).toBe("US-9");
    expect(run.state.approvedBy).toEqual(["alice"]);
    expect(types(lastEffects(run))).toEqual(["post_prd", "set_label", "dispatch"]);
    expect(dispatchOf(lastEffects(run))).toEqual({
      type: "dispatch",
      step: "implement",
      storyId: "US-9",
    });
  });

  it("a re-plan keeps Ralph-verified stories that are unchanged; changed ones start over", () => {
    const cfg = config({ gates: { replan: false } });
    let run = play(
      implementing(cfg),
      [
        result(implemented("US-1", "c1")),
        result(verdict("US-1", "c1", "PASS")),
        result(implemented("US-2", "c2")),
        result(verdict("US-2", "c2", "FAIL", "US-2 needs another design")),
      ],
      cfg,
    );
    expect(run.state.phase).toBe("plan_invalidated");
    // US-1 is unchanged; US-2 got a new title; US-3 is new. The planner claims US-3 passes.
    const prd = makePrd(["US-1", "US-2", "US-3"]);
    prd.userStories[1]!.title = "Story US-2 redesigned";
    prd.userStories[2]!.passes = true;
    run = play(run.state, [result(prdResult(prd))], cfg);
    const stories = run.state.prd!.stories.map((st) => [st.id, st.status, st.commit]);
    expect(stories).toEqual([
      ["US-1", "passed", "c1"],
      ["US-2", "running", null],
      ["US-3", "pending", null],
    ]);
    // Implementation resumes with the first story not verified, not from the top.
    expect(run.state.currentStory).toBe("US-2");
  });

  it("max_replans: the invalidation after the last allowed re-plan fails with the reason", () => {
    const cfg = config({ limits: { max_replans: 1 } });
    let run = play(
      implementing(cfg),
      [
        result(implemented("US-1", "c1")),
        result(invalid("first")),
        result(prdResult(makePrd(["US-1"], " v2"))),
      ],
      cfg,
    );
    run = play(
      run.state,
      [cmd("approve"), result(implemented("US-1", "c1")), result(invalid("second"))],
      cfg,
    );
    expect(run.state.phase).toBe("failed");
    expect(run.state.lastError).toMatch(/all 1 re-plans are used \(limits\.max_replans\): second/);
    expect(run.state.stopReason).toBe(run.state.lastError);
    expect(types(lastEffects(run))).toEqual(["reply", "set_label"]);
    // A manual re-plan at the limit is refused, not failed.
    const manual = transition(run.state, cmd("replan", "try again"), cfg);
    expect(manual.state.phase).toBe("failed");
    expect(manual.effects[1]).toMatchObject({
      type: "reply",
      body: expect.stringMatching(/max_replans/),
    });
  });

  it("the review quotes the verifier's report, trimmed, in a details block; a blank report adds none", () => {
    const withReport = (feedback: string) => {
      const run = play(implementing(), [
        result(implemented("US-1", "c1")),
        result({ ...(invalid("the plan edits the wrong module") as VerdictResult), feedback }),
      ]);
      return lastEffects(run).find((e) => e.type === "post_review");
    };
    const head =
      "⚠️ **Plan invalidated** (`PLAN_INVALIDATION`, re-plan 1 of 2)\n\n" +
      "The verifier found the plan itself wrong while checking **US-1: Story US-1**.\n\n" +
      "**Reason:** the plan edits the wrong module";
    expect(withReport("\n  the module is the wrong one  \n")).toMatchObject({
      body: `${head}\n\n<details><summary>Verifier report</summary>\n\nthe module is the wrong one\n\n</details>`,
    });
    expect(withReport(" \n ")).toMatchObject({ body: head });
  });

  it("a re-plan clears the final check, the critic's concerns and the story; the spec-less archive names the issue", () => {
    const start = { ...implementing(), finalCheck: true, concerns: ["old concern"], specId: null };
    const run = transition(start, cmd("replan", "we need a queue instead"), config());
    expect(run.state).toMatchObject({ finalCheck: false, concerns: [], currentStory: null });
    expect(run.effects.find((e) => e.type === "commit_files")).toMatchObject({
      message: "ralph(issue-42): archive plan as attempt-1",
    });
    const review = run.effects.find((e) => e.type === "post_review");
    expect(review).toMatchObject({ body: expect.not.stringContaining("<details>") });
  });

  it("max_replans: the failed run keeps the report for the implementer and resumes implementing", () => {
    const cfg = config({ limits: { max_replans: 0 } });
    const run = play(
      implementing(cfg),
      [result(implemented("US-1", "c1")), result(invalid("the plan is wrong"))],
      cfg,
    );
    expect(run.state).toMatchObject({
      phase: "failed",
      resumePhase: "implementing",
      resumeStep: "implement",
      verifierFeedback:
        "Criterion 1 is not met: the button is missing.\nThe verifier also said the plan is wrong: the plan is wrong",
    });
  });

  it("/ralph replan invalidates by hand and counts", () => {
    const run = play(implementing(), [cmd("replan", "we need a queue instead")]);
    expect(run.state.phase).toBe("plan_invalidated");
    expect(run.state.counters.replans).toBe(1);
    expect(run.state.invalidation).toEqual({ reason: "we need a queue instead", attempt: 1 });
    expect(lastEffects(run).find((e) => e.type === "post_review")).toMatchObject({
      planInvalidation: true,
      body: expect.stringMatching(/@alice invalidated the plan/),
    });
  });
});

describe("per-story attempts", () => {
  it("max_attempts: FAIL retries with the feedback, then fails with a named reason; /ralph run gives fresh attempts", () => {
    const cfg = config({ limits: { max_attempts: 2 } });
    let run = play(
      implementing(cfg),
      [result(implemented("US-1", "c1")), result(verdict("US-1", "c1", "FAIL"))],
      cfg,
    );
    expect(run.state.phase).toBe("implementing");
    expect(run.state.verifierFeedback).toMatch(/button is missing/);
    expect(dispatchOf(lastEffects(run))).toEqual({
      type: "dispatch",
      step: "implement",
      storyId: "US-1",
    });
    run = play(
      run.state,
      [result(implemented("US-1", "c2")), result(verdict("US-1", "c2", "FAIL"))],
      cfg,
    );
    expect(run.state.phase).toBe("failed");
    expect(run.state.lastError).toBe(
      "story US-1 failed verification 2 times (limits.max_attempts): Criterion 1 is not met: the button is missing.",
    );
    expect(run.state.prd?.stories[0]).toMatchObject({ status: "failed", attempts: 2 });
    expect(types(lastEffects(run))).toEqual(["post_review", "reply", "set_label"]);
    // The reason ends with the verifier's own full stop: one, not two.
    expect(replyOf(lastEffects(run))).toMatch(
      /^\*\*Ralph stopped: story US-1 failed verification 2 times \(limits\.max_attempts\): Criterion 1 is not met: the button is missing\.\*\*\n\n/,
    );

    run = play(run.state, [cmd("run")], cfg);
    expect(run.state.phase).toBe("implementing");
    expect(run.state.prd?.stories[0]).toMatchObject({ status: "running", attempts: 0 });
    expect(run.state.lastError).toBeNull();
    expect(dispatchOf(lastEffects(run))).toEqual({
      type: "dispatch",
      step: "implement",
      storyId: "US-1",
    });
  });

  it("a PASS for a different commit does not pass the story", () => {
    const start = play(implementing(), [result(implemented("US-1", "c1"))]).state;
    let run = play(start, [result(verdict("US-1", "c-other", "PASS"))]);
    expect(run.state.phase).toBe("verifying");
    expect(run.state.prd?.stories[0]?.status).toBe("running");
    expect(types(lastEffects(run))).toEqual(["dispatch"]);
    expect(run.state.lastError).toBe(
      "The verifier reported PASS for commit c-other, but US-1 was implemented at c1.",
    );
    run = play(run.state, [
      result(verdict("US-1", "c-other", "PASS")),
      result(verdict("US-1", "c-other", "PASS")),
    ]);
    expect(run.state.phase).toBe("failed");
    expect(run.state.lastError).toMatch(
      /^circuit breaker: 3 verifications in a row checked the wrong commit/,
    );
    expect(run.state.prd?.stories[0]?.status).not.toBe("passed");
  });

  it("results for another story or a step Ralph is not waiting for change nothing but the run count", () => {
    const start = play(implementing(), [result(implemented("US-1", "c1"))]).state;
    const out = transition(start, result(verdict("US-2", "c1", "PASS")), config());
    expect(out.effects).toEqual([]);
    expect(out.state.phase).toBe("verifying");
    expect(out.state.counters.agentRuns).toBe(start.counters.agentRuns + 1);
    expect(out.state.prd).toEqual(start.prd);
  });

  // Issue 9 point 6: a result behind which the agent ran again after a usage-limit wait.
  it("counts every agent process of a result, usage-limit retries included", () => {
    const start = play(implementing(), [result(implemented("US-1", "c1"))]).state;
    const out = transition(
      start,
      {
        type: "agent_result",
        result: verdict("US-1", "c1", "FAIL"),
        usage: { runs: 3 },
      },
      config(),
    );
    expect(out.state.counters.agentRuns).toBe(start.counters.agentRuns + 3);
  });
});

describe("circuit breaker", () => {
  const crash: AgentResult = { step: "implement", kind: "crash", message: "segfault" };
  const timeout: AgentResult = { step: "implement", kind: "timeout" };

  it("opens after three identical failures in a row", () => {
    let run = play(implementing(), [result(crash), result(crash)]);
    expect(run.state.phase).toBe("implementing");
    expect(run.state.breaker).toEqual({ signature: "crash:implement", count: 2 });
    expect(dispatchOf(lastEffects(run))).toEqual({
      type: "dispatch",
      step: "implement",
      storyId: "US-1",
    });
    run = play(run.state, [result(crash)]);
    expect(run.state.phase).toBe("failed");
    expect(run.state.lastError).toBe(
      "circuit breaker: the implement step crashed 3 times in a row: segfault",
    );
    expect(run.state.resumePhase).toBe("implementing");
    expect(run.state.resumeStep).toBe("implement");
  });

  it("different signatures or a success in between keep it closed; /ralph run resets it", () => {
    let run = play(implementing(), [
      result(crash),
      result(timeout),
      result(crash),
      result(timeout),
    ]);
    expect(run.state.phase).toBe("implementing");
    run = play(implementing(), [
      result(crash),
      result(crash),
      result(implemented("US-1", "c1")),
      result({ step: "verify", kind: "crash", message: "x" }),
    ]);
    expect(run.state.breaker).toEqual({ signature: "crash:verify", count: 1 });

    run = play(implementing(), [result(crash), result(crash), result(crash), cmd("run")]);
    expect(run.state.phase).toBe("implementing");
    expect(run.state.breaker).toEqual({ signature: null, count: 0 });
  });

  it("no progress three times in a row opens it too", () => {
    const noProgress = result({ step: "implement", kind: "no_progress", storyId: "US-1" });
    const run = play(
      implementing(config({ limits: { max_attempts: 10 } })),
      [noProgress, noProgress, noProgress],
      config({ limits: { max_attempts: 10 } }),
    );
    expect(run.state.phase).toBe("failed");
    expect(run.state.lastError).toBe(
      "circuit breaker: 3 implement runs in a row made no change for story US-1",
    );
  });

  it("no progress up to limits.max_attempts fails the story, naming the limit", () => {
    const cfg = config({ limits: { max_attempts: 2 } });
    const noProgress = result({ step: "implement", kind: "no_progress", storyId: "US-1" });
    let run = play(implementing(cfg), [noProgress], cfg);
    expect(run.state.phase).toBe("implementing");
    expect(run.state.lastError).toBe("The implement run for US-1 changed nothing.");
    expect(dispatchOf(lastEffects(run))).toMatchObject({ step: "implement", storyId: "US-1" });
    run = play(run.state, [noProgress], cfg);
    expect(run.state.phase).toBe("failed");
    expect(run.state.stopReason).toBe(
      "story US-1 made no progress in 2 attempts (limits.max_attempts)",
    );
    expect(run.state.prd?.stories[0]?.status).toBe("failed");
  });

  it("with one attempt allowed, the stop says one attempt", () => {
    const cfg = config({ limits: { max_attempts: 1 } });
    const noProgress = result({ step: "implement", kind: "no_progress", storyId: "US-1" });
    const run = play(implementing(cfg), [noProgress], cfg);
    expect(run.state.stopReason).toBe(
      "story US-1 made no progress in 1 attempt (limits.max_attempts)",
    );
  });

  it("a verdict Ralph cannot accept runs the verifier again, saying why", () => {
    const start = play(implementing(), [result(implemented("US-1", "c1"))]).state;
    const unaccepted = { ...verdict("US-1", "c1", "PASS"), problem: "no criterion table" };
    const run = play(start, [result(unaccepted)]);
    expect(run.state.phase).toBe("verifying");
    expect(run.state.lastError).toBe(
      "The verifier's verdict on US-1 was not accepted: no criterion table",
    );
    expect(run.state.prd?.stories[0]?.status).toBe("running");
    expect(dispatchOf(lastEffects(run))).toMatchObject({ step: "verify", storyId: "US-1" });
  });

  it("an empty problem is no problem; a FAIL counts whatever commit it names", () => {
    const start = play(implementing(), [result(implemented("US-1", "c1"))]).state;
    const noProblem = { ...verdict("US-1", "c1", "PASS"), problem: "" };
    const accepted = play(start, [result(noProblem)]);
    expect(accepted.state.prd?.stories[0]?.status).toBe("passed");
    const failed = play(start, [result(verdict("US-1", "c-other", "FAIL"))]);
    expect(failed.state.phase).toBe("implementing");
    expect(failed.state.verifierFeedback).toContain("the button is missing");
  });

  it("usage limits re-dispatch the same step (the runner already waited)", () => {
    const run = play(implementing(), [
      result({ step: "implement", kind: "usage_limit", retryAfterSeconds: 30 }),
    ]);
    expect(run.state.phase).toBe("implementing");
    expect(lastEffects(run)).toEqual([{ type: "dispatch", step: "implement", storyId: "US-1" }]);
  });
});

describe("budgets", () => {
  it("clip keeps agent text within its length: trimmed, whole up to the limit, else cut with …", () => {
    expect(clip("  a reason \n")).toBe("a reason");
    expect(clip(" abcde ", 5)).toBe("abcde");
    expect(clip("abcdef", 5)).toBe("abcd…");
    expect(clip("x".repeat(501))).toBe(`${"x".repeat(499)}…`);
  });

  it("max_agent_runs: the next dispatch past the budget fails with a named reason", () => {
    const cfg = config({ limits: { max_agent_runs: 3 } });
    const run = play(
      implementing(cfg),
      [result(implemented("US-1", "c1")), result(verdict("US-1", "c1", "PASS"))],
      cfg,
    );
    expect(run.state.counters.agentRuns).toBe(3);
    expect(run.state.phase).toBe("failed");
    expect(run.state.lastError).toBe(
      "budget exhausted: 3 of 3 agent runs used (limits.max_agent_runs)",
    );
    // The PASS was still recorded: the budget stops new work, it does not throw finished work away.
    expect(run.state.prd?.stories[0]?.status).toBe("passed");
    expect(run.state.resumePhase).toBe("implementing");
    expect(run.state.resumeStep).toBe("implement");
    expect(lastEffects(run).find((e) => e.type === "reply")).toMatchObject({
      body: expect.stringMatching(/Raise the limit/),
    });
  });

  it("max_cost_usd counts reported cost", () => {
    const cfg = config({ limits: { max_cost_usd: 1 } });
    let run = play(implementing(cfg), [result(implemented("US-1", "c1"), { costUsd: 0.6 })], cfg);
    expect(run.state.phase).toBe("verifying");
    run = play(run.state, [result(verdict("US-1", "c1", "FAIL"), { costUsd: 0.5 })], cfg);
    expect(run.state.phase).toBe("failed");
    expect(run.state.counters.costUsd).toBeCloseTo(1.1);
    expect(run.state.lastError).toBe(
      "budget exhausted: $1.10 spent, limit $1.00 (limits.max_cost_usd)",
    );
  });

  it("max_cost_usd: reaching the limit exactly stops the next dispatch", () => {
    const cfg = config({ limits: { max_cost_usd: 1 } });
    const run = play(implementing(cfg), [result(implemented("US-1", "c1"), { costUsd: 1 })], cfg);
    expect(run.state.phase).toBe("failed");
    expect(run.state.lastError).toBe(
      "budget exhausted: $1.00 spent, limit $1.00 (limits.max_cost_usd)",
    );
  });

  // The usage comes from the runner and the agent: nothing it reports can give budget back.
  it.each([
    ["a negative run count", { runs: -2 }, 1, 0, 0],
    ["a fractional run count", { runs: 2.5 }, 1, 0, 0],
    ["zero runs (no agent ran)", { runs: 0 }, 0, 0, 0],
    ["a negative cost and token count", { costUsd: -5, tokens: -100 }, 1, 0, 0],
    ["an infinite cost and token count", { costUsd: Infinity, tokens: Infinity }, 1, 0, 0],
    ["fractional tokens", { costUsd: 0.25, tokens: 10.6 }, 1, 0.25, 11],
  ])("counts %s as the budget allows", (_name, usage, runs, cost, tokens) => {
    const start = implementing();
    const out = transition(
      start,
      { type: "agent_result", result: implemented("US-1", "c1"), usage },
      config(),
    );
    expect(out.state.counters.agentRuns).toBe(start.counters.agentRuns + runs);
    expect(out.state.counters.costUsd).toBe(start.counters.costUsd + cost);
    expect(out.state.counters.tokens).toBe(start.counters.tokens + tokens);
  });

  it("a budget running out while stopped keeps where /ralph run resumes", () => {
    const stopped = PHASE_FIXTURES.stopped;
    const out = transition(
      stopped,
      { type: "budget_exhausted", reason: "phase timeout of 30 minutes reached" },
      config(),
    );
    expect(out.state.phase).toBe("failed");
    expect([out.state.resumePhase, out.state.resumeStep]).toEqual([
      stopped.resumePhase,
      stopped.resumeStep,
    ]);
    expect([out.state.resumePhase, out.state.resumeStep]).toEqual(["implementing", "implement"]);
  });

  it("a budget_exhausted event fails with its reason", () => {
    const out = transition(
      implementing(),
      { type: "budget_exhausted", reason: "phase timeout of 30 minutes reached" },
      config(),
    );
    expect(out.state.phase).toBe("failed");
    expect(out.state.lastError).toBe("budget exhausted: phase timeout of 30 minutes reached");
    const named = { type: "budget_exhausted", reason: "budget of 40 agent runs used" } as const;
    expect(transition(implementing(), named, config()).state.lastError).toBe(
      "budget of 40 agent runs used",
    );
  });
});

describe("stop and run", () => {
  it("stop cancels the run, the running step still lands, run resumes with the next step", () => {
    let run = play(implementing(), [cmd("stop", "", alice, { commentId: 9 })]);
    expect(run.state.phase).toBe("stopped");
    expect(run.state.stopReason).toBe("stopped by @alice");
    expect(run.state.resumePhase).toBe("implementing");
    expect(run.state.resumeStep).toBe("implement");
    expect(types(lastEffects(run))).toEqual(["acknowledge", "cancel_run", "reply", "set_label"]);

    run = play(run.state, [result(implemented("US-1", "c1"))]);
    expect(run.state.phase).toBe("stopped");
    expect(lastEffects(run)).toEqual([]);
    expect(run.state.prd?.stories[0]?.commit).toBe("c1");
    expect(run.state.resumePhase).toBe("verifying");
    expect(run.state.resumeStep).toBe("verify");

    run = play(run.state, [cmd("run")]);
    expect(run.state.phase).toBe("verifying");
    expect(run.state.stopReason).toBeNull();
    expect(lastEffects(run).at(-1)).toEqual({ type: "dispatch", step: "verify", storyId: "US-1" });
  });

  it("stop from a waiting phase resumes there", () => {
    const awaiting = play(initialState(42), [
      cmd("plan", "", alice, { goal: GOAL_SIMPLE }),
      result(prdResult()),
    ]).state;
    const run = play(awaiting, [cmd("stop"), cmd("run")]);
    expect(run.state.phase).toBe("awaiting_approval");
    expect(types(lastEffects(run))).toEqual(["acknowledge", "set_label"]);
  });

  it("an agent result's run link replaces the status comment's; an empty one keeps it", () => {
    const url = "https://github.com/o/r/actions/runs/9";
    const start = { ...implementing(), runUrl: "https://github.com/o/r/actions/runs/8" };
    const landed = (runUrl: string): MachineEvent => ({
      type: "agent_result",
      result: implemented("US-1", "c1"),
      runUrl,
    });
    expect(transition(start, landed(url), config()).state.runUrl).toBe(url);
    expect(transition(start, landed(""), config()).state.runUrl).toBe(start.runUrl);
  });

  it("a failed or cancelled workflow run fails an agent phase, naming conclusion and URL; not once stopped", () => {
    const url = "https://github.com/o/r/actions/runs/123";
    const out = transition(
      implementing(),
      { type: "run_failed", conclusion: "cancelled", runUrl: url },
      config(),
    );
    expect(out.state.phase).toBe("failed");
    expect(out.state.lastError).toBe(`the Actions run ended with "cancelled" (${url})`);
    expect(out.state.runUrl).toBe(url);
    // A run without a link names none and keeps the link the state had.
    const unlinked = transition(
      { ...implementing(), runUrl: url },
      { type: "run_failed", conclusion: "failure", runUrl: null },
      config(),
    );
    expect(unlinked.state.lastError).toBe(`the Actions run ended with "failure"`);
    expect(unlinked.state.runUrl).toBe(url);
    const stopped = PHASE_FIXTURES.stopped;
    expect(
      transition(stopped, { type: "run_failed", conclusion: "cancelled", runUrl: url }, config()),
    ).toEqual({
      state: stopped,
      effects: [],
    });
  });
});
