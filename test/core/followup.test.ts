import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  boundFeedback,
  FEEDBACK_BUDGET_BYTES,
  FEEDBACK_CI_FAILURES_MAX,
  FEEDBACK_CONFLICTS_MAX,
  FEEDBACK_TEXT_MAX,
  FEEDBACK_TEXTS_MAX,
  FEEDBACK_THREADS_MAX,
  FOLLOWUP_ANSWERS_MAX,
  FOLLOWUP_STORIES_MAX,
  type FollowUpFeedback,
  feedbackFileOf,
  followUpStateSchema,
  isEmptyFeedback,
  mergeFeedback,
  nextFollowUpNumber,
  roundFeedbackFile,
  validateAmendEnvelope,
} from "../../src/core/followup.js";
import { checkFailure, numbered, reviewThread } from "./followup-inputs.js";

const story = (id: string, answers: number[]) => ({
  id,
  title: `Do ${id}`,
  acceptanceCriteria: ["npm test passes"],
  notes: "",
  answers,
});

describe("the amend envelope", () => {
  const round = { firstNumber: 3, threadIds: [11, 12] };

  it("accepts FU ids in order from the round's first number, every thread answered", () => {
    const raw = { followUps: [story("FU-3", [11]), story("FU-4", [12, 11])], planAddendum: "x" };
    expect(validateAmendEnvelope(raw, round)).toEqual({ ok: true, value: raw });
  });

  it.each([
    [
      "an extra key",
      { followUps: [story("FU-3", [11, 12])], planAddendum: "", extra: 1 },
      "extra: unknown key",
    ],
    ["no stories", { followUps: [], planAddendum: "" }, "followUps"],
    [
      "an id out of order",
      { followUps: [story("FU-4", [11, 12])], planAddendum: "" },
      'must be "FU-3" (got "FU-4")',
    ],
    [
      "an id that is no FU id",
      { followUps: [story("US-9", [11, 12])], planAddendum: "" },
      'must be "FU-<n>"',
    ],
    [
      "an unknown thread",
      { followUps: [story("FU-3", [11, 12, 99])], planAddendum: "" },
      "99 is not a thread id",
    ],
    [
      "a thread left unanswered",
      { followUps: [story("FU-3", [11])], planAddendum: "" },
      "not answered: 12",
    ],
    [
      "a blank criterion",
      { followUps: [{ ...story("FU-3", [11, 12]), acceptanceCriteria: [" "] }], planAddendum: "" },
      "must not be blank",
    ],
    [
      "more stories than one round adds",
      {
        followUps: Array.from({ length: FOLLOWUP_STORIES_MAX + 1 }, (_, i) =>
          story(`FU-${3 + i}`, [11, 12]),
        ),
        planAddendum: "",
      },
      `followUps: Too big: expected array to have <=${FOLLOWUP_STORIES_MAX} items`,
    ],
  ])("refuses %s", (_name, raw, error) => {
    const result = validateAmendEnvelope(raw, round);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join("\n")).toContain(error);
  });

  it("refuses more thread answers in all than the state keeps (each story naming a thread once)", () => {
    const threadIds = [11, 12, 13, 14];
    const raw = {
      followUps: Array.from({ length: FOLLOWUP_STORIES_MAX }, (_, i) =>
        story(`FU-${3 + i}`, [...threadIds, 11]),
      ),
      planAddendum: "",
    };
    const result = validateAmendEnvelope(raw, { firstNumber: 3, threadIds });
    expect(result).toEqual({
      ok: false,
      errors: [
        `followUps: 80 thread answers in all (at most ${FOLLOWUP_ANSWERS_MAX}): let one story answer each thread`,
      ],
    });
  });

  /** `count` stories FU-3…, each answering its own `per` threads, and the round they answer. */
  function spread(count: number, per: number, room?: number) {
    const ids = (i: number) => Array.from({ length: per }, (_, j) => 100 + i * per + j);
    const followUps = Array.from({ length: count }, (_, i) => story(`FU-${3 + i}`, ids(i)));
    const round = { firstNumber: 3, threadIds: followUps.flatMap((s) => s.answers), room };
    return { raw: { followUps, planAddendum: "" }, round };
  }

  it("accepts as many thread answers as the state keeps, and as many stories as the PRD has room for", () => {
    const { raw, round } = spread(15, 4, 15);
    expect(FOLLOWUP_ANSWERS_MAX).toBe(60);
    expect(validateAmendEnvelope(raw, round)).toEqual({ ok: true, value: raw });
    // No room given: the PRD's size is no concern of this check.
    expect(validateAmendEnvelope(raw, { ...round, room: undefined }).ok).toBe(true);
  });

  it.each([
    [2, 2],
    [0, 0],
    // A PRD already past its limit has room for none, not a negative number.
    [-4, 0],
  ])("refuses more stories than the PRD has room for (room %i)", (room, shown) => {
    const { raw, round } = spread(3, 1, room);
    expect(validateAmendEnvelope(raw, round)).toEqual({
      ok: false,
      errors: [
        `followUps: 3 stories, but the PRD has room for ${shown} more (Ralph carries at most 200 stories in one PRD): answer the feedback with fewer, larger stories`,
      ],
    });
  });

  it("one story over a full PRD is one story", () => {
    const { raw, round } = spread(1, 1, 0);
    expect(validateAmendEnvelope(raw, round)).toEqual({
      ok: false,
      errors: [
        "followUps: 1 story, but the PRD has room for 0 more (Ralph carries at most 200 stories in one PRD): answer the feedback with fewer, larger stories",
      ],
    });
  });

  it("takes a title of 200 characters, and refuses one of 201", () => {
    const { raw, round } = spread(2, 1);
    raw.followUps[0]!.title = "t".repeat(200);
    raw.followUps[1]!.title = "t".repeat(201);
    expect(validateAmendEnvelope(raw, round)).toEqual({
      ok: false,
      errors: [
        "followUps[1].title: 201 characters (at most 200): keep the title short and put details in the acceptance criteria or notes",
      ],
    });
  });

  it("names every thread left unanswered", () => {
    const raw = { followUps: [story("FU-3", [])], planAddendum: "" };
    expect(validateAmendEnvelope(raw, { firstNumber: 3, threadIds: [11, 12] })).toEqual({
      ok: false,
      errors: ["every review thread must be answered by a story; not answered: 11, 12"],
    });
  });
});

