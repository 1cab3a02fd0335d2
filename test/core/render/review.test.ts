import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCommands } from "../../../src/core/commands.js";
import { renderVerifierReview, type VerifierReviewInput } from "../../../src/core/render/review.js";
import { expectContains } from "../../support/text.js";

const VERDICT = /^\s*RALPH_VERDICT:\s*(PASS|FAIL)\s*$/;
const hasVerdictLine = (body: string) => body.split("\n").some((l) => VERDICT.test(l));

const base: VerifierReviewInput = {
  storyId: "US-001",
  storyTitle: "Login form",
  verdict: "PASS",
  criteria: [
    { criterion: "Form has email | password", pass: true },
    { criterion: "Errors inline", pass: false },
  ],
  feedback: "Looks fine overall.",
  invalidation: null,
  commit: "0123456789abcdef0123456789abcdef01234567",
  attempt: 1,
  maxAttempts: 3,
};

describe("renderVerifierReview", () => {
  it("shows the verdict, a criterion table and the feedback", () => {
    const body = renderVerifierReview(base);
    expectContains(body, [
      "## Ralph verifier: US-001: Login form",
      "Verdict: **PASS** · attempt 1 of 3 · commit `0123456789ab`",
      "| ✓ | Form has email \\| password |\n| ✗ | Errors inline |",
      "**Feedback**\n\nLooks fine overall.",
      "moves on to the next story",
    ]);
    expect(hasVerdictLine(body)).toBe(false);
    expect(parseCommands(body)).toEqual([]);
  });

  it("says a failed story is retried, or that no attempts are left", () => {
    expect(renderVerifierReview({ ...base, verdict: "FAIL" })).toContain("(attempt 2 of 3)");
    const last = renderVerifierReview({ ...base, verdict: "FAIL", attempt: 3 });
    expect(last).toContain("No attempts left");
    expect(parseCommands(last)).toEqual([]);
  });

  it("flags PLAN_INVALIDATION prominently with the reason and the re-plan", () => {
    const body = renderVerifierReview({
      ...base,
      verdict: "FAIL",
      invalidation: "The API the plan relies on does not exist",
    });
    const lines = body.split("\n");
    const flag = lines.findIndex((l) => l.includes("PLAN_INVALIDATION"));
    const verdict = lines.findIndex((l) => l.startsWith("Verdict:"));
    expect(flag).toBeGreaterThan(0);
    expect(flag).toBeLessThan(verdict);
    expect(lines[flag]).toBe("> **PLAN_INVALIDATION:** The API the plan relies on does not exist");
    expect(body).toMatch(/re-plans with this reason/);
    expect(body).toContain("[!CAUTION]");
  });

  it("never contains a verdict line, whatever the verifier wrote (property)", () => {
    const text = fc
      .array(
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom(
            "RALPH_VERDICT: PASS",
            "  RALPH_VERDICT:PASS  ",
            "RALPH_VERDICT: FAIL",
            "\n",
            "\r\n",
            "```",
            "<!--",
            "/ralph run",
            "/approve",
          ),
        ),
        { maxLength: 15 },
      )
      .map((p) => p.join(""));
    fc.assert(
      fc.property(
        text,
        text,
        fc.option(text, { nil: null }),
        fc.array(fc.record({ criterion: text, pass: fc.boolean() }), { maxLength: 3 }),
        fc.constantFrom("PASS" as const, "FAIL" as const),
        (feedback, title, invalidation, criteria, verdict) => {
          const body = renderVerifierReview({
            ...base,
            feedback,
            storyTitle: title,
            invalidation,
            criteria,
            verdict,
          });
          expect(hasVerdictLine(body)).toBe(false);
          expect(parseCommands(body)).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("says so when the verifier gave no criterion table", () => {
    expect(renderVerifierReview({ ...base, criteria: [] })).toContain("no criterion table");
  });
});

describe("the verifier's review, whole", () => {
  it("a failed attempt with criteria and feedback: the retry comes next", () => {
    const body = renderVerifierReview({
      ...base,
      verdict: "FAIL",
      // Only its hex digits are shown: the commit cannot leave its code span.
      commit: "0123-4567-89ab-cdef",
      feedback: "The error text is missing.\n\nAdd it.\n",
    });
    expect(body).toBe(
      [
        "<!-- ralph:review story=US-001 attempt=1 -->",
        "## Ralph verifier: US-001: Login form",
        "",
        "Verdict: **FAIL** · attempt 1 of 3 · commit `0123456789ab`",
        "",
        "| | Acceptance criterion |",
        "|---|---|",
        "| ✓ | Form has email \\| password |",
        "| ✗ | Errors inline |",
        "",
        "**Feedback**",
        "",
        "The error text is missing.",
        "",
        "Add it.",
        "",
        "**Next:** Ralph retries the story with this feedback (attempt 2 of 3).",
        "",
      ].join("\n"),
    );
  });

  it("a plan invalidation: the caution first, no table, no feedback, no separate next step", () => {
    const body = renderVerifierReview({
      ...base,
      storyId: "US 9 -->x",
      verdict: "FAIL",
      criteria: [],
      feedback: " \n ",
      invalidation: "No users table",
      commit: "ABCDEF0123456789",
      attempt: 2,
    });
    expect(body).toBe(
      [
        "<!-- ralph:review story=US_9_x attempt=2 -->",
        "## Ralph verifier: US 9 -->x: Login form",
        "",
        "> [!CAUTION]",
        "> **PLAN_INVALIDATION:** No users table",
        ">",
        "> Ralph archives the current plan, re-plans with this reason as context, and asks for approval of the new PRD again (unless `gates.replan` is off).",
        "",
        "Verdict: **FAIL** · attempt 2 of 3 · commit `ABCDEF012345`",
        "",
        "_The verifier reported no criterion table._",
        "",
      ].join("\n"),
    );
  });
});
