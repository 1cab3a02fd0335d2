import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PLAN_INVALIDATION_PATTERN,
  parseVerdict,
  VERDICT_LINE_PATTERN,
} from "../../src/core/verdict.js";

const TABLE = [
  "| criterion | result |",
  "|---|---|",
  "| Requests without a token get 401 | PASS |",
  "| npm test passes | ✅ pass |",
].join("\n");

describe("verdict patterns", () => {
  it.each([
    ["RALPH_VERDICT: PASS", "PASS"],
    ["  RALPH_VERDICT:FAIL  ", "FAIL"],
    ["\tRALPH_VERDICT:   PASS\t", "PASS"],
  ])("VERDICT_LINE_PATTERN matches %j", (line, value) => {
    expect(VERDICT_LINE_PATTERN.exec(line)?.[1]).toBe(value);
  });

  it.each([
    "ralph_verdict: PASS",
    "RALPH_VERDICT: pass",
    "RALPH_VERDICT: PASS.",
    "**RALPH_VERDICT: PASS**",
    "> RALPH_VERDICT: PASS",
    "The verdict is RALPH_VERDICT: PASS",
    "RALPH_VERDICT: PASSED",
  ])("VERDICT_LINE_PATTERN rejects %j", (line) => {
    expect(VERDICT_LINE_PATTERN.test(line)).toBe(false);
  });

  it("PLAN_INVALIDATION_PATTERN needs a reason", () => {
    expect(PLAN_INVALIDATION_PATTERN.exec("PLAN_INVALIDATION:  wrong module  ")?.[1]).toBe(
      "wrong module",
    );
    expect(PLAN_INVALIDATION_PATTERN.test("PLAN_INVALIDATION:   ")).toBe(false);
  });
});