describe("follow-up numbering", () => {
  it("continues after the highest FU number; other ids do not count", () => {
    expect(nextFollowUpNumber(["US-1", "US-2"])).toBe(1);
    expect(nextFollowUpNumber(["US-1", "FU-2", "FU-10", "FU-x"])).toBe(11);
  });
});

describe("feedback in the state is bounded", () => {
  const thread = fc.record({
    id: fc.integer({ min: 1 }),
    path: fc.string({ maxLength: 40 }),
    line: fc.option(fc.integer({ min: 1 }), { nil: null }),
    author: fc.string({ maxLength: 20 }),
    text: fc.string({ maxLength: 20_000 }),
    url: fc.constant(null),
  });

  it("whatever humans wrote, it stays within its byte budget and keeps each thread's id", () => {
    fc.assert(
      fc.property(
        fc.array(thread, { maxLength: 40 }),
        fc.array(fc.string({ maxLength: 20_000 }), { maxLength: 4 }),
        (threads, text) => {
          const bounded = boundFeedback({ threads, text });
          const bytes = new TextEncoder().encode(JSON.stringify(bounded)).length;
          // Ids, paths and authors are not cut: a cut text still replies in its thread.
          expect(bytes).toBeLessThanOrEqual(FEEDBACK_BUDGET_BYTES + 40 * 200);
          expect(bounded.threads.map((t) => t.id)).toEqual(
            threads.slice(0, FEEDBACK_THREADS_MAX).map((t) => t.id),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});

const thread = (id: number, text = "t") => reviewThread(id, { text });
const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

describe("boundFeedback: each part of the feedback bounded", () => {
  it("trims each text, drops blank ones, and cuts one past 2,000 characters with a mark", () => {
    const long = "y".repeat(FEEDBACK_TEXT_MAX + 1);
    const text = ["  fix it  ", "x".repeat(FEEDBACK_TEXT_MAX), long, "   "];
    expect(boundFeedback({ text }).text).toEqual([
      "fix it",
      "x".repeat(FEEDBACK_TEXT_MAX),
      `${"y".repeat(FEEDBACK_TEXT_MAX - 1)}…`,
    ]);
  });

  it("keeps the newest texts and failing checks, the first threads and conflicted files", () => {
    const bounded = boundFeedback({
      text: numbered("t", FEEDBACK_TEXTS_MAX + 5),
      threads: Array.from({ length: FEEDBACK_THREADS_MAX + 1 }, (_, i) => thread(i + 1)),
      ciFailures: numbered("check ", FEEDBACK_CI_FAILURES_MAX + 2).map((check) =>
        checkFailure(check),
      ),
      conflicts: numbered("f", FEEDBACK_CONFLICTS_MAX + 1),
    });
    expect(bounded.text).toEqual(numbered("t", FEEDBACK_TEXTS_MAX + 5).slice(5));
    expect(bounded.threads.map((t) => t.id)).toEqual(
      Array.from({ length: FEEDBACK_THREADS_MAX }, (_, i) => i + 1),
    );
    expect(bounded.ciFailures.map((c) => c.check)).toEqual(
      numbered("check ", FEEDBACK_CI_FAILURES_MAX + 2).slice(2),
    );
    expect(bounded.conflicts).toEqual(numbered("f", FEEDBACK_CONFLICTS_MAX));
  });

  it("halves the texts until the whole fits the byte budget", () => {
    // 30 threads of 2,000 characters: 1,000 and 500 are still too many bytes, 250 fit.
    const threads = Array.from({ length: 30 }, (_, i) => thread(i + 1, "x".repeat(2_000)));
    const bounded = boundFeedback({ threads });
    expect(bounded.threads.map((t) => t.text)).toEqual(threads.map(() => `${"x".repeat(249)}…`));
    expect(bytesOf(bounded)).toBeLessThanOrEqual(FEEDBACK_BUDGET_BYTES);
  });

  it("keeps a feedback of exactly the byte budget whole; one byte more is halved", () => {
    const full = numbered("", 7).map(() => "x".repeat(FEEDBACK_TEXT_MAX));
    const shell: FollowUpFeedback = {
      text: [...full, ""],
      threads: [],
      ciFailures: [],
      conflicts: [],
    };
    const rest = FEEDBACK_BUDGET_BYTES - bytesOf(shell);
    const exact = { ...shell, text: [...full, "x".repeat(rest)] };
    expect(bytesOf(exact)).toBe(FEEDBACK_BUDGET_BYTES);
    expect(boundFeedback(exact)).toEqual(exact);
    const over = boundFeedback({ text: [...full, "x".repeat(rest + 1)] });
    expect(over.text[0]).toBe(`${"x".repeat(FEEDBACK_TEXT_MAX / 2 - 1)}…`);
  });
});

describe("mergeFeedback: a request queued behind another", () => {
  it("keeps both texts and failing checks, each thread once (the first one's), each file once", () => {
    const a: FollowUpFeedback = {
      text: ["a"],
      threads: [thread(1, "first"), thread(3)],
      ciFailures: [checkFailure("lint")],
      conflicts: ["x.ts", "y.ts"],
    };
    const b: FollowUpFeedback = {
      text: ["b"],
      threads: [thread(1, "again"), thread(2)],
      ciFailures: [checkFailure("test")],
      conflicts: ["y.ts", "z.ts"],
    };
    expect(mergeFeedback(a, b)).toEqual({
      text: ["a", "b"],
      threads: [thread(1, "first"), thread(3), thread(2)],
      ciFailures: [checkFailure("lint"), checkFailure("test")],
      conflicts: ["x.ts", "y.ts", "z.ts"],
    });
  });
});

describe("isEmptyFeedback", () => {
  it.each([
    ["nothing", {}, true],
    ["a text", { text: ["fix"] }, false],
    ["a thread", { threads: [thread(1)] }, false],
    ["a failing check", { ciFailures: [checkFailure("test")] }, false],
    ["a conflicted file", { conflicts: ["a.ts"] }, false],
  ])("with %s: %s", (_name, input, empty) => {
    expect(isEmptyFeedback(boundFeedback(input))).toBe(empty);
  });
});

describe("the feedback file", () => {
  it("holds the round, its source and requester, the feedback, and which story answers which thread", () => {
    const feedback = boundFeedback({ text: ["fix it"], conflicts: ["src/a.ts"] });
    expect(
      feedbackFileOf({
        number: 2,
        source: "fix",
        by: "alice",
        feedback,
        stories: [{ id: "FU-3", threads: [7] }],
      }),
    ).toEqual({
      version: 1,
      round: 2,
      source: "fix",
      requestedBy: "alice",
      text: ["fix it"],
      threads: [],
      ciFailures: [],
      conflicts: ["src/a.ts"],
      stories: { "FU-3": [7] },
    });
  });
});

describe("roundFeedbackFile: the feedback file of the round in progress", () => {
  it.each([
    ["no follow-up state", null],
    ["a state saved before follow-ups", undefined],
    ["no round running", followUpStateSchema.parse({ rounds: 1 })],
  ])("is null with %s", (_name, state) => {
    expect(roundFeedbackFile(state)).toBeNull();
  });

  it("is the running round's file", () => {
    const state = followUpStateSchema.parse({
      rounds: 2,
      current: {
        source: "review",
        by: "alice",
        feedback: { threads: [thread(7)] },
        number: 2,
        stories: [{ id: "FU-3", threads: [7] }],
      },
    });
    expect(roundFeedbackFile(state)).toEqual({
      version: 1,
      round: 2,
      source: "review",
      requestedBy: "alice",
      text: [],
      threads: [thread(7)],
      ciFailures: [],
      conflicts: [],
      stories: { "FU-3": [7] },
    });
  });
});
