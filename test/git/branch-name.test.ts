import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { branchNameFor, MAX_SLUG_LENGTH, slugify } from "../../src/git/index.js";

describe("branchNameFor", () => {
  it.each([
    ["ralph/", 42, "Add login page", "ralph/42-add-login-page"],
    [
      "ralph/",
      7,
      "  Fix: crash when «title» has émojis 🚀!! ",
      "ralph/7-fix-crash-when-title-has-emojis",
    ],
    ["bot/", 1, "🚀🚀", "bot/1"],
    [
      "ralph/",
      3,
      "a very long title that goes on and on past the forty character limit",
      "ralph/3-a-very-long-title-that-goes-on-and-on",
    ],
  ])("%s %i %j → %s", (prefix, issue, title, expected) => {
    expect(branchNameFor(prefix, issue, title)).toBe(expected);
  });

  it("slugs are short, lowercase and ref-safe for any title", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (title) => {
        const slug = slugify(title);
        expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
        expect(slug).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
      }),
    );
  });
});
