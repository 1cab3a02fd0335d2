/**
 * The 👍 side of an intake (src/reconcile/reaction-approvals.ts): where a read of the PRD
 * comment's 👍 starts, whether a counted 👍 still stands, and what the state keeps after a read.
 * Pure functions, so table cases of (state, read) → answer. The App and the built entries run
 * them too, but a mutation pass found those runs checked almost none of these answers.
 */
import { describe, expect, it } from "vitest";
import { APPROVAL_COUNTED_KEPT, type ApprovalReads } from "../../src/core/read-cursors.js";
import { initialState, type MachineState } from "../../src/core/state.js";
import type { ReactionCursor, ReactionRead } from "../../src/github/reaction-reads.js";
import {
  currentReads,
  cursorFor,
  deniedBefore,
  reactionApprovals,
  recordReads,
  stillGiven,
} from "../../src/reconcile/reaction-approvals.js";

const REVISION = "rev-2";
const COMMENT = 501;

type Approval = MachineState["approvals"][number];
const thumb = (login: string, revision = REVISION): Approval => ({
  login,
  revision,
  channel: "reaction",
});

/** An issue awaiting approval of PRD `REVISION`, posted as comment `COMMENT`. */
function awaiting(
  options: {
    approvals?: Approval[];
    reads?: Partial<ApprovalReads> | null;
    prd?: { revision?: string; commentId?: number | null } | null;
  } = {},
): MachineState {
  const base = initialState(7);
  const prd =
    options.prd === null
      ? null
      : {
          revision: options.prd?.revision ?? REVISION,
          number: 2,
          branchName: "ralph/7-x",
          commentId: options.prd?.commentId === undefined ? COMMENT : options.prd.commentId,
          stories: [],
        };
  const reads: ApprovalReads | undefined =
    options.reads === null || options.reads === undefined
      ? undefined
      : {
          revision: REVISION,
          commentId: COMMENT,
          commentNode: "IC_501",
          reactionId: 0,
          denied: [],
          counted: [],
          ...options.reads,
        };
  return {
    ...base,
    phase: "awaiting_approval",
    prd,
    approvals: options.approvals ?? [],
    ...(reads === undefined ? {} : { approvalReads: reads }),
  };
}

function read(partial: Partial<ReactionRead> = {}): ReactionRead {
  return {
    revision: REVISION,
    commentNode: "IC_501",
    fresh: [],
    gone: [],
    newest: 0,
    cut: false,
    ...partial,
  };
}

function cursor(partial: Partial<ReactionCursor> = {}): ReactionCursor {
  return { commentId: COMMENT, commentNode: "IC_501", since: 0, counted: [], ...partial };
}

describe("currentReads: the reads only when they are about the current PRD comment and revision", () => {
  const reads = { reactionId: 9 };
  it.each([
    ["no reads saved", awaiting(), null],
    ["no PRD", awaiting({ prd: null, reads }), null],
    ["a PRD not posted yet", awaiting({ prd: { commentId: null }, reads }), null],
    ["an older revision's reads", awaiting({ reads: { ...reads, revision: "rev-1" } }), null],
    ["another comment's reads", awaiting({ reads: { ...reads, commentId: 499 } }), null],
  ])("%s: null", (_name, state, want) => {
    expect(currentReads(state)).toBe(want);
  });

  it("the same revision and comment: the saved reads", () => {
    const state = awaiting({ reads });
    expect(currentReads(state)).toBe(state.approvalReads);
  });
});

describe("reactionApprovals: the 👍 approvals of the current revision", () => {
  it("keeps 👍 of this revision, not other channels or revisions", () => {
    const state = awaiting({
      approvals: [
        thumb("alice"),
        { login: "bob", revision: REVISION, channel: "comment" },
        thumb("carol", "rev-1"),
        { login: "dave", revision: REVISION, channel: "review", reviewId: 3 },
        thumb("erin"),
      ],
    });
    expect(reactionApprovals(state).map((a) => a.login)).toEqual(["alice", "erin"]);
  });

  it("without a PRD: none (and no crash)", () => {
    expect(reactionApprovals(awaiting({ prd: null, approvals: [thumb("alice")] }))).toEqual([]);
  });
});

