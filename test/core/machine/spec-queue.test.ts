import { describe, expect, it } from "vitest";
import type { Effect } from "../../../src/core/effects.js";
import type { AgentResult } from "../../../src/core/events.js";
import { makeCtx } from "../../../src/core/machine/context.js";
import { advanceToSpec, nextSpec } from "../../../src/core/machine/spec-queue.js";
import { type Prd, prdRevision } from "../../../src/core/prd.js";
import { renderStatusComment } from "../../../src/core/render/status.js";
import { initialState, type MachineState } from "../../../src/core/state.js";
import { alice } from "./actors.js";
import { cmd, GOAL_SIMPLE, result } from "./events.js";
import { config, PHASE_FIXTURES, play, replyOf, types } from "./fixtures.js";
import { implemented, makePrd, PLAN_TEXT, revisionOf, verdict } from "./results.js";

/** DESIGN §2.2: every spec of a spec PR is planned and run, in path order. */

function specPrd(specId: string, specsLeft: string[], prd: Prd = makePrd(["US-1"])): AgentResult {
  return {
    step: "plan",
    kind: "prd",
    prd,
    planText: PLAN_TEXT,
    revision: prdRevision(prd, `${PLAN_TEXT}${specId}`),
    branch: "spec/two",
    specId,
    specsLeft,
  };
}

const dispatches = (effects: readonly Effect[]) => effects.filter((e) => e.type === "dispatch");

function approvedAndImplemented(state: MachineState, planned: AgentResult): MachineState {
  let run = play(state, [result(planned)]);
  expect(run.state.phase).toBe("awaiting_approval");
  run = play(run.state, [
    {
      type: "approval",
      channel: "comment",
      actor: alice,
      revision: revisionOf(planned),
    },
  ]);
  expect(run.state.phase).toBe("implementing");
  return run.state;
}

describe("a spec PR with two specs", () => {
  const start = () =>
    play(initialState(7, "spec_pr"), [cmd("plan", "", alice, { goal: GOAL_SIMPLE })]).state;

  it("commits the first spec's done marker, then plans the second, which needs its own approval", () => {
    let state = approvedAndImplemented(start(), specPrd("a", ["b"]));
    const finished = play(state, [
      result(implemented("US-1", "c1")),
      result(verdict("US-1", "c1", "PASS")),
    ]);
    state = finished.state;
    const effects = finished.steps.at(-1)!.effects;
    expect(state.phase).toBe("planning");
    expect(state.pendingStep).toBe("plan");
    expect(state.specsDone).toEqual(["a"]);
    // The done marker is written from the saved state: it must still name the finished spec.
    expect(state.specId).toBe("a");
    expect(state.prd?.stories.map((s) => s.status)).toEqual(["passed"]);
    expect(effects).toContainEqual({
      type: "commit_files",
      change: { kind: "done_marker", commit: "c1" },
      message: "ralph(a): all stories verified",
    });
    expect(types(effects)).not.toContain("mark_pr_ready");
    expect(dispatches(effects)).toEqual([{ type: "dispatch", step: "plan" }]);
    expect(state.approvals).toEqual([]);
    expect(state.approvedBy).toEqual([]);
    const said = effects.flatMap((e) => (e.type === "reply" ? [e.body] : []));
    expect(said.join("\n")).toContain("Ralph now plans the next spec, `b`");
    expect(renderStatusComment(state)).toContain("**Specs:** 1 of 2 done: ✓ `a` · ☐ `b`");

    // The second spec's PRD starts fresh: its US-1 is not the first spec's verified US-1.
    const second = specPrd("b", [], makePrd(["US-1"]));
    state = play(state, [result(second)]).state;
    expect(state.specId).toBe("b");
    expect(state.prd?.number).toBe(1);
    expect(state.prd?.stories.map((s) => s.status)).toEqual(["pending"]);
    expect(state.phase).toBe("awaiting_approval");
    expect(renderStatusComment(state)).toContain("**Specs:** 1 of 2 done: ✓ `a` · … `b`");

    state = approvedAndImplemented(state, second);
    const last = play(state, [
      result(implemented("US-1", "c2")),
      result(verdict("US-1", "c2", "PASS")),
    ]);
    expect(last.state.phase).toBe("done");
    expect(last.state.specsDone).toEqual(["a", "b"]);
    const lastEffects = last.steps.at(-1)!.effects;
    expect(types(lastEffects)).toContain("mark_pr_ready");
    expect(lastEffects).toContainEqual({
      type: "commit_files",
      change: { kind: "done_marker", commit: "c2" },
      message: "ralph(b): all stories verified",
    });
    const reply = lastEffects.find((e) => e.type === "reply");
    expect(reply).toMatchObject({ body: expect.stringContaining("All 2 specs") });
  });

  it("an issue never queues specs; a spec PR with one spec is done after it", () => {
    const issue = play(initialState(42), [cmd("plan", "", alice, { goal: GOAL_SIMPLE })]).state;
    let state = approvedAndImplemented(issue, { ...specPrd("issue-42", ["x"]) });
    state = play(state, [
      result(implemented("US-1", "c1")),
      result(verdict("US-1", "c1", "PASS")),
    ]).state;
    expect(state.phase).toBe("done");
    expect(state.specsDone).toEqual([]);

    state = approvedAndImplemented(start(), specPrd("a", []));
    state = play(state, [
      result(implemented("US-1", "c1")),
      result(verdict("US-1", "c1", "PASS")),
    ]).state;
    expect(state.phase).toBe("done");
    expect(state.specsDone).toEqual(["a"]);
    expect(renderStatusComment(state)).not.toContain("**Specs:**");
  });

  it("re-planning a finished spec makes it not done again", () => {
    let state = approvedAndImplemented(start(), specPrd("a", []));
    state = play(state, [
      result(implemented("US-1", "c1")),
      result(verdict("US-1", "c1", "PASS")),
    ]).state;
    state = play(state, [cmd("plan"), result(specPrd("a", []))]).state;
    expect(state.specsDone).toEqual([]);
    expect(state.prd?.number).toBe(2);
  });
});

