import { describe, expect, it } from "vitest";
import type { RalphConfig } from "../../../src/core/config.js";
import type { AgentResult } from "../../../src/core/events.js";
import { startStoryLoop, transition } from "../../../src/core/machine/index.js";
import { initialState, type MachineState } from "../../../src/core/state.js";
import { alice } from "./actors.js";
import { cmd, GOAL_SIMPLE, result } from "./events.js";
import { config, lastEffects, play, types } from "./fixtures.js";
import { implemented, prdResult, verdict } from "./results.js";

/** Plans, approves, and verifies both stories: the state the regression gate starts from. */
function allVerified(cfg: RalphConfig = config()): MachineState {
  const awaiting = play(
    initialState(42),
    [cmd("plan", "", alice, { goal: GOAL_SIMPLE }), result(prdResult())],
    cfg,
  ).state;
  return play(
    { ...awaiting, prNumber: 7 },
    [
      cmd("approve"),
      result(implemented("US-1", "c1")),
      result(verdict("US-1", "c1", "PASS")),
      result(implemented("US-2", "c2")),
      result(verdict("US-2", "c2", "PASS")),
    ],
    cfg,
  ).state;
}

const regression = (
  regressed: { storyId: string; feedback: string }[],
  problem: string | null = null,
): AgentResult => ({
  step: "verify",
  kind: "regression",
  commit: "c2",
  regressed,
  criteria: [],
  problem,
});

describe("regression gate before done (DESIGN §4.4, issue 9)", () => {
  it("dispatches one verify over all stories once every story passed, and finishes on a hold", () => {
    const s = allVerified();
    expect(s).toMatchObject({ phase: "verifying", pendingStep: "verify", finalCheck: true });
    const done = transition(s, result(regression([])), config());
    expect(done.state.phase).toBe("done");
    expect(done.effects.find((e) => e.type === "commit_files")).toMatchObject({
      change: { kind: "done_marker" },
    });
  });

  it("a story that no longer holds goes back to pending with the feedback; the gate runs again after", () => {
    const s = allVerified();
    const back = transition(
      s,
      result(regression([{ storyId: "US-1", feedback: "greeting-US-1.txt is gone (GONE-1)" }])),
      config(),
    );
    expect(back.state).toMatchObject({
      phase: "implementing",
      currentStory: "US-1",
      finalCheck: false,
      verifierFeedback: expect.stringContaining("GONE-1"),
    });
    expect(back.state.prd?.stories.map((st) => st.status)).toEqual(["running", "passed"]);
    expect(types(back.effects)).toEqual(["commit_files", "post_review", "set_label", "dispatch"]);
    expect(back.effects[0]).toMatchObject({
      change: { kind: "reopen_stories", storyIds: ["US-1"] },
    });
    const again = play(back.state, [
      result(implemented("US-1", "c3")),
      result(verdict("US-1", "c3", "PASS")),
    ]);
    expect(again.state).toMatchObject({ phase: "verifying", finalCheck: true });
    expect(transition(again.state, result(regression([])), config()).state.phase).toBe("done");
  });

  it("stays within max_attempts: a regressed story whose attempts are used fails the issue", () => {
    const cfg = config({ limits: { max_attempts: 1 } });
    const s = allVerified(cfg);
    const out = transition(s, result(regression([{ storyId: "US-2", feedback: "gone" }])), cfg);
    expect(out.state.phase).toBe("failed");
    expect(out.state.stopReason).toMatch(
      /^story US-2 no longer holds on the final tree and has used its 1 attempt \(limits.max_attempts\)/,
    );
  });

  it("an unaccepted verdict re-runs the gate with the reason; three in a row open the breaker", () => {
    let s = allVerified();
    for (let i = 1; i <= 2; i++) {
      const out = transition(s, result(regression([], "PASS but the table misses US-2")), config());
      expect(out.state).toMatchObject({
        phase: "verifying",
        finalCheck: true,
        verdictProblem: "PASS but the table misses US-2",
      });
      expect(lastEffects({ steps: [out] }).at(-1)).toEqual({ type: "dispatch", step: "verify" });
      s = out.state;
    }
    const out = transition(s, result(regression([], "no verdict")), config());
    expect(out.state.phase).toBe("failed");
    expect(out.state.stopReason).toMatch(/^circuit breaker: the final re-check/);
  });

  it("one story in per_story mode needs no gate; per_spec always has one", () => {
    const one = { ...initialState(1), phase: "implementing" as const, specId: "s" };
    const withPrd = (status: "passed" | "pending"): MachineState => ({
      ...one,
      prd: {
        revision: "r",
        number: 1,
        branchName: "b",
        commentId: null,
        stories: [{ id: "S1", title: "t", status, attempts: 1, commit: "c" }],
      },
    });
    expect(startStoryLoop(withPrd("passed"), config()).state.phase).toBe("done");
    const perSpec = startStoryLoop(withPrd("passed"), config({ verify: "per_spec" }));
    expect(perSpec.state).toMatchObject({ phase: "verifying", finalCheck: true });
  });
});

describe("verdicts Ralph does not accept (DESIGN §4.4, issue 9)", () => {
  it("re-run the verifier, not the implementer, with the reason; the breaker bounds it", () => {
    const awaiting = play(initialState(42), [
      cmd("plan", "", alice, { goal: GOAL_SIMPLE }),
      result(prdResult()),
    ]).state;
    let s = play({ ...awaiting, prNumber: 7 }, [
      cmd("approve"),
      result(implemented("US-1", "c1")),
    ]).state;
    const rejected: AgentResult = {
      ...(verdict("US-1", "c1", "FAIL") as Extract<AgentResult, { kind: "verdict" }>),
      problem: "the RALPH_VERDICT: PASS line is inside a fenced code block",
    };
    for (let i = 1; i <= 2; i++) {
      const out = transition(s, result(rejected), config());
      expect(out.state).toMatchObject({ phase: "verifying", pendingStep: "verify" });
      expect(out.state.verdictProblem).toMatch(/inside a fenced code block/);
      expect(out.state.prd?.stories[0]?.attempts).toBe(1);
      s = out.state;
    }
    const out = transition(s, result(rejected), config());
    expect(out.state.phase).toBe("failed");
    expect(out.state.stopReason).toMatch(
      /^circuit breaker: the verifier gave no acceptable verdict/,
    );
    expect(out.state.prd?.stories[0]?.status).not.toBe("passed");
  });
});
