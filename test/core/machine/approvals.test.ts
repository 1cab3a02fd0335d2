import { describe, expect, it } from "vitest";
import type { MachineEvent } from "../../../src/core/events.js";
import { transition } from "../../../src/core/machine/index.js";
import { alice, author, bob, bot, reader } from "./actors.js";
import { approval, awaiting } from "./approval.js";
import { cmd, result } from "./events.js";
import { config, lastEffects, PHASE_FIXTURES, play, types } from "./fixtures.js";
import { makePrd, prdResult, revisionOf } from "./results.js";

const current = revisionOf(prdResult());

describe("approvals (DESIGN §3.3)", () => {
  it("each channel approves the current revision", () => {
    for (const channel of ["comment", "reaction", "review"] as const) {
      const run = play(awaiting(), [approval(bob, channel, current)]);
      expect(run.state.phase).toBe("implementing");
      expect(run.state.approvals).toEqual([{ login: "bob", revision: current, channel }]);
      expect(run.state.approvedBy).toEqual(["bob"]);
    }
  });

  it("a stale revision never counts: reply on the comment channel, silence elsewhere", () => {
    const start = awaiting();
    const viaComment = transition(start, approval(bob, "comment", "old-revision"), config());
    expect(viaComment.state).toBe(start);
    expect(types(viaComment.effects)).toEqual(["reply"]);
    expect(viaComment.effects[0]).toMatchObject({ body: expect.stringMatching(/older revision/) });
    for (const channel of ["reaction", "review"] as const) {
      const out = transition(start, approval(bob, channel, "old-revision"), config());
      expect(out.state).toBe(start);
      expect(out.effects).toEqual([]);
    }
  });

  it("an approval of revision 1 does not carry over to revision 2 after /ralph revise", () => {
    const first = awaiting();
    const rev1 = first.prd!.revision;
    let run = play(first, [
      approval(bob, "reaction", "nope"),
      cmd("revise", "Add a story for logout"),
    ]);
    expect(run.state.phase).toBe("planning");
    expect(run.state.feedback).toEqual(["@alice: Add a story for logout"]);
    const second = prdResult(makePrd(["US-1", "US-2", "US-3"]));
    run = play(run.state, [result(second), approval(bob, "reaction", rev1)]);
    expect(run.state.phase).toBe("awaiting_approval");
    expect(run.state.prd?.number).toBe(2);
    expect(run.state.approvals).toEqual([]);
    run = play(run.state, [approval(bob, "reaction", revisionOf(second))]);
    expect(run.state.phase).toBe("implementing");
  });

  it("approvals.required 2 needs two distinct users; the same user twice does not count", () => {
    const cfg = config({ approvals: { required: 2 } });
    let run = play(awaiting(cfg), [cmd("approve", "", alice)], cfg);
    expect(run.state.phase).toBe("awaiting_approval");
    expect(lastEffects(run).find((e) => e.type === "reply")).toMatchObject({
      body: expect.stringMatching(/1 of 2/),
    });

    const afterOne = run.state;
    // A second channel of the same user is recorded (so withdrawing one keeps the other), but
    // she is still one approver of two.
    const sameReaction = transition(afterOne, approval(alice, "reaction", current), cfg);
    expect(sameReaction.state.phase).toBe("awaiting_approval");
    expect(sameReaction.state.approvals.map((a) => a.channel)).toEqual(["comment", "reaction"]);
    expect(sameReaction.effects).toEqual([]);
    expect(transition(sameReaction.state, approval(alice, "reaction", current), cfg).state).toBe(
      sameReaction.state,
    );
    const sameAgain = transition(afterOne, cmd("approve", "", { ...alice, login: "ALICE" }), cfg);
    expect(sameAgain.state).toBe(afterOne);
    expect(sameAgain.effects.find((e) => e.type === "reply")).toMatchObject({
      body: expect.stringMatching(/already counted/),
    });

    run = play(afterOne, [approval(bob, "review", current)], cfg);
    expect(run.state.phase).toBe("implementing");
    expect(run.state.approvedBy).toEqual(["alice", "bob"]);
  });

  it("the issue author counts by default, not with allow_author: false", () => {
    expect(play(awaiting(), [cmd("approve", "", author)]).state.phase).toBe("implementing");

    const cfg = config({ approvals: { allow_author: false } });
    const start = awaiting(cfg);
    const byComment = transition(start, cmd("approve", "", author), cfg);
    expect(byComment.state).toBe(start);
    expect(byComment.effects).toEqual([
      { type: "reply", body: expect.stringMatching(/allow_author/), key: "denied:olivia" },
    ]);
    const byReaction = transition(start, approval(author, "reaction", current), cfg);
    expect(byReaction.state).toBe(start);
    expect(byReaction.effects).toEqual([]);
  });

  it("min_permission, the users allowlist and bots", () => {
    const strict = config({ approvals: { min_permission: "maintain" } });
    expect(transition(awaiting(strict), cmd("approve", "", alice), strict).state.phase).toBe(
      "awaiting_approval",
    );
    expect(transition(awaiting(strict), cmd("approve", "", bob), strict).state.phase).toBe(
      "implementing",
    );

    const listed = config({ approvals: { users: ["Bob"] } });
    const denied = transition(awaiting(listed), cmd("approve", "", alice), listed);
    expect(denied.state.phase).toBe("awaiting_approval");
    expect(denied.effects[0]).toMatchObject({ type: "reply", key: "denied:alice" });
    expect(transition(awaiting(listed), cmd("approve", "", bob), listed).state.phase).toBe(
      "implementing",
    );

    const start = awaiting();
    for (const channel of ["comment", "reaction", "review"] as const) {
      const out = transition(start, approval(bot, channel, current), config());
      expect(out).toEqual({ state: start, effects: [] });
    }
    // A read-only user's 👍 is silently not counted; their `/approve` gets one keyed reply.
    expect(transition(start, approval(reader, "reaction", current), config()).effects).toEqual([]);
    expect(transition(start, cmd("approve", "", reader), config()).effects).toEqual([
      { type: "reply", body: expect.any(String), key: "denied:rita" },
    ]);
  });

  it("reactions and reviews can be switched off", () => {
    const cfg = config({ approvals: { reactions: false, reviews: false } });
    const start = awaiting(cfg);
    expect(transition(start, approval(bob, "reaction", current), cfg).state).toBe(start);
    expect(transition(start, approval(bob, "review", current), cfg).state).toBe(start);
    expect(transition(start, approval(bob, "comment", current), cfg).state.phase).toBe(
      "implementing",
    );
  });

  it("/approve <spec-id> must name the current spec", () => {
    const start = awaiting();
    const wrong = transition(start, cmd("approve", "issue-41-other"), config());
    expect(wrong.state).toBe(start);
    expect(wrong.effects[1]).toMatchObject({
      type: "reply",
      body: expect.stringMatching(/issue-41-other/),
    });
    expect(transition(start, cmd("approve", "issue-42-add-login"), config()).state.phase).toBe(
      "implementing",
    );
  });

  it("gates.run adds a second gate: approval → run_gate → /ralph run", () => {
    const cfg = config({ gates: { run: true } });
    let run = play(awaiting(cfg), [cmd("approve")], cfg);
    expect(run.state.phase).toBe("run_gate");
    // Same label (awaiting-approval), so no relabel; the reply tells the humans what to do.
    expect(types(lastEffects(run))).toEqual(["acknowledge", "reply"]);
    expect(lastEffects(run)[1]).toMatchObject({ body: expect.stringMatching(/\/ralph run/) });
    run = play(run.state, [cmd("run")], cfg);
    expect(run.state.phase).toBe("implementing");
    expect(run.state.runGatePassed).toBe(true);
    expect(lastEffects(run).at(-1)).toEqual({
      type: "dispatch",
      step: "implement",
      storyId: "US-1",
    });
  });

  it("a changes-requested review sends the PRD back to the planner with its feedback", () => {
    const run = play(awaiting(), [
      { type: "changes_requested", actor: bob, feedback: "Story 2 is too big." },
    ]);
    expect(run.state.phase).toBe("planning");
    expect(run.state.feedback).toEqual(["@bob: Story 2 is too big."]);
    expect(lastEffects(run).at(-1)).toEqual({ type: "dispatch", step: "plan" });
    // From someone without rights it is silently not counted.
    const start = awaiting();
    expect(
      transition(start, { type: "changes_requested", actor: reader, feedback: "no" }, config()),
    ).toEqual({
      state: start,
      effects: [],
    });
  });
});

