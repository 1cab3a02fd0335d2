import type { Prd } from "../../core/prd.js";
import * as md from "./shared.js";

/**
 * Critic prompt and verdict parser (seed 004 "Critic Review" + CRITIC_FEEDBACK protocol,
 * DESIGN §4.3). The critic reviews the draft plan and PRD read-only and ends with a
 * CRITIC_FEEDBACK block whose verdict is OKAY or REJECT.
 */
export interface CriticPromptInput {
  paths: md.PromptPaths;
  goal: string;
  qa: readonly md.QaPair[];
  planText: string;
  prd: Prd;
  round: number;
  maxRounds: number;
  /** Results of Ralph's quality gates that passed with remarks (file references checked, ...). */
  gateNotes?: readonly string[];
  architectAnswers?: string | null;
  /** The critic's own feedback from the previous round, to check it was addressed. */
  previousFeedback?: readonly string[];
}

const FEEDBACK_FORMAT = [
  "CRITIC_FEEDBACK:",
  "- Verdict: <OKAY or REJECT>",
  "- Critical Issues:",
  "  1. <issue, with the specific fix required>",
  "- Minor Issues:",
  "  1. <nice to fix>",
  "- Questions for Architect (if any):",
  "  1. <architectural question needing expert input>",
].join("\n");

export function buildCriticPrompt(input: CriticPromptInput): string {
  return md.finalizePrompt([
    `You are the critic of Ralph's planning triad (planner, architect, critic): a ruthless reviewer. The planner drafted a plan and a PRD; nothing is shown to the maintainers until you approve it or ${input.maxRounds} rounds have passed. This is round ${input.round} of ${input.maxRounds}.`,
    md.pathsSection(input.paths, ["workspace", "planFile", "prdFile", "codebaseMap"]),
    md.section(
      "Rules",
      md.bullets([
        md.READ_ONLY_RULE,
        `Read the plan (${md.inline(input.paths.planFile, 500)}) and check its claims against the code: the files it names exist, the approach fits the code's structure, the verification commands exist in the project.`,
        md.DATA_RULE,
      ]),
    ),
    md.section(
      "Review checklist",
      md.bullets([
        "The plan and the stories together achieve the goal and the maintainers' answers, and nothing beyond them.",
        "Every step says exactly what to do, with file references; no ambiguous language.",
        'Acceptance criteria are concrete and verifiable, with exact commands where checks apply; no vague "improve" or "optimize" without a measure.',
        "Stories are atomic, each fits one implementer run, and their priorities order dependencies correctly.",
        "Risks and edge cases are identified with mitigations; the verification strategy would catch a wrong implementation.",
      ]),
    ),
    md.section("Goal", md.untrusted("GOAL", input.goal)),
    input.qa.length > 0 &&
      md.section("Answers from the maintainers", md.untrusted("ANSWERS", md.qaMarkdown(input.qa))),
    md.section("Plan", md.untrusted("PLAN", input.planText)),
    md.section("PRD draft", md.untrusted("PRD", JSON.stringify(input.prd, null, 2))),
    md.listSection("Quality gate notes", "GATE NOTES", input.gateNotes),
    input.architectAnswers &&
      md.section("Architect guidance", md.untrusted("ARCHITECT ANSWERS", input.architectAnswers)),
    md.listSection(
      "Your feedback from the previous round",
      "PREVIOUS FEEDBACK",
      input.previousFeedback,
      {
        intro: "Check that each point was addressed.",
      },
    ),
    md.section(
      "Final message",
      [
        "End your final message with this block and nothing after it (replace the angle-bracket parts; write None under a heading that has no items):",
        FEEDBACK_FORMAT,
        "Give the verdict OKAY only when there are no critical issues; otherwise REJECT, with each critical issue stating the specific fix. Anything Ralph cannot parse counts as REJECT.",
      ].join("\n"),
    ),
  ]);
}

export interface CriticFeedback {
  verdict: "OKAY" | "REJECT";
  criticalIssues: string[];
  minorIssues: string[];
  architectQuestions: string[];
  /** The CRITIC_FEEDBACK block as written, for the planner's next round. */
  block: string;
  /** Why the output was treated as REJECT without a clean verdict; null when it parsed. */
  problem: string | null;
}

const HEADER = /^[\s#>]*CRITIC_FEEDBACK:\s*$/;
const SECTIONS: { key: "criticalIssues" | "minorIssues" | "architectQuestions"; re: RegExp }[] = [
  { key: "criticalIssues", re: /^\s*(?:[-*]\s*)?Critical Issues\b[^:]*:\s*(.*)$/i },
  { key: "minorIssues", re: /^\s*(?:[-*]\s*)?Minor Issues\b[^:]*:\s*(.*)$/i },
  { key: "architectQuestions", re: /^\s*(?:[-*]\s*)?Questions for Architect\b[^:]*:\s*(.*)$/i },
];
const ITEM = /^\s*(?:\d+[.)]|[-*])\s+(.*\S)\s*$/;
const NONE = /^(?:none|n\/a|nothing|-)\.?$/i;

/**
 * Reads the LAST CRITIC_FEEDBACK block. A missing block, a missing or conflicting verdict, or
 * OKAY alongside critical issues all come back as REJECT with `problem` set (fail closed).
 */
export function parseCriticFeedback(text: string): CriticFeedback {
  const lines = text.split(/\r?\n/);
  let start = -1;
  lines.forEach((line, i) => {
    if (HEADER.test(md.markerText(line))) start = i;
  });
  const result: CriticFeedback = {
    verdict: "REJECT",
    criticalIssues: [],
    minorIssues: [],
    architectQuestions: [],
    block: "",
    problem: null,
  };
  if (start === -1) return { ...result, problem: "no CRITIC_FEEDBACK block in the critic output" };
  const block = lines.slice(start + 1).filter((l) => !/^\s*(```+|~~~+)\s*$/.test(l));
  result.block = lines.slice(start).join("\n").trim();

  const verdicts = new Set<string>();
  let current: (typeof SECTIONS)[number]["key"] | null = null;
  for (const raw of block) {
    const line = md.markerText(raw);
    const verdict = md.CRITIC_VERDICT_LINE_PATTERN.exec(line);
    if (verdict) {
      verdicts.add(verdict[1]!.toUpperCase());
      current = null;
      continue;
    }
    const heading = SECTIONS.find((s) => s.re.test(line));
    if (heading) {
      current = heading.key;
      const rest = heading.re.exec(line)?.[1]?.trim() ?? "";
      if (rest !== "" && !NONE.test(rest)) result[current].push(rest);
      continue;
    }
    const item = ITEM.exec(line);
    if (item && current && !NONE.test(item[1]!.trim())) result[current].push(item[1]!.trim());
  }

  if (verdicts.size === 0) {
    return { ...result, problem: "the CRITIC_FEEDBACK block has no Verdict: OKAY or REJECT line" };
  }
  if (verdicts.size > 1) {
    return { ...result, problem: "the CRITIC_FEEDBACK block has both OKAY and REJECT verdicts" };
  }
  const verdict = verdicts.has("OKAY") ? "OKAY" : "REJECT";
  if (verdict === "OKAY" && result.criticalIssues.length > 0) {
    return { ...result, problem: "contradictory critic verdict: OKAY with critical issues listed" };
  }
  return { ...result, verdict, problem: null };
}
