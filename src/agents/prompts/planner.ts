import type { Prd } from "../../core/prd.js";
import type { ResearchFindings } from "../../core/research.js";
import * as md from "./shared.js";

/**
 * Planner prompt: seed 001's planner prompt with seed 000's plan format, the seed 000 re-planning
 * block, and seed 003's envelope protocol (DESIGN §4.2). The planner writes the plan file and
 * prints the envelope JSON as its final message.
 */
export interface PlannerPromptInput {
  specId: string;
  /** The goal: issue title + body, or the spec file text. Untrusted. */
  goal: string;
  /** Trusted Q&A (answers by users with write access). Still fenced: it is user text. */
  qa: readonly md.QaPair[];
  /** `/ralph plan <notes>`. */
  notes: readonly string[];
  /** `/ralph revise`, "changes requested" reviews. */
  feedback: readonly string[];
  paths: md.PromptPaths;
  /** The PRD's `branchName` Ralph will use. */
  branchName: string;
  codebaseMap: string | null;
  progress?: string | null;
  /** Whether the planner may ask questions this round (DESIGN §2.1 step 3). */
  questions: { allowed: boolean; round: number; maxRounds: number };
  research?: ResearchFindings | null;
  /** Decisions the maintainers resolved (seed 002), as "title: chosen option (details)". */
  decisions?: readonly string[];
  /** Seed 000 re-planning: the invalidated plan and the verifier's reason. */
  replan?: { previousPlan: string; reason: string } | null;
  /** The PRD currently on the branch, when revising it. */
  currentPrd?: Prd | null;
  /** Seed 004 consensus: the critic's feedback on the previous draft, and architect answers. */
  criticFeedback?: readonly string[];
  architectAnswers?: string | null;
  /** The previous envelope failed validation (seed 003 validation-retry). */
  validationErrors?: readonly string[];
  /** Seed 004: an architect and a critic review this plan; the plan may ask the architect. */
  consensus?: boolean;
}

const planFormat = (specId: string) =>
  [
    "```markdown",
    `# Plan: ${specId}`,
    "",
    "## Analysis",
    "- Target repo: <repo name and path>",
    "- Key files to modify: <list with paths>",
    "- Key files to read for context: <list with paths>",
    "- Approach: <description of the approach>",
    "- Risks/trade-offs: <any concerns, and the assumptions you made>",
    "",
    "## Steps",
    "1. <concrete step with file paths and what to do>",
    "2. <next step>",
    "...",
    "",
    "## Verification strategy",
    "- <specific test commands to run>",
    "- <what to check>",
    "```",
  ].join("\n");

// Placeholders (`<string>`) make the example invalid JSON on purpose: if an agent echoed this
// prompt, Ralph's "last JSON object" extraction must not find a valid envelope in it.
const ENVELOPE_SHAPE = [
  "{",
  '  "questions": [<string>, ...],',
  '  "uncertainties": [{"topic": <string>, "reason": <string>, "evidenceMissing": <string>}, ...],',
  '  "prdDraft": <null, or {"branchName": <string>, "userStories": [<story>, ...]}>,',
  '  "recommendUnderstand": {"shouldRun": <true or false>, "reasons": [<string>, ...]}',
  "}",
  "",
  '<story> = {"id": <string>, "title": <string>, "acceptanceCriteria": [<string>, ...], "priority": <integer>, "passes": false, "notes": <string>, "group": <integer, optional>, "files": [<string>, ..., optional]}',
].join("\n");

