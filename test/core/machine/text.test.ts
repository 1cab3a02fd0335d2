import { describe, expect, it } from "vitest";
import { code, criteriaTable, short } from "../../../src/core/machine/text.js";

describe("the machine's small renderers", () => {
  it("a commit as its first seven characters", () => {
    expect(short("0123456789abcdef0123456789abcdef01234567")).toBe("0123456");
  });

  it.each([
    ["no criteria: nothing", [], ""],
    [
      "one row a criterion, passed or failed",
      [
        { criterion: "greeting.txt exists", pass: true },
        { criterion: "tests pass", pass: false },
      ],
      "\n\n| criterion | result |\n|---|---|\n| greeting.txt exists | ✅ pass |\n| tests pass | ❌ fail |",
    ],
    [
      "a criterion's line breaks and pipes kept inside its cell",
      [{ criterion: "  a | b\r\nc\nd  ", pass: true }],
      "\n\n| criterion | result |\n|---|---|\n| a \\| b c d | ✅ pass |",
    ],
  ] as [string, { criterion: string; pass: boolean }[], string][])(
    "criteriaTable: %s",
    (_name, criteria, expected) => {
      expect(criteriaTable(criteria)).toBe(expected);
    },
  );

  it.each([
    ["a word", "main", 60, "`main`"],
    ["backticks and line breaks dropped, blanks trimmed", " a`b\r\nc ", 60, "`abc`"],
    ["a mention stays inside the span", "x` @team `y", 60, "`x @team y`"],
    ["exactly the limit kept", "abcde", 5, "`abcde`"],
    ["longer cut with an ellipsis", "abcdef", 5, "`abcd…`"],
    ["cut at 60 by default", "x".repeat(61), undefined, `\`${"x".repeat(59)}…\``],
  ] as [string, string, number | undefined, string][])("code: %s", (_name, text, max, expected) => {
    expect(code(text, max)).toBe(expected);
  });
});
