/**
 * Approvals in an intake (src/reconcile/intake.ts, DESIGN §3.3): a 👍 or approval taken back, or
 * whose giver lost the permission to approve, stops counting while an approval still gates
 * something; fresh 👍 on the PRD comment count as approvals, each reactor looked up once, and
 * where the read stopped is what the state keeps. On the fake GitHub: the cases pin what is read
 * (permission lookups, reads of the 👍) and which answers cost no call. The App's tests run these
 * paths too, but a mutation pass found them checking almost none of these answers.
 */
import { describe, expect, it } from "vitest";
import { approval, intakeWorld } from "./intake-world.js";

type World = ReturnType<typeof intakeWorld>;

/** Awaiting approval, 👍 by `thumbs`, `approvers` already approved by 👍; writers granted. */
function awaitingWith(w: World, thumbs: string[], approvers: string[], writers: string[]) {
  for (const login of writers) w.fake.grant(login, "write");
  const { state, revision, comment } = w.awaiting(thumbs);
  return {
    state: { ...state, approvals: approvers.map((login) => approval(login, revision)) },
    revision,
    comment,
  };
}

/** The ids of the 👍 on `commentId`, by reactor. */
function thumbIds(w: World, commentId: number): Record<string, number> {
  const list = w.fake.reactions.get(commentId) ?? [];
  return Object.fromEntries(list.map((r) => [r.user.login, r.id]));
}

describe("withdrawApprovals: 👍 taken back", () => {
  it("a counted 👍 still given: the approval stays, after one read of the 👍", async () => {
    const w = intakeWorld();
    const { state, revision } = awaitingWith(w, ["alice"], ["alice"], ["alice"]);
    const intake = w.intake({ state, approvals: { required: 2 } });
    await intake.withdrawApprovals(null);
    expect(intake.state.approvals).toEqual([approval("alice", revision)]);
    expect(w.reactionReads()).toHaveLength(1);
  });

  it("a counted 👍 removed: the approval is withdrawn", async () => {
    const w = intakeWorld();
    const { state } = awaitingWith(w, [], ["alice"], ["alice"]);
    const intake = w.intake({ state, approvals: { required: 2 } });
    await intake.withdrawApprovals(null);
    expect(intake.state.approvals).toEqual([]);
  });

  it.each([
    ["no approval at all", () => []],
    ["only an approval by comment", (rev: string) => [approval("alice", rev, "comment")]],
  ])("%s: the 👍 are not read", async (_name, approvals) => {
    const w = intakeWorld();
    const { state, revision } = awaitingWith(w, ["alice"], [], ["alice"]);
    const intake = w.intake({ state: { ...state, approvals: approvals(revision) } });
    await intake.withdrawApprovals(null);
    expect(w.reactionReads()).toEqual([]);
    expect(intake.state.approvals).toEqual(approvals(revision));
  });

  it("a phase the approval gates no more (implementing): nothing looked up, nothing read", async () => {
    const w = intakeWorld();
    const { state } = awaitingWith(w, [], ["alice"], []);
    const intake = w.intake({ state: { ...state, phase: "implementing" } });
    await intake.withdrawApprovals(null);
    expect(w.fake.requests).toEqual([]);
    expect(intake.state.approvals).toEqual(state.approvals);
  });

  it("the PRD comment not posted yet: no read, the approval stays", async () => {
    const w = intakeWorld();
    const { state } = awaitingWith(w, ["alice"], ["alice"], ["alice"]);
    const prd = state.prd === null ? null : { ...state.prd, commentId: null };
    const intake = w.intake({ state: { ...state, prd } });
    await intake.withdrawApprovals(null);
    expect(w.reactionReads()).toEqual([]);
    expect(intake.state.approvals).toEqual(state.approvals);
  });
});