describe("the spec queue's own rules", () => {
  const specPr = (fields: Partial<MachineState>): MachineState => ({
    ...PHASE_FIXTURES.implementing,
    kind: "spec_pr",
    ...fields,
  });

  it.each([
    ["an issue has no spec queue", { kind: "issue", specsLeft: ["a", "b"] }, null],
    ["the next after the current spec", { specsLeft: ["a", "b", "c"], specId: "a" }, "b"],
    ["done specs skipped", { specsLeft: ["a", "b", "c"], specId: "c", specsDone: ["a"] }, "b"],
    ["none left", { specsLeft: ["a", "b"], specId: "b", specsDone: ["a"] }, null],
  ] as [string, Partial<MachineState>, string | null][])("nextSpec: %s", (_name, fields, next) => {
    expect(nextSpec(specPr(fields))).toBe(next);
  });

  it.each([
    [
      "one story; a spec id's backticks dropped",
      {
        specId: "one`",
        specsLeft: ["one`", "two"],
        prd: {
          ...PHASE_FIXTURES.implementing.prd!,
          stories: PHASE_FIXTURES.implementing.prd!.stories.slice(0, 1),
        },
      },
      "two",
      "All 1 story of spec `one` is verified (spec 1 of 2 in this pull request). Ralph now plans the next spec, `two`; its PRD needs its own approval.",
      ["one`"],
    ],
    [
      "two stories, counted once though done before",
      { specId: "b", specsLeft: ["b", "c"], specsDone: ["a", "b"] },
      "c",
      "All 2 stories of spec `b` are verified (spec 2 of 3 in this pull request). Ralph now plans the next spec, `c`; its PRD needs its own approval.",
      ["a", "b"],
    ],
    [
      "no spec id: the issue's, not added to the done list",
      { specId: null, specsLeft: ["x"], prd: null },
      "x",
      "All 0 stories of spec `issue-42` are verified (spec 0 of 1 in this pull request). Ralph now plans the next spec, `x`; its PRD needs its own approval.",
      [],
    ],
  ] as [string, Partial<MachineState>, string, string, string[]][])(
    "advanceToSpec: %s",
    (_name, fields, next, said, done) => {
      const ctx = makeCtx(specPr({ feedback: ["fix it"], ...fields }), config());
      advanceToSpec(ctx, next, "c9");
      expect(replyOf(ctx.effects)).toBe(said);
      expect(ctx.s.specsDone).toEqual(done);
      expect(ctx.s.feedback).toEqual([]);
    },
  );
});