describe("cursorFor: where the read of 👍 starts", () => {
  it("no PRD, or a PRD not posted yet: no read", () => {
    expect(cursorFor(awaiting({ prd: null }))).toBeNull();
    expect(cursorFor(awaiting({ prd: { commentId: null }, reads: {} }))).toBeNull();
  });

  it("no reads saved (a state from before them): every 👍, from the start", () => {
    expect(cursorFor(awaiting({ approvals: [thumb("alice")] }))).toEqual(
      cursor({ commentNode: null }),
    );
  });

  it("every counted approval known by id: only 👍 newer than the last taken in", () => {
    const state = awaiting({
      approvals: [thumb("Alice"), { login: "bob", revision: REVISION, channel: "comment" }],
      reads: { reactionId: 50, counted: [{ login: "alice", node: "R_a" }] },
    });
    expect(cursorFor(state)).toEqual(cursor({ since: 50, counted: ["R_a"] }));
  });

  it("an approval whose 👍 is not known by id: everything again, the known ones still checked by id", () => {
    const state = awaiting({
      approvals: [thumb("alice"), thumb("bob")],
      reads: { reactionId: 50, counted: [{ login: "alice", node: "R_a" }] },
    });
    expect(cursorFor(state)).toEqual(cursor({ since: 0, counted: ["R_a"] }));
  });

  it("reads of an older revision are not used", () => {
    const state = awaiting({
      approvals: [thumb("alice")],
      reads: { revision: "rev-1", reactionId: 50, counted: [{ login: "alice", node: "R_a" }] },
    });
    expect(cursorFor(state)).toEqual(cursor({ commentNode: null, since: 0, counted: [] }));
  });
});

describe("stillGiven: is a 👍 approval still given, by the read", () => {
  const counted = awaiting({
    approvals: [thumb("alice")],
    reads: { reactionId: 50, counted: [{ login: "alice", node: "R_a" }] },
  });
  const unknown = awaiting({ approvals: [thumb("alice")] });
  const bobCounted = awaiting({
    approvals: [thumb("alice"), thumb("bob")],
    reads: { reactionId: 50, counted: [{ login: "bob", node: "R_b" }] },
  });
  const byId = cursor({ since: 50, counted: ["R_a"] });
  const fresh = (login: string) => read({ fresh: [{ login, node: `R_${login}`, id: 60 }] });
  // [case, state, read, where the read started, still given]
  it.each([
    ["the comment is not the PRD any more", counted, read({ revision: null }), byId, false],
    ["the comment names another revision", counted, read({ revision: "rev-3" }), byId, false],
    ["a counted 👍 still there", counted, read(), byId, true],
    ["a counted 👍 removed", counted, read({ gone: ["R_a"] }), byId, false],
    ["another counted 👍 removed", counted, read({ gone: ["R_b"] }), byId, true],
    [
      "not known by id, read from the start, among the 👍 read",
      unknown,
      fresh("ALICE"),
      cursor(),
      true,
    ],
    [
      "not known by id, read from the start, not among them",
      unknown,
      fresh("bob"),
      cursor(),
      false,
    ],
    [
      "not known by id, read only from a cursor",
      unknown,
      fresh("alice"),
      cursor({ since: 50 }),
      false,
    ],
    [
      "others known by id, this one not: among the 👍 read",
      bobCounted,
      fresh("alice"),
      cursor({ counted: ["R_b"] }),
      true,
    ],
    [
      "known by id but not checked by this read: only the 👍 read count",
      counted,
      read(),
      cursor(),
      false,
    ],
  ] as const)("%s: %s", (_name, state, got, from, want) => {
    expect(stillGiven(state, got, from, "alice", REVISION)).toBe(want);
  });
});

