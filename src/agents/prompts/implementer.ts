import type { FeedbackFile } from "../../core/followup.js";
import type { UserStory } from "../../core/prd.js";
import { storyFeedbackSections } from "./amend.js";
import * as md from "./shared.js";

/**
 * Implementer prompt (DESIGN §4.4): one story per run, with the plan (seed 000 "Implementation
 * Plan" block), the story and its acceptance criteria, and why the previous attempt was rejected. Ralph
 * commits what the run changed, so the agent must not commit.
 */
export interface ImplementerPromptInput {
  specId: string;
  goal: string;
  paths: md.PromptPaths;
  plan: string;
  story: UserStory;
  /** The other stories, for context (which come before and after this one). */
  allStories?: readonly Pick<UserStory, "id" | "title" | "passes">[];
  attempt: number;
  maxAttempts: number;
  /** Why the previous attempt of this story was rejected, who rejected it first (if it was). */
  previousFeedback?: string | null;
  progress?: string | null;
  codebaseMap?: string | null;
  /** The follow-up round's feedback, when the story is a follow-up story (FU-n). */
  followUp?: FeedbackFile | null;
}

export function buildImplementerPrompt(input: ImplementerPromptInput): string {
  const storyId = md.inline(input.story.id);
  const others = (input.allStories ?? []).filter((s) => s.id !== input.story.id);
  return md.finalizePrompt([
    `You are the implementing agent of Ralph, a planning-first coding agent. In this run you implement exactly one user story (${storyId}) of spec ${md.inline(input.specId)}, attempt ${input.attempt} of ${input.maxAttempts}. A separate verifier will check your work against the story's acceptance criteria.`,
    md.pathsSection(input.paths, [...md.SPEC_PATHS, "progressFile"]),
    md.section(
      "Rules",
      md.bullets([
        "Implement only this story. Do not start on other stories.",
        "Leave your changes in the working tree: Ralph commits them after the run. Do not commit, push, rebase, reset, switch branches or rewrite history.",
        "Do not edit the plan file, the PRD file or anything under the Ralph home except the progress notes; never set a story's passes flag yourself (only the verifier's verdict does that).",
        "Do not change files under .github/workflows/ (Ralph cannot push them).",
        "Add or update tests for the behaviour you implement, and run the project's checks (see the plan's verification strategy) before you finish.",
        "If you learn something later stories need (a command, a convention, a pitfall), append one or two short lines to the progress notes file.",
        md.DATA_RULE,
      ]),
    ),
    md.section(
      "Implementation Plan",
      "The following plan was created by analyzing the spec and codebase. Follow this plan closely. If you discover the plan is wrong or incomplete, adapt and still complete the implementation.",
      md.untrusted("PLAN", input.plan),
    ),
    md.section(
      `Story to implement: ${storyId}`,
      md.untrusted("STORY", md.storyMarkdown(input.story)),
    ),
    others.length > 0 &&
      md.section(
        "Other stories (context only)",
        md.untrusted(
          "OTHER STORIES",
          others.map((s) => `${s.id} - ${s.title}${s.passes ? " (done)" : ""}`).join("\n"),
        ),
      ),
    md.textSection(
      "Why the previous attempt was rejected",
      "FEEDBACK",
      input.previousFeedback,
      "Its first line says who rejected it (one of the project's checks Ralph ran, the verifier, the regression gate, or Ralph's own guard). Address every point, then check the acceptance criteria again yourself.",
    ),
    ...storyFeedbackSections(input.followUp, input.story.id),
    md.section("Goal of the spec", md.untrusted("GOAL", input.goal)),
    md.textSection("Codebase map", "CODEBASE MAP", input.codebaseMap),
    md.textSection("Progress notes from earlier runs", "PROGRESS", input.progress),
    md.section(
      "Final message",
      "End with a short summary: what you changed (files), which checks you ran and their results, and anything the verifier should know. Do not write a verdict; judging the work is the verifier's job.",
    ),
    `Now implement story ${storyId}.`,
  ]);
}
