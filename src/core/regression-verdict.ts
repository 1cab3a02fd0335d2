import {
  normalizeCriterion,
  quoteList,
  readVerdictBlock,
  unmetCriteria,
  type VerdictCriterion,
} from "./verdict.js";

/** One story of the regression run (DESIGN §4.4 regression gate). */
export interface RegressionStory {
  id: string;
  criteria: readonly string[];
}

export interface ParsedRegression {
  /** Stories whose every criterion the table names with pass, on an accepted verdict. */
  holding: string[];
  /** Stories that no longer hold, with why. */
  regressed: { id: string; reason: string }[];
  criteria: VerdictCriterion[];
  /** No verdict could be read, or a PASS was not accepted: nothing is decided on it. */
  problem: string | null;
}

/**
 * The regression run's verdict: one table over all stories (`| story | criterion | pass/fail |`)
 * and one verdict line. A FAIL sends back the stories that are not fully named with pass; a PASS
 * must name every criterion of every story with pass (as a story's PASS must).
 */
export function parseRegressionVerdict(
  text: string,
  stories: readonly RegressionStory[],
): ParsedRegression {
  const block = readVerdictBlock(
    text,
    stories.flatMap((s) => s.criteria),
  );
  if (typeof block === "string")
    return { holding: [], regressed: [], criteria: [], problem: block };
  const { criteria } = block;
  const holding: string[] = [];
  const regressed: { id: string; reason: string }[] = [];
  for (const story of stories) {
    const rows = criteria.filter((c) => c.story !== undefined && sameStory(c.story, story.id));
    const { missing, failed } = unmetCriteria(rows, story.criteria);
    if (failed.length > 0) regressed.push({ id: story.id, reason: `fails ${quoteList(failed)}` });
    else if (missing.length > 0)
      regressed.push({ id: story.id, reason: `not shown to hold: ${quoteList(missing)}` });
    else holding.push(story.id);
  }
  if (block.verdict === "PASS") {
    const problem =
      block.passProblem ??
      (regressed.length > 0
        ? `PASS but the table does not show every story holding (${regressed.map((r) => `${r.id}: ${r.reason}`).join("; ")})`
        : null);
    if (problem !== null) return { holding: [], regressed: [], criteria, problem };
    return { holding, regressed: [], criteria, problem: null };
  }
  if (regressed.length === 0) {
    // FAIL, yet every criterion reads pass: the verifier named no story that fails.
    return {
      holding: [],
      regressed: [],
      criteria,
      problem:
        "FAIL, but the table marks every criterion of every story as pass: name the failing ones",
    };
  }
  return { holding, regressed, criteria, problem: null };
}

function sameStory(cell: string, id: string): boolean {
  return normalizeCriterion(cell) === normalizeCriterion(id);
}
