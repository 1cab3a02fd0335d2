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
    `Reply key: \`D${n}\``,
    "",
    "**Options:**",
    ...decision.options.map((o) => {
      const description =
        o.description.trim() === "" ? "" : ` - ${agentInline(o.description, 1_000)}`;
      return `${o.number}. ${agentInline(o.label, 200)}${description}`;
    }),
    "",
  ];
  const recommended = optionLabel(decision, decision.recommendation);
  lines.push(`**Recommendation:** ${recommended ?? "none"}`, "");
  const selected = optionLabel(decision, decision.selected);
  if (selected) lines.push(`**Chosen:** ${selected}`, "");
  else if (decision.custom) lines.push(`**Chosen:** ${agentInline(decision.custom, 500)}`, "");
  lines.push("---", "");
  return lines;
}

/** Research decisions in the seed-002 "Decision [N]" format (DESIGN §4.2). */
export function renderDecisionsComment(decisions: PendingDecision[]): string {
  const anyCritical = decisions.some((d) => d.critical);
  const lines = [
    DECISIONS_MARKER,
    `## Ralph needs ${decisions.length === 1 ? "a decision" : `${decisions.length} decisions`} before planning`,
    "",
    ...decisions.flatMap((d, i) => renderDecision(d, i + 1)),
    "**How to reply:** one comment, one line per decision: `D1: 2` picks option 2 for decision 1; `D1: <your own answer>` gives a different answer. Only replies from people with write access count.",
    "",
    anyCritical
      ? "Comment `/ralph skip` to take the recommendations for the non-critical decisions; the decisions marked **critical** need an explicit answer."
      : "Comment `/ralph skip` to take all the recommendations.",
  ];
  return `${neutralizeCommandLines(lines.join("\n"))}\n`;
}
