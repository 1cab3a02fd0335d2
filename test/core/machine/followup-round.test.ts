import { describe, expect, it } from "vitest";
import {
  type FollowUpFeedbackInput,
  type FollowUpRequestRecord,
  type FollowUpState,
  followUpFeedbackSchema,
  type ReviewThread,
} from "../../../src/core/followup.js";
import { makeCtx } from "../../../src/core/machine/context.js";
import {
  type FollowUpStage,
  finishRound,
  followUpLimitProblem,
  followUpStage,
  freshAttempts,
  queue,
  recordOf,
  reviseAmendment,
  startRound,
} from "../../../src/core/machine/followup.js";
import type { MachineState, StoryState } from "../../../src/core/state.js";
import { alice } from "./actors.js";
import { config, PHASE_FIXTURES, phaseFixture, REV1, replyOf } from "./fixtures.js";

/**
 * The round's own functions (core/machine/followup.ts) called directly on a hand-written state:
 * where a request stands, what a request keeps, how requests wait, and every word a round's start
 * and end say, exactly.
 */

const feedback = (input: FollowUpFeedbackInput = {}) => followUpFeedbackSchema.parse(input);

function record(over: Partial<FollowUpRequestRecord> = {}): FollowUpRequestRecord {
  return {
    source: "fix",
    by: "alice",
    feedback: feedback({ text: ["Rename x"] }),
    drafts: [],
    reviewers: [],
    at: null,
    ...over,
  };
}

/** A Ralph-formed request (a red check): its story is drafted, nobody asked. */
const ciRecord = (check = "test") =>
  record({
    source: "ci",
    by: null,
    feedback: feedback({ ciFailures: [{ check, conclusion: "failure", logTail: "" }] }),
    drafts: [
      { title: `Make ${check} pass`, acceptanceCriteria: ["it passes"], notes: "", threads: [] },
    ],
  });

function thread(id: number, author = "alice"): ReviewThread {
  return { id, path: "src/a.ts", line: 1, author, text: `Thread ${id}`, url: null };
}

function followUpState(over: Partial<FollowUpState> = {}): FollowUpState {
  return { rounds: 0, current: null, queued: [], triggers: [], since: null, ...over };
}

/** A round in progress: `number`, its request and the FU stories its amendment added. */
function round(
  number: number,
  over: Partial<FollowUpRequestRecord> = {},
  stories: { id: string; threads: number[] }[] = [],
) {
  return { ...record(over), number, stories };
}

const APPROVALS = {
  approvals: [{ login: "alice", revision: REV1, channel: "comment" }],
  approvedBy: ["alice"],
};
const NOT_APPROVED = { approvals: [], approvedBy: [] };

function stories(...over: Partial<StoryState>[]): { prd: unknown } {
  const prd = PHASE_FIXTURES.done.prd;
  return {
    prd: {
      ...prd,
      stories: over.map((o, i) => ({
        id: `US-${i + 1}`,
        title: `Story US-${i + 1}`,
        status: "pending",
        attempts: 0,
        commit: null,
        ...o,
      })),
    },
  };
}

