import type { Prd } from "../core/prd.js";
import { storiesInOrder } from "../core/prd.js";

/** A criterion that names a command to run (seed 003 summary: "includes verification commands"). */
const COMMAND_HINT =
  /`[^`]+`|\b(npm|npx|pnpm|yarn|node|pytest|go test|cargo|make|tsc|vitest|jest|biome|eslint|ruff|mvn|gradle)\b/i;

/** Seed 003 PRD summary: branch, story count, titles + priorities, criteria count, verify commands. */
export function prdSummary(prd: Prd): string {
  const stories = storiesInOrder(prd);
  const lines = [`Branch: ${prd.branchName}`, `Stories: ${stories.length}`];
  for (const s of stories) {
    const verify = s.acceptanceCriteria.some((c) => COMMAND_HINT.test(c))
      ? "has verification commands"
      : "no verification command";
    lines.push(
      `  [P${s.priority}] ${s.id} ${s.title} — ${s.acceptanceCriteria.length} criteria, ${verify}`,
    );
    for (const c of s.acceptanceCriteria) lines.push(`      - ${c}`);
  }
  return lines.join("\n");
}