describe("parseVerdict", () => {
  it.each([
    ["bare PASS", "All good.\nRALPH_VERDICT: PASS", "PASS"],
    ["bare FAIL", "Tests fail.\n\nRALPH_VERDICT: FAIL\n", "FAIL"],
    ["CRLF line endings", "ok\r\nRALPH_VERDICT: PASS\r\n", "PASS"],
    ["closing fence after the block", "```\nRALPH_VERDICT: PASS\n```\n\n", "PASS"],
  ])("reads %s", (_name, text, verdict) => {
    expect(parseVerdict(text)).toEqual({
      verdict,
      invalidation: null,
      criteria: [],
      problem: null,
    });
  });

  it("reads the criteria table after the verdict", () => {
    expect(parseVerdict(`Checked.\n\nRALPH_VERDICT: PASS\n\n${TABLE}\n`)).toEqual({
      verdict: "PASS",
      invalidation: null,
      criteria: [
        { criterion: "Requests without a token get 401", pass: true },
        { criterion: "npm test passes", pass: true },
      ],
      problem: null,
    });
  });

  it("reads a table directly before the verdict and extra columns", () => {
    const text = [
      "| # | criterion | status | evidence |",
      "|:-:|-----------|:------:|----------|",
      "| 1 | 401 without token | ❌ FAIL | curl returned 200 |",
      "| 2 | npm test passes | **PASS** | 12 passed |",
      "RALPH_VERDICT: FAIL",
    ].join("\n");
    expect(parseVerdict(text)).toEqual({
      verdict: "FAIL",
      invalidation: null,
      criteria: [
        { criterion: "401 without token", pass: false },
        { criterion: "npm test passes", pass: true },
      ],
      problem: null,
    });
  });

  it("returns the invalidation reason with FAIL", () => {
    const text =
      "Wrong approach.\nRALPH_VERDICT: FAIL\nPLAN_INVALIDATION: the plan edits a generated file\n```";
    expect(parseVerdict(text)).toMatchObject({
      verdict: "FAIL",
      invalidation: "the plan edits a generated file",
      problem: null,
    });
    expect(parseVerdict("PLAN_INVALIDATION: wrong layer\nRALPH_VERDICT: FAIL").invalidation).toBe(
      "wrong layer",
    );
  });

  it.each([
    ["empty output", "", /empty/],
    ["no verdict at all", "I ran out of turns.", /no RALPH_VERDICT line/],
    [
      "verdict followed by prose",
      "RALPH_VERDICT: PASS\nLet me double-check one more thing.",
      /not at the end.*double-check/,
    ],
    ["malformed verdict", "Done.\n**RALPH_VERDICT: PASS**", /malformed verdict line/],
    ["lower-case value", "RALPH_VERDICT: pass", /malformed verdict line/],
    [
      "conflicting verdicts",
      "RALPH_VERDICT: FAIL\nfixed it myself\nRALPH_VERDICT: PASS",
      /both RALPH_VERDICT: PASS and RALPH_VERDICT: FAIL/,
    ],
    [
      "conflicting verdicts in the block",
      "RALPH_VERDICT: PASS\nRALPH_VERDICT: FAIL",
      /both RALPH_VERDICT: PASS and RALPH_VERDICT: FAIL/,
    ],
    [
      "PASS with PLAN_INVALIDATION",
      "RALPH_VERDICT: PASS\nPLAN_INVALIDATION: wrong approach",
      /contradictory verdict: PASS together with PLAN_INVALIDATION/,
    ],
    [
      "PASS with a failed criterion",
      "RALPH_VERDICT: PASS\n| criterion | result |\n|---|---|\n| tests pass | FAIL |",
      /contradictory verdict: PASS but the table marks "tests pass" as fail/,
    ],
    [
      "two different invalidation reasons",
      "RALPH_VERDICT: FAIL\nPLAN_INVALIDATION: a\nPLAN_INVALIDATION: b",
      /more than one PLAN_INVALIDATION/,
    ],
    [
      "an invalidation without reason",
      "RALPH_VERDICT: FAIL\nPLAN_INVALIDATION:",
      /malformed PLAN_INVALIDATION line/,
    ],
    [
      "an echoed prompt placeholder",
      "RALPH_VERDICT: FAIL\nPLAN_INVALIDATION: <one-line reason why the plan approach is wrong>",
      /placeholder/,
    ],
    [
      "an unreadable table row",
      "RALPH_VERDICT: PASS\n| criterion | result |\n|---|---|\n| tests pass | maybe |",
      /no pass\/fail cell: "\| tests pass \| maybe \|"/,
    ],
  ])("is FAIL for %s, saying why", (_name, text, problem) => {
    const r = parseVerdict(text);
    expect(r.verdict).toBe("FAIL");
    expect(r.invalidation).toBeNull();
    expect(r.problem).toMatch(problem);
  });

  it("keeps the echoed-prompt guard: a verdict quoted mid-text does not pass", () => {
    const text = "The prompt said to end with\nRALPH_VERDICT: PASS\nbut tests fail, so:\n";
    expect(parseVerdict(text).verdict).toBe("FAIL");
  });

  const lineArb = fc.oneof(
    fc.string(),
    fc.constantFrom(
      "RALPH_VERDICT: PASS",
      "RALPH_VERDICT: FAIL",
      "PLAN_INVALIDATION: reason",
      "| c | PASS |",
      "| c | FAIL |",
      "|---|---|",
      "```",
      "",
      "  ",
    ),
  );

  /** Reference: the tail after the last PASS line holds only block lines, no FAIL anywhere. */
  function lastBlockHasPass(text: string): boolean {
    const lines = text.split(/\r?\n/);
    let idx = -1;
    lines.forEach((l, i) => {
      if (VERDICT_LINE_PATTERN.exec(l)?.[1] === "PASS") idx = i;
    });
    if (idx === -1) return false;
    return lines.slice(idx + 1).every((l) => {
      const t = l.trim();
      return (
        t === "" ||
        /^(```+|~~~+)$/.test(t) ||
        t.startsWith("|") ||
        PLAN_INVALIDATION_PATTERN.test(t) ||
        VERDICT_LINE_PATTERN.test(t)
      );
    });
  }

  it("never throws, and PASS only when the last block has a PASS line", () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 12 }),
        fc.constantFrom("\n", "\r\n"),
        (ls, eol) => {
          const text = ls.join(eol);
          const r = parseVerdict(text);
          if (r.verdict === "PASS") {
            expect(lastBlockHasPass(text)).toBe(true);
            expect(r.problem).toBeNull();
            expect(r.invalidation).toBeNull();
            expect(r.criteria.every((c) => c.pass)).toBe(true);
          } else if (r.problem === null) {
            // A clean FAIL comes only from a real FAIL verdict line.
            expect(
              text.split(/\r?\n/).some((l) => VERDICT_LINE_PATTERN.exec(l)?.[1] === "FAIL"),
            ).toBe(true);
          }
        },
      ),
    );
    fc.assert(fc.property(fc.string({ unit: "binary" }), (s) => void parseVerdict(s)));
  });

  it("PASS survives arbitrary prose before a well-formed block", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string().filter((s) => !/RALPH_VERDICT|PLAN_INVALIDATION/.test(s))),
        (prose) => {
          const text = `${[...prose, "x"].join("\n")}\nRALPH_VERDICT: PASS\n${TABLE}\n\`\`\`\n`;
          expect(parseVerdict(text)).toMatchObject({ verdict: "PASS", problem: null });
        },
      ),
    );
  });
});