describe("withdrawApprovals: approvers whose permission was revoked (issue 10)", () => {
  it.each(["reaction", "comment", "review"] as const)(
    "an approval by %s of a user now read-only is withdrawn; a writer's stays",
    async (channel) => {
      const w = intakeWorld();
      const { state, revision } = awaitingWith(w, ["alice", "bob"], [], ["bob"]);
      w.fake.grant("alice", "read");
      const approvals = [approval("alice", revision, channel), approval("bob", revision, channel)];
      const intake = w.intake({ state: { ...state, approvals }, approvals: { required: 3 } });
      await intake.withdrawApprovals(null);
      expect(intake.state.approvals).toEqual([approval("bob", revision, channel)]);
      expect(w.permissionReads()).toEqual(["alice", "bob"]);
    },
  );

  it("in the run gate too: the gate closes again", async () => {
    const w = intakeWorld();
    const { state, revision } = awaitingWith(w, [], [], []);
    w.fake.grant("alice", "read");
    const approvals = [approval("alice", revision, "comment")];
    const intake = w.intake({ state: { ...state, phase: "run_gate", approvals } });
    await intake.withdrawApprovals(null);
    expect(intake.state.approvals).toEqual([]);
    expect(intake.state.phase).toBe("awaiting_approval");
  });

  it("an approval of an older revision is not looked up", async () => {
    const w = intakeWorld();
    const { state } = awaitingWith(w, [], [], []);
    const approvals = [approval("carol", "rev-old", "comment")];
    const intake = w.intake({ state: { ...state, approvals } });
    await intake.withdrawApprovals(null);
    expect(w.permissionReads()).toEqual([]);
    expect(intake.state.approvals).toEqual(approvals);
  });

  it("no PRD (a hand-edited state): nothing looked up, no crash", async () => {
    const w = intakeWorld();
    const { state } = awaitingWith(w, [], [], []);
    const approvals = [approval("carol", "rev-1", "comment")];
    const intake = w.intake({ state: { ...state, prd: null, approvals } });
    await intake.withdrawApprovals(null);
    expect(w.fake.requests).toEqual([]);
    expect(intake.state.approvals).toEqual(approvals);
  });
});

