import { buildArchitectPrompt } from "../agents/prompts/architect.js";
import { buildCriticPrompt, parseCriticFeedback } from "../agents/prompts/critic.js";
import type { QaPair } from "../agents/prompts/shared.js";
import type { AgentResult } from "../core/events.js";
import type { RunFailure } from "./agent-run.js";
import { type PipelineContext, say } from "./context.js";
import { promptContext, promptPaths } from "./prompt-context.js";
import { runStrictReadOnly } from "./read-only-run.js";
import { readPlan, readPrd } from "./spec-files.js";

export interface ConsensusStepInput {
  /** This critic round, 1-based (the machine's `consensusRounds + 1`). */
  round: number;
  /** Trusted Q&A (answers of users with write access). */
  qa?: readonly QaPair[];
  /** The critic's feedback of the previous round, to check it was addressed. */
  previousFeedback?: readonly string[];
}

export type ConsensusStepResult =
  | Extract<AgentResult, { kind: "critic" | "invalid_output" }>
  | RunFailure;

/**
 * Seed 004 consensus: the critic reviews the plan and PRD on disk, read-only. A REJECT that asks
 * the architect something gets one architect run, and the critic decides again with its answers.
 * Any change to the repository (ignored files included) is reverted and fails the step.
 */
export async function runConsensusStep(
  ctx: PipelineContext,
  input: ConsensusStepInput,
): Promise<ConsensusStepResult> {
  const planText = await readPlan(ctx);
  const prd = await readPrd(ctx);
  if (planText === null || !prd.ok) {
    return {
      step: "consensus",
      kind: "invalid_output",
      errors: ["the plan or the PRD is missing on the branch; re-plan"],
    };
  }
  const context = await promptContext(ctx);
  const { round } = input;
  const maxRounds = ctx.config.planning.consensus_max_rounds;
  const criticRun = async (architectAnswers: string | null) => {
    say(ctx, `  consensus ${ctx.spec.id}: critic round ${round}/${maxRounds}`);
    const prompt = buildCriticPrompt({
      paths: promptPaths(ctx),
      goal: context.goal,
      qa: input.qa ?? [],
      planText,
      prd: prd.prd,
      round,
      maxRounds,
      architectAnswers,
      previousFeedback: input.previousFeedback ?? [],
    });
    const logName = `critic-round-${round}${architectAnswers === null ? "" : "-with-architect"}`;
    return runStrictReadOnly(ctx, { step: "consensus", role: "critic", prompt, logName }, []);
  };
  let run = await criticRun(null);
  if (!run.ok) return run.result;
  let feedback = parseCriticFeedback(run.output);
  if (feedback.verdict === "REJECT" && feedback.architectQuestions.length > 0) {
    say(ctx, `  consensus ${ctx.spec.id}: the architect answers the critic`);
    const prompt = buildArchitectPrompt({
      paths: promptPaths(ctx),
      goal: context.goal,
      planText,
      questions: feedback.architectQuestions,
    });
    const architect = await runStrictReadOnly(
      ctx,
      { step: "consensus", role: "architect", prompt, logName: `architect-round-${round}` },
      [],
    );
    if (!architect.ok) return architect.result;
    run = await criticRun(architect.output);
    if (!run.ok) return run.result;
    feedback = parseCriticFeedback(run.output);
  }
  const items = [
    ...feedback.criticalIssues,
    ...(feedback.problem === null ? [] : [feedback.problem]),
  ];
  return { step: "consensus", kind: "critic", verdict: feedback.verdict, feedback: items };
}
