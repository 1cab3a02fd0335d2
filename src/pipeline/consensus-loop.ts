import * as z from "zod";
import { assessComplexity } from "../core/complexity.js";
import { counted } from "../core/counted.js";
import { activatePlanInfo } from "../core/plan-meta.js";
import { consensusApplies } from "../core/quality-gates.js";
import { runConsensusStep } from "./consensus-step.js";
import { type PipelineContext, pathsOf, say } from "./context.js";
import { type PlanStepInput, type PlanStepResult, runPlanStep } from "./plan-step.js";
import {
  readJsonFile,
  readPlanMeta,
  readSpecText,
  removeFile,
  writePlanMeta,
  writePrd,
  writeText,
} from "./spec-files.js";

/** Where a round stands, so a crash mid-round resumes it (seed 004 "State is persistent"). */
const consensusFileSchema = z.object({
  round: z.number().int().min(1),
  feedback: z.array(z.string()),
});
type ConsensusFile = z.infer<typeof consensusFileSchema>;

function consensusPath(ctx: PipelineContext): string {
  return pathsOf(ctx).consensus;
}

function readConsensusFile(ctx: PipelineContext): Promise<ConsensusFile | null> {
  return readJsonFile(ctx, consensusPath(ctx), consensusFileSchema);
}

export interface ConsensusOutcome {
  /** Critic rounds run (quality-gate rejections count as rounds). */
  rounds: number;
  /** True when the last round still rejected: approved by force, never silently. */
  forced: boolean;
  /** The Critic's unresolved concerns of a forced approval. */
  concerns: string[];
}

export type ConsensusPlanResult = PlanStepResult & { consensus?: ConsensusOutcome };

/**
 * The CLI's ralplan (seed 004): Planner → quality gates → (Architect on ARCHITECT_QUESTION) →
 * Critic, all on the same plan snapshot; REJECT sends the Critic's feedback to the Planner; at
 * most `planning.consensus_max_rounds` rounds, then approval by force with the concerns listed.
 * The PRD and plan meta are written only once the loop ends (unless `persist: false`), so a crash
 * mid-round never leaves an unreviewed plan looking active; the round and its feedback are kept in
 * `<rel>.consensus.json` and the next run goes on from there. When consensus does not apply this is
 * runPlanStep.
 */
export async function planWithConsensus(
  ctx: PipelineContext,
  input: PlanStepInput = {},
): Promise<ConsensusPlanResult> {
  const complexity = assessComplexity(await readSpecText(ctx)).level;
  if (!consensusApplies(ctx.config.planning, complexity)) return runPlanStep(ctx, input);
  const max = ctx.config.planning.consensus_max_rounds;
  const prevMeta = await readPlanMeta(ctx);
  const saved = await readConsensusFile(ctx);
  let round = saved?.round ?? 1;
  let feedback = saved?.feedback ?? [];
  if (saved !== null) say(ctx, `  consensus ${ctx.spec.id}: resuming at round ${round}/${max}`);
  // Planner runs across the rounds, for the caller's numbering (PlanStepResult.runs).
  let runs = 0;
  for (;;) {
    const step = await runPlanStep(ctx, {
      ...input,
      firstRun: (input.firstRun ?? 1) + runs,
      persist: false,
      ...(feedback.length > 0 ? { criticFeedback: feedback } : {}),
    });
    runs += step.runs ?? 1;
    const plan = { ...step, runs };
    if (plan.kind !== "prd") return plan;
    const critic = await runConsensusStep(ctx, {
      round,
      previousFeedback: feedback,
      snapshot: { planText: plan.planText, prd: plan.prd },
    });
    if (critic.kind !== "critic") return { ...critic, runs };
    const forced = critic.verdict === "REJECT" && round >= max;
    if (critic.verdict === "OKAY" || forced) {
      if (input.persist ?? true) {
        await writePrd(ctx, plan.prd);
        await writePlanMeta(
          ctx,
          activatePlanInfo(prevMeta, ctx.spec.rel, ctx.spec.id, ctx.clock.now().toISOString()),
        );
      }
      await removeFile(ctx, consensusPath(ctx));
      if (forced) {
        say(ctx, `  consensus ${ctx.spec.id}: approved by force after ${counted(round, "round")}`);
      }
      const concerns = forced
        ? critic.feedback.filter((f) => !f.startsWith("Architect guidance:"))
        : [];
      return { ...plan, consensus: { rounds: round, forced, concerns } };
    }
    say(ctx, `  consensus ${ctx.spec.id}: round ${round} rejected; back to the planner`);
    feedback = critic.feedback;
    round += 1;
    await writeText(
      ctx,
      consensusPath(ctx),
      `${JSON.stringify({ round, feedback } satisfies ConsensusFile, null, 2)}\n`,
    );
  }
}
