import type { PromptPaths } from "../agents/prompts/shared.js";
import { buildUnderstandPrompt } from "../agents/prompts/understand.js";
import type { AgentRunResult } from "../agents/types.js";
import type { AgentResult } from "../core/events.js";
import { homePaths } from "../core/plan-meta.js";
import type { RunFailure } from "./agent-run.js";
import type { HomeContext } from "./context.js";
import { promptPaths } from "./prompt-context.js";
import { offendingPaths, runStrictReadOnly } from "./read-only-run.js";
import { readText } from "./spec-files.js";

export interface UnderstandStepInput {
  /** How many topics this run covers. */
  maxTopics: number;
  /** Topics the planner was unsure about; covered first. */
  focusTopics?: readonly string[];
  /** The goal being planned, so the findings stay relevant. */
  goal?: string | null;
  /** `YYYY-MM-DD` of the map's new entries. Default: the UTC date of `ctx.clock`. */
  today?: string;
  /** Default `understand`. */
  logName?: string;
}

export interface UnderstandStepOutcome {
  result: Extract<AgentResult, { kind: "understood" | "invalid_output" }> | RunFailure;
  /** The paths outside the codebase map the run changed (reverted), ignored files included. */
  offending: string[];
  /** The agent's (last) run; null when it could not start. */
  run: AgentRunResult | null;
}

/**
 * One seed-003 understand run: the agent studies the repository and records what it learned in
 * the codebase map, the only file it may write. Any other change (ignored files included) is
 * reverted and fails the run with `invalid_output`. Commits nothing. Needs no spec: the map
 * belongs to `ralph_home`.
 */
export async function runUnderstandStep(
  ctx: HomeContext,
  input: UnderstandStepInput,
): Promise<UnderstandStepOutcome> {
  const mapPath = homePaths(ctx.config.ralph_home).codebaseMap;
  const prompt = buildUnderstandPrompt({
    paths: understandPaths(ctx),
    today: input.today ?? ctx.clock.now().toISOString().slice(0, 10),
    existingMap: await readText(ctx, mapPath),
    maxTopics: input.maxTopics,
    ...(input.focusTopics === undefined ? {} : { focusTopics: input.focusTopics }),
    goal: input.goal ?? null,
  });
  const strict = await runStrictReadOnly(
    ctx,
    { step: "understand", role: "understand", prompt, logName: input.logName ?? "understand" },
    [mapPath],
  );
  return {
    result: strict.ok ? { step: "understand", kind: "understood" } : strict.result,
    offending: offendingPaths(strict.run),
    run: strict.run.result,
  };
}

function understandPaths(ctx: HomeContext): PromptPaths {
  if (ctx.spec !== undefined) return promptPaths({ ...ctx, spec: ctx.spec });
  const h = homePaths(ctx.config.ralph_home);
  return {
    workspace: ctx.workspace,
    ralphHome: h.home,
    specFile: "",
    planFile: "",
    prdFile: "",
    codebaseMap: h.codebaseMap,
    progressFile: h.progress,
  };
}
