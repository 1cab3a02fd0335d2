/**
 * A `|` in an acceptance criterion (DESIGN §4.4): Ralph escapes it (`\|`) where it renders criteria
 * into the verdict table it asks for, and reads the table back with escaped pipes, or with the
 * pipes of an expected criterion written raw, so the criterion stays one cell.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { regressionTemplate } from "../../src/agents/prompts/regression.js";
import { inline } from "../../src/agents/prompts/shared.js";
import { verdictTemplate } from "../../src/agents/prompts/verifier.js";
import type { UserStory } from "../../src/core/prd.js";
import { parseRegressionVerdict } from "../../src/core/regression-verdict.js";
import { parseVerdict } from "../../src/core/verdict.js";

/** Criterion texts rich in pipes, backslashes and code spans; one line, single spaces, a letter. */
const criterion = fc
  .array(fc.constantFrom("a", "b", "|", "\\", " ", "`", "pass", "x|y", "\\|"), {
    minLength: 1,
    maxLength: 12,
  })
  .map((parts) => `c ${parts.join("")}`.replace(/\s+/g, " ").trim());
const criteria = fc.array(criterion, { minLength: 1, maxLength: 5 });

/** The template as a verifier fills it in: every result pass, the verdict PASS. */
const filled = (template: string) =>
  `Checked.\n\n${template.replace(/<pass or fail>/g, "pass").replace("<PASS or FAIL>", "PASS")}\n`;

const story = (id: string, acceptanceCriteria: string[]): UserStory => ({
  id,
  title: `Story ${id}`,
  priority: 1,
  acceptanceCriteria,
  notes: "",
  passes: false,
});

describe("pipes in acceptance criteria", () => {
  it("the verifier's template, filled in, parses back: PASS, every criterion whole", () => {
    fc.assert(
      fc.property(criteria, (cs) => {
        const v = parseVerdict(filled(verdictTemplate(cs)), cs);
        expect(v.problem).toBeNull();
        expect(v.verdict).toBe("PASS");
        expect(v.criteria.map((c) => c.criterion)).toEqual(
          cs.map((c, i) => `AC${i + 1}: ${inline(c, 300)}`),
        );
      }),
    );
  });

  it("the regression gate's template, filled in, parses back: every story holds", () => {
    fc.assert(
      fc.property(criteria, criteria, (a, b) => {
        const stories = [story("US-1", a), story("US-2", b)];
        const r = parseRegressionVerdict(
          filled(regressionTemplate(stories)),
          stories.map((s) => ({ id: s.id, criteria: s.acceptanceCriteria })),
        );
        expect(r.problem).toBeNull();
        expect(r.holding).toEqual(["US-1", "US-2"]);
        expect(r.criteria.map((c) => c.story)).toEqual([
          ...a.map(() => "US-1"),
          ...b.map(() => "US-2"),
        ]);
      }),
    );
  });

  it("a criterion's text written with its pipes raw still names it (no AC number)", () => {
    // Raw, a backslash before a pipe is GFM's escape: only the template's form can carry it.
    // Raw pipes split the row into trimmed cells, so two criteria that differ only in the blanks
    // beside a pipe ("c | a", "c |a") spell the same cells: no reader can tell which one a raw
    // row names (fast-check found that set). Each set holds criteria that raw rows tell apart.
    const cells = (c: string) =>
      c
        .split("|")
        .map((p) => p.trim())
        .join("|");
    const raw = fc
      .array(
        criterion.filter((c) => !c.includes("\\")),
        { minLength: 1, maxLength: 5 },
      )
      .filter((cs) => new Set(cs.map(cells)).size === new Set(cs).size);
    fc.assert(
      fc.property(raw, (cs) => {
        const rows = cs.map((c) => `| ${c} | pass |`).join("\n");
        const v = parseVerdict(
          `Checked.\n\n| criterion | result |\n|---|---|\n${rows}\nRALPH_VERDICT: PASS\n`,
          cs,
        );
        expect(v.problem).toBeNull();
        expect(v.criteria.map((c) => c.criterion)).toEqual(cs.map((c) => c.replace(/\s+/g, " ")));
      }),
    );
  });

  it("a raw pipe that splits a criterion is repaired only for an expected criterion's text", () => {
    const expected = ["output is `a | b`"];
    const v = parseVerdict(
      "ok\n\n| output is `a | b` | pass |\n| other | text | fail |\nRALPH_VERDICT: FAIL\n",
      expected,
    );
    expect(v.criteria).toEqual([
      { criterion: "output is `a | b`", pass: true },
      { criterion: "text", pass: false, story: "other" },
    ]);
  });
});
