import { neutralizeCommandLines } from "../commands.js";
import { agentInline, agentMarkdown, agentTableCell } from "../sanitize.js";

export interface VerifierReviewInput {
  storyId: string;
  storyTitle: string;
  verdict: "PASS" | "FAIL";
  criteria: { criterion: string; pass: boolean }[];
  feedback: string;
  /** The verifier's PLAN_INVALIDATION reason, when it says the plan itself is wrong. */
  invalidation: string | null;
  commit: string;
  attempt: number;
  maxAttempts: number;
}

export const REVIEW_MARKER_PATTERN = /<!-- ralph:review story=(\S+) attempt=(\d+) -->/;

function nextStep(input: VerifierReviewInput): string {
  if (input.invalidation !== null) {
    return "Ralph archives the current plan, re-plans with this reason as context, and asks for approval of the new PRD again (unless `gates.replan` is off).";
  }
  if (input.verdict === "PASS")
    return "The story is marked as passing; Ralph moves on to the next story.";
  if (input.attempt < input.maxAttempts) {
    return `Ralph retries the story with this feedback (attempt ${input.attempt + 1} of ${input.maxAttempts}).`;
  }
  return `No attempts left (${input.attempt} of ${input.maxAttempts}): the issue is marked failed. Comment \`/ralph run\` to try again, or \`/ralph replan <reason>\` to change the plan.`;
}

/**
 * The verifier's result as a PR review body (DESIGN §2.1 step 6). It never holds a line that
 * reads as a verdict (`RALPH_VERDICT: …`), so a review echoed into a later prompt and back out of
 * an agent cannot pass a story.
 */
export function renderVerifierReview(input: VerifierReviewInput): string {
  const storyId = agentInline(input.storyId, 80);
  const lines = [
    `<!-- ralph:review story=${storyId.replace(/\s+/g, "_").replace(/-->/g, "")} attempt=${input.attempt} -->`,
    `## Ralph verifier: ${storyId}: ${agentInline(input.storyTitle, 200)}`,
    "",
  ];
  if (input.invalidation !== null) {
    lines.push(
      "> [!CAUTION]",
      `> **PLAN_INVALIDATION:** ${agentInline(input.invalidation, 1_000)}`,
      ">",
      `> ${nextStep(input)}`,
      "",
    );
  }
  const commit = input.commit.replace(/[^0-9a-fA-F]/g, "").slice(0, 12);
  lines.push(
    `Verdict: **${input.verdict}** · attempt ${input.attempt} of ${input.maxAttempts} · commit \`${commit}\``,
    "",
  );
  if (input.criteria.length > 0) {
    lines.push("| | Acceptance criterion |", "|---|---|");
    for (const c of input.criteria) {
      lines.push(`| ${c.pass ? "✓" : "✗"} | ${agentTableCell(c.criterion, 500)} |`);
    }
    lines.push("");
  } else {
    lines.push("_The verifier reported no criterion table._", "");
  }
  if (input.feedback.trim() !== "") {
    lines.push("**Feedback**", "", agentMarkdown(input.feedback, 20_000), "");
  }
  if (input.invalidation === null) lines.push(`**Next:** ${nextStep(input)}`);
  return `${neutralizeCommandLines(lines.join("\n").trimEnd())}\n`;
}
