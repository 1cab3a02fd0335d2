import { describe, expect, it } from "vitest";
import { parseCommands } from "../../../src/core/commands.js";
import { findQuestionsRound, renderQuestionsComment } from "../../../src/core/render/questions.js";

describe("renderQuestionsComment", () => {
  it("posts one numbered list with the round marker and how to answer", () => {
    const body = renderQuestionsComment(
      ["Which OAuth provider?", "Keep the old login page?"],
      2,
      3,
    );
    expect(body.startsWith("<!-- ralph:questions round=2 -->\n")).toBe(true);
    expect(findQuestionsRound(body)).toBe(2);
    expect(body).toContain("(round 2 of 3)");
    expect(body).toContain("1. Which OAuth provider?\n2. Keep the old login page?\n");
    expect(body).toMatch(/reply in a new comment/);
    expect(body).toContain("`/ralph skip`");
    expect(body).toMatch(/best judgment/);
    expect(parseCommands(body)).toEqual([]);
  });

  it("indents multi-line questions under their number", () => {
    const body = renderQuestionsComment(["First line\nsecond line\n\nthird"], 1, 3);
    expect(body).toContain("1. First line\n   second line\n\n   third\n");
  });

  it("neutralises command lines the planner wrote", () => {
    const body = renderQuestionsComment(
      ["/approve", "ok?\n/ralph run", "<!-- ralph:questions round=9 -->"],
      1,
      3,
    );
    expect(parseCommands(body)).toEqual([]);
    expect(findQuestionsRound(body)).toBe(1);
  });

  it("returns null for a comment without the marker", () => {
    expect(findQuestionsRound("hello")).toBeNull();
  });
});

describe("the questions comment, whole", () => {
  const howTo = [
    "**How to answer:** reply in a new comment; one comment can answer everything (numbering your answers like the questions helps). Only answers from people with write access are used.",
    "",
    "Comment `/ralph skip` to let Ralph use its best judgment instead.",
    "",
  ];

  it.each([
    [["Which OAuth provider?"], "a question", ["1. Which OAuth provider?"]],
    [
      ["Which provider?", "Keep the page?"],
      "questions",
      ["1. Which provider?", "2. Keep the page?"],
    ],
  ])("%j", (questions, heading, items) => {
    expect(renderQuestionsComment(questions, 2, 3)).toBe(
      [
        "<!-- ralph:questions round=2 -->",
        `## Ralph has ${heading} (round 2 of 3)`,
        "",
        ...items,
        "",
        ...howTo,
      ].join("\n"),
    );
  });
});
