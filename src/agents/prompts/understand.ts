import { DEFAULT_UNDERSTAND_TOPICS, defaultCodebaseMap } from "../../core/codebase-map.js";
import * as md from "./shared.js";

/**
 * Understand prompt (seed 003 understand mode): read-only except the codebase map; investigate
 * unchecked topics from its `## Next Topics` checklist, one dated `## YYYY-MM-DD - <topic>` entry
 * per topic (the staleness check in src/core/codebase-map.ts reads those headers).
 */
export interface UnderstandPromptInput {
  paths: md.PromptPaths;
  /** Today as `YYYY-MM-DD` (the caller's clock). */
  today: string;
  /** Current map text, or null when it does not exist yet. */
  existingMap: string | null;
  /** How many topics to cover in this run. */
  maxTopics: number;
  /** Topics the planner was uncertain about; covered first. */
  focusTopics?: readonly string[];
  /** The goal being planned, so findings stay relevant. */
  goal?: string | null;
}

export function buildUnderstandPrompt(input: UnderstandPromptInput): string {
  const map = md.inline(input.paths.codebaseMap, 500);
  const today = md.inline(input.today, 20);
  return md.finalizePrompt([
    "You are the understanding agent of Ralph, a planning-first coding agent. In this run you study the repository and record what you learn in the codebase map, so later planning and implementation runs start from facts instead of guesses.",
    md.pathsSection(input.paths, ["workspace", "ralphHome", "codebaseMap"]),
    md.section(
      "Rules",
      md.bullets([
        `READ-ONLY except the codebase map: the only file you may create or change is ${map}. Ralph checks \`git status\` after this run; any other change is reverted and the run fails.`,
        "Do not commit, push, switch branches, install dependencies, or run commands that write files. Read-only commands (ls, cat, grep, rg, git log, git show) are fine.",
        md.DATA_RULE,
      ]),
    ),
    md.section(
      "Current codebase map",
      input.existingMap === null || input.existingMap.trim() === ""
        ? [
            `The map does not exist yet. Create ${map} starting from this skeleton:`,
            "```markdown",
            defaultCodebaseMap(DEFAULT_UNDERSTAND_TOPICS).trimEnd(),
            "```",
          ].join("\n")
        : md.untrusted("CODEBASE MAP", input.existingMap),
    ),
    md.listSection(
      "Topics the planner was unsure about (cover these first)",
      "FOCUS TOPICS",
      input.focusTopics,
    ),
    input.goal && md.section("Goal being planned", md.untrusted("GOAL", input.goal)),
    md.section(
      "Mission",
      [
        `1. Pick up to ${input.maxTopics} topics: the focus topics above first, then unchecked items (\`- [ ] \`) under \`## Next Topics\`, top to bottom.`,
        "2. Investigate each topic in the code: concrete file paths, entry points, commands, conventions, and how the pieces connect. Record facts you verified, not guesses.",
        `3. For each topic, append an entry at the end of the map whose heading is \`## ${today} - <topic>\` (exactly that date and a space, hyphen, space), followed by concise bullet points.`,
        "4. Tick the topic in `## Next Topics` (`- [x] `). Add newly discovered topics worth a later look as unchecked items there.",
        "5. Keep the map short and factual: update outdated statements instead of repeating them.",
      ].join("\n"),
    ),
    md.section(
      "Final message",
      "A short summary: the topics you covered and the most important findings, one line each.",
    ),
  ]);
}
