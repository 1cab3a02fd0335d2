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
    "- Key files to modify and to read: <paths>",
    "- Approach: <approach>",
    "- Risks/trade-offs: <concerns, and the assumptions you made>",
    "",
    "## Steps",
    "1. <concrete step: file paths and what to do>",
    "",
    "## Verification strategy",
    "- <test commands to run, what to check>",
    "```",
  ].join("\n");

// Placeholders (`<string>`) make the example invalid JSON on purpose: if an agent echoed this
// prompt, Ralph's "last JSON object" extraction must not find a valid envelope in it.
const ENVELOPE_SHAPE =
  '{"questions": [<string>], "uncertainties": [{"topic": <string>, "reason": <string>, "evidenceMissing": <string>}], "prdDraft": <null, or {"branchName": <string>, "userStories": [{"id": <string>, "title": <string>, "acceptanceCriteria": [<string>], "priority": <integer>, "passes": false, "notes": <string>, "group": <integer, optional>, "files": [<string>, optional]}]}>, "recommendUnderstand": {"shouldRun": <boolean>, "reasons": [<string>]}}';

/**
 * A validation retry that resumes the planner's own session (claude, codex): the session holds
 * the first prompt already — task, rules, plan format, envelope — so only what was wrong goes
 * out, with the envelope's shape as a reminder. An agent without sessions gets the whole prompt
 * again instead, with the same errors in it (`validationErrors`).
 */
export function buildPlannerRetryPrompt(input: {
  validationErrors: readonly string[];
  planFile: string;
}): string {
  return md.finalizePrompt([
    md.validationSection(input.validationErrors, true),
    md.section(
      "Final message: the envelope",
      [
        `Keep the plan in \`${input.planFile}\` (correct it if a problem is in it), then end with one complete JSON object of this shape and nothing after it (replace the <placeholders>):`,
        ENVELOPE_SHAPE,
      ].join("\n"),
    ),
  ]);
}

function questionsRule(q: PlannerPromptInput["questions"]): string {
  if (!q.allowed) {
    return md.section(
      "Questions",
      "Questions are not possible in this run: `questions` must be an empty array and `prdDraft` a full PRD. Where information is missing, assume what is most reasonable and record it under Risks/trade-offs and in `uncertainties`.",
    );
  }
  return md.section(
    `Questions (round ${q.round} of at most ${q.maxRounds})`,
    "Ask only what a maintainer must decide and the code cannot tell (scope, interfaces, behaviour, data, errors, verification commands): at most 5 short questions, `prdDraft` null; you run again with the answers. Otherwise draft the PRD, recording your assumptions in the plan and `uncertainties`.",
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
    "You are Ralph's planning agent for this repository (the mission is below).",
    // Ralph home and the PRD file are Ralph's to write: the planner needs neither path.
    md.pathsSection(input.paths, [
      "workspace",
      "specFile",
      "planFile",
      "codebaseMap",
      "progressFile",
    ]),
    md.section(
      "Rules",
      md.bullets([
        "READ-ONLY except the plan file: any other change is reverted and fails the run. No commits, pushes, branch switches, installs, or builds and tests that write files. Ralph writes the PRD from your envelope.",
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
    // Without a map there is nothing to say: the mission already says to explore.
    input.codebaseMap !== null &&
      input.codebaseMap.trim() !== "" &&
      md.section("Codebase map", md.untrusted("CODEBASE MAP", input.codebaseMap)),
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
    md.validationSection(input.validationErrors),
    md.section(
      "Mission",
      [
        "Explore the code (structure, the files the change touches, build and tests), then write the plan file in this format:",
        planFormat(specId),
        "Then split the work into stories (rules below).",
      ].join("\n"),
    ),
    md.section(
      "PRD rules (strict: anything else is rejected)",
      md.bullets([
        `"branchName" (use exactly "${branch}"); at least one story; unique ids ("US-001"); priorities from 1 (the run order); "passes" false. No other keys, comments or trailing commas.`,
        'Optional: "group" (from 1; a story depends only on lower groups; stories of one group whose "files" do not overlap may run at once) and "files" (paths it creates or changes; a directory ends with "/").',
        "One story is one implementer run: small, independently verifiable, building on the ones before.",
        'Acceptance criteria are specific, verifiable and atomic, with the exact commands ("npm test passes"); nothing vague.',
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
        "Write the plan file first (when asking, what you know so far), then end with one JSON object of this shape and nothing after it (replace the <placeholders>):",
        ENVELOPE_SHAPE,
        "Set `recommendUnderstand.shouldRun` true if the codebase map is missing, stale or lacking.",
      ].join("\n"),
    ),
  ]);
}