describe("followUpStage: where the work stands for a request", () => {
  const inRound = { followUp: followUpState({ rounds: 1, current: round(1) }) };
  const rows: [string, MachineState, FollowUpStage][] = [
    ["idle, no PRD", phaseFixture("idle"), "none"],
    ["planning the first PRD (none yet)", phaseFixture("planning"), "none"],
    ["done", phaseFixture("done"), "round"],
    ["waiting for CI", phaseFixture("ci"), "round"],
    ["failed after approval", phaseFixture("failed"), "round"],
    ["stopped after approval", phaseFixture("stopped"), "round"],
    [
      "failed before anything was approved or committed",
      phaseFixture("failed", { ...NOT_APPROVED, ...stories({}, {}) }),
      "before",
    ],
    [
      "failed unapproved, but a story has a commit",
      phaseFixture("failed", {
        ...NOT_APPROVED,
        ...stories({}, { status: "failed", commit: "c1" }),
      }),
      "round",
    ],
    [
      "stopped unapproved, but a story passed (no commit of its own)",
      phaseFixture("stopped", { ...NOT_APPROVED, ...stories({ status: "passed" }, {}) }),
      "round",
    ],
    [
      "stopped unapproved, but an earlier round ran",
      phaseFixture("stopped", { ...NOT_APPROVED, ...stories({}, {}), followUp: followUpState() }),
      "round",
    ],
    ["implementing", phaseFixture("implementing"), "busy"],
    ["verifying", phaseFixture("verifying"), "busy"],
    ["re-planning after an invalidation", phaseFixture("plan_invalidated"), "busy"],
    ["planning a PRD's revision", phaseFixture("planning", stories({})), "before"],
    [
      "planning: a round's amend step runs",
      phaseFixture("planning", { ...stories({}), ...inRound, pendingStep: "amend" }),
      "busy",
    ],
    [
      "planning with a round, but the plan step runs",
      phaseFixture("planning", { ...stories({}), ...inRound, pendingStep: "plan" }),
      "before",
    ],
    [
      "planning the amend step without a round",
      phaseFixture("planning", { ...stories({}), pendingStep: "amend" }),
      "before",
    ],
    ["consensus on the first PRD", phaseFixture("consensus"), "before"],
    [
      "consensus while a round's amend step runs",
      phaseFixture("consensus", { ...inRound, pendingStep: "amend" }),
      "busy",
    ],
    ["the PRD waits for approval", phaseFixture("awaiting_approval"), "before"],
    [
      "a round's amendment waits for approval",
      phaseFixture("awaiting_approval", inRound),
      "amending",
    ],
    ["the PRD waits for `/ralph run`", phaseFixture("run_gate"), "before"],
    ["a round's amendment waits for `/ralph run`", phaseFixture("run_gate", inRound), "amending"],
    ["questions about a PRD's revision", phaseFixture("questions", stories({})), "before"],
  ];

  it.each(rows.map(([name, state, stage]) => [name, stage, state] as const))(
    "%s → %s",
    (_name, stage, state) => {
      expect(followUpStage(state)).toBe(stage);
    },
  );
});

describe("recordOf: what a request keeps", () => {
  it("each reviewer once (in any case), the named ones first, then thread authors; never a bot", () => {
    const threads = [thread(1, "Bob"), thread(2, "renovate[bot]"), thread(3, "carol")];
    expect(
      recordOf({
        source: "review",
        actor: alice,
        feedback: { threads },
        reviewers: ["bob", "alice", "ALICE"],
        at: "2026-01-02T03:00:00Z",
      }),
    ).toEqual({
      source: "review",
      by: "alice",
      feedback: { text: [], threads, ciFailures: [], conflicts: [] },
      drafts: [],
      reviewers: ["bob", "alice", "carol"],
      at: "2026-01-02T03:00:00Z",
    });
  });

  it("a Ralph-formed request: nobody asked, nobody to ask again, its drafts completed", () => {
    const failure = { check: "lint", conclusion: "failure", logTail: "1 error", url: null };
    expect(
      recordOf({
        source: "ci",
        actor: null,
        feedback: { ciFailures: [failure] },
        drafts: [{ title: "Make lint pass", acceptanceCriteria: ["lint passes"] }],
      }),
    ).toEqual({
      source: "ci",
      by: null,
      feedback: { text: [], threads: [], ciFailures: [failure], conflicts: [] },
      drafts: [
        { title: "Make lint pass", acceptanceCriteria: ["lint passes"], notes: "", threads: [] },
      ],
      reviewers: [],
      at: null,
    });
  });
});

const PHASE_WAIT =
  "Ralph is implementing; the `/ralph fix` of @alice is taken up in a follow-up round once the current work is verified.";
const FULL = "Ralph already has 5 follow-up requests waiting; this one is not taken.";

