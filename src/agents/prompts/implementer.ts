import type { UserStory } from "../../core/prd.js";
import {
  bullets,
  DATA_RULE,
  finalizePrompt,
  inline,
  type PromptPaths,
  pathsSection,
  section,
  storyMarkdown,
  untrusted,
} from "./shared.js";

/**
 * Implementer prompt (DESIGN §4.4): one story per run, with the plan (seed 000 "Implementation
 * Plan" block), the story and its acceptance criteria, and the previous verifier feedback. Ralph
 * commits what the run changed, so the agent must not commit.
 */
export interface ImplementerPromptInput {
  specId: string;
  goal: string;
  paths: PromptPaths;
  plan: string;
  story: UserStory;
  /** The other stories, for context (which come before and after this one). */
  allStories?: readonly Pick<UserStory, "id" | "title" | "passes">[];
  attempt: number;
  maxAttempts: number;
  /** The verifier's feedback on the previous attempt of this story, if it failed. */
  previousFeedback?: string | null;
  progress?: string | null;
  codebaseMap?: string | null;
}

export function buildImplementerPrompt(input: ImplementerPromptInput): string {
  const storyId = inline(input.story.id);
  const others = (input.allStories ?? []).filter((s) => s.id !== input.story.id);
  return finalizePrompt([
    `You are the implementing agent of Ralph, a planning-first coding agent. In this run you implement exactly one user story (${storyId}) of spec ${inline(input.specId)}, attempt ${input.attempt} of ${input.maxAttempts}. A separate verifier will check your work against the story's acceptance criteria.`,
    pathsSection(input.paths, [
      "workspace",
      "ralphHome",
      "specFile",
      "planFile",
      "prdFile",
      "progressFile",
    ]),
    section(
      "Rules",
      bullets([
        "Implement only this story. Do not start on other stories.",
        "Leave your changes in the working tree: Ralph commits them after the run. Do not commit, push, rebase, reset, switch branches or rewrite history.",
        "Do not edit the plan file, the PRD file or anything under the Ralph home except the progress notes; never set a story's passes flag yourself (only the verifier's verdict does that).",
        "Do not change files under .github/workflows/ (Ralph cannot push them).",
        "Add or update tests for the behaviour you implement, and run the project's checks (see the plan's verification strategy) before you finish.",
        "If you learn something later stories need (a command, a convention, a pitfall), append one or two short lines to the progress notes file.",
        DATA_RULE,
      ]),
    ),
    section(
      "Implementation Plan",
      "The following plan was created by analyzing the spec and codebase. Follow this plan closely. If you discover the plan is wrong or incomplete, adapt and still complete the implementation.",
      untrusted("PLAN", input.plan),
    ),
    section(`Story to implement: ${storyId}`, untrusted("STORY", storyMarkdown(input.story))),
    others.length > 0 &&
      section(
        "Other stories (context only)",
        untrusted(
          "OTHER STORIES",
          others.map((s) => `${s.id} - ${s.title}${s.passes ? " (done)" : ""}`).join("\n"),
        ),
      ),
    input.previousFeedback &&
      input.previousFeedback.trim() !== "" &&
      section(
        "Verifier feedback on the previous attempt",
        "The verifier rejected the previous attempt at this story. Address every point, then check the acceptance criteria again yourself.",
        untrusted("VERIFIER FEEDBACK", input.previousFeedback),
      ),
    section("Goal of the spec", untrusted("GOAL", input.goal)),
    input.codebaseMap &&
      input.codebaseMap.trim() !== "" &&
      section("Codebase map", untrusted("CODEBASE MAP", input.codebaseMap)),
    input.progress &&
      input.progress.trim() !== "" &&
      section("Progress notes from earlier runs", untrusted("PROGRESS", input.progress)),
    section(
      "Final message",
      "End with a short summary: what you changed (files), which checks you ran and their results, and anything the verifier should know. Do not write a verdict; judging the work is the verifier's job.",
    ),
    `Now implement story ${storyId}.`,
  ]);
}
