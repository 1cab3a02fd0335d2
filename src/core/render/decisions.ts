import { neutralizeCommandLines } from "../commands.js";
import { agentInline } from "../sanitize.js";
import type { PendingDecision } from "../state.js";

export const DECISIONS_MARKER = "<!-- ralph:decisions -->";

function optionLabel(decision: PendingDecision, number: number | null): string | null {
  if (number === null) return null;
  const option = decision.options.find((o) => o.number === number);
  return option ? `option ${number} (${agentInline(option.label, 200)})` : `option ${number}`;
}

function renderDecision(decision: PendingDecision, n: number): string[] {
  const critical = decision.critical ? " — **critical**" : "";
  const lines = [
    `### Decision ${n}: ${agentInline(decision.title, 300)}${critical}`,
    "",
    `Reply key: \`${agentInline(decision.id, 40)}\``,
    "",
    ...(decision.context.trim() === ""
      ? []
      : ["**Context:**", agentInline(decision.context, 2_000), ""]),
    "**Options:**",
    ...decision.options.map((o) => {
      const description =
        o.description.trim() === "" ? "" : ` - ${agentInline(o.description, 1_000)}`;
      return `${o.number}. ${agentInline(o.label, 200)}${description}`;
    }),
    "",
  ];
  const recommended = optionLabel(decision, decision.recommendation);
  const why =
    recommended !== null && decision.rationale.trim() !== ""
      ? ` because ${agentInline(decision.rationale, 1_000)}`
      : "";
  lines.push(`**Recommendation:** ${recommended ?? "none"}${why}`, "");
  for (const f of decision.followUps) {
    lines.push(
      `> **Asked:** ${agentInline(f.question, 500)}`,
      ">",
      `> **Answer:** ${agentInline(f.answer, 2_000)}`,
      "",
    );
  }
  const selected = optionLabel(decision, decision.selected);
  if (selected) lines.push(`**Chosen:** ${selected}`, "");
  else if (decision.custom) lines.push(`**Chosen:** ${agentInline(decision.custom, 500)}`, "");
  lines.push("---", "");
  return lines;
}

/** Research decisions in the seed-002 "Decision [N]" format (DESIGN §4.2). */
export function renderDecisionsComment(decisions: PendingDecision[]): string {
  const anyCritical = decisions.some((d) => d.critical);
  const key = agentInline(decisions[0]?.id ?? "D1", 40);
  const lines = [
    DECISIONS_MARKER,
    `## Ralph needs ${decisions.length === 1 ? "a decision" : `${decisions.length} decisions`} before planning`,
    "",
    ...decisions.flatMap((d, i) => renderDecision(d, i + 1)),
    `**How to reply:** one comment, one line per decision: \`${key}: 2\` picks option 2; \`${key}: <your own answer>\` gives a different answer; a line that ends with \`?\` asks a question about that decision (Ralph answers it and asks again). Only replies from people with write access count.`,
    "",
    anyCritical
      ? "Comment `/ralph skip` to take the recommendations for the non-critical decisions; the decisions marked **critical** need an explicit answer."
      : "Comment `/ralph skip` to take all the recommendations.",
  ];
  return `${neutralizeCommandLines(lines.join("\n"))}\n`;
}
