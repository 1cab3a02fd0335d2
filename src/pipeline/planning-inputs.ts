import {
  type DecisionsFile,
  decisionLines,
  decisionsFileOf,
  decisionsFileSchema,
  pendingFromFile,
} from "../core/decisions.js";
import { type Research, researchSchema } from "../core/research.js";
import type { PendingDecision } from "../core/state.js";
import { type PipelineContext, pathsOf } from "./context.js";
import { readJsonFile, writeText } from "./spec-files.js";

/**
 * Seed 002's files next to the plan: `<rel>.research.json` and `<rel>.decisions.json`. Both are
 * written by Ralph (never by an agent) and read back into the planner's prompt. A file that does
 * not parse counts as absent: planning never blocks on it.
 */
export function readResearchFile(ctx: PipelineContext): Promise<Research | null> {
  return readJsonFile(ctx, pathsOf(ctx).research, researchSchema);
}

export function readDecisionsFile(ctx: PipelineContext): Promise<DecisionsFile | null> {
  return readJsonFile(ctx, pathsOf(ctx).decisions, decisionsFileSchema);
}

export async function readDecisions(ctx: PipelineContext): Promise<PendingDecision[]> {
  const file = await readDecisionsFile(ctx);
  return file === null ? [] : pendingFromFile(file);
}

export async function writeDecisionsFile(
  ctx: PipelineContext,
  task: string,
  decisions: readonly PendingDecision[],
  deferred: readonly string[] = [],
): Promise<void> {
  const file = decisionsFileOf(task, ctx.clock.now().toISOString(), decisions, deferred);
  await writeText(ctx, pathsOf(ctx).decisions, `${JSON.stringify(file, null, 2)}\n`);
}

/** What the planner's prompt carries from research and decisions (seed 002 "Planning"). */
export async function planningInputs(
  ctx: PipelineContext,
): Promise<{ research: Research | null; decisions: string[] }> {
  const research = await readResearchFile(ctx);
  const decisions = decisionLines(await readDecisions(ctx));
  return { research, decisions };
}