describe("queue: a request behind running work", () => {
  const implementing = () => makeCtx(phaseFixture("implementing"), config());

  it("waits, and its asker is told when it is taken up", () => {
    const ctx = implementing();
    const f = followUpState();
    queue(ctx, f, record());
    expect(f.queued).toEqual([record()]);
    expect(replyOf(ctx.effects)).toBe(PHASE_WAIT);
  });

  it("a planner-written request after another merges into it: texts, then new reviewers", () => {
    const ctx = implementing();
    const f = followUpState({ queued: [record({ reviewers: ["bob", "dave"] })] });
    queue(
      ctx,
      f,
      record({
        source: "review",
        by: "carol",
        feedback: feedback({ text: ["Handle empties"] }),
        reviewers: ["BOB", "carol"],
      }),
    );
    expect(f.queued).toEqual([
      record({
        feedback: feedback({ text: ["Rename x", "Handle empties"] }),
        reviewers: ["bob", "dave", "carol"],
      }),
    ]);
    expect(replyOf(ctx.effects)).toBe(
      "Ralph is implementing; the review of @carol is taken up in a follow-up round once the current work is verified.",
    );
  });

  it.each([
    ["a human's request after a Ralph-formed one", [ciRecord()], record(), PHASE_WAIT],
    ["a Ralph-formed one after a human's, told to nobody", [record()], ciRecord(), ""],
    ["two Ralph-formed ones", [ciRecord("a")], ciRecord("b"), ""],
    ["a fifth one", [1, 2, 3, 4].map((n) => ciRecord(`c${n}`)), record(), PHASE_WAIT],
  ])("%s stays apart", (_name, queued, next, said) => {
    const ctx = implementing();
    const f = followUpState({ queued: [...queued] });
    queue(ctx, f, next);
    expect(f.queued).toEqual([...queued, next]);
    expect(replyOf(ctx.effects)).toBe(said);
  });

  it.each([
    ["a human's", record()],
    ["a Ralph-formed", ciRecord("f")],
  ])("a sixth (%s) is not taken, and only that is said", (_name, next) => {
    const ctx = implementing();
    const waiting = [1, 2, 3, 4, 5].map((n) => ciRecord(`c${n}`));
    const f = followUpState({ queued: [...waiting] });
    queue(ctx, f, next);
    expect(f.queued).toEqual(waiting);
    expect(replyOf(ctx.effects)).toBe(FULL);
  });
});

describe("reviseAmendment: more feedback on an amendment that waits for approval", () => {
  it("merges the feedback and reviewers, drops the approvals and runs the amend step again", () => {
    const state = phaseFixture("awaiting_approval", {
      ...APPROVALS,
      lastError: "an earlier problem",
      breaker: { signature: "amend:invalid", count: 2 },
      followUp: followUpState({ rounds: 1, current: round(1, { reviewers: ["alice", "dave"] }) }),
    });
    const ctx = makeCtx(state, config());
    const more = record({ by: "bob", feedback: feedback({ text: ["Log it"] }) });
    reviseAmendment(ctx, ctx.s.followUp as FollowUpState, { ...more, reviewers: ["ALICE", "bob"] });
    expect(ctx.s.followUp?.current).toEqual(
      round(1, {
        feedback: feedback({ text: ["Rename x", "Log it"] }),
        reviewers: ["alice", "dave", "bob"],
      }),
    );
    expect(ctx.s).toMatchObject({
      phase: "planning",
      pendingStep: "amend",
      approvals: [],
      approvedBy: [],
      lastError: null,
      breaker: { signature: null, count: 0 },
    });
    expect(ctx.effects).toEqual([{ type: "dispatch", step: "amend" }]);
  });

  it("without a round in progress it changes nothing", () => {
    const state = phaseFixture("awaiting_approval", { ...APPROVALS, followUp: followUpState() });
    const ctx = makeCtx(state, config());
    reviseAmendment(ctx, ctx.s.followUp as FollowUpState, record());
    expect(ctx.s).toEqual(state);
    expect(ctx.effects).toEqual([]);
  });
});

