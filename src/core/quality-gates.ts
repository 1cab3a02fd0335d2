import type { Prd } from "./prd.js";

/** When seed 004's consensus applies: `always`, or `auto` for a complex task. */
export function consensusApplies(
  planning: { consensus: "off" | "auto" | "always" },
  complexity: "simple" | "complex" | null,
): boolean {
  return (
    planning.consensus === "always" || (planning.consensus === "auto" && complexity === "complex")
  );
}

/**
 * Seed 004 "Quality Gates", as code: checked before every Critic run, so the Critic never spends
 * a round on a plan that is missing, names files that do not exist, has vague acceptance criteria
 * or stories too big for one implementer run. A failing gate is a REJECT with the gate's words
 * as the feedback to the planner. Pure: the caller says which repository files exist.
 */

export type QualityGate = "plan_exists" | "files_exist" | "concrete_criteria" | "story_size";

export interface GateFailure {
  gate: QualityGate;
  issue: string;
}

export interface QualityGateInput {
  planText: string | null;
  prd: Prd;
  /** Whether a repository path (POSIX, repo-relative) exists in the checkout. */
  exists: (path: string) => boolean;
  /** Words and phrases that make a criterion vague unless it also has a number (a measure). */
  vagueWords: readonly string[];
  maxCriteriaPerStory: number;
}

export const DEFAULT_VAGUE_WORDS: readonly string[] = [
  "works correctly",
  "work correctly",
  "works properly",
  "properly",
  "as expected",
  "improve",
  "improved",
  "optimize",
  "optimized",
  "better",
  "clean code",
  "user-friendly",
  "intuitive",
  "robust",
  "appropriate",
  "etc",
];

const EXTENSIONS =
  "tsx?|jsx?|mjs|cjs|py|rb|go|rs|java|kt|cs|cpp|c|h|hpp|md|json|ya?ml|toml|exs?|sql|html|css|scss|sh|php|swift|vue|svelte|txt|lock";

/** `src/app.ts`, `./lib/x.py`, `README.md`: a path with a known extension, not part of a URL. */
const PATH_MENTION = new RegExp(
  `(?<![\\w./:@-])(?:\\.\\/)?((?:[\\w.-]+\\/)*[\\w-][\\w.-]*\\.(?:${EXTENSIONS}))(?![\\w/-])`,
  "g",
);

/** A line that says the file is to be created. */
const MARKED_NEW =
  /\bnew\b|\b(?:create[sd]?|creating|add|adds|added|adding|write|writes|writing|generate[sd]?|introduce[sd]?)\b/i;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Paths the plan names that are neither in the repository nor marked new on their line. */
export function missingPlanFiles(planText: string, exists: (path: string) => boolean): string[] {
  const missing = new Set<string>();
  const markedNew = new Set<string>();
  const mentions: string[] = [];
  for (const line of planText.split(/\r?\n/)) {
    if (/https?:\/\//.test(line) && !/`/.test(line)) continue;
    const isNew = MARKED_NEW.test(line);
    for (const m of line.matchAll(PATH_MENTION)) {
      const path = m[1]!.replace(/^\.\//, "");
      if (isNew) markedNew.add(path);
      else mentions.push(path);
    }
  }
  for (const path of mentions) {
    if (!markedNew.has(path) && !exists(path)) missing.add(path);
  }
  return [...missing];
}

/** The vague word a criterion uses without a measure, or null. */
export function vagueWordIn(criterion: string, vagueWords: readonly string[]): string | null {
  if (/\d/.test(criterion)) return null;
  for (const word of vagueWords) {
    const body = word.trim();
    if (body === "") continue;
    const re = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(body)}(?![\\p{L}\\p{N}_])`, "iu");
    if (re.test(criterion)) return body;
  }
  return null;
}

export function checkQualityGates(input: QualityGateInput): GateFailure[] {
  if (input.planText === null || input.planText.trim() === "") {
    return [{ gate: "plan_exists", issue: "the plan file is missing or empty: write the plan" }];
  }
  const failures: GateFailure[] = [];
  const missing = missingPlanFiles(input.planText, input.exists);
  if (missing.length > 0) {
    failures.push({
      gate: "files_exist",
      issue: `the plan names files that do not exist in the repository: ${missing.join(", ")}. Fix the paths, or mark files to be created as new (e.g. "\`path\` (new)")`,
    });
  }
  for (const story of input.prd.userStories) {
    for (const criterion of story.acceptanceCriteria) {
      const word = vagueWordIn(criterion, input.vagueWords);
      if (word !== null) {
        failures.push({
          gate: "concrete_criteria",
          issue: `${story.id} has a vague acceptance criterion ("${criterion}" uses "${word}" without a measure): say exactly what is checked and how`,
        });
      }
    }
    if (story.acceptanceCriteria.length > input.maxCriteriaPerStory) {
      failures.push({
        gate: "story_size",
        issue: `${story.id} has ${story.acceptanceCriteria.length} acceptance criteria (at most ${input.maxCriteriaPerStory}): split it into smaller stories`,
      });
    }
  }
  return failures;
}

/** One feedback line per failure, as the planner reads it. */
export function gateFeedback(failures: readonly GateFailure[]): string[] {
  return failures.map((f) => `Quality gate ${f.gate}: ${f.issue}`);
}

/** Seed 004 ARCHITECT_QUESTION blocks in the plan: each block's lines, joined. */
export function architectQuestions(planText: string): string[] {
  const out: string[] = [];
  const lines = planText.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*(?:[-*]\s*)?ARCHITECT_QUESTION:\s*$/.test(lines[i]!)) continue;
    const block: string[] = [];
    for (i += 1; i < lines.length && /^\s*[-*]\s+\S/.test(lines[i]!); i++) {
      block.push(lines[i]!.trim().replace(/^[-*]\s+/, ""));
    }
    i -= 1;
    if (block.length > 0) out.push(block.join("\n"));
  }
  return out;
}
