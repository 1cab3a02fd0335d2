import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cutAtWord } from "../../src/core/cut-at-word.js";

describe("cutAtWord: headings cut between words (issue 18)", () => {
  it.each([
    ["short text stays", "Fix the login", 20, "Fix the login"],
    [
      "cut at the last space that fits",
      "Make equal support object dictionaries",
      20,
      "Make equal support…",
    ],
    [
      "trailing punctuation goes with the cut",
      "One, two; three: four five",
      16,
      "One, two; three…",
    ],
    ["whitespace folds into one line", "Fix\n  the   login", 20, "Fix the login"],
    ["one long first word is cut inside", `${"x".repeat(30)} tail`, 10, `${"x".repeat(9)}…`],
    ["leading and trailing whitespace goes", "  Fix the login\n", 20, "Fix the login"],
    ["a text of exactly max stays whole", "Fix the login", 13, "Fix the login"],
    // Not longer than half of max: the first word is kept whole.
    ["a first word of exactly half of max", "abcdefghij klmnopqrstuvwxyz", 20, "abcdefghij…"],
    ["a run of trailing punctuation goes whole", "Wait... what is this text", 12, "Wait…"],
  ])("%s", (_name, text, max, expected) => {
    expect(cutAtWord(text, max)).toBe(expected);
  });

  it("property: never longer than max; an uncut text comes back whole; a cut one ends a word", () => {
    const word = fc.stringMatching(/^[a-z]{1,8}$/);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 20, max: 120 }),
        (words, max) => {
          const text = words.join(" ");
          const cut = cutAtWord(text, max);
          expect(cut.length).toBeLessThanOrEqual(max);
          if (text.length <= max) expect(cut).toBe(text);
          else expect(`${text} `.startsWith(`${cut.slice(0, -1)} `)).toBe(true);
        },
      ),
    );
  });
});
