/**
 * Planning rounds (machine/planning.ts): where `/ralph plan` and the trigger start one and what
 * Ralph says where they do not, what a new round keeps, and how the planner's, the researcher's
 * and the critic's results move it on. Kill-tests for the survivors of a Stryker pass.
 */
import { describe, expect, it } from "vitest";
import type { AgentResult, MachineEvent } from "../../../src/core/events.js";
import type { Phase } from "../../../src/core/state.js";
import { alice } from "./actors.js";
import { decision } from "./decision.js";
import { cmd, GOAL_SIMPLE, result } from "./events.js";
import {
  config,
  dispatchOf,
  PHASE_FIXTURES,
  phaseFixture,
  replyOf,
  send,
  types,
} from "./fixtures.js";
import { makePrd, prdResult, REV1, revisionOf } from "./results.js";

const F = PHASE_FIXTURES;
const TRIGGER: MachineEvent = { type: "trigger", actor: alice, goal: GOAL_SIMPLE };
const PLAN = cmd("plan");

describe("where planning does not start, Ralph says why and changes nothing", () => {
  const busy = (words: string) => `Ralph is already on this issue (${words}).`;
  const APPROVED = (verb: string) =>
    `Ralph is ${verb} the approved plan. To change course, use \`/ralph replan <reason>\` (or \`/ralph stop\`).`;
  it.each([
    ["questions", TRIGGER, busy("waiting for answers to its questions")],
    ["awaiting_approval", TRIGGER, busy("waiting for approval of the PRD")],
    ["run_gate", TRIGGER, busy("waiting for `/ralph run`")],
    ["decisions", TRIGGER, busy("waiting for decisions")],
    ["planning", TRIGGER, busy("planning")],
    ["planning", PLAN, busy("planning")],
    ["consensus", PLAN, busy("reviewing the plan (architect and critic)")],
    ["plan_invalidated", PLAN, busy("re-planning")],
    ["plan_invalidated", TRIGGER, busy("re-planning")],
    ["implementing", PLAN, APPROVED("implementing")],
    ["verifying", TRIGGER, APPROVED("verifying")],
  ] as [Phase, MachineEvent, string][])("in %s, %o", (phase, event, said) => {
    const out = send(F[phase], event);
    expect(replyOf(out.effects)).toBe(said);
    expect(out.state.phase).toBe(phase);
    expect(out.state.planNotes).toEqual([]);
    expect(dispatchOf(out.effects)).toBeUndefined();
  });

  it.each(["planning", "consensus", "plan_invalidated"] as Phase[])(
    "in %s, /ralph plan with notes keeps them for the next planner run",
    (phase) => {
      const out = send(F[phase], cmd("plan", "  focus on the form  "));
      expect(replyOf(out.effects)).toBe(
        "Ralph is already planning; its next planner run will read your notes.",
      );
      expect(out.state.planNotes).toEqual(["focus on the form"]);
      expect(out.state.phase).toBe(phase);
      expect(dispatchOf(out.effects)).toBeUndefined();
    },
  );
});

describe("/ralph plan (unlike the trigger) restarts a round that waits for humans", () => {
  it.each(["questions", "awaiting_approval", "run_gate"] as Phase[])("from %s", (phase) => {
    const out = send(F[phase], PLAN);
    expect(out.state).toMatchObject({ phase: "planning", approvals: [], openQuestions: [] });
    expect(dispatchOf(out.effects)).toEqual({ type: "dispatch", step: "plan" });
  });

  it("outside the decisions phase, an open critical decision does not hold it back", () => {
    // Reached by `/ralph stop` while decisions wait, then `/ralph plan`: planned without them.
    const open = [decision("D1", { critical: true })];
    const out = send(phaseFixture("awaiting_approval", { decisions: open }), PLAN);
    expect(out.state.phase).toBe("planning");
    expect(replyOf(out.effects)).toBe("");
  });
});

