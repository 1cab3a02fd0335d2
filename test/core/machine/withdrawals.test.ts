import { describe, expect, it } from "vitest";
import type { Actor, MachineEvent } from "../../../src/core/events.js";
import { transition } from "../../../src/core/machine/index.js";
import { alice, bob } from "./actors.js";
import { approval, awaiting } from "./approval.js";
import { cmd, result } from "./events.js";
import { config, lastEffects, PHASE_FIXTURES, play, types } from "./fixtures.js";
import { makePrd, prdResult, revisionOf } from "./results.js";

/**
 * DESIGN §3.3 binds approvals to what carried them: a dismissed approving review (or a removed 👍)
 * takes that approval back while it still gates something.
 */
const current = revisionOf(prdResult());
const approve = (actor: Actor, channel: "comment" | "reaction" | "review", revision = current) =>
  approval(actor, channel, revision);
const withdraw = (login: string, channel: "review" | "reaction" = "review"): MachineEvent => ({
  type: "approval_withdrawn",
  channel,
  login,
});

describe("approval withdrawn (DESIGN §3.3)", () => {
  it("awaiting approval: the dismissed review's approval stops counting", () => {
    const cfg = config({ approvals: { required: 2 } });
    let run = play(awaiting(cfg), [approve(alice, "review")], cfg);
    expect(run.state.approvals).toEqual([{ login: "alice", revision: current, channel: "review" }]);
    run = play(run.state, [withdraw("ALICE")], cfg);
    expect(run.state.approvals).toEqual([]);
    expect(run.state.phase).toBe("awaiting_approval");
    // Nothing was gated on it yet: no reply.
    expect(run.steps[0]!.effects).toEqual([]);
    // Bob's approval alone is now one of two: no implementation.
    run = play(run.state, [approve(bob, "review")], cfg);
    expect(run.state.phase).toBe("awaiting_approval");
    run = play(run.state, [approve(alice, "comment")], cfg);
    expect(run.state.phase).toBe("implementing");
    expect(run.state.approvedBy).toEqual(["bob", "alice"]);
  });

  it("takes only that channel: the same user's /approve still counts", () => {
    const cfg = config({ approvals: { required: 2 } });
    const run = play(
      awaiting(cfg),
      [approve(alice, "review"), cmd("approve", "", alice), withdraw("alice")],
      cfg,
    );
    expect(run.state.approvals).toEqual([
      { login: "alice", revision: current, channel: "comment" },
    ]);
    expect(play(run.state, [approve(bob, "reaction")], cfg).state.phase).toBe("implementing");
  });

  it("run gate: losing an approver below approvals.required reopens the approval gate", () => {
    const cfg = config({ gates: { run: true } });
    let run = play(awaiting(cfg), [approve(alice, "review")], cfg);
    expect(run.state.phase).toBe("run_gate");
    run = play(run.state, [withdraw("alice")], cfg);
    expect(run.state.phase).toBe("awaiting_approval");
    expect(run.state.approvedBy).toEqual([]);
    expect(run.state.approvals).toEqual([]);
    expect(types(run.steps[0]!.effects)).toEqual(["reply"]);
    expect(run.steps[0]!.effects[0]).toMatchObject({ body: expect.stringMatching(/@alice/) });
    // `/ralph run` no longer starts anything.
    run = play(run.state, [cmd("run")], cfg);
    expect(run.state.phase).toBe("awaiting_approval");
  });

  it("run gate: with enough approvers left, the gate stays", () => {
    const cfg = config({ gates: { run: true }, approvals: { required: 2 } });
    let run = play(
      awaiting(cfg),
      [cmd("approve", "", alice), approve(alice, "review"), approve(bob, "reaction")],
      cfg,
    );
    expect(run.state.phase).toBe("run_gate");
    run = play(run.state, [withdraw("alice")], cfg);
    expect(run.state.phase).toBe("run_gate");
    expect(run.state.approvedBy).toEqual(["alice", "bob"]);
    expect(run.state.approvals.map((a) => `${a.login}:${a.channel}`)).toEqual([
      "alice:comment",
      "bob:reaction",
    ]);
    run = play(run.state, [withdraw("bob", "reaction")], cfg);
    expect(run.state.phase).toBe("awaiting_approval");
  });

  it("records the approving review, and the newest one when the same user approves again", () => {
    const cfg = config({ approvals: { required: 2 } });
    const review = (id: number): MachineEvent => ({
      type: "approval",
      channel: "review",
      actor: alice,
      revision: current,
      reviewId: id,
    });
    let run = play(awaiting(cfg), [review(5)], cfg);
    expect(run.state.approvals).toEqual([
      { login: "alice", revision: current, channel: "review", reviewId: 5 },
    ]);
    run = play(run.state, [review(9)], cfg);
    expect(run.state.approvals.map((a) => a.reviewId)).toEqual([9]);
  });

  it("changes nothing where no approval gates anything any more, or none was given", () => {
    for (const phase of ["implementing", "done", "planning", "failed"] as const) {
      const before = PHASE_FIXTURES[phase];
      expect(transition(before, withdraw("alice"), config())).toEqual({
        state: before,
        effects: [],
      });
    }
    const start = awaiting(config());
    expect(transition(start, withdraw("alice"), config()).state).toBe(start);
  });

  it("a withdrawal of an older revision's approval leaves the current one alone", () => {
    const cfg = config({ approvals: { required: 2 } });
    let run = play(awaiting(cfg), [approve(alice, "review"), cmd("revise", "split US-1")], cfg);
    const second = prdResult(makePrd(["US-1", "US-2", "US-3"]));
    run = play(run.state, [result(second), approve(alice, "review", revisionOf(second))], cfg);
    expect(run.state.approvals).toHaveLength(1);
    run = play(run.state, [withdraw("alice")], cfg);
    expect(run.state.approvals).toEqual([]);
  });
});

