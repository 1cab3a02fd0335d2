import { sameJson } from "../canonical-json.js";
import type { RalphConfig } from "../config.js";
import type { Effect } from "../effects.js";
import {
  type AgentStep,
  isAgentPhase,
  type MachineState,
  PHASE_LABELS,
  type Phase,
  type StoryState,
} from "../state.js";
import { fitState } from "../state-budget.js";

/**
 * One transition in progress. Handlers mutate `s`, a deep clone of the input, and push effects;
 * `finish` then orders the effects, adds the label change and bumps the revision. Mutating a
 * private clone keeps the handlers short while the exported `transition` stays pure.
 */
export interface Ctx {
  readonly before: MachineState;
  readonly s: MachineState;
  readonly config: RalphConfig;
  readonly effects: Effect[];
  /**
   * The default branch's head when the verify result being handled says the base moved past
   * Ralph's branch (`baseAhead`): the story loop merges it before it marks the work ready.
   */
  baseAhead: string | null;
}

export function makeCtx(state: MachineState, config: RalphConfig): Ctx {
  return { before: state, s: structuredClone(state), config, effects: [], baseAhead: null };
}

/** Same failure signature this many times in a row opens the circuit breaker (DESIGN §4.5). */
export const BREAKER_THRESHOLD = 3;

/** Keeps free text from agents short: the state travels base64 inside a 65,536-char comment. */
export function clip(text: string, max = 500): string {
  const t = text.trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}

/** Longest human text (an answer, a note, feedback) the state keeps of one comment. */
export const MAX_HUMAN_TEXT = 4000;

export function reply(ctx: Ctx, body: string, key?: string): void {
  ctx.effects.push(key === undefined ? { type: "reply", body } : { type: "reply", body, key });
}

export function emit(ctx: Ctx, effect: Effect): void {
  ctx.effects.push(effect);
}

/** Enter a phase. Waiting phases own no agent step, so the pending step is dropped. */
export function enter(ctx: Ctx, phase: Phase): void {
  ctx.s.phase = phase;
  if (!isAgentPhase(phase)) ctx.s.pendingStep = null;
}

/** Why no further agent run may start, or null. Checked before every dispatch. */
export function budgetProblem(s: MachineState, config: RalphConfig): string | null {
  const { max_agent_runs: maxRuns, max_cost_usd: maxCost } = config.limits;
  if (s.counters.agentRuns >= maxRuns) {
    return `budget exhausted: ${s.counters.agentRuns} of ${maxRuns} agent runs used (limits.max_agent_runs)`;
  }
  if (maxCost !== null && s.counters.costUsd >= maxCost) {
    return `budget exhausted: $${s.counters.costUsd.toFixed(2)} spent, limit $${maxCost.toFixed(2)} (limits.max_cost_usd)`;
  }
  return null;
}

/**
 * Start an agent step in `phase`. The budget is checked here rather than after each result so
 * that a result which only needs humans next (a PRD, the last PASS) is never thrown away.
 */
export function dispatch(ctx: Ctx, phase: Phase, step: AgentStep, storyId?: string): boolean {
  const problem = budgetProblem(ctx.s, ctx.config);
  if (problem !== null) {
    fail(ctx, problem, { phase, step });
    return false;
  }
  ctx.s.phase = phase;
  ctx.s.pendingStep = step;
  ctx.effects.push(
    storyId === undefined ? { type: "dispatch", step } : { type: "dispatch", step, storyId },
  );
  return true;
}

const NEXT_STEPS: Record<string, string> = {
  budget:
    "Raise the limit in `.github/ralph.yml` if more work is worth it, then comment `/ralph run`.",
  breaker: "Check the run log, fix the cause, then comment `/ralph run` to retry.",
  followup:
    "The review is for the humans now. To have Ralph continue, raise `limits.max_followups` in `.github/ralph.yml`, then request changes again or comment `/ralph fix <what to change>`.",
  default:
    "Comment `/ralph run` to retry, `/ralph revise <feedback>` or `/ralph replan <reason>` to change the plan.",
};

/**
 * Every stop has a named reason (DESIGN §4.5): it goes to the status comment (lastError,
 * stopReason) and, because an edited comment notifies nobody, to a reply as well.
 */