describe("approvals, word for word (DESIGN §3.3)", () => {
  it.each([
    [
      "min_permission",
      config({ approvals: { min_permission: "maintain" } }),
      "@alice, approving needs maintain permission on this repository.",
    ],
    [
      "the users allowlist",
      config({ approvals: { users: ["bob", "carol"] } }),
      "@alice, only the users listed in `approvals.users` can approve.",
    ],
  ])(
    "an approval on the comment channel refused by %s says why, keyed per user",
    (_n, cfg, body) => {
      const start = awaiting(cfg);
      for (const event of [cmd("approve", "", alice), approval(alice, "comment", current)]) {
        const out = transition(start, event, cfg);
        expect(out.state).toBe(start);
        expect(out.effects).toEqual([{ type: "reply", body, key: "denied:alice" }]);
      }
    },
  );

  it("any user on the allowlist may approve, whatever their place in it", () => {
    const cfg = config({ approvals: { users: ["bob", "Alice"] } });
    expect(transition(awaiting(cfg), cmd("approve", "", alice), cfg).state.phase).toBe(
      "implementing",
    );
  });

  it("counts each new approver aloud, and says when one was already counted", () => {
    const cfg = config({ approvals: { required: 4 } });
    const replyOf = (effects: readonly { type: string }[]) =>
      effects.find((e): e is { type: "reply"; body: string } => e.type === "reply")?.body;
    const run = play(
      awaiting(cfg),
      [
        cmd("approve", "", alice),
        approval(bob, "reaction", current),
        cmd("approve", "", author),
        cmd("approve", "", author),
      ],
      cfg,
    );
    expect(run.steps.map((step) => replyOf(step.effects))).toEqual([
      "Approval by @alice counted (1 of 4 required).",
      undefined,
      "Approval by @olivia counted (3 of 4 required).",
      "@olivia, your approval is already counted (3 of 4); another approver is needed.",
    ]);
  });

  it("the run gate names every approver", () => {
    const cfg = config({ gates: { run: true }, approvals: { required: 2 } });
    const run = play(awaiting(cfg), [cmd("approve", "", alice), cmd("approve", "", bob)], cfg);
    expect(run.state.phase).toBe("run_gate");
    expect(lastEffects(run)).toContainEqual({
      type: "reply",
      body: "PRD approved by @alice, @bob. `gates.run` is on: comment `/ralph run` to start implementation.",
    });
  });

  it.each([
    ["run_gate", "", "The PRD is already approved; comment `/ralph run` to start implementation."],
    ["implementing", "", "The PRD is already approved and being implemented."],
    ["verifying", "issue-41-other", "The PRD is already approved and being implemented."],
    ["planning", "", "There is no PRD waiting for approval (Ralph is planning)."],
    ["done", "", "There is no PRD waiting for approval (Ralph is done)."],
  ] as const)("in %s, an /approve %j gets: %s", (phase, spec, body) => {
    const before = PHASE_FIXTURES[phase];
    const out = transition(before, cmd("approve", spec, alice, { commentId: 9 }), config());
    expect(out.state.approvals).toEqual(before.approvals);
    expect(out.effects).toEqual([
      { type: "acknowledge", commentId: 9 },
      { type: "reply", body },
    ]);
  });

  it("/approve naming another spec says which one waits", () => {
    const out = transition(awaiting(), cmd("approve", "issue-41-other"), config());
    expect(out.effects[1]).toEqual({
      type: "reply",
      body: "There is no spec `issue-41-other` waiting for approval here; the PRD waiting for approval is for `issue-42-add-login`.",
    });
  });

  it("an approval without a review id keeps the approving review on record", () => {
    const cfg = config({ approvals: { required: 2 } });
    const review: MachineEvent = {
      type: "approval",
      channel: "review",
      actor: alice,
      revision: current,
      reviewId: 5,
    };
    const run = play(awaiting(cfg), [review, approval(alice, "review", current)], cfg);
    expect(run.state.approvals).toEqual([
      { login: "alice", revision: current, channel: "review", reviewId: 5 },
    ]);
  });
});

