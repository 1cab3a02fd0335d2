import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  boundFeedback,
  FEEDBACK_BUDGET_BYTES,
  FEEDBACK_THREADS_MAX,
  FOLLOWUP_ANSWERS_MAX,
  FOLLOWUP_STORIES_MAX,
  feedbackFileOf,
  mergeFeedback,
  nextFollowUpNumber,
  validateAmendEnvelope,
} from "../../src/core/followup.js";

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

  it("merging two requests keeps each thread once", () => {
    const a = boundFeedback({
      text: ["a"],
      threads: [{ id: 1, path: "x", line: 1, author: "al", text: "t" }],
    });
    const b = boundFeedback({
      text: ["b"],
      threads: [
        { id: 1, path: "x", line: 1, author: "al", text: "t" },
        { id: 2, path: "y", line: null, author: "al", text: "u" },
      ],
    });
    expect(mergeFeedback(a, b)).toMatchObject({
      text: ["a", "b"],
      threads: [{ id: 1 }, { id: 2 }],
    });
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
