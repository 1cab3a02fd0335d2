/**
 * `/ralph revise` and `/ralph replan` (DESIGN §2.1.5, §3.1) in every phase they answer
 * differently: back to the planner with the feedback, or a reply that says what to do instead.
 * Mutation testing found none of these replies checked.
 */
import { describe, expect, it } from "vitest";
import type { MachineEvent } from "../../../src/core/events.js";
import { findStory } from "../../../src/core/machine/context.js";
import type { MachineState, Phase } from "../../../src/core/state.js";
import { alice, cmd, dispatchOf, PHASE_FIXTURES, replyOf, send } from "./fixtures.js";

const F = PHASE_FIXTURES;

describe("/ralph revise", () => {
  const PLANNING = "Ralph is already planning.";
  const BEING_IMPLEMENTED =
    "The PRD is approved and being implemented. To change the plan, use `/ralph replan <reason>`.";
  const WAITING_FOR_ANSWERS =
    "Ralph is waiting for answers to its questions: reply to them (or `/ralph skip`), or restart with `/ralph plan <notes>`.";
  const FINISHED =
    "Ralph has finished this issue. Comment `/ralph fix <what to change>` for a follow-up on the same pull request, or `/ralph plan <notes>` to start a new planning round.";
  it.each([
    ["awaiting_approval", "", "Tell Ralph what to change: `/ralph revise <feedback>`."],
    ["planning", "", PLANNING],
    ["consensus", "", PLANNING],
    ["plan_invalidated", "", PLANNING],
    ["implementing", "Use Postgres", BEING_IMPLEMENTED],
    ["verifying", "Use Postgres", BEING_IMPLEMENTED],
    ["questions", "Use Postgres", WAITING_FOR_ANSWERS],
    ["done", "Use Postgres", FINISHED],
    ["idle", "Use Postgres", "There is no PRD to revise (Ralph is "],
  ] as [Phase, string, string][])(
    "in %s with %j: replies, changes nothing else",
    (phase, text, said) => {
      const out = send(F[phase], cmd("revise", text));
      expect(out.state.phase).toBe(phase);
      expect(out.state.feedback).toEqual(F[phase].feedback);
      expect(dispatchOf(out.effects)).toBeUndefined();
      expect(replyOf(out.effects).startsWith(said)).toBe(true);
    },
  );

  it.each(["planning", "consensus", "plan_invalidated"] as Phase[])(
    "in %s the feedback waits for the next planner run",
    (phase) => {
      const out = send(F[phase], cmd("revise", "  Use Postgres  "));
      expect(out.state.phase).toBe(phase);
      expect(out.state.feedback).toEqual([...F[phase].feedback, "@alice: Use Postgres"]);
      expect(replyOf(out.effects)).toBe(
        "Ralph is planning; its next planner run will read your feedback.",
      );
    },
  );

  it.each(["awaiting_approval", "run_gate", "failed", "stopped"] as Phase[])(
    "in %s the planner runs again, every approval dropped",
    (phase) => {
      const out = send(F[phase], cmd("revise", "Use Postgres"));
      expect(out.state).toMatchObject({
        phase: "planning",
        approvals: [],
        approvedBy: [],
        runGatePassed: false,
        stopReason: null,
        resumePhase: null,
        resumeStep: null,
        concerns: [],
      });
      expect(out.state.feedback.at(-1)).toBe("@alice: Use Postgres");
      expect(dispatchOf(out.effects)).toEqual({ type: "dispatch", step: "plan" });
    },
  );

  it("a review asking for changes without words still sends the PRD back", () => {
    const review: MachineEvent = { type: "changes_requested", actor: alice, feedback: " " };
    const out = send(F.awaiting_approval, review);
    expect(out.state.feedback.at(-1)).toBe("@alice: requested changes without details");
    expect(dispatchOf(out.effects)).toEqual({ type: "dispatch", step: "plan" });
  });
});

describe("/ralph replan", () => {
  const withPrd = (phase: Phase): MachineState => ({
    ...F[phase],
    prd: F.awaiting_approval.prd,
  });

  it.each([
    [
      "done",
      F.done,
      "Ralph has finished this issue. Comment `/ralph plan <notes>` to start a new planning round.",
    ],
    ["no plan yet", F.idle, "There is no plan to invalidate yet; use `/ralph plan`."],
    [
      "a plan, while planning",
      withPrd("planning"),
      "; use `/ralph plan <notes>` or `/ralph revise <feedback>` instead.",
    ],
    [
      "every re-plan used",
      { ...F.implementing, counters: { ...F.implementing.counters, replans: 2 } },
      "All 2 re-plans are used (limits.max_replans). Raise the limit in `.github/ralph.yml`, or use `/ralph revise <feedback>` before implementation starts.",
    ],
  ] as [string, MachineState, string][])("refused: %s", (_name, state, said) => {
    const out = send(state, cmd("replan", "too big"));
    expect(out.state.phase).toBe(state.phase);
    expect(out.state.counters.replans).toBe(state.counters.replans);
    expect(dispatchOf(out.effects)).toBeUndefined();
    const reply = replyOf(out.effects);
    expect(reply.startsWith(said) || reply.endsWith(said)).toBe(true);
  });

  it("before implementation the new plan needs a new approval", () => {
    const out = send(F.run_gate, cmd("replan", " too big "));
    expect(out.state).toMatchObject({ approvedBy: [], runGatePassed: false });
    expect(out.state.invalidation).toEqual({ reason: "too big", attempt: 1 });
    expect(dispatchOf(out.effects)).toEqual({ type: "dispatch", step: "plan" });
  });

  it("during implementation the running story goes back to pending; a blank reason names who asked", () => {
    const out = send(F.implementing, cmd("replan", "  "));
    expect(out.state.invalidation).toEqual({ reason: "re-plan requested by @alice", attempt: 1 });
    expect(findStory(out.state, "US-1")?.status).toBe("pending");
    expect(out.state.approvedBy).toEqual(F.implementing.approvedBy);
  });

  it("a stopped issue re-plans and forgets where it stopped", () => {
    const out = send(F.stopped, cmd("replan", "too big"));
    expect(out.state).toMatchObject({ stopReason: null, resumePhase: null, resumeStep: null });
    expect(dispatchOf(out.effects)).toEqual({ type: "dispatch", step: "plan" });
  });
});