/** Approval records the state keeps from an earlier revision of the PRD (history, never counted). */
const OLD = "rev-before-revise";
const earlier = (login: string, channel: "comment" | "reaction" | "review" = "comment") => ({
  login,
  revision: OLD,
  channel,
});

describe("approvals: only the current revision counts, and odd states stay calm", () => {
  it("an approver of an earlier revision approving again is counted anew, not 'already counted'", () => {
    const cfg = config({ approvals: { required: 2 } });
    const start = { ...awaiting(cfg), approvals: [earlier("bob"), earlier("alice")] };
    const out = transition(start, cmd("approve", "", alice, { commentId: 9 }), cfg);
    expect(out.state.phase).toBe("awaiting_approval");
    // The saved state keeps only the current revision's approvals (core/state-budget.ts).
    expect(out.state.approvals).toEqual([
      { login: "alice", revision: current, channel: "comment" },
    ]);
    expect(out.effects).toEqual([
      { type: "acknowledge", commentId: 9 },
      { type: "reply", body: "Approval by @alice counted (1 of 2 required)." },
    ]);
  });

  it("an earlier revision's approval on the same channel does not stand in for the current one", () => {
    const start = { ...awaiting(), approvals: [earlier("alice", "reaction")] };
    const out = transition(start, approval(alice, "reaction", current), config());
    expect(out.state.phase).toBe("implementing");
    expect(out.state.approvedBy).toEqual(["alice"]);
  });

  it("/approve naming a spec, when the waiting PRD has no spec id, names only the one asked for", () => {
    const out = transition(
      { ...awaiting(), specId: null },
      cmd("approve", "issue-41-other"),
      config(),
    );
    expect(out.state.approvals).toEqual([]);
    expect(out.effects[1]).toEqual({
      type: "reply",
      body: "There is no spec `issue-41-other` waiting for approval here.",
    });
  });

  it("a spec id padded with blanks (an adapter that did not trim) is still the spec named", () => {
    const out = transition(awaiting(), cmd("approve", "  issue-41-other  "), config());
    expect(out.state.phase).toBe("awaiting_approval");
    expect(out.effects[1]).toMatchObject({
      body: expect.stringContaining("There is no spec `issue-41-other` waiting"),
    });
  });

  it("a state awaiting approval without a PRD (edited by hand) neither counts nor throws", () => {
    const start = { ...awaiting(), prd: null };
    const out = transition(start, cmd("approve", "", alice, { commentId: 9 }), config());
    expect(out.state.approvals).toEqual([]);
    expect(out.effects).toEqual([
      { type: "acknowledge", commentId: 9 },
      {
        type: "reply",
        body: "There is no PRD waiting for approval (Ralph is waiting for approval of the PRD).",
      },
    ]);
    const withdrawn = transition(
      start,
      { type: "approval_withdrawn", channel: "reaction", login: "alice" },
      config(),
    );
    expect(withdrawn).toEqual({ state: start, effects: [] });
  });
});
