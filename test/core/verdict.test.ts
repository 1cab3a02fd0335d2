import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRegressionVerdict } from "../../src/core/regression-verdict.js";
import {
  namesCriterion,
  PLAN_INVALIDATION_PATTERN,
  parseVerdict,
  VERDICT_LINE_PATTERN,
} from "../../src/core/verdict.js";
import { binaryString } from "../support/binary-string.js";

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

/** The acceptance criteria TABLE names. */
const AC = ["Requests without a token get 401", "npm test passes"];

describe("parseVerdict", () => {
  it.each([
    ["a table before the verdict", `All good.\n${TABLE}\nRALPH_VERDICT: PASS`],
    ["a table after the verdict", `All good.\n\nRALPH_VERDICT: PASS\n\n${TABLE}\n`],
    ["CRLF line endings", `ok\r\n${TABLE.replaceAll("\n", "\r\n")}\r\nRALPH_VERDICT: PASS\r\n`],
  ])("accepts PASS with %s naming every criterion", (_name, text) => {
    expect(parseVerdict(text, AC)).toEqual({
      verdict: "PASS",
      invalidation: null,
      criteria: [
        { criterion: "Requests without a token get 401", pass: true },
        { criterion: "npm test passes", pass: true },
      ],
      problem: null,
      rejectedPass: false,
    });
  });

  it("names a criterion by its number or with a prefix, and ignores extra rows", () => {
    const text = [
      "| criterion | result |",
      "|---|---|",
      "| AC1 | pass |",
      "| 2. **npm test passes** (12 tests) | pass |",
      "| the code is tidy | pass |",
      "RALPH_VERDICT: PASS",
    ].join("\n");
    expect(parseVerdict(text, AC)).toMatchObject({ verdict: "PASS", problem: null });
  });

  it("reads a bare FAIL, and a FAIL needs no table", () => {
    expect(parseVerdict("Tests fail.\n\nRALPH_VERDICT: FAIL\n", AC)).toEqual({
      verdict: "FAIL",
      invalidation: null,
      criteria: [],
      problem: null,
      rejectedPass: false,
    });
  });

  it("keeps FAIL easy: a FAIL inside a fence is still a clean FAIL", () => {
    expect(parseVerdict("Broken.\n```\nRALPH_VERDICT: FAIL\n```\n", AC)).toMatchObject({
      verdict: "FAIL",
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
    expect(parseVerdict(text, AC)).toEqual({
      verdict: "FAIL",
      invalidation: null,
      criteria: [
        { criterion: "401 without token", pass: false, story: "1" },
        { criterion: "npm test passes", pass: true, story: "2" },
      ],
      problem: null,
      rejectedPass: false,
    });
  });

  it("returns the invalidation reason with FAIL", () => {
    const text =
      "Wrong approach.\nRALPH_VERDICT: FAIL\nPLAN_INVALIDATION: the plan edits a generated file\n```";
    expect(parseVerdict(text, AC)).toMatchObject({
      verdict: "FAIL",
      invalidation: "the plan edits a generated file",
      problem: null,
    });
    expect(
      parseVerdict("PLAN_INVALIDATION: wrong layer\nRALPH_VERDICT: FAIL", AC).invalidation,
    ).toBe("wrong layer");
  });

  // Issue 9 point 1: a verifier that says FAILS in prose and quotes the format it was asked for.
  it("does not take a PASS quoted in a fenced example as the verdict", () => {
    const text = [
      "The file is missing, so this FAILS. For reference, the format you asked for is:",
      "",
      "```",
      TABLE,
      "RALPH_VERDICT: PASS",
      "```",
    ].join("\n");
    const r = parseVerdict(text, AC);
    expect(r).toMatchObject({ verdict: "FAIL", rejectedPass: true });
    expect(r.problem).toMatch(/inside a fenced code block/);
  });

  it.each([
    ["a ~~~~ fence", `~~~~\n${TABLE}\nRALPH_VERDICT: PASS\n~~~~`],
    ["an indented fence", `  \`\`\`\n${TABLE}\nRALPH_VERDICT: PASS\n  \`\`\``],
    ["an unclosed fence", `\`\`\`\`\n${TABLE}\nRALPH_VERDICT: PASS`],
    [
      "a fence closed by a shorter one (still open)",
      `\`\`\`\`\n${TABLE}\nRALPH_VERDICT: PASS\n\`\`\``,
    ],
    ["an indented code block", `Example:\n\n    RALPH_VERDICT: PASS\n\n${TABLE}`],
    ["a block quote (lazy continuation)", `${TABLE}\n\n> For example:\nRALPH_VERDICT: PASS`],
  ])("a PASS in %s does not count", (_name, text) => {
    expect(parseVerdict(text, AC)).toMatchObject({ verdict: "FAIL", rejectedPass: true });
  });

  it("a table inside a fence does not count for a PASS outside it", () => {
    const text = `\`\`\`\n${TABLE}\n\`\`\`\nRALPH_VERDICT: PASS`;
    expect(parseVerdict(text, AC).problem).toMatch(/criterion table is inside a fenced/);
  });

  it.each([
    ["no table", "All good.\nRALPH_VERDICT: PASS", /PASS without a criterion table/],
    [
      "a missing criterion",
      "| criterion | result |\n|---|---|\n| npm test passes | pass |\nRALPH_VERDICT: PASS",
      /does not name "Requests without a token get 401"/,
    ],
    [
      "a criterion marked fail",
      `${TABLE.replace("| PASS |", "| FAIL |")}\nRALPH_VERDICT: PASS`,
      /marks "Requests without a token get 401" as fail/,
    ],
  ])("a PASS with %s is FAIL, saying why", (_name, text, problem) => {
    const r = parseVerdict(text, AC);
    expect(r).toMatchObject({ verdict: "FAIL", rejectedPass: true });
    expect(r.problem).toMatch(problem);
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
      `${TABLE}\nRALPH_VERDICT: PASS\nPLAN_INVALIDATION: wrong approach`,
      /contradictory verdict: PASS together with PLAN_INVALIDATION/,
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
    const r = parseVerdict(text, AC);
    expect(r.verdict).toBe("FAIL");
    expect(r.invalidation).toBeNull();
    expect(r.problem).toMatch(problem);
  });

  it("keeps the echoed-prompt guard: a verdict quoted mid-text does not pass", () => {
    const text = "The prompt said to end with\nRALPH_VERDICT: PASS\nbut tests fail, so:\n";
    expect(parseVerdict(text, AC).verdict).toBe("FAIL");
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

  it("never throws; PASS only with a final PASS block naming every criterion with pass", () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 12 }),
        fc.constantFrom("\n", "\r\n"),
        (ls, eol) => {
          const text = ls.join(eol);
          const r = parseVerdict(text, ["c"]);
          if (r.verdict === "PASS") {
            expect(lastBlockHasPass(text)).toBe(true);
            expect(r.problem).toBeNull();
            expect(r.invalidation).toBeNull();
            expect(r.criteria.some((c) => c.criterion === "c" && c.pass)).toBe(true);
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
    fc.assert(fc.property(binaryString(), (s) => void parseVerdict(s, AC)));
  });

  it("PASS survives arbitrary prose before a well-formed block", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string().filter((s) => !/RALPH_VERDICT|PLAN_INVALIDATION|[`~>|<&]|^\s{4}/.test(s)),
        ),
        (prose) => {
          const text = `${[...prose, "x"].join("\n")}\n\n${TABLE}\nRALPH_VERDICT: PASS\n`;
          expect(parseVerdict(text, AC)).toMatchObject({ verdict: "PASS", problem: null });
        },
      ),
    );
  });
});

describe("the criterion table, read cell by cell", () => {
  const head = "| criterion | result |\n|---|---|";
  it.each([
    [
      "indented by up to three spaces, with trailing spaces",
      `  ${head.replace("\n", "  \n  ")}\n  | Requests without a token get 401 | PASS |  \n   | npm test passes | pass |\nRALPH_VERDICT: PASS`,
      [
        { criterion: "Requests without a token get 401", pass: true },
        { criterion: "npm test passes", pass: true },
      ],
    ],
    [
      "rows without the closing pipe",
      "| criterion | result\n|---|---\n| Requests without a token get 401 | PASS\n| npm test passes | pass\nRALPH_VERDICT: PASS",
      [
        { criterion: "Requests without a token get 401", pass: true },
        { criterion: "npm test passes", pass: true },
      ],
    ],
    [
      "an escaped pipe inside a criterion, and an empty story cell",
      "| story | criterion | result |\n|---|---|---|\n| | Requests without a token get 401 | pass |\n| US-1 | exit code is 0 \\| 1 | pass |\nRALPH_VERDICT: PASS",
      [
        { criterion: "Requests without a token get 401", pass: true },
        { criterion: "exit code is 0 | 1", pass: true, story: "US-1" },
      ],
    ],
    [
      "criteria that begin with a status word, in indented and unclosed rows",
      "  | criterion | result |\n  |---|---|\n  | Passes the linter | ✅ |\n| Fails closed on a bad token | PASS\nRALPH_VERDICT: PASS",
      [
        { criterion: "Passes the linter", pass: true },
        { criterion: "Fails closed on a bad token", pass: true },
      ],
    ],
  ])("reads %s", (_name, text, criteria) => {
    const expected = criteria.map((c) => c.criterion);
    expect(parseVerdict(text, expected)).toStrictEqual({
      verdict: "PASS",
      invalidation: null,
      criteria,
      problem: null,
      rejectedPass: false,
    });
  });

  it.each(["pa**ss**", "p.a.s.s", "passing?"])(
    "reads only whole pass/fail words as a status, not %j",
    (cell) => {
      const text = `${head}\n| npm test passes | pass |\n| Requests without a token get 401 | ${cell} |\nRALPH_VERDICT: PASS`;
      expect(parseVerdict(text, AC)).toMatchObject({
        verdict: "FAIL",
        rejectedPass: true,
        problem: `criteria table row has no pass/fail cell: "| Requests without a token get 401 | ${cell} |"`,
      });
    },
  );
});

describe("namesCriterion", () => {
  it.each([
    ["npm test passes", "npm test passes", 0, true],
    ["NPM Test  Passes", "npm test\tpasses", 5, true],
    ["npm test passes (12 tests)", "npm test passes", 5, true],
    ["npm test passes", "`npm test` passes.", 5, true],
    ["**npm test passes**:", "npm test passes", 5, true],
    ["npm test passes", "- npm test passes ...", 5, true],
    ["usercanlogin", "user can log in", 5, false],
    ["logout works", "login works", 5, false],
    ["login fails", "login works", 5, false],
    ["2", "something else", 1, true],
    ["#2", "something else", 1, true],
    ["  AC2  ", "something else", 1, true],
    ["AC-3: the API answers", "something else", 2, true],
    ["criterion 2 holds", "something else", 1, true],
    ["AC12", "something else", 11, true],
    ["AC2", "something else", 2, false],
    ["AC2x", "something else", 1, false],
    // A number inside the text is not a criterion number.
    ["returns 2 items", "something else", 1, false],
    ["accepts 2 retries", "something else", 1, false],
    ["v2 API responds", "something else", 1, false],
    // A criterion with no words left after normalizing is named by its number only.
    ["anything at all", "—", 0, false],
  ])("row %j names %j (criterion %i): %s", (cell, expected, index, names) => {
    expect(namesCriterion(cell, expected, index)).toBe(names);
  });
});

describe("what the verifier is told", () => {
  const LONG = "x".repeat(90);
  const EIGHTY = "y".repeat(80);
  const head = "| criterion | result |\n|---|---|";
  it.each([
    ["whitespace-only output", " \n\t\n", "the verifier output is empty"],
    [
      "a malformed verdict line, indented",
      "Done.\n  **RALPH_VERDICT: PASS**  ",
      'malformed verdict line "**RALPH_VERDICT: PASS**": expected exactly "RALPH_VERDICT: PASS" or "RALPH_VERDICT: FAIL"',
    ],
    [
      "the last of two malformed verdict lines",
      "RALPH_VERDICT = maybe\nmore work\nRALPH_VERDICT: PASSED",
      'malformed verdict line "RALPH_VERDICT: PASSED": expected exactly "RALPH_VERDICT: PASS" or "RALPH_VERDICT: FAIL"',
    ],
    [
      "a long malformed line, clipped",
      `RALPH_VERDICT: PASS ${LONG}`,
      `malformed verdict line "${`RALPH_VERDICT: PASS ${LONG}`.slice(0, 77)}...": expected exactly "RALPH_VERDICT: PASS" or "RALPH_VERDICT: FAIL"`,
    ],
    [
      "an 80-character malformed line, whole",
      `RALPH_VERDICT: ${"P".repeat(65)}`,
      `malformed verdict line "RALPH_VERDICT: ${"P".repeat(65)}": expected exactly "RALPH_VERDICT: PASS" or "RALPH_VERDICT: FAIL"`,
    ],
  ])("no verdict read from %s: FAIL saying why, nothing rejected", (_name, text, problem) => {
    expect(parseVerdict(text, AC)).toStrictEqual({
      verdict: "FAIL",
      invalidation: null,
      criteria: [],
      problem,
      rejectedPass: false,
    });
  });

  it("never throws on output that is not text", () => {
    expect(parseVerdict(undefined as unknown as string, AC)).toMatchObject({
      verdict: "FAIL",
      problem: "the verifier output is empty",
    });
  });

  it.each([
    [
      "a row without a criterion",
      `${head}\n|  | pass |\nRALPH_VERDICT: PASS`,
      AC,
      'criteria table row has no criterion: "|  | pass |"',
    ],
    [
      "every missing criterion, long ones clipped",
      `${head}\n| the code is tidy | pass |\nRALPH_VERDICT: PASS`,
      [LONG, EIGHTY],
      `PASS but the criterion table does not name "${LONG.slice(0, 77)}...", "${EIGHTY}"`,
    ],
    [
      "a criterion named twice, once with fail",
      `${TABLE}\n| npm test passes (second run) | fail |\nRALPH_VERDICT: PASS`,
      AC,
      'contradictory verdict: PASS but the table marks "npm test passes" as fail',
    ],
    [
      "a second PASS line inside a fence in the block",
      `Done.\n\`\`\`\nRALPH_VERDICT: PASS\n\`\`\`\n${TABLE}\nRALPH_VERDICT: PASS`,
      AC,
      "the RALPH_VERDICT: PASS line is inside a fenced code block or a quote; a verdict counts only outside them",
    ],
    [
      "a PASS inside an HTML block",
      `<details>\nRALPH_VERDICT: PASS\n\n${TABLE}`,
      AC,
      "the RALPH_VERDICT: PASS line is inside a fenced code block or a quote; a verdict counts only outside them",
    ],
    [
      "a PASS continuing a block quote",
      `> Example:\nRALPH_VERDICT: PASS\n\n${TABLE}`,
      AC,
      "the RALPH_VERDICT: PASS line is inside a fenced code block or a quote; a verdict counts only outside them",
    ],
  ])("a PASS with %s is rejected, saying why", (_name, text, expected, problem) => {
    expect(parseVerdict(text, expected)).toMatchObject({
      verdict: "FAIL",
      rejectedPass: true,
      problem,
    });
  });

  it.each(["store the cache in a Map<string>", "<T> must be a class, not an interface"])(
    "takes a reason with angle brackets (%j) as a reason, not a placeholder",
    (reason) => {
      const r = parseVerdict(`RALPH_VERDICT: FAIL\nPLAN_INVALIDATION: ${reason}`, AC);
      expect(r).toMatchObject({ verdict: "FAIL", invalidation: reason, problem: null });
    },
  );
});

describe("parseRegressionVerdict", () => {
  const stories = [
    { id: "US-1", criteria: ["greeting-US-1.txt exists"] },
    { id: "US-2", criteria: ["greeting-US-2.txt exists", "it says hello"] },
  ];
  const row = (id: string, c: string, r: string) => `| ${id} | ${c} | ${r} |`;
  const table = (rows: string[]) =>
    ["| story | criterion | result |", "|---|---|---|", ...rows].join("\n");

  it("all stories hold on a PASS that names every criterion of every story", () => {
    const text = `${table([
      row("US-1", "greeting-US-1.txt exists", "pass"),
      row("US-2", "greeting-US-2.txt exists", "pass"),
      row("US-2", "it says hello", "pass"),
    ])}\nRALPH_VERDICT: PASS`;
    expect(parseRegressionVerdict(text, stories)).toMatchObject({
      holding: ["US-1", "US-2"],
      regressed: [],
      problem: null,
    });
  });

  it("a FAIL sends back exactly the stories not shown to hold", () => {
    const text = `${table([
      row("US-1", "greeting-US-1.txt exists", "fail"),
      row("US-2", "greeting-US-2.txt exists", "pass"),
      row("US-2", "it says hello", "pass"),
    ])}\nRALPH_VERDICT: FAIL`;
    const r = parseRegressionVerdict(text, stories);
    expect(r.holding).toEqual(["US-2"]);
    expect(r.regressed.map((x) => x.id)).toEqual(["US-1"]);
  });

  it.each([
    [
      "a PASS missing a story",
      `${table([row("US-1", "greeting-US-1.txt exists", "pass")])}\nRALPH_VERDICT: PASS`,
    ],
    [
      "a fenced PASS",
      `\`\`\`\n${table([row("US-1", "greeting-US-1.txt exists", "pass")])}\nRALPH_VERDICT: PASS\n\`\`\``,
    ],
    ["no verdict", "I looked around."],
    [
      "a FAIL naming no failing story",
      `${table([
        row("US-1", "greeting-US-1.txt exists", "pass"),
        row("US-2", "greeting-US-2.txt exists", "pass"),
        row("US-2", "it says hello", "pass"),
      ])}\nRALPH_VERDICT: FAIL`,
    ],
  ])("decides nothing on %s", (_name, text) => {
    const r = parseRegressionVerdict(text, stories);
    expect(r.problem).not.toBeNull();
    expect(r.holding).toEqual([]);
    expect(r.regressed).toEqual([]);
  });
  it("says which stories regressed and why", () => {
    const text = `${table([
      row("US-1", "greeting-US-1.txt exists", "fail"),
      row("US-2", "greeting-US-2.txt exists", "pass"),
    ])}\nRALPH_VERDICT: FAIL`;
    expect(parseRegressionVerdict(text, stories)).toMatchObject({
      holding: [],
      regressed: [
        { id: "US-1", reason: 'fails "greeting-US-1.txt exists"' },
        { id: "US-2", reason: 'not shown to hold: "it says hello"' },
      ],
      problem: null,
    });
  });

  it.each([
    [
      "rows without a story column",
      `| criterion | result |\n|---|---|\n${[
        "| greeting-US-1.txt exists | pass |",
        "| greeting-US-2.txt exists | pass |",
        "| it says hello | pass |",
      ].join("\n")}\nRALPH_VERDICT: PASS`,
      'US-1: not shown to hold: "greeting-US-1.txt exists"; US-2: not shown to hold: "greeting-US-2.txt exists", "it says hello"',
    ],
    [
      "one story's rows filed under another",
      `${table([
        row("US-1", "greeting-US-1.txt exists", "pass"),
        row("US-1", "greeting-US-2.txt exists", "pass"),
        row("US-1", "it says hello", "pass"),
      ])}\nRALPH_VERDICT: PASS`,
      'US-2: not shown to hold: "greeting-US-2.txt exists", "it says hello"',
    ],
  ])("a PASS with %s shows no story holding that its own rows do not name", (_n, text, which) => {
    expect(parseRegressionVerdict(text, stories)).toEqual({
      holding: [],
      regressed: [],
      criteria: expect.any(Array),
      problem: `PASS but the table does not show every story holding (${which})`,
    });
  });

  it.each([
    [
      "no verdict",
      "I looked around.",
      "no RALPH_VERDICT line at the end of the verifier output",
      0,
    ],
    [
      "a FAIL naming no failing story",
      `${table([
        row("US-1", "greeting-US-1.txt exists", "pass"),
        row("US-2", "greeting-US-2.txt exists", "pass"),
        row("US-2", "it says hello", "pass"),
      ])}\nRALPH_VERDICT: FAIL`,
      "FAIL, but the table marks every criterion of every story as pass: name the failing ones",
      3,
    ],
  ])("on %s, tells the verifier why nothing was decided", (_n, text, problem, rows) => {
    const r = parseRegressionVerdict(text, stories);
    expect(r).toMatchObject({ holding: [], regressed: [], problem });
    expect(r.criteria).toHaveLength(rows);
  });
});

describe("the criterion table, from surviving mutants", () => {
  const head = "| criterion | result |\n|---|---|";

  it("an emoji status with its variation selector (✔️, ❌️) reads as pass or fail", () => {
    const text = `${head}\n| Requests without a token get 401 | \u2714\uFE0F |\n| npm test passes | \u274C\uFE0F |\nRALPH_VERDICT: FAIL`;
    expect(parseVerdict(text, AC).criteria).toEqual([
      { criterion: "Requests without a token get 401", pass: true },
      { criterion: "npm test passes", pass: false },
    ]);
  });

  it("a criterion named with dots and dashes around it in the PRD is still named by its words", () => {
    const expected = ["... The total is shown ...", "— npm test passes —"];
    const text = `${head}\n| The total is shown | pass |\n| npm test passes | pass |\nRALPH_VERDICT: PASS`;
    expect(parseVerdict(text, expected)).toMatchObject({ verdict: "PASS", problem: null });
  });

  it("a PASS rejected for a broken table says so, even with a PLAN_INVALIDATION beside it", () => {
    const text = `${head}\n| Requests without a token get 401 | pass |\n| npm test passes | maybe |\nPLAN_INVALIDATION: the API moved\nRALPH_VERDICT: PASS`;
    expect(parseVerdict(text, AC)).toMatchObject({
      verdict: "FAIL",
      rejectedPass: true,
      problem: 'criteria table row has no pass/fail cell: "| npm test passes | maybe |"',
    });
  });

  it("after a broken table no later table counts: a regression FAIL then sends every story back", () => {
    const stories = [{ id: "US-1", criteria: ["greeting exists"] }];
    const broken =
      "| story | criterion | result |\n|---|---|---|\n| US-1 | greeting exists | pass |\n| US-1 | greeting exists | unsure |";
    const good = "| story | criterion | result |\n|---|---|---|\n| US-1 | greeting exists | pass |";
    const text = `${broken}\n\n${good}\nRALPH_VERDICT: FAIL`;
    expect(parseRegressionVerdict(text, stories)).toMatchObject({
      holding: [],
      regressed: [{ id: "US-1", reason: 'not shown to hold: "greeting exists"' }],
      criteria: [],
    });
  });
});

/**
 * The markers, fences and tokens verdict.ts reads at module level (its static mutants): each case
 * is the output a verifier could print and what Ralph must make of it.
 */
describe("the verdict block's patterns, from static mutants", () => {
  const head = "| criterion | result |";
  const rows = (status: string) =>
    `| Requests without a token get 401 | ${status} |\n| npm test passes | ${status} |`;

  it.each([
    [
      "a marker mentioned mid-line is prose: no re-plan, no complaint",
      "Notes: PLAN_INVALIDATION: the schema is wrong\nRALPH_VERDICT: FAIL",
      { verdict: "FAIL", invalidation: null, problem: null },
    ],
    [
      "a bold marker is a malformed one",
      "**PLAN_INVALIDATION:** the schema is wrong\nRALPH_VERDICT: FAIL",
      {
        invalidation: null,
        problem:
          'malformed PLAN_INVALIDATION line "**PLAN_INVALIDATION:** the schema is wrong": expected "PLAN_INVALIDATION: <one-line reason>"',
      },
    ],
    [
      "a blank before the marker's colon is a malformed marker",
      "PLAN_INVALIDATION : the schema is wrong\nRALPH_VERDICT: FAIL",
      { invalidation: null, problem: expect.stringMatching(/^malformed PLAN_INVALIDATION line/) },
    ],
    [
      "a fence with a language after the verdict is text after it",
      "RALPH_VERDICT: FAIL\n```text",
      {
        problem:
          'the RALPH_VERDICT line is not at the end: it is followed by other text ("```text")',
      },
    ],
    [
      "a closing fence of four backticks after a FAIL keeps it a clean FAIL",
      "````\nRALPH_VERDICT: FAIL\n````",
      { verdict: "FAIL", problem: null },
    ],
  ])("%s", (_name, text, expected) => {
    expect(parseVerdict(text, AC)).toMatchObject(expected);
  });

  it.each([
    [
      "a prose line ending in a fence ends the block: the table above it does not count",
      `${head}\n|---|---|\n${rows("pass")}\noutput:\`\`\`\nRALPH_VERDICT: PASS`,
      "PASS without a criterion table: list every acceptance criterion with pass or fail before the verdict line",
    ],
    [
      "a separator row with blanks in it is skipped",
      `${head}\n| --- | --- |\n${rows("failed")}\nRALPH_VERDICT: PASS`,
      'contradictory verdict: PASS but the table marks "Requests without a token get 401", "npm test passes" as fail',
    ],
  ])("%s", (_name, text, problem) => {
    expect(parseVerdict(text, AC)).toMatchObject({ verdict: "FAIL", rejectedPass: true, problem });
  });

  it("a row whose last column is a dash is a criterion row, not a separator", () => {
    const text = `| criterion | result | note |\n|---|---|---|\n| Requests without a token get 401 | pass | - |\n| npm test passes | pass | -- |\nRALPH_VERDICT: PASS`;
    expect(parseVerdict(text, AC)).toMatchObject({ verdict: "PASS", problem: null });
  });

  it("a criterion that starts with a dash is a criterion row, not a separator", () => {
    const text = `${head}\n|---|---|\n| -v prints the version | pass |\nRALPH_VERDICT: PASS`;
    expect(parseVerdict(text, ["-v prints the version"])).toMatchObject({ verdict: "PASS" });
  });

  it.each([
    ["passed", true],
    ["passes", true],
    ["✓", true],
    ["failed", false],
    ["fails", false],
    ["✗", false],
    ["✘", false],
    ["✖", false],
  ])("%j in the status cell reads as pass: %s", (status, pass) => {
    const text = `${head}\n|---|---|\n${rows(status)}\nRALPH_VERDICT: FAIL`;
    expect(parseVerdict(text, AC).criteria.map((c) => c.pass)).toEqual([pass, pass]);
  });
});
