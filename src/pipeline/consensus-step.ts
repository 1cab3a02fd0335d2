import { existsSync } from "node:fs";
import { buildArchitectPrompt } from "../agents/prompts/architect.js";
import { buildCriticPrompt, parseCriticFeedback } from "../agents/prompts/critic.js";
import type { QaPair } from "../agents/prompts/shared.js";
import type { AgentResult } from "../core/events.js";
import type { Prd } from "../core/prd.js";
import { architectQuestions, checkQualityGates, gateFeedback } from "../core/quality-gates.js";
import type { RunFailure } from "./agent-run.js";
import { abs, type PipelineContext, say } from "./context.js";
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
  /**
   * The plan snapshot the round reviews. Default: the plan and PRD on disk. The CLI passes the
   * draft it has not written yet (seed 003: the PRD is written only after approval).
   */
  snapshot?: { planText: string | null; prd: Prd };
}

export type ConsensusStepResult =
  | Extract<AgentResult, { kind: "critic" | "invalid_output" }>
  | RunFailure;

/** Architect answers sent back to the planner are clipped: they are advice, not a new plan. */
const MAX_ARCHITECT_FEEDBACK = 4_000;

/**
 * One seed 004 round on one plan snapshot, read-only: the quality gates first (as code; a failing
 * gate is a REJECT with the gate's words and no critic run), then the architect when the plan
 * asks ARCHITECT_QUESTIONs, then the critic with the architect's answers. A critic REJECT that
 * asks the architect something gets one architect run and the critic decides again. Any change
 * to the repository (ignored files included) is reverted and fails the step.
 */
export async function runConsensusStep(
  ctx: PipelineContext,
  input: ConsensusStepInput,
): Promise<ConsensusStepResult> {
  const snapshot = await snapshotUnderReview(ctx, input);
  if ("kind" in snapshot) return snapshot;
  const { planText: plan, prd } = snapshot;
  const { architectRun, criticRun } = reviewers(ctx, input, plan, prd, await promptContext(ctx));

  // Planner → Architect (seed 004 step 3, scenario 1): the plan's own questions come first.
  let answers: string | null = null;
  const plannerQuestions = architectQuestions(plan);
  if (plannerQuestions.length > 0) {
    const architect = await architectRun(plannerQuestions, "planner");
    if (!architect.ok) return architect.result;
    answers = architect.output;
  }
  let run = await criticRun(answers, "");
  if (!run.ok) return run.result;
  let feedback = parseCriticFeedback(run.output);
  if (feedback.verdict === "REJECT" && feedback.architectQuestions.length > 0) {
    const architect = await architectRun(feedback.architectQuestions, "critic");
    if (!architect.ok) return architect.result;
    answers = [answers, architect.output].filter((a) => a !== null).join("\n\n");
    run = await criticRun(answers, "-with-architect");
    if (!run.ok) return run.result;
    feedback = parseCriticFeedback(run.output);
  }
  const items = [
    ...feedback.criticalIssues,
    ...(feedback.problem === null ? [] : [feedback.problem]),
  ];
  if (feedback.verdict === "REJECT" && answers !== null) {
    // The planner revises with the architect's guidance too (seed 004: Architect → Planner).
    items.push(`Architect guidance: ${answers.trim().slice(0, MAX_ARCHITECT_FEEDBACK)}`);
  }
  return { step: "consensus", kind: "critic", verdict: feedback.verdict, feedback: items };
}

/**
 * The plan and PRD this round reviews, once they pass the quality gates (as code). A missing PRD
 * fails the step; a failing gate is the round's REJECT, with the gate's words and no agent run.
 */
async function snapshotUnderReview(
  ctx: PipelineContext,
  input: ConsensusStepInput,
): Promise<{ planText: string; prd: Prd } | ConsensusStepResult> {
  let planText: string | null;
  let prd: Prd;
  if (input.snapshot !== undefined) {
    planText = input.snapshot.planText;
    prd = input.snapshot.prd;
  } else {
    const onDisk = await readPrd(ctx);
    if (!onDisk.ok) {
      return {
        step: "consensus",
        kind: "invalid_output",
        errors: ["the PRD is missing on the branch; re-plan"],
      };
    }
    planText = await readPlan(ctx);
    prd = onDisk.prd;
  }
  const failures = checkQualityGates({
    planText,
    prd,
    exists: (path) => existsSync(abs(ctx, path)),
    vagueWords: ctx.config.planning.vague_words,
    maxCriteriaPerStory: ctx.config.planning.max_criteria_per_story,
  });
  if (failures.length === 0 && planText !== null) return { planText, prd };
  say(
    ctx,
    `  consensus ${ctx.spec.id}: quality gate failure (${failures.map((f) => f.gate).join(", ")}); back to the planner`,
  );
  return { step: "consensus", kind: "critic", verdict: "REJECT", feedback: gateFeedback(failures) };
}

/** What an architect or critic run reviews: the plan snapshot and the goal it serves. */
export interface ReviewSnapshot {
  goal: string;
  planText: string;
  prd: Prd;
}

/**
 * One architect run (seed 004), read-only: it answers `questions` about the plan. Ralph reads its
 * whole final message back as the answers, as written.
 */
export function runArchitect(
  ctx: PipelineContext,
  review: Omit<ReviewSnapshot, "prd">,
  questions: readonly string[],
  logName: string,
) {
  const prompt = buildArchitectPrompt({
    paths: promptPaths(ctx),
    goal: review.goal,
    planText: review.planText,
    questions,
  });
  return runStrictReadOnly(ctx, { step: "consensus", role: "architect", prompt, logName }, []);
}

/** One critic run (seed 004), read-only; its final message is read with parseCriticFeedback. */
export function runCritic(
  ctx: PipelineContext,
  review: ReviewSnapshot,
  round: { round: number; qa?: readonly QaPair[]; previousFeedback?: readonly string[] },
  architectAnswers: string | null,
  logName: string,
) {
  const prompt = buildCriticPrompt({
    paths: promptPaths(ctx),
    goal: review.goal,
    qa: round.qa ?? [],
    planText: review.planText,
    prd: review.prd,
    round: round.round,
    maxRounds: ctx.config.planning.consensus_max_rounds,
    architectAnswers,
    previousFeedback: round.previousFeedback ?? [],
  });
  return runStrictReadOnly(ctx, { step: "consensus", role: "critic", prompt, logName }, []);
}

/** The architect and the critic of one round, both read-only, on the same snapshot. */
function reviewers(
  ctx: PipelineContext,
  input: ConsensusStepInput,
  plan: string,
  prd: Prd,
  context: Awaited<ReturnType<typeof promptContext>>,
) {
  const { round } = input;
  const maxRounds = ctx.config.planning.consensus_max_rounds;
  const review = { goal: context.goal, planText: plan, prd };
  const architectRun = async (questions: readonly string[], label: string) => {
    say(ctx, `  consensus ${ctx.spec.id}: the architect answers the ${label}`);
    return runArchitect(ctx, review, questions, `architect-round-${round}-${label}`);
  };
  const criticRun = async (architectAnswers: string | null, logSuffix: string) => {
    say(ctx, `  consensus ${ctx.spec.id}: critic round ${round}/${maxRounds}`);
    return runCritic(ctx, review, input, architectAnswers, `critic-round-${round}${logSuffix}`);
  };
  return { architectRun, criticRun };
}
