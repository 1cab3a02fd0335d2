/**
 * Plain comments and `/ralph skip` (machine/conversation.ts): when a comment is an answer, how a
 * decisions reply is read (picks, own answers, questions about a decision) and what Ralph says
 * when it cannot go on. Kill-tests for the survivors of a Stryker pass.
 */
import { describe, expect, it } from "vitest";
import { readsPlainComments } from "../../../src/core/machine/conversation.js";
import { type MachineState, machineStateSchema, PHASES } from "../../../src/core/state.js";
import { choices, decision } from "./decision.js";
import { cmd, comment } from "./events.js";
import { dispatchOf, PHASE_FIXTURES, replyOf, send } from "./fixtures.js";

const F = PHASE_FIXTURES;
const deciding = (...decisions: ReturnType<typeof decision>[]): MachineState =>
  machineStateSchema.parse({ ...F.decisions, decisions });
const database = (patch = {}) =>
  decision("D1", {
    title: "Database",
    critical: true,
    options: choices("Postgres", "SQLite"),
    ...patch,
  });

describe("which plain comments are read", () => {
  const READING = ["questions", "decisions"];
  it.each(PHASES)("in %s", (phase) => {
    expect(readsPlainComments(F[phase])).toBe(READING.includes(phase));
  });

  it("in planning, only while answers to the last questions may still arrive", () => {
    const late = machineStateSchema.parse({ ...F.planning, openQuestions: ["Which database?"] });
    expect(readsPlainComments(late)).toBe(true);
    expect(send(F.planning, comment("Postgres")).effects).toEqual([]);
  });

  it("not after /ralph stop, even with questions left open", () => {
    const stopped = send(F.questions, cmd("stop")).state;
    expect(stopped.openQuestions).toEqual(F.questions.openQuestions);
    expect(readsPlainComments(stopped)).toBe(false);
  });

  it("a blank comment while questions are open is not an answer", () => {
    const out = send(F.questions, comment("  \n "));
    expect(out.effects).toEqual([]);
    expect(out.state.phase).toBe("questions");
  });
});

describe("a reply to the decisions", () => {
  const resolved = database({ selected: 1 });
  const logging = decision("D2", { title: "Logging" });

  it("a bare question asks about the open decisions only", () => {
    const out = send(deciding(resolved, logging), comment("  Is the first one faster?  "));
    expect(out.state.decisions.map((d) => d.followUps.map((f) => f.question))).toEqual([
      [],
      ["Is the first one faster?"],
    ]);
    expect(out.effects).toContainEqual({ type: "post_decisions" });
  });

  it("a bare question with every decision answered asks about them all", () => {
    const both = deciding(resolved, decision("D2", { selected: 2 }));
    const out = send(both, comment("Is the first one faster?"));
    expect(out.state.decisions.map((d) => d.followUps.length)).toEqual([1, 1]);
  });

  it("nothing readable: says how to answer, with the first decision as the example", () => {
    const out = send(deciding(logging, database()), comment("Sounds good to me"));
    expect(replyOf(out.effects)).toBe(
      "Ralph could not read a decision from that reply. Answer with the option number per decision, one per line (e.g. `D2: 2`), or `/ralph skip` to take the recommendations for the non-critical ones.",
    );
    expect(out.effects).not.toContainEqual({ type: "post_decisions" });
  });

  it("an own answer to a critical decision resolves it", () => {
    const out = send(deciding(database()), comment("D1: MySQL, we run it already"));
    expect(out.state.decisions[0]).toMatchObject({
      selected: null,
      custom: "MySQL, we run it already",
    });
    expect(dispatchOf(out.effects)).toEqual({ type: "dispatch", step: "plan" });
  });

  it("a pick next to a question about another decision is still taken", () => {
    const auth = decision("D2", { title: "Auth", critical: true });
    const out = send(deciding(database(), auth), comment("D1: 1\nD2: is OAuth needed?"));
    expect(out.state.decisions.map((d) => d.selected)).toEqual([1, null]);
  });

  // Seed 002: a question is answered, then the options come again. On a pick beside it, Ralph
  // took the asked decision's recommendation and planned: the answer was never shown.
  it("a question beside a pick: the pick is kept, the options come again with the answer", () => {
    const out = send(deciding(database(), logging), comment("D1: 1\nD2: is pino faster?"));
    expect(out.state.phase).toBe("decisions");
    expect(out.state.decisions.map((d) => d.selected)).toEqual([1, null]);
    const asked = out.state.decisions[1]?.followUps.map((f) => f.question);
    expect(asked).toEqual(["is pino faster?"]);
    expect(out.effects).toContainEqual({ type: "post_decisions" });
    expect(dispatchOf(out.effects)).toBeUndefined();
    const next = send(out.state, comment("D2: 2"));
    expect(next.state.decisions.map((d) => d.selected)).toEqual([1, 2]);
    expect(dispatchOf(next.effects)).toEqual({ type: "dispatch", step: "plan" });
  });

  it("while a critical one is open, the others keep waiting for their own answers", () => {
    const out = send(deciding(database(), logging, decision("D3")), comment("D2: 1"));
    expect(out.state.decisions.map((d) => d.selected)).toEqual([null, 1, null]);
    expect(replyOf(out.effects)).toBe(
      "Still waiting for the critical decision **D1** (Database): critical decisions cannot be skipped.",
    );
  });
});

describe("/ralph skip", () => {
  it("answers the open questions with best judgment and leaves none open", () => {
    const out = send(F.questions, cmd("skip"));
    expect(out.state.openQuestions).toEqual([]);
    expect(dispatchOf(out.effects)).toEqual({ type: "dispatch", step: "plan" });
  });

  it("never skips critical decisions, naming each", () => {
    const two = deciding(database(), decision("D2", { title: "Auth", critical: true }));
    expect(replyOf(send(two, cmd("skip")).effects)).toBe(
      "Still waiting for the critical decisions **D1** (Database), **D2** (Auth): critical decisions cannot be skipped.",
    );
  });

  it("has nothing to skip elsewhere, and says what Ralph is doing", () => {
    expect(replyOf(send(F.implementing, cmd("skip")).effects)).toBe(
      "There is nothing to skip: Ralph has no open questions (it is implementing).",
    );
  });
});