describe("recordReads: what the state keeps after a read", () => {
  it.each([
    ["no PRD", awaiting({ prd: null })],
    ["a PRD not posted yet", awaiting({ prd: { commentId: null } })],
  ])("%s: the state unchanged", (_name, state) => {
    const after = recordReads(state, { read: read({ newest: 9 }), denied: ["eve"], takenUpTo: 9 });
    expect(after).toBe(state);
  });

  it("a read of a comment that is not the PRD: the state unchanged", () => {
    const state = awaiting({ approvals: [thumb("alice")] });
    const after = recordReads(state, {
      read: read({ revision: null }),
      denied: ["eve"],
      takenUpTo: 9,
    });
    expect(after).toBe(state);
  });

  it("the first read: the cursor, the refused reactors and the counted 👍 by id", () => {
    const state = awaiting({
      approvals: [thumb("alice"), { login: "bob", revision: REVISION, channel: "comment" }],
    });
    const after = recordReads(state, {
      read: read({
        commentNode: "IC_new",
        fresh: [
          { login: "ALICE", node: "R_a", id: 10 },
          { login: "mallory", node: "R_m", id: 12 },
        ],
        newest: 12,
      }),
      denied: ["mallory"],
      takenUpTo: 12,
    });
    expect(after.approvalReads).toEqual({
      revision: REVISION,
      commentId: COMMENT,
      commentNode: "IC_new",
      reactionId: 12,
      denied: ["mallory"],
      counted: [{ login: "ALICE", node: "R_a" }],
    });
    expect({ ...after, approvalReads: undefined }).toEqual({ ...state, approvalReads: undefined });
  });

  it("the cursor never moves back, and stays without a new 👍 taken in", () => {
    const state = awaiting({
      approvals: [thumb("alice")],
      reads: { reactionId: 50, counted: [{ login: "alice", node: "R_a" }] },
    });
    const back = recordReads(state, { read: read(), denied: ["eve"], takenUpTo: 20 });
    expect(back.approvalReads?.reactionId).toBe(50);
    const none = recordReads(state, { read: read(), denied: ["eve"], takenUpTo: null });
    expect(none.approvalReads?.reactionId).toBe(50);
    const on = recordReads(state, { read: read(), denied: [], takenUpTo: 70 });
    expect(on.approvalReads?.reactionId).toBe(70);
  });

  it("refused reactors add to those refused before (each once)", () => {
    const state = awaiting({ reads: { reactionId: 5, denied: ["eve"] } });
    const after = recordReads(state, { read: read(), denied: ["EVE", "mallory"], takenUpTo: 8 });
    expect(after.approvalReads?.denied).toEqual(["eve", "mallory"]);
  });

  it("a counted 👍 keeps its id; a newer 👍 of the same user replaces it; a removed one is dropped", () => {
    const state = awaiting({
      approvals: [thumb("alice"), thumb("bob"), thumb("carol"), thumb("dave")],
      reads: {
        reactionId: 50,
        counted: [
          { login: "alice", node: "R_a" },
          { login: "bob", node: "R_b" },
          { login: "carol", node: "R_c" },
        ],
      },
    });
    const after = recordReads(state, {
      read: read({ fresh: [{ login: "Bob", node: "R_b2", id: 60 }], gone: ["R_c"] }),
      denied: [],
      takenUpTo: 60,
    });
    // dave's 👍 is known by no id (an approval from before these reads): not counted by id.
    expect(after.approvalReads?.counted).toEqual([
      { login: "alice", node: "R_a" },
      { login: "Bob", node: "R_b2" },
    ]);
  });

  it("a 👍 read from someone whose approval is not a 👍 of this revision is not counted", () => {
    const state = awaiting({
      approvals: [
        { login: "bob", revision: REVISION, channel: "comment" },
        thumb("carol", "rev-1"),
      ],
    });
    const after = recordReads(state, {
      read: read({
        fresh: [
          { login: "bob", node: "R_b", id: 3 },
          { login: "carol", node: "R_c", id: 4 },
        ],
      }),
      denied: [],
      takenUpTo: 4,
    });
    expect(after.approvalReads?.counted).toEqual([]);
    expect(after.approvalReads?.reactionId).toBe(4);
  });

  it(`keeps the newest ${APPROVAL_COUNTED_KEPT} counted 👍`, () => {
    const logins = Array.from({ length: APPROVAL_COUNTED_KEPT + 1 }, (_, i) => `user${i}`);
    const state = awaiting({ approvals: logins.map((l) => thumb(l)) });
    const after = recordReads(state, {
      read: read({ fresh: logins.map((login, i) => ({ login, node: `R_${i}`, id: i + 1 })) }),
      denied: [],
      takenUpTo: logins.length,
    });
    const counted = after.approvalReads?.counted ?? [];
    expect(counted).toHaveLength(APPROVAL_COUNTED_KEPT);
    expect(counted[0]).toEqual({ login: "user1", node: "R_1" });
    expect(counted.at(-1)).toEqual({ login: "user100", node: "R_100" });
  });

  it("nothing learned but the comment's id (no 👍, nobody refused): the same state, no save", () => {
    const fresh = awaiting();
    expect(
      recordReads(fresh, { read: read({ commentNode: "IC_9" }), denied: [], takenUpTo: null }),
    ).toBe(fresh);
    const known = awaiting({
      approvals: [thumb("alice")],
      reads: { reactionId: 50, denied: ["eve"], counted: [{ login: "alice", node: "R_a" }] },
    });
    expect(recordReads(known, { read: read(), denied: ["eve"], takenUpTo: 50 })).toBe(known);
  });

  it("a new revision starts over: the older reads are not carried", () => {
    const state = awaiting({
      approvals: [thumb("alice")],
      reads: {
        revision: "rev-1",
        reactionId: 50,
        denied: ["eve"],
        counted: [{ login: "alice", node: "R_a" }],
      },
    });
    const after = recordReads(state, { read: read(), denied: ["mallory"], takenUpTo: 7 });
    expect(after.approvalReads).toEqual({
      revision: REVISION,
      commentId: COMMENT,
      commentNode: "IC_501",
      reactionId: 7,
      denied: ["mallory"],
      counted: [],
    });
  });
});

describe("deniedBefore: a reactor refused for this revision already", () => {
  it.each([
    [
      "refused for this revision (any case)",
      awaiting({ reads: { denied: ["Mallory"] } }),
      "mallory",
      true,
    ],
    ["not among the refused", awaiting({ reads: { denied: ["Mallory"] } }), "eve", false],
    [
      "refused for an older revision",
      awaiting({ reads: { revision: "rev-1", denied: ["mallory"] } }),
      "mallory",
      false,
    ],
    ["no reads saved", awaiting(), "mallory", false],
  ])("%s: %s", (_name, state, login, want) => {
    expect(deniedBefore(state, login)).toBe(want);
  });
});
