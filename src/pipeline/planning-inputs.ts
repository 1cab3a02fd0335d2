import {
  type DecisionsFile,
  decisionLines,
  decisionsFileOf,
  parseDecisionsFile,
  pendingFromFile,
} from "../core/decisions.js";
import { parseResearch, type Research } from "../core/research.js";
import type { PendingDecision } from "../core/state.js";
import { type PipelineContext, pathsOf } from "./context.js";
import { readText, writeText } from "./spec-files.js";

/**
 * Seed 002's files next to the plan: `<rel>.research.json` and `<rel>.decisions.json`. Both are
 * written by Ralph (never by an agent) and read back into the planner's prompt. A file that does
 * not parse counts as absent: planning never blocks on it.
 */
export async function readResearchFile(ctx: PipelineContext): Promise<Research | null> {
  const text = await readText(ctx, pathsOf(ctx).research);
  if (text === null) return null;
  try {
    const parsed = parseResearch(JSON.parse(text));
    return parsed.ok ? parsed.value : null;
  } catch {
    return null;
  }
}

export async function readDecisionsFile(ctx: PipelineContext): Promise<DecisionsFile | null> {
  const text = await readText(ctx, pathsOf(ctx).decisions);
  if (text === null) return null;
  try {
    const parsed = parseDecisionsFile(JSON.parse(text));
    return parsed.ok ? parsed.value : null;
  } catch {
    return null;
  }
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
