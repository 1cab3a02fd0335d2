/**
 * `/ralph stop`, `/ralph run` and `/ralph understand` (DESIGN §3.1, machine/control.ts): where a
 * stopped or failed issue picks up again, where an understand run returns to, and what each says
 * where there is nothing to do. Mutation testing found these paths unreached by test/core.
 */
import { describe, expect, it } from "vitest";
import { findStory } from "../../../src/core/machine/context.js";
import { transition } from "../../../src/core/machine/index.js";
import type { MachineState } from "../../../src/core/state.js";
import { cmd, config, dispatchOf, PHASE_FIXTURES, replyOf, result, types } from "./fixtures.js";

const runFrom = (state: MachineState) => transition(state, cmd("run"), config());
const stopped = (fields: Partial<MachineState>): MachineState => ({
  ...PHASE_FIXTURES.stopped,
  ...fields,
});
const unapproved = { approvals: [], approvedBy: [] };

describe("/ralph run after a stop", () => {
  it.each([
    ["where it stopped: the step it was in", {}, "implementing", "implement", "US-1"],
    [
      "the phase's own step when none was recorded",
      { resumePhase: "verifying", resumeStep: null },
      "verifying",
      "verify",
      "US-1",
    ],
    ["a plan step", { resumePhase: "planning", resumeStep: "plan" }, "planning", "plan", undefined],
    [
      "no current story: the next story to implement",
      { currentStory: null },
      "implementing",
      "implement",
      "US-1",
    ],
    [
      "a verify step with no current story: the next story to implement",
      { resumePhase: "verifying", resumeStep: "verify", currentStory: null },
      "implementing",
      "implement",
      "US-1",
    ],
    [
      "a waiting phase: back to waiting, nothing run",
      { resumePhase: "awaiting_approval", resumeStep: null },
      "awaiting_approval",
      undefined,
      undefined,
    ],
    [
      "nothing recorded, an approved PRD: implementation",
      { resumePhase: null, resumeStep: null },
      "implementing",
      "implement",
      "US-1",
    ],
    [
      "a recorded `failed`, an approved PRD: implementation",
      { resumePhase: "failed", resumeStep: null },
      "implementing",
      "implement",
      "US-1",
    ],
    [
      "a recorded `stopped`, an approved PRD: implementation",
      { resumePhase: "stopped", resumeStep: null },
      "implementing",
      "implement",
      "US-1",
    ],
    [
      "nothing recorded, a PRD not approved: waiting for approval",
      { resumePhase: null, resumeStep: null, ...unapproved },
      "awaiting_approval",
      undefined,
      undefined,
    ],
    [
      "nothing recorded, approvals but no PRD: planning",
      { resumePhase: null, resumeStep: null, prd: null },
      "planning",
      "plan",
      undefined,
    ],
    [
      "nothing recorded, no PRD: planning",
      { resumePhase: null, resumeStep: null, prd: null, ...unapproved },
      "planning",
      "plan",
      undefined,
    ],
  ] as [string, Partial<MachineState>, string, string | undefined, string | undefined][])(
    "%s",
    (_name, fields, phase, step, storyId) => {
      const out = runFrom(stopped(fields));
      expect(out.state.phase).toBe(phase);
      expect(out.state).toMatchObject({ resumePhase: null, resumeStep: null, stopReason: null });
      expect(out.state.planNotes).toEqual(PHASE_FIXTURES.stopped.planNotes);
      const dispatched = dispatchOf(out.effects);
      expect(dispatched && "step" in dispatched ? dispatched.step : undefined).toBe(step);
      expect(dispatched && "storyId" in dispatched ? dispatched.storyId : undefined).toBe(storyId);
    },
  );

  it("a failed story gets a fresh set of attempts", () => {
    const out = runFrom(PHASE_FIXTURES.failed);
    expect(findStory(out.state, "US-1")).toMatchObject({ status: "running", attempts: 0 });
    expect(dispatchOf(out.effects)).toMatchObject({ step: "implement", storyId: "US-1" });
  });

  it("a story that did not fail keeps the attempts it used", () => {
    const prd = PHASE_FIXTURES.stopped.prd;
    if (prd === null) throw new Error("the stopped fixture has a PRD");
    const stories = prd.stories.map((st) => (st.id === "US-1" ? { ...st, attempts: 2 } : st));
    const out = runFrom(stopped({ prd: { ...prd, stories } }));
    expect(findStory(out.state, "US-1")).toMatchObject({ status: "running", attempts: 2 });
  });
});

describe("/ralph understand", () => {
  it.each([
    [
      "implementing",
      "Ralph is busy (",
      "); comment `/ralph understand` again when it waits for you.",
    ],
    ["stopped", "Ralph is ", "; comment `/ralph run` or `/ralph plan` first."],
  ] as const)("while %s it is refused, saying why", (phase, starts, ends) => {
    const out = transition(PHASE_FIXTURES[phase], cmd("understand"), config());
    expect(out.state.phase).toBe(phase);
    expect(dispatchOf(out.effects)).toBeUndefined();
    const said = replyOf(out.effects);
    expect(said.startsWith(starts) && said.endsWith(ends)).toBe(true);
  });

  it.each([
    ["a waiting phase: back there", "done", "done", undefined],
    ["no phase to return to: planning", null, "planning", "plan"],
    ["an agent phase: planning", "implementing", "planning", "plan"],
  ] as const)("once understood, %s", (_name, returnPhase, phase, step) => {
    const understanding: MachineState = {
      ...PHASE_FIXTURES.planning,
      pendingStep: "understand",
      returnPhase,
    };
    const understood = { step: "understand", kind: "understood" } as const;
    const out = transition(understanding, result(understood), config());
    expect(out.state).toMatchObject({ phase, returnPhase: null });
    expect(dispatchOf(out.effects)?.step).toBe(step);
  });
});

describe("what /ralph stop and /ralph run say", () => {
  it("a stop during an agent step cancels the run and says it waits for the step", () => {
    const out = transition(PHASE_FIXTURES.implementing, cmd("stop"), config());
    expect(out.state).toMatchObject({
      phase: "stopped",
      resumePhase: "implementing",
      stopReason: "stopped by @alice",
    });
    expect(types(out.effects)).toContain("cancel_run");
    expect(replyOf(out.effects)).toBe(
      "Stopped by @alice after the current agent step. Comment `/ralph run` to resume.",
    );
  });

  it("a stop while Ralph waits cancels nothing", () => {
    const out = transition(PHASE_FIXTURES.awaiting_approval, cmd("stop"), config());
    expect(out.state.phase).toBe("stopped");
    expect(types(out.effects)).not.toContain("cancel_run");
    expect(replyOf(out.effects)).toBe("Stopped by @alice. Comment `/ralph run` to resume.");
  });

  const NOT_APPROVED =
    "The PRD is not approved yet: approve it first (`/approve`), then implementation starts.";
  it.each([
    ["stop", "done", "There is nothing to stop: Ralph is "],
    ["run", "awaiting_approval", NOT_APPROVED],
    ["run", "implementing", "Ralph is already running ("],
    ["run", "done", "There is nothing to run: Ralph is "],
  ] as const)("/ralph %s while %s: %j", (name, phase, said) => {
    const out = transition(PHASE_FIXTURES[phase], cmd(name), config());
    expect(out.state.phase).toBe(phase);
    expect(replyOf(out.effects).startsWith(said)).toBe(true);
  });
});