describe("/ralph plan while critical decisions are open", () => {
  const critical = (id: string, selected: number | null = null) =>
    decision(id, { critical: true, selected });
  const waiting = (...decisions: ReturnType<typeof decision>[]) =>
    phaseFixture("decisions", { decisions });

  it.each([
    [[critical("D1"), decision("D2")], "decision **D1**", "D1"],
    [[decision("D0"), critical("D1"), critical("D3")], "decisions **D1**, **D3**", "D1"],
    [[critical("D1", 1), critical("D2")], "decision **D2**", "D2"],
  ])("names only the unanswered critical ones: %#", (decisions, named, first) => {
    const out = send(waiting(...decisions), PLAN);
    expect(replyOf(out.effects)).toBe(
      `Ralph needs an answer to the critical ${named} before it plans. Reply with the option numbers (e.g. \`${first}: 1\`).`,
    );
    expect(out.state.phase).toBe("decisions");
    expect(dispatchOf(out.effects)).toBeUndefined();
  });

  it("with every critical one answered, plans (an open minor decision does not hold it)", () => {
    const out = send(waiting(critical("D1", 2), decision("D2")), PLAN);
    expect(replyOf(out.effects)).toBe("");
    expect(out.state.phase).toBe("planning");
    expect(dispatchOf(out.effects)).toEqual({ type: "dispatch", step: "plan" });
  });

  it("--reset-decisions asks them all again instead of refusing", () => {
    const out = send(
      waiting(critical("D1"), decision("D2", { selected: 1 })),
      cmd("plan", "--reset-decisions"),
    );
    expect(replyOf(out.effects)).toBe("");
    expect(out.state.phase).toBe("decisions");
    expect(out.state.decisions.map((d) => d.selected)).toEqual([null, null]);
    expect(types(out.effects)).toContain("post_decisions");
  });
});

describe("a new round from a finished one", () => {
  const researched = (decisions: ReturnType<typeof decision>[]) =>
    phaseFixture("done", { complexity: "complex", researchDone: true, decisions });

  it("--reset-decisions without decisions researches again", () => {
    const out = send(researched([]), cmd("plan", "--reset-decisions"));
    expect(out.state.researchDone).toBe(false);
    expect(dispatchOf(out.effects)).toEqual({ type: "dispatch", step: "research" });
  });

  it("--reset-decisions with decisions asks them again and keeps the research", () => {
    const out = send(
      researched([decision("D1", { selected: 1 })]),
      cmd("plan", "--reset-decisions"),
    );
    expect(out.state).toMatchObject({ phase: "decisions", researchDone: true });
    expect(out.state.decisions.map((d) => d.selected)).toEqual([null]);
    expect(out.effects).toContainEqual({ type: "post_decisions" });
  });

  it("without --reset-decisions keeps the answered decisions and plans at once", () => {
    const out = send(researched([decision("D1", { selected: 1 })]), PLAN);
    expect(out.state.phase).toBe("planning");
    expect(out.state.decisions.map((d) => d.selected)).toEqual([1]);
    expect(dispatchOf(out.effects)).toEqual({ type: "dispatch", step: "plan" });
  });

  it("a blank goal keeps the complexity assessed before", () => {
    const out = send(researched([]), cmd("plan", "", alice, { goal: "   " }));
    expect(out.state.complexity).toBe("complex");
  });

  it("ends a follow-up round in progress but keeps its count", () => {
    const failedRound = phaseFixture("failed", {
      followUp: {
        rounds: 2,
        current: { number: 2, source: "fix", by: "alice", feedback: { text: ["Rename it"] } },
      },
    });
    const out = send(failedRound, PLAN);
    expect(out.state.followUp).toMatchObject({ rounds: 2, current: null });
  });
});

const ask = (questions: string[]) =>
  result({ step: "plan", kind: "questions", questions, uncertainties: [] });

describe("the planner's questions", () => {
  it("none and no PRD is a failed plan step, retried until the breaker opens", () => {
    const empty = ask([]);
    let out = send(F.planning, empty);
    expect(out.state).toMatchObject({
      phase: "planning",
      lastError: "The plan step failed: the planner returned neither questions nor a PRD.",
      breaker: { signature: "invalid_output:plan", count: 1 },
    });
    expect(dispatchOf(out.effects)).toEqual({ type: "dispatch", step: "plan" });
    out = send(send(out.state, empty).state, empty);
    expect(out.state).toMatchObject({
      phase: "failed",
      lastError:
        "circuit breaker: the planner returned neither questions nor a PRD 3 times in a row",
    });
  });

  it("past the question limit are answered by Ralph, none left open", () => {
    const atLimit = phaseFixture("planning", { questionRounds: 3, openQuestions: ["Stale?"] });
    const out = send(atLimit, ask(["Which database?"]));
    expect(out.state).toMatchObject({
      phase: "planning",
      openQuestions: [],
      breaker: { signature: "questions_over_limit:plan", count: 1 },
    });
    expect(out.state.qa.map((e) => [e.question, e.by])).toEqual([["Which database?", "(ralph)"]]);
  });
});

