import type { PromptPaths } from "../agents/prompts/shared.js";
import { homePaths } from "../core/plan-meta.js";
import { type PipelineContext, pathsOf } from "./context.js";
import { readSpecText, readText } from "./spec-files.js";

/** The paths block every prompt starts with: workspace absolute, the rest repo-relative. */
export function promptPaths(ctx: PipelineContext): PromptPaths {
  const paths = pathsOf(ctx);
  return {
    workspace: ctx.workspace,
    ralphHome: homePaths(ctx.config.ralph_home).home,
    specFile: ctx.spec.file,
    planFile: paths.plan,
    prdFile: paths.prd,
    codebaseMap: paths.codebaseMap,
    progressFile: paths.progress,
  };
}

/** Spec text (the goal), progress notes and codebase map, as every prompt quotes them. */
export async function promptContext(
  ctx: PipelineContext,
): Promise<{ goal: string; progress: string | null; codebaseMap: string | null }> {
  const paths = pathsOf(ctx);
  return {
    goal: await readSpecText(ctx),
    progress: await readText(ctx, paths.progress),
    codebaseMap: await readText(ctx, paths.codebaseMap),
  };
}
