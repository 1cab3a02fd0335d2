import {
  autoUnderstandCap,
  shouldPromptUnderstand,
  understandTriggers,
} from "../core/codebase-map.js";
import type { UnderstandAdvice } from "../core/events.js";
import { homePaths } from "../core/plan-meta.js";
import type { PlannerEnvelope } from "../core/prd.js";
import type { PipelineContext } from "./context.js";
import { readText } from "./spec-files.js";

/**
 * Seed 003's understand gate for GitHub: the codebase map missing or stale, or the planner
 * uncertain, gives a recommendation with its reasons and the iteration cap, shown on the PRD
 * comment (the maintainers answer it with `/ralph understand`). `planning.understand: never`
 * gives none, `always` always one. Null when nothing is recommended.
 */
export async function understandAdvice(
  ctx: PipelineContext,
  envelope: PlannerEnvelope | undefined,
): Promise<UnderstandAdvice | null> {
  const mode = ctx.config.planning.understand;
  const map = await readText(ctx, homePaths(ctx.config.ralph_home).codebaseMap);
  const triggers = understandTriggers({
    map,
    today: ctx.clock.now().toISOString().slice(0, 10),
    uncertainties: envelope?.uncertainties ?? [],
    recommendUnderstand: envelope?.recommendUnderstand ?? null,
  });
  if (!shouldPromptUnderstand(mode, triggers)) return null;
  const cap = autoUnderstandCap(map);
  if (cap.count === 0 && !triggers.missing) return null;
  return {
    reasons: triggers.reasons.length > 0 ? triggers.reasons : ["planning.understand is always"],
    iterations: cap.count,
    topics: triggers.topics,
  };
}