export function fail(
  ctx: Ctx,
  reason: string,
  resume?: { phase: Phase; step: AgentStep | null },
): void {
  const s = ctx.s;
  if (resume !== undefined) {
    s.resumePhase = resume.phase;
    s.resumeStep = resume.step;
  } else if (s.phase !== "failed" && s.phase !== "stopped") {
    s.resumePhase = s.phase;
    s.resumeStep = s.pendingStep;
  }
  s.phase = "failed";
  s.pendingStep = null;
  s.lastError = reason;
  s.stopReason = reason;
  const hint = reason.startsWith("budget")
    ? NEXT_STEPS.budget
    : reason.startsWith("circuit breaker")
      ? NEXT_STEPS.breaker
      : reason.includes("limits.max_followups")
        ? NEXT_STEPS.followup
        : NEXT_STEPS.default;
  // A reason that ends with the verifier's sentence has its own stop.
  const sentence = /[.!?]$/.test(reason) ? reason : `${reason}.`;
  reply(ctx, `**Ralph stopped: ${sentence}**\n\n${hint}`);
}

export interface BreakerState {
  signature: string | null;
  count: number;
}

/**
 * The circuit breaker's one rule (DESIGN §4.5), shared by the machine and the CLI's planning
 * loop: the same signature again counts up, another starts over; open at BREAKER_THRESHOLD.
 */
export function breakerAfterFailure(
  breaker: BreakerState,
  signature: string,
): { breaker: BreakerState; open: boolean } {
  const count = breaker.signature === signature ? breaker.count + 1 : 1;
  return { breaker: { signature, count }, open: count >= BREAKER_THRESHOLD };
}

/** Counts a failure; true when the breaker opens. */
export function tripBreaker(ctx: Ctx, signature: string): boolean {
  const next = breakerAfterFailure(ctx.s.breaker, signature);
  ctx.s.breaker = next.breaker;
  return next.open;
}

/** Any success (or a human's fresh start) closes the breaker and clears the shown error. */
export function resetBreaker(ctx: Ctx): void {
  ctx.s.breaker = { signature: null, count: 0 };
  ctx.s.lastError = null;
}

/**
 * What a new planning round starts without: the previous round's questions, critic rounds,
 * approvals, run gate, story in progress and any stop or pause. Budgets and history stay.
 */
export function freshRound() {
  return {
    openQuestions: [],
    questionRounds: 0,
    consensusRounds: 0,
    concerns: [],
    approvals: [],
    approvedBy: [],
    runGatePassed: false,
    currentStory: null,
    verifierFeedback: null,
    invalidation: null,
    stopReason: null,
    resumePhase: null,
    resumeStep: null,
  } satisfies Partial<MachineState>;
}

/** What ends with the story loop (done, or a new round of it): nothing running, no stop. */
export function storyLoopCleared() {
  return {
    currentStory: null,
    verifierFeedback: null,
    finalCheck: false,
    verdictProblem: null,
    stopReason: null,
    resumePhase: null,
    resumeStep: null,
  } satisfies Partial<MachineState>;
}

export function findStory(s: MachineState, id: string | null): StoryState | undefined {
  if (id === null) return undefined;
  return s.prd?.stories.find((story) => story.id === id);
}

export function sameLogin(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** How a phase reads in a reply. */
export const PHASE_WORDS: Record<Phase, string> = {
  idle: "idle",
  planning: "planning",
  questions: "waiting for answers to its questions",
  decisions: "waiting for decisions",
  consensus: "reviewing the plan (architect and critic)",
  awaiting_approval: "waiting for approval of the PRD",
  run_gate: "waiting for `/ralph run`",
  implementing: "implementing",
  verifying: "verifying",
  plan_invalidated: "re-planning",
  ci: "waiting for the repository's CI",
  done: "done",
  failed: "failed",
  stopped: "stopped",
};

/**
 * Effects in the order adapters perform them: acknowledgements first (the 👀 should come at
 * once), the label before any dispatch, and the dispatch last because the Action continues
 * in-process with it and everything else must already be visible.
 */
export function finish(ctx: Ctx): { state: MachineState; effects: Effect[] } {
  const { before, s } = ctx;
  const dropped = fitState(s);
  if (dropped > 0) {
    reply(
      ctx,
      `Ralph's state reached GitHub's comment size limit, so the ${dropped} oldest plan notes, feedback entries, answers or waiting follow-up requests were dropped from what the planner reads. Put long material in a file in the repository and link to it.`,
    );
  }
  const acks = ctx.effects.filter((e) => e.type === "acknowledge");
  const dispatches = ctx.effects.filter((e) => e.type === "dispatch");
  const rest = ctx.effects.filter((e) => e.type !== "acknowledge" && e.type !== "dispatch");
  const label = PHASE_LABELS[s.phase];
  const labels: Effect[] =
    label !== PHASE_LABELS[before.phase] ? [{ type: "set_label", label }] : [];
  s.revision = before.revision;
  const changed = !sameJson(s, before);
  const state = changed ? { ...s, revision: before.revision + 1 } : before;
  return { state, effects: [...acks, ...rest, ...labels, ...dispatches] };
}
