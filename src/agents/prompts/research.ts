import { type ResearchReply, researchReplySchema } from "../../core/research.js";
import * as md from "./shared.js";

/**
 * Research prompt (seed 002 research + decision surfacing), adapted to one run that answers with
 * JSON: the research findings (research.json lists) and the decisions maintainers must make.
 */
export interface ResearchPromptInput {
  goal: string;
  qa?: readonly md.QaPair[];
  notes?: readonly string[];
  paths: md.PromptPaths;
  codebaseMap?: string | null;
  /** Why Ralph rated the task complex (src/core/complexity.ts signals). */
  complexitySignals?: readonly string[];
}

/** What the research agent's final JSON object must look like (src/core/research.ts). */
export const researchAgentOutputSchema = researchReplySchema;
export type ResearchAgentOutput = ResearchReply;

// Invalid JSON on purpose (placeholders), so an echoed prompt never yields a valid answer.
const OUTPUT_SHAPE = [
  "{",
  '  "research": {',
  '    "specs": [{"title": <string>, "summary": <string>, "url": <string>}, ...],',
  '    "best_practices": [{"practice": <string>, "rationale": <string>}, ...],',
  '    "pitfalls": [{"issue": <string>, "consequence": <string>, "prevention": <string>}, ...],',
  '    "references": [{"title": <string>, "url": <string>, "relevance": <string>}, ...]',
  "  },",
  '  "decisions": [{',
  '    "id": <"D1", "D2", ...>,',
  '    "title": <string>,',
  '    "category": <"architecture", "technology", "security", "integration" or "behavior">,',
  '    "context": <string: what needs deciding and why it matters>,',
  '    "options": [{"number": <1, 2, ...>, "label": <string>, "description": <string>}, ...],',
  '    "recommendation": <an option number, or null>,',
  '    "recommendation_rationale": <string>',
  "  }, ...]",
  "}",
].join("\n");

export function buildResearchPrompt(input: ResearchPromptInput): string {
  return md.finalizePrompt([
    "You are Ralph's research agent: before anything is planned, gather the technical information this task needs and surface the decisions the maintainers must make.",
    md.pathsSection(input.paths, ["workspace", "codebaseMap"]),
    md.section(
      "Rules",
      md.bullets([
        md.READ_ONLY_RULE,
        "Use web search and fetch if you have them for current, authoritative sources; otherwise rely on the repository (docs, dependencies, code) and what you know reliably.",
        "Never invent a URL: cite only pages you opened or are certain of; otherwise use an empty string for the url.",
        md.DATA_RULE,
      ]),
    ),
    md.section("Task", md.untrusted("TASK", input.goal)),
    input.qa &&
      input.qa.length > 0 &&
      md.section("Answers from the maintainers", md.untrusted("ANSWERS", md.qaMarkdown(input.qa))),
    md.listSection("Notes", "NOTES", input.notes, { separator: "\n\n" }),
    md.listSection(
      "Why this task was rated complex",
      "COMPLEXITY SIGNALS",
      input.complexitySignals,
    ),
    md.textSection("Codebase map", "CODEBASE MAP", input.codebaseMap),
    md.section(
      "Research",
      [
        "Compile, for this task in this repository:",
        "1. Specifications: relevant RFCs, official specs, authoritative documentation.",
        "2. Best practices: recommended approaches and patterns, with the rationale.",
        "3. Common pitfalls: known issues and anti-patterns, their consequence, and how to prevent them.",
        "4. References: authoritative sources for further reading and why each matters.",
        "Prefer what fits the repository's existing stack and conventions; check the code before recommending a library it does not use.",
      ].join("\n"),
    ),
    md.section(
      "Decisions",
      [
        "From the findings and the code, list the choices a maintainer should make before planning: several valid approaches, conflicting recommendations, risk trade-offs, or requirements the task leaves open.",
        md.bullets([
          "Categories, by impact: architecture, technology, security, integration, behavior.",
          "Each decision has 2 to 4 numbered options with a one-line description, and your recommendation (an option number) with its rationale when you have one.",
          "Do not ask what the task or the answers above already settle, or what the code makes obvious. No decisions is a fine answer for a clear task.",
          "At most 8 decisions, most important first.",
        ]),
      ].join("\n"),
    ),
    md.section(
      "Final message",
      [
        "End your final message with one JSON object of this shape, nothing after it (replace the angle-bracket placeholders):",
        OUTPUT_SHAPE,
      ].join("\n"),
    ),
  ]);
}
