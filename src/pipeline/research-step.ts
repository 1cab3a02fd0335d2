import { buildResearchPrompt } from "../agents/prompts/research.js";
import type { QaPair } from "../agents/prompts/shared.js";
import { assessComplexity } from "../core/complexity.js";
import { isCritical } from "../core/decisions.js";
import type { AgentResult } from "../core/events.js";
import {
  buildResearch,
  minimalResearch,
  parseResearchReply,
  type Research,
  type ResearchFindings,
} from "../core/research.js";
import type { PendingDecision } from "../core/state.js";
import type { RunFailure } from "./agent-run.js";
import { type PipelineContext, pathsOf, say } from "./context.js";
import { promptContext, promptPaths } from "./prompt-context.js";
import { runStrictReadOnly } from "./read-only-run.js";
import { writeText } from "./spec-files.js";

export interface ResearchStepInput {
  /** Trusted Q&A (answers of users with write access). */
  qa?: readonly QaPair[];
  /** `/ralph plan <notes>`. */
  notes?: readonly string[];
}

export type ResearchStepResult =
  | (Extract<AgentResult, { kind: "decisions" }> & { findings?: ResearchFindings })
  | Extract<AgentResult, { kind: "invalid_output" }>
  | RunFailure;

/**
 * Seed 002 research: one read-only run that names the decisions the maintainers should take
 * before planning, parsed strictly from the JSON object its final message ends with. Any change
 * to the repository (ignored files included) is reverted and fails the step.
 */
export async function runResearchStep(
  ctx: PipelineContext,
  input: ResearchStepInput = {},
): Promise<ResearchStepResult> {
  const context = await promptContext(ctx);
  const prompt = buildResearchPrompt({
    goal: context.goal,
    qa: input.qa ?? [],
    notes: input.notes ?? [],
    paths: promptPaths(ctx),
    codebaseMap: context.codebaseMap,
    complexitySignals: assessComplexity(context.goal).signals,
  });
  say(ctx, `  research ${ctx.spec.id}`);
  const run = await runStrictReadOnly(
    ctx,
    { step: "research", role: "research", prompt, logName: "research" },
    [],
  );
  if (!run.ok) return run.result;
  const parsed = parseResearchReply(run.output);
  if (!parsed.ok) return { step: "research", kind: "invalid_output", errors: parsed.errors };
  const decisions: PendingDecision[] = parsed.value.decisions.map((d) => ({
    id: d.id,
    title: d.title,
    critical: isCritical(d.category),
    options: d.options.map((o) => ({
      number: o.number,
      label: o.label,
      description: o.description,
    })),
    recommendation: d.recommendation,
    selected: null,
    custom: null,
    category: d.category,
    context: d.context,
    rationale: d.recommendation_rationale,
    followUps: [],
  }));
  return { step: "research", kind: "decisions", decisions, findings: parsed.value.research };
}

export type ResearchPhaseResult = ResearchStepResult & { research: Research };

/**
 * The research step plus its file (seed 002): `research.json` is written whatever happens. A
 * failed or invalid run leaves the minimal file with the error and never blocks planning: the
 * caller goes on to plan without findings.
 */
export async function runResearchPhase(
  ctx: PipelineContext,
  input: ResearchStepInput & { task: string },
): Promise<ResearchPhaseResult> {
  const result = await runResearchStep(ctx, input);
  const at = ctx.clock.now().toISOString();
  const research =
    result.kind === "decisions"
      ? buildResearch(input.task, at, result.findings)
      : minimalResearch(input.task, at, `Research run failed: ${describeResearchFailure(result)}`);
  await writeText(ctx, pathsOf(ctx).research, `${JSON.stringify(research, null, 2)}\n`);
  if (research.error !== undefined) say(ctx, `  research ${ctx.spec.id}: ${research.error}`);
  return { ...result, research };
}

function describeResearchFailure(result: ResearchStepResult): string {
  switch (result.kind) {
    case "invalid_output":
      return result.errors.join("; ");
    case "crash":
      return result.message;
    case "decisions":
      return "none";
    default:
      return result.kind;
  }
}