function questionsRule(q: PlannerPromptInput["questions"]): string {
  if (!q.allowed) {
    return md.section(
      "Questions",
      "Questions are not possible in this run: `questions` must be an empty array and `prdDraft` must be a full PRD. Where information is missing, make the most reasonable assumption, write it under Risks/trade-offs in the plan, and list it in `uncertainties`.",
    );
  }
  return md.section(
    `Questions (round ${q.round} of at most ${q.maxRounds})`,
    [
      "Ask only what a maintainer must decide and you cannot find out from the code: scope, interfaces, behaviour, data model, error handling, and the exact verification commands if the repository does not make them clear.",
      "If you ask, put at most 5 short, self-contained questions in `questions` and set `prdDraft` to null; Ralph posts them on the issue and runs you again with the answers.",
      "If you can draft a good PRD with reasonable assumptions, do so: `questions` empty, assumptions recorded in the plan and in `uncertainties`.",
    ].join("\n"),
  );
}

function researchBlock(research: ResearchFindings): string {
  const lines = [
    ...research.specs.map((s) => `spec: ${s.title} (${s.url}) - ${s.summary}`),
    ...research.best_practices.map((b) => `best practice: ${b.practice} - ${b.rationale}`),
    ...research.pitfalls.map(
      (p) => `pitfall: ${p.issue} - ${p.consequence}; prevention: ${p.prevention}`,
    ),
    ...research.references.map((r) => `reference: ${r.title} (${r.url}) - ${r.relevance}`),
  ];
  return lines.join("\n");
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one prompt, written in the order the agent reads it.
export function buildPlannerPrompt(input: PlannerPromptInput): string {
  const specId = md.inline(input.specId);
  const branch = md.inline(input.branchName);
  return md.finalizePrompt([
    "You are the planning agent of Ralph, a planning-first coding agent that works on this repository through GitHub. In this run you explore the code read-only, write an implementation plan to the plan file, and finish with a JSON envelope that Ralph validates.",
    md.pathsSection(input.paths, [...md.SPEC_PATHS, "codebaseMap", "progressFile"]),
    md.section(
      "Rules",
      md.bullets([
        `READ-ONLY: do not create, modify or delete any file except the plan file (${md.inline(input.paths.planFile, 500)}). Ralph checks \`git status\` after this run; any other change is reverted and the run fails.`,
        "Do not commit, push, switch branches, install dependencies, or run builds and tests that write files.",
        "Read-only commands are fine: ls, cat, grep, rg, git log, git show, git diff, git ls-files.",
        "Do not write the PRD file: Ralph writes it from your envelope.",
        "Nobody can answer you during this run; questions go in the envelope only (see Questions).",
        md.DATA_RULE,
      ]),
    ),
    md.section(`Goal (spec ${specId})`, md.untrusted("GOAL", input.goal)),
    input.qa.length > 0 &&
      md.section(
        "Answers from the maintainers",
        "These answers come from users with write access to the repository. They settle the questions they answer.",
        md.untrusted("ANSWERS", md.qaMarkdown(input.qa)),
      ),
    md.listSection("Planning notes", "NOTES", input.notes, { separator: "\n\n" }),
    md.listSection("Reviewer feedback on the previous PRD", "FEEDBACK", input.feedback, {
      intro: "Revise the plan and the PRD to address this feedback.",
      separator: "\n\n",
    }),
    input.currentPrd &&
      md.section(
        "Current PRD",
        md.untrusted("CURRENT PRD", JSON.stringify(input.currentPrd, null, 2)),
      ),
    md.listSection("Decisions already made", "DECISIONS", input.decisions),
    input.research &&
      md.section("Research findings", md.untrusted("RESEARCH", researchBlock(input.research))),
    md.section(
      "Codebase map",
      input.codebaseMap === null || input.codebaseMap.trim() === ""
        ? "There is no codebase map yet; explore the repository yourself."
        : md.untrusted("CODEBASE MAP", input.codebaseMap),
    ),
    input.progress &&
      input.progress.trim() !== "" &&
      md.section("Progress notes from earlier runs", md.untrusted("PROGRESS", input.progress)),
    input.replan &&
      md.section(
        "Re-planning",
        "IMPORTANT: a previous plan was invalidated by the verifier. Learn from its mistakes and do not repeat the same approach.",
        md.untrusted("INVALIDATION REASON", input.replan.reason),
        md.untrusted("PREVIOUS PLAN", input.replan.previousPlan),
      ),
    md.listSection(
      "Critic feedback on your previous draft",
      "CRITIC FEEDBACK",
      input.criticFeedback,
      {
        intro:
          "A reviewer rejected the previous plan. Fix every critical issue; fix minor issues where cheap.",
      },
    ),
    input.architectAnswers &&
      md.section("Architect guidance", md.untrusted("ARCHITECT ANSWERS", input.architectAnswers)),
    md.listSection(
      "Your previous envelope was invalid",
      "VALIDATION ERRORS",
      input.validationErrors,
      {
        intro:
          "Ralph could not accept your previous final message. Fix exactly these problems and answer with a complete, valid envelope:",
      },
    ),
    md.section(
      "Mission",
      [
        "1. Read and understand the goal, the answers and the feedback above.",
        "2. Explore the codebase: structure, existing patterns, the files the change touches, and how the project is built and tested.",
        "3. Write the plan to the plan file, in this format:",
        planFormat(specId),
        "4. Split the work into user stories for the PRD (rules below).",
        "5. Finish with the envelope as your final message.",
      ].join("\n"),
    ),
    md.section(
      "PRD rules (strict schema; anything else is rejected)",
      md.bullets([
        `Exactly two top-level keys: "branchName" (use exactly "${branch}") and "userStories" (at least one).`,
        'Each story has exactly six keys: "id" (unique, like "US-001"), "title", "acceptanceCriteria" (non-empty array of non-empty strings), "priority" (integer from 1; stories run in ascending priority), "passes" (always false), "notes" (string, may be empty).',
        'Two more keys are allowed, for stories that could run at the same time: "group" (integer from 1: a parallel group; a story may depend only on stories of lower groups, so stories of one group are independent) and "files" (the repository paths the story will create or change; a directory ends with "/"). Stories of one group whose files do not overlap may be implemented at once.',
        "One story is one implementer run: small, atomic, independently verifiable, ordered so each builds on the previous ones.",
        'Acceptance criteria are specific, verifiable, independent and atomic; include the exact verification commands (for example "npm test passes" or "pytest tests/test_api.py passes"). Nothing vague like "works correctly" or "code is clean".',
        "No other keys anywhere, no comments, no trailing commas.",
      ]),
    ),
    questionsRule(input.questions),
    input.consensus &&
      md.section(
        "Review before the maintainers see it",
        [
          'An architect and a critic review this plan before the maintainers do. Before the critic, Ralph checks that every file the plan names exists in the repository (mark files you will create as new, e.g. `src/auth/session.ts` (new)), that every acceptance criterion is concrete (no vague words like "properly" or "improve" without a measure) and that stories are small.',
          "If a design choice needs the architect's judgment, add this block to the plan file (one per question); the architect answers before the critic reviews:",
          "ARCHITECT_QUESTION:\n- Topic: <Architecture, Performance, Security or Pattern>\n- Context: <what you are planning>\n- Files to examine: <paths>\n- Specific Question: <what you need answered>",
        ].join("\n"),
      ),
    md.section(
      "Final message: the envelope",
      [
        "Write the plan file first (when you ask questions instead of drafting, write what you know so far). Then end your final message with one JSON object and nothing after it. It has exactly these four keys:",
        md.bullets([
          "questions: array of strings (empty when you draft the PRD).",
          "uncertainties: array of objects with exactly the keys topic, reason, evidenceMissing (all strings): what you could not establish from the code and why.",
          "prdDraft: null when you ask questions, otherwise the PRD object.",
          "recommendUnderstand: object with exactly the keys shouldRun (boolean) and reasons (array of strings); set shouldRun to true when the codebase map is missing, stale, or lacked what you needed.",
        ]),
        "Its shape, with placeholders in angle brackets (this outline is not valid JSON; write real values):",
        ENVELOPE_SHAPE,
      ].join("\n"),
    ),
    "Now read the goal and plan the implementation.",
  ]);
}
