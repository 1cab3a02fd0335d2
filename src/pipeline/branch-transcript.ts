import { appendFile, mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { counted } from "../core/counted.js";
import type { AgentResult } from "../core/events.js";
import { abs, type PipelineContext, pathsOf, redactForBranch } from "./context.js";

/** `<rel>.transcript.md` next to the plan: the planning conversation, kept on the branch. */
export function transcriptPath(ctx: PipelineContext): string {
  return pathsOf(ctx).planMeta.replace(/\.json$/, ".transcript.md");
}

function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const f = "`".repeat(longest + 1);
  return `${f}\n${text.replace(/\s+$/, "")}\n${f}`;
}

function describe(result: AgentResult): string {
  switch (result.kind) {
    case "questions":
      return `Questions:\n\n${result.questions.map((q, i) => `${i + 1}. ${q}`).join("\n")}`;
    case "prd":
      return `PRD drafted (${counted(result.prd.userStories.length, "story", "stories")}):\n\n${result.prd.userStories.map((s) => `- ${s.id}: ${s.title}`).join("\n")}`;
    case "decisions":
      return `Research done; decisions for the maintainers:\n\n${result.decisions.map((d) => `- ${d.id}${d.critical ? " (critical)" : ""}: ${d.title}`).join("\n")}`;
    case "critic":
      return `Critic verdict: ${result.verdict}${result.feedback.length > 0 ? `\n\n${result.feedback.map((f) => `- ${f}`).join("\n")}` : ""}`;
    case "invalid_output":
      return `Invalid output:\n\n${fence(result.errors.join("\n"))}`;
    case "crash":
      return `The run failed: ${result.message}`;
    default:
      return result.kind;
  }
}

/**
 * Appends one planning step to the branch transcript (the GitHub counterpart of the CLI's
 * plan_transcript.md): what the step was given that humans said (answers, decisions) and what it
 * produced. Agent text is redacted like everything bound for the branch.
 */
export async function appendBranchTranscript(
  ctx: PipelineContext,
  step: string,
  result: AgentResult,
  context: readonly string[] = [],
): Promise<void> {
  const body = [
    `## ${ctx.clock.now().toISOString()} - ${step}`,
    "",
    ...(context.length > 0 ? [...context, ""] : []),
    describe(result),
    "",
    "",
  ].join("\n");
  const file = abs(ctx, transcriptPath(ctx));
  await mkdir(dirname(file), { recursive: true });
  await appendFile(file, redactForBranch(ctx, body), "utf8");
}