describe("followUpLimitProblem: limits.max_followups", () => {
  it.each([
    [null, 5, null],
    [followUpState({ rounds: 4 }), 5, null],
    [
      followUpState({ rounds: 5 }),
      5,
      "follow-up limit reached: 5 of 5 follow-up rounds used on this pull request (limits.max_followups)",
    ],
    [
      null,
      0,
      "follow-up limit reached: 0 of 0 follow-up rounds used on this pull request (limits.max_followups)",
    ],
  ])("%j rounds of at most %i: %s", (followUp, max, problem) => {
    expect(followUpLimitProblem(phaseFixture("done", { followUp }), max)).toBe(problem);
  });
});

const TURNS = "into follow-up stories on the same pull request, then re-verifies every story.";

describe("startRound: what a round's start says", () => {
  const conflicts = (n: number) => Array.from({ length: n }, (_, i) => `src/f${i}.ts`);
  const failures = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ check: `c${i}`, conclusion: "failure", logTail: "" }));
  /** A round Ralph forms itself from `n` red checks or conflicted files. */
  const formed = (source: "ci" | "conflict", n: number) =>
    record({
      source,
      by: null,
      feedback: feedback(
        source === "ci" ? { ciFailures: failures(n) } : { conflicts: conflicts(n) },
      ),
    });
  it.each([
    ["a `/ralph fix` in words", record(), "the `/ralph fix` of @alice"],
    [
      "a review with one thread",
      record({ source: "review", feedback: feedback({ threads: [thread(1)] }) }),
      "the review of @alice (1 review thread)",
    ],
    [
      "a review with two threads",
      record({
        source: "review",
        by: "bob",
        feedback: feedback({ threads: [thread(1), thread(2)] }),
      }),
      "the review of @bob (2 review threads)",
    ],
    ["one red check", formed("ci", 1), "the failing check (1 failing check)"],
    ["two red checks", formed("ci", 2), "the failing check (2 failing checks)"],
    [
      "one conflicted file",
      formed("conflict", 1),
      "the conflict with the default branch (1 conflicted file)",
    ],
    [
      "two conflicted files",
      formed("conflict", 2),
      "the conflict with the default branch (2 conflicted files)",
    ],
    [
      "threads, checks and files at once",
      record({
        feedback: feedback({
          threads: [thread(1)],
          ciFailures: failures(2),
          conflicts: conflicts(1),
        }),
      }),
      "the `/ralph fix` of @alice (1 review thread, 2 failing checks, 1 conflicted file)",
    ],
  ])("%s", (_name, req, what) => {
    const ctx = makeCtx(phaseFixture("done"), config());
    startRound(ctx, req);
    expect(ctx.effects).toEqual([
      { type: "reply", body: `Follow-up round 1 of at most 5: Ralph turns ${what} ${TURNS}` },
      { type: "dispatch", step: "amend" },
    ]);
    expect(ctx.s.followUp?.current).toEqual({ ...req, number: 1, stories: [] });
  });

  it("counts on from earlier rounds; a request without a time keeps where `/ralph fix` reads", () => {
    const since = "2026-01-01T00:00:00Z";
    const ctx = makeCtx(
      phaseFixture("done", { followUp: followUpState({ rounds: 2, since }) }),
      config(),
    );
    startRound(ctx, record());
    expect(ctx.s.followUp).toMatchObject({ rounds: 3, since, current: { number: 3 } });
    expect(replyOf(ctx.effects)).toBe(
      `Follow-up round 3 of at most 5: Ralph turns the \`/ralph fix\` of @alice ${TURNS}`,
    );
    const later = makeCtx(ctx.s, config());
    later.s.followUp = followUpState({ rounds: 3, since });
    startRound(later, record({ at: "2026-01-03T00:00:00Z" }));
    expect(later.s.followUp?.since).toBe("2026-01-03T00:00:00Z");
  });

  const STOP =
    "**Ralph stopped: follow-up limit reached: 5 of 5 follow-up rounds used on this pull request (limits.max_followups).**\n\nThe review is for the humans now. To have Ralph continue, raise `limits.max_followups` in `.github/ralph.yml`, then request changes again or comment `/ralph fix <what to change>`.";

  it.each([
    ["done comes back to done", "done", { resumePhase: "done", resumeStep: null }],
    [
      "a failed run keeps where it would resume",
      "failed",
      { resumePhase: "implementing", resumeStep: "implement" },
    ],
  ] as const)("past the limit: %s", (_name, phase, resume) => {
    const ctx = makeCtx(phaseFixture(phase, { followUp: followUpState({ rounds: 5 }) }), config());
    startRound(ctx, record());
    expect(ctx.s).toMatchObject({ phase: "failed", ...resume });
    expect(ctx.s.followUp).toEqual(followUpState({ rounds: 5 }));
    expect(ctx.effects).toEqual([{ type: "reply", body: STOP }]);
  });
});