describe("approval withdrawn, word for word", () => {
  it.each([
    ["review", "the approving review was dismissed"],
    ["reaction", "the 👍 was removed"],
  ] as const)("in the run gate, a withdrawn %s reopens the gate saying so", (channel, why) => {
    const cfg = config({ gates: { run: true } });
    const run = play(awaiting(cfg), [approve(alice, channel), withdraw("alice", channel)], cfg);
    expect(run.state.phase).toBe("awaiting_approval");
    expect(lastEffects(run)).toContainEqual({
      type: "reply",
      body: `The approval by @alice was withdrawn (${why}): the PRD needs approval again (0 of 1) before implementation can start.`,
    });
  });

  it("once implementation started, the approval was used: a dismissal changes nothing", () => {
    const cfg = config();
    const run = play(awaiting(cfg), [approve(alice, "review")], cfg);
    expect(run.state.phase).toBe("implementing");
    const out = transition(run.state, withdraw("alice"), cfg);
    expect(out).toEqual({ state: run.state, effects: [] });
  });
});

describe("/approve carried by a review binds to the review's head (DESIGN §3.3)", () => {
  it("an /approve written against an older revision does not count", () => {
    const start = awaiting(config());
    const stale: MachineEvent = {
      type: "command",
      command: { name: "approve", args: "", line: "/approve" },
      actor: alice,
      revision: "older-revision",
    };
    const out = transition(start, stale, config());
    expect(out.state).toBe(start);
    expect(out.effects[0]).toMatchObject({
      type: "reply",
      body: expect.stringMatching(/older revision/),
    });
    const fresh: MachineEvent = { ...stale, revision: current };
    expect(transition(start, fresh, config()).state.phase).toBe("implementing");
  });
});

describe("approval withdrawn: only what was withdrawn goes", () => {
  it("a withdrawal by someone who never approved changes nothing, even below a raised required", () => {
    const cfg = config({ gates: { run: true } });
    const gated = play(awaiting(cfg), [cmd("approve", "", alice)], cfg).state;
    expect(gated.phase).toBe("run_gate");
    // approvals.required raised to 2 after the gate opened: only a real withdrawal re-counts.
    const raised = config({ gates: { run: true }, approvals: { required: 2 } });
    const out = transition(gated, withdraw("bob", "reaction"), raised);
    expect(out).toEqual({ state: gated, effects: [] });
  });
});