describe("countReactionApprovals: fresh 👍 on the PRD comment", () => {
  it("a writer's 👍 counts; the state keeps where the read stopped and the 👍 counted", async () => {
    const w = intakeWorld();
    const { state, revision, comment } = awaitingWith(w, ["alice"], [], ["alice"]);
    const intake = w.intake({ state, approvals: { required: 2 } });
    await intake.countReactionApprovals();
    expect(intake.state.approvals).toEqual([approval("alice", revision)]);
    const ids = thumbIds(w, comment.id);
    expect(intake.finish().state.approvalReads).toEqual({
      revision,
      commentId: comment.id,
      commentNode: comment.node_id,
      reactionId: ids.alice,
      denied: [],
      counted: [{ login: "alice", node: expect.any(String) }],
    });
  });

  it.each([
    ["the run gate", "run_gate", {}],
    ["reactions switched off", "awaiting_approval", { reactions: false }],
  ] as const)("%s: the 👍 are not read", async (_name, phase, rules) => {
    const w = intakeWorld();
    const { state } = awaitingWith(w, ["alice"], [], ["alice"]);
    const intake = w.intake({ state: { ...state, phase }, approvals: rules });
    await intake.countReactionApprovals();
    expect(w.fake.requests).toEqual([]);
    expect(intake.state.approvals).toEqual([]);
  });

  it("the PRD comment not posted yet: no read, no crash", async () => {
    const w = intakeWorld();
    const { state } = awaitingWith(w, ["alice"], [], ["alice"]);
    const prd = state.prd === null ? null : { ...state.prd, commentId: null };
    const intake = w.intake({ state: { ...state, prd } });
    await intake.countReactionApprovals();
    expect(w.fake.requests).toEqual([]);
    expect(intake.state.approvals).toEqual([]);
  });

  it("the comment is no PRD any more (edited): its 👍 count for nothing, nobody looked up", async () => {
    const w = intakeWorld();
    const { state, comment } = awaitingWith(w, ["alice"], [], ["alice"]);
    comment.body = "Nothing to see here.";
    const intake = w.intake({ state });
    await intake.countReactionApprovals();
    expect(intake.state.approvals).toEqual([]);
    expect(w.permissionReads()).toEqual([]);
  });

  it("the required approvals reached mid-read: the later 👍 are left for a reopened gate", async () => {
    const w = intakeWorld();
    const { state, revision, comment } = awaitingWith(w, ["alice", "bob"], [], ["alice", "bob"]);
    const intake = w.intake({ state, approvals: { required: 1 } });
    await intake.countReactionApprovals();
    expect(intake.state.phase).not.toBe("awaiting_approval");
    expect(intake.state.approvals).toEqual([approval("alice", revision)]);
    expect(w.permissionReads()).toEqual(["alice"]);
    const bob = thumbIds(w, comment.id).bob ?? 0;
    expect(intake.finish().state.approvalReads?.reactionId).toBe(bob - 1);
  });

  it("a 👍 already counted for this revision (any case): no lookup, not counted twice", async () => {
    const w = intakeWorld();
    const { state, revision } = awaitingWith(w, ["alice", "bob"], ["Alice"], ["alice", "bob"]);
    const intake = w.intake({ state, approvals: { required: 3 } });
    await intake.countReactionApprovals();
    expect(w.permissionReads()).toEqual(["bob"]);
    expect(intake.state.approvals).toEqual([
      approval("Alice", revision),
      approval("bob", revision),
    ]);
  });

  it.each([
    ["by comment", (rev: string) => approval("alice", rev, "comment")],
    ["by 👍 of an older revision", () => approval("alice", "rev-old")],
  ])("alice approved %s: her 👍 is looked up and counts", async (_name, before) => {
    const w = intakeWorld();
    const { state, revision } = awaitingWith(w, ["alice"], [], ["alice"]);
    const intake = w.intake({
      state: { ...state, approvals: [before(revision)] },
      approvals: { required: 3 },
    });
    await intake.countReactionApprovals();
    expect(w.permissionReads()).toEqual(["alice"]);
    expect(intake.state.approvals).toContainEqual(approval("alice", revision));
  });

  it("a reactor refused before for this revision: skipped without a lookup", async () => {
    const w = intakeWorld();
    const { state, revision, comment } = awaitingWith(w, ["mallory"], [], []);
    const approvalReads = {
      revision,
      commentId: comment.id,
      commentNode: comment.node_id,
      reactionId: 0,
      denied: ["mallory"],
      counted: [],
    };
    const intake = w.intake({ state: { ...state, approvalReads } });
    await intake.countReactionApprovals();
    expect(w.permissionReads()).toEqual([]);
    expect(intake.state.approvals).toEqual([]);
  });

  it("a reactor who may not approve: refused silently, and remembered as refused", async () => {
    const w = intakeWorld();
    const { state } = awaitingWith(w, ["mallory"], [], []);
    w.fake.grant("mallory", "read");
    const intake = w.intake({ state });
    await intake.countReactionApprovals();
    const { state: saved, effects } = intake.finish();
    expect(saved.approvals).toEqual([]);
    expect(saved.approvalReads?.denied).toEqual(["mallory"]);
    expect(effects).toEqual([]);
  });

  it("after withdrawApprovals, the 👍 are not read again", async () => {
    const w = intakeWorld();
    const { state } = awaitingWith(w, ["alice", "bob"], ["alice"], ["alice", "bob"]);
    const intake = w.intake({ state, approvals: { required: 3 } });
    await intake.withdrawApprovals(null);
    await intake.countReactionApprovals();
    expect(w.reactionReads()).toHaveLength(1);
    expect(intake.state.approvals.map((a) => a.login)).toEqual(["alice", "bob"]);
  });
});