describe("freshAttempts", () => {
  it("gives every story that did not pass fresh attempts and clears the stop", () => {
    const ctx = makeCtx(phaseFixture("failed"), config());
    ctx.s.prd?.stories.push({ id: "US-3", title: "x", status: "passed", attempts: 2, commit: "c" });
    freshAttempts(ctx);
    expect(ctx.s.prd?.stories.map((s) => [s.id, s.status, s.attempts])).toEqual([
      ["US-1", "pending", 0],
      ["US-2", "pending", 0],
      ["US-3", "passed", 2],
    ]);
    expect(ctx.s).toMatchObject({ stopReason: null, currentStory: null, lastError: null });
  });

  it("without a PRD only clears the stop", () => {
    const ctx = makeCtx(phaseFixture("failed", { prd: null }), config());
    freshAttempts(ctx);
    expect(ctx.s).toMatchObject({ prd: null, stopReason: null, resumePhase: null });
  });
});

/** Done, with FU-1 (c-fu1), FU-2 (c-fu2) verified and FU-3 never committed. */
function doneRound(
  roundStories: { id: string; threads: number[] }[],
  over: Partial<FollowUpRequestRecord> = {},
  fields: Record<string, unknown> = {},
): MachineState {
  const base = PHASE_FIXTURES.done;
  const fu = (id: string, commit: string | null) => ({
    id,
    title: `Follow-up ${id}`,
    status: commit === null ? "pending" : "passed",
    attempts: 1,
    commit,
  });
  return phaseFixture("done", {
    prd: {
      ...base.prd,
      stories: [
        ...(base.prd?.stories ?? []),
        fu("FU-1", "c-fu1"),
        fu("FU-2", "c-fu2"),
        fu("FU-3", null),
      ],
    },
    followUp: followUpState({ rounds: 1, current: round(1, over, roundStories) }),
    ...fields,
  });
}

const VERIFIED = "and every earlier story are verified on the final tree.";

