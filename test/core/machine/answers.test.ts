import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { answersFrom } from "../../../src/core/machine/answers.js";

describe("answersFrom", () => {
  const qs = ["Which database?", "Keep the old API?"];

  it.each([
    [
      "1. Postgres\n2. No",
      [
        ["Which database?", "Postgres"],
        ["Keep the old API?", "No"],
      ],
    ],
    [
      "1) Postgres\n   with pgbouncer\n2) No",
      [
        ["Which database?", "Postgres\n   with pgbouncer"],
        ["Keep the old API?", "No"],
      ],
    ],
    [
      "1. Postgres   \n\n2. No",
      [
        ["Which database?", "Postgres"],
        ["Keep the old API?", "No"],
      ],
    ],
    [
      "**1.** Postgres\n**2.** No",
      [
        ["Which database?", "Postgres"],
        ["Keep the old API?", "No"],
      ],
    ],
  ])("maps numbered replies: %j", (body, expected) => {
    expect(answersFrom(qs, body, "alice").map((e) => [e.question, e.answer])).toEqual(expected);
  });

  it.each([
    "Postgres, and drop it.",
    "1. Postgres", // does not cover every question
    "1. Postgres\n3. No", // wrong numbers
    "Intro line\n1. Postgres\n2. No", // text before the list
    "1. Postgres\n1. again\n2. No", // repeated number
    "1. Postgres\n2. No\n3. Later", // more answers than questions
  ])("takes anything else as one answer to all questions: %j", (body) => {
    expect(answersFrom(qs, body, "alice")).toEqual([
      { question: "1. Which database?\n2. Keep the old API?", answer: body, by: "alice" },
    ]);
  });

  it("a single question gets the whole reply; nothing to answer gives nothing", () => {
    expect(answersFrom(["Which?"], " Postgres ", "bob")).toEqual([
      { question: "Which?", answer: "Postgres", by: "bob" },
    ]);
    expect(answersFrom([], "x", "bob")).toEqual([]);
    expect(answersFrom(["Which?"], "   ", "bob")).toEqual([]);
  });

  it("either maps one non-empty answer per question or keeps the whole reply once", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 4 }),
        fc.oneof(
          fc.string(),
          fc
            .array(fc.string(), { maxLength: 4 })
            .map((xs) => xs.map((x, i) => `${i + 1}. ${x}`).join("\n")),
        ),
        (questions, body) => {
          const entries = answersFrom(questions, body, "u");
          if (body.trim() === "") return entries.length === 0;
          if (!entries.every((e) => e.by === "u")) return false;
          const whole = entries.length === 1 && entries[0]!.answer === body.trim();
          const mapped =
            entries.length === questions.length &&
            entries.every((e, i) => e.question === questions[i] && e.answer !== "");
          return whole || mapped;
        },
      ),
    );
  });
});
