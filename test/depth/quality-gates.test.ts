import { describe, expect, it } from "vitest";
import type { Prd } from "../../src/core/prd.js";
import {
  architectQuestions,
  checkQualityGates,
  DEFAULT_VAGUE_WORDS,
  missingPlanFiles,
  vagueWordIn,
} from "../../src/core/quality-gates.js";

const files = new Set(["src/app.ts", "README.md", "test/app.test.ts"]);
const exists = (p: string) => files.has(p);
const prd = (criteria: string[]): Prd => ({
  branchName: "b",
  userStories: [
    { id: "US-1", title: "t", acceptanceCriteria: criteria, priority: 1, passes: false, notes: "" },
  ],
});
const input = (planText: string | null, criteria = ["npm test passes"]) => ({
  planText,
  prd: prd(criteria),
  exists,
  vagueWords: DEFAULT_VAGUE_WORDS,
  maxCriteriaPerStory: 3,
});

describe("quality gates (seed 004)", () => {
  it("a missing or empty plan fails the first gate alone", () => {
    expect(checkQualityGates(input(null))).toEqual([
      { gate: "plan_exists", issue: expect.stringContaining("missing") },
    ]);
    expect(checkQualityGates(input("  \n"))).toHaveLength(1);
  });

  it("files the plan names must exist unless marked new on their line", () => {
    const plan = [
      "- Key files to modify: `src/app.ts`, `src/missing.ts`",
      "- Create `src/login.ts` (new)",
      "- tests in test/login.test.ts (new)",
      "See https://example.com/docs/guide.md for more.",
      "Then update src/login.ts again and README.md.",
    ].join("\n");
    expect(missingPlanFiles(plan, exists)).toEqual(["src/missing.ts"]);
    const failures = checkQualityGates(input(plan));
    expect(failures.map((f) => f.gate)).toEqual(["files_exist"]);
    expect(failures[0]!.issue).toContain("src/missing.ts");
  });

  it("vague criteria fail unless they carry a measure; stories with too many criteria fail", () => {
    expect(vagueWordIn("The page loads properly", DEFAULT_VAGUE_WORDS)).toBe("properly");
    expect(vagueWordIn("Improve latency to under 200 ms", DEFAULT_VAGUE_WORDS)).toBeNull();
    expect(vagueWordIn("npm test passes", DEFAULT_VAGUE_WORDS)).toBeNull();
    expect(vagueWordIn("improvement log exists", ["improve"])).toBeNull();
    const failures = checkQualityGates(input("plan", ["a works correctly", "b", "c", "d"]));
    expect(failures.map((f) => f.gate)).toEqual(["concrete_criteria", "story_size"]);
  });

  it("reads ARCHITECT_QUESTION blocks from the plan", () => {
    const plan =
      "## Analysis\nARCHITECT_QUESTION:\n- Topic: Security\n- Specific Question: cookies or sessions?\n\n## Steps\n1. x\n";
    expect(architectQuestions(plan)).toEqual([
      "Topic: Security\nSpecific Question: cookies or sessions?",
    ]);
    expect(architectQuestions("no questions")).toEqual([]);
  });
});
