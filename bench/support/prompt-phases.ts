/**
 * Every agent phase's prompt built from the same sample task (a ~1 KB spec, plan, story, diff),
 * with the task's own material listed, so "fixed bytes" = prompt minus material. Shared by
 * bench/prompts.perf.ts and the prompt-budget test.
 */
import { buildArchitectPrompt } from "../../src/agents/prompts/architect.js";
import { buildCriticPrompt } from "../../src/agents/prompts/critic.js";
import { buildImplementerPrompt } from "../../src/agents/prompts/implementer.js";
import { buildPlannerPrompt, type PlannerPromptInput } from "../../src/agents/prompts/planner.js";
import { buildResearchPrompt } from "../../src/agents/prompts/research.js";
import { buildUnderstandPrompt } from "../../src/agents/prompts/understand.js";
import { buildVerifierPrompt } from "../../src/agents/prompts/verifier.js";
import type { Prd, UserStory } from "../../src/core/prd.js";

/** Issue 11's target for the fixed overhead of each phase's prompt. */
export const TARGET_BYTES = 3 * 1024;

const paths = {
  workspace: "/home/runner/work/app/app",
  ralphHome: ".ralph",
  specFile: ".ralph/specs/issue-42-add-export.md",
  planFile: ".ralph/specs/plans/issue-42-add-export.md",
  prdFile: ".ralph/specs/plans/issue-42-add-export.prd.json",
  codebaseMap: ".ralph/codebase_map.md",
  progressFile: ".ralph/progress.md",
};
const goal = `Add a CSV export to the reports page.\n\n${"The export must include every visible column. ".repeat(20)}`;
const plan = `# Plan: issue-42-add-export\n\n## Steps\n${"1. Change src/reports/export.ts to stream rows.\n".repeat(20)}`;
const story: UserStory = {
  id: "US-1",
  title: "Export rows as CSV",
  acceptanceCriteria: ["npm test passes", "the CSV has a header row"],
  priority: 1,
  passes: false,
  notes: "",
};
const storyText = [story.id, story.title, ...story.acceptanceCriteria].join("\n");
const diff = `diff --git a/src/reports/export.ts b/src/reports/export.ts\n${"+export const row = 1;\n".repeat(20)}`;
const prd: Prd = { branchName: "ralph/42-add-export", userStories: [story] };
const prdText = JSON.stringify(prd, null, 2);

export const bytes = (s: string) => Buffer.byteLength(s, "utf8");

export interface Phase {
  phase: string;
  prompt: string;
  /** The task's own material inside the prompt. */
  material: string[];
}

/** The planner's input for the sample task (the plan phase below, and the retry benchmark). */
export const plannerSample: PlannerPromptInput = {
  specId: "issue-42-add-export",
  goal,
  qa: [],
  notes: [],
  feedback: [],
  paths,
  branchName: prd.branchName,
  codebaseMap: null,
  questions: { allowed: true, round: 1, maxRounds: 2 },
};

export function promptPhases(): Phase[] {
  return [
    {
      phase: "plan",
      prompt: buildPlannerPrompt(plannerSample),
      material: [goal],
    },
    {
      phase: "implement",
      prompt: buildImplementerPrompt({
        specId: "issue-42-add-export",
        goal,
        paths,
        plan,
        story,
        attempt: 1,
        maxAttempts: 3,
      }),
      material: [goal, plan, storyText],
    },
    {
      phase: "verify",
      prompt: buildVerifierPrompt({
        specId: "issue-42-add-export",
        goal,
        paths,
        plan,
        story,
        commit: "a".repeat(40),
        baseCommit: "b".repeat(40),
        diffSummary: diff,
        attempt: 1,
      }),
      material: [goal, plan, storyText, diff],
    },
    {
      phase: "research",
      prompt: buildResearchPrompt({ goal, paths }),
      material: [goal],
    },
    {
      phase: "critic",
      prompt: buildCriticPrompt({
        paths,
        goal,
        qa: [],
        planText: plan,
        prd,
        round: 1,
        maxRounds: 2,
      }),
      material: [goal, plan, prdText],
    },
    {
      phase: "architect",
      prompt: buildArchitectPrompt({
        paths,
        goal,
        planText: plan,
        questions: ["Stream or buffer?"],
      } as Parameters<typeof buildArchitectPrompt>[0]),
      material: [goal, plan, "Stream or buffer?"],
    },
    {
      phase: "understand",
      prompt: buildUnderstandPrompt({
        paths,
        today: "2026-01-02",
        existingMap: null,
        maxTopics: 5,
      }),
      material: [],
    },
  ];
}
