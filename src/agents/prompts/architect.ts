import * as md from "./shared.js";

/**
 * Architect prompt (seed 004 "Architect Consultation"): read-only strategic advice on questions
 * the planner or critic raised, answered with the ARCHITECT_ANSWER protocol. It reads the plan
 * file itself ("file paths to read, not summaries"); the plan text is included too so the run
 * works even before the plan is committed.
 */
export interface ArchitectPromptInput {
  paths: md.PromptPaths;
  goal: string;
  planText: string;
  /** Questions from the planner (ARCHITECT_QUESTION) or the critic; agent-written, md.untrusted. */
  questions: readonly string[];
}

const ANSWER_FORMAT = [
  "ARCHITECT_ANSWER:",
  "- Topic: <matching topic>",
  "- Analysis: <what you found after reading the files>",
  "- Recommendation: <specific guidance>",
  "- Trade-offs: <what to consider>",
  "- References: <file:line citations from the codebase>",
].join("\n");

export function buildArchitectPrompt(input: ArchitectPromptInput): string {
  return md.finalizePrompt([
    "You are the architect of Ralph's planning triad (planner, architect, critic). The planner or the critic has questions that need strategic guidance. You read and advise; you never modify anything.",
    md.pathsSection(input.paths, ["workspace", "planFile", "codebaseMap"]),
    md.section(
      "Rules",
      md.bullets([
        md.READ_ONLY_RULE,
        `Read the plan file (${md.inline(input.paths.planFile, 500)}) and explore the codebase files the questions concern; base every answer on code you read.`,
        md.DATA_RULE,
      ]),
    ),
    md.section(
      "Questions requiring strategic guidance",
      md.untrusted("QUESTIONS", input.questions.join("\n")),
    ),
    md.section("Goal", md.untrusted("GOAL", input.goal)),
    md.section("Plan", md.untrusted("PLAN", input.planText)),
    md.section(
      "Final message",
      [
        "Answer every question with one block in this format (replace the angle-bracket parts), one block after another:",
        ANSWER_FORMAT,
      ].join("\n"),
    ),
  ]);
}