describe("the planner's PRD", () => {
  const gatesOff = config({ gates: { replan: false } });

  it.each([
    [
      "an approved plan invalidated",
      ["alice"],
      { reason: "wrong module", attempt: 1 },
      "implementing",
    ],
    [
      "a plan invalidated before anyone approved it",
      [],
      { reason: "wrong module", attempt: 1 },
      "awaiting_approval",
    ],
    ["a plan never invalidated", ["alice"], null, "awaiting_approval"],
  ])("with gates.replan off, %s goes to %s", (_, approvedBy, invalidation, phase) => {
    const start = phaseFixture("plan_invalidated", { approvedBy, invalidation });
    expect(send(start, result(prdResult()), gatesOff).state.phase).toBe(phase);
  });

  it("a re-plan keeps the stories Ralph verified, and only those", () => {
    const start = phaseFixture("plan_invalidated", {
      prd: {
        ...F.plan_invalidated.prd,
        stories: [
          { id: "US-1", title: "Story US-1", status: "passed", attempts: 1, commit: "c1" },
          { id: "US-2", title: "Story US-2", status: "failed", attempts: 2, commit: "c2" },
          { id: "US-3", title: "Story US-3", status: "pending", attempts: 0, commit: null },
        ],
      },
    });
    const prd = send(start, result(prdResult(makePrd(["US-1", "US-2", "US-3"])))).state.prd;
    expect(prd?.number).toBe(2);
    expect(prd?.stories).toEqual([
      { id: "US-1", title: "Story US-1", status: "passed", attempts: 0, commit: "c1" },
      { id: "US-2", title: "Story US-2", status: "pending", attempts: 0, commit: null },
      { id: "US-3", title: "Story US-3", status: "pending", attempts: 0, commit: null },
    ]);
  });

  it("keeps the approvals of its own revision only, and no specs left unless it names some", () => {
    const r = prdResult();
    const start = phaseFixture("plan_invalidated", {
      specsLeft: ["spec-b"],
      approvals: [
        { login: "alice", revision: REV1, channel: "comment" },
        { login: "bob", revision: revisionOf(r), channel: "review" },
      ],
    });
    const out = send(start, result(r));
    expect(out.state.approvals).toEqual([
      { login: "bob", revision: revisionOf(r), channel: "review" },
    ]);
    expect(out.state.specsLeft).toEqual([]);
  });

  it("goes straight to approval once the critic's rounds are spent (the limit lowered since)", () => {
    const start = phaseFixture("planning", { complexity: "complex", consensusRounds: 2 });
    const out = send(start, result(prdResult()), config({ planning: { consensus_max_rounds: 2 } }));
    expect(out.state.phase).toBe("awaiting_approval");
  });
});

describe("the critic's verdict", () => {
  const critic = (verdict: "OKAY" | "REJECT", feedback: string[]): AgentResult => ({
    step: "consensus",
    kind: "critic",
    verdict,
    feedback,
  });
  const NONE = "The critic rejected the plan without specific feedback.";

  it("a REJECT without feedback still tells the planner something", () => {
    const out = send(F.consensus, result(critic("REJECT", [])));
    expect(out.state.feedback).toEqual([`Critic (round 1): ${NONE}`]);
  });

  it.each([
    [[], [NONE]],
    [["Architect guidance: reuse the session store", "Step 3 is vague."], ["Step 3 is vague."]],
  ])("forced approval with %j lists the concerns %j", (feedback, concerns) => {
    const cfg = config({ planning: { consensus_max_rounds: 1 } });
    const out = send(F.consensus, result(critic("REJECT", feedback)), cfg);
    expect(out.state.phase).toBe("awaiting_approval");
    expect(out.state.concerns).toEqual(concerns);
  });

  it("an OKAY without a PRD to show fails instead of showing nothing", () => {
    const out = send(phaseFixture("consensus", { prd: null }), result(critic("OKAY", [])));
    expect(out.state).toMatchObject({ phase: "failed", lastError: "internal: no PRD to present" });
  });
});