describe("finishRound: what a finished round does and says", () => {
  it("without a round it does nothing", () => {
    for (const followUp of [null, followUpState({ rounds: 1 })]) {
      const ctx = makeCtx(phaseFixture("done", { followUp }), config());
      expect(finishRound(ctx)).toBeNull();
      expect(ctx.effects).toEqual([]);
    }
  });

  it("no stories, threads or reviewers: the draft PR updated, then ready", () => {
    const ctx = makeCtx(doneRound([]), config());
    expect(finishRound(ctx)).toBe(1);
    expect(ctx.effects).toEqual([
      { type: "open_pr", draft: true },
      {
        type: "reply",
        body: `Follow-up round 1 is done: its stories ${VERIFIED} #7 is ready for review.`,
      },
    ]);
    expect(ctx.s.followUp).toEqual(followUpState({ rounds: 1 }));
  });

  it("answers each thread with the commit of its story; an uncommitted or unknown one answers none", () => {
    const ctx = makeCtx(
      doneRound(
        [
          { id: "FU-1", threads: [501, 502] },
          { id: "FU-2", threads: [503] },
          { id: "FU-3", threads: [504] },
          { id: "FU-9", threads: [505] },
        ],
        { reviewers: ["alice", "bob"] },
      ),
      config(),
    );
    finishRound(ctx, "ci");
    const answer = (threadId: number, n: number) => ({
      threadId,
      storyId: `FU-${n}`,
      title: `Follow-up FU-${n}`,
      commit: `c-fu${n}`,
    });
    expect(ctx.effects).toEqual([
      { type: "open_pr", draft: true },
      { type: "answer_threads", answers: [answer(501, 1), answer(502, 1), answer(503, 2)] },
      { type: "request_review", reviewers: ["alice", "bob"] },
      {
        type: "reply",
        body: `Follow-up round 1 is done: FU-1, FU-2, FU-3, FU-9 ${VERIFIED} Ralph answered 3 review threads with the commits. New review requested from @alice, @bob. #7 is marked ready for review once the repository's CI passed on it.`,
      },
    ]);
  });

  it.each([
    [
      "one thread, one commit, one reviewer",
      [{ id: "FU-1", threads: [501] }],
      `FU-1 ${VERIFIED} Ralph answered 1 review thread with the commit. New review requested from @carol. #7 is ready for review.`,
    ],
    [
      "one thread answered by two stories",
      [
        { id: "FU-1", threads: [501] },
        { id: "FU-2", threads: [501] },
      ],
      `FU-1, FU-2 ${VERIFIED} Ralph answered 1 review thread with the commits. New review requested from @carol. #7 is ready for review.`,
    ],
    [
      // One commit answers both: "the commit", as for one thread.
      "two threads answered by one story",
      [{ id: "FU-1", threads: [501, 502] }],
      `FU-1 ${VERIFIED} Ralph answered 2 review threads with the commit. New review requested from @carol. #7 is ready for review.`,
    ],
    [
      "a story that answers no thread",
      [{ id: "FU-1", threads: [] }],
      `FU-1 ${VERIFIED} New review requested from @carol. #7 is ready for review.`,
    ],
  ])("%s", (_name, roundStories, said) => {
    const ctx = makeCtx(doneRound(roundStories, { reviewers: ["carol"] }), config());
    finishRound(ctx, "ready");
    expect(replyOf(ctx.effects)).toBe(`Follow-up round 1 is done: ${said}`);
  });

  it("a pull request of specs names itself, as the ready reply does", () => {
    const ctx = makeCtx(doneRound([], {}, { kind: "spec_pr", prNumber: null }), config());
    finishRound(ctx, "ready");
    expect(replyOf(ctx.effects)).toBe(
      `Follow-up round 1 is done: its stories ${VERIFIED} #42 is ready for review.`,
    );
  });

  it("without a pull request number, waiting for a base merge", () => {
    const ctx = makeCtx(doneRound([], {}, { prNumber: null }), config());
    finishRound(ctx, "conflicts");
    expect(replyOf(ctx.effects)).toBe(
      `Follow-up round 1 is done: its stories ${VERIFIED} The pull request is marked ready for review once the conflicts with the default branch are resolved (the next round).`,
    );
  });

  it("a request that waited starts the next round at once", () => {
    const waiting = record({ by: "bob", feedback: feedback({ text: ["Docs too"] }) });
    const state = doneRound([]);
    state.followUp = { ...(state.followUp as FollowUpState), queued: [waiting] };
    const ctx = makeCtx(state, config());
    expect(finishRound(ctx)).toBe(1);
    expect(ctx.s.followUp).toMatchObject({
      rounds: 2,
      queued: [],
      current: { number: 2, by: "bob" },
    });
    expect(ctx.effects.slice(-2)).toEqual([
      {
        type: "reply",
        body: `Follow-up round 2 of at most 5: Ralph turns the \`/ralph fix\` of @bob ${TURNS}`,
      },
      { type: "dispatch", step: "amend" },
    ]);
  });
});
