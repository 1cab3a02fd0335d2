import { type BackoffOptions, backoffDelayMs } from "../core/completion.js";
import type { Effect } from "../core/effects.js";
import type { AgentResult, AgentUsage } from "../core/events.js";
import { startStoryLoop, transition } from "../core/machine/index.js";
import { type Prd, storiesInOrder } from "../core/prd.js";
import { rejectionHeader } from "../core/rejection.js";
import { initialState, isAgentPhase, type MachineState } from "../core/state.js";
import { storyTitle } from "../core/state-budget.js";
import { type CircuitBreaker, StopError, type StopReason } from "./budget.js";
import type { AgentRunRecord, PipelineContext } from "./context.js";
import { say } from "./context.js";
import { applyFileChange } from "./file-change.js";
import { PhaseJournal } from "./phase-journal.js";
import { clearCandidate } from "./spec-files.js";
import { regressionSummary, runStoryStep } from "./story-step.js";
import { doneRows } from "./story-step-inputs.js";

/** What one `ralph run` shares across specs: the budget counters and the breaker carry over. */
export interface LocalGuards {
  /** Agent runs and cost so far in this invocation (every spec, planning included). */
  budget: { runs: number; costUsd: number };
  /** The circuit breaker (DESIGN §4.5): the machine's, carried from spec to spec. */
  breaker: CircuitBreaker;
  backoff: BackoffOptions;
  /** Implement runs left in this invocation (`--max-run-iterations`), null: unbounded. */
  iterationsLeft: number | null;
}

export interface StoryLoopOutcome {
  end: "done" | "replan";
  /** Re-plans used for this spec so far (the machine's counter). */
  replans: number;
}

/**
 * The story loop of `ralph run` on the one engine (issue 12): the core machine decides — attempts,
 * strict verdicts, the circuit breaker, budgets, the regression gate, PLAN_INVALIDATION — exactly
 * as for the Action, and the same pipeline steps run. What differs is only where the state is kept
 * (in memory for this run, rebuilt from the branch's PRD by the next `ralph run`) and how it is
 * shown (printed lines instead of comments). Ends with the done marker committed, with "replan"
 * after a PLAN_INVALIDATION (the caller re-plans), or by throwing StopError with a named reason.
 */
export async function runStoryLoop(
  ctx: PipelineContext,
  prd: Prd,
  guards: LocalGuards,
  replans: number,
): Promise<StoryLoopOutcome> {
  const entry = localState(ctx, prd, guards, replans);
  const phases = new PhaseJournal(ctx.logRoot, ctx.clock);
  await phases.observe(entry, { entered: true });
  const start = startStoryLoop(entry, ctx.config);
  await applyEffects(ctx, start.state, start.effects);
  await phases.observe(start.state);
  const current = { state: start.state };
  try {
    return await loop(ctx, guards, phases, current);
  } catch (error) {
    // A stop the machine did not decide (iteration cap, usage limit): the run ends here all the
    // same, so the log says so, with the reason, as it does for the machine's own stops.
    if (error instanceof StopError && isAgentPhase(current.state.phase)) {
      const stopReason = `${error.reason}: ${error.message}`;
      await phases.observe({ ...current.state, phase: "stopped", stopReason });
    }
    throw error;
  }
}

async function loop(
  ctx: PipelineContext,
  guards: LocalGuards,
  phases: PhaseJournal,
  current: { state: MachineState },
): Promise<StoryLoopOutcome> {
  for (;;) {
    const state = current.state;
    guards.breaker.state = state.breaker;
    if (state.phase === "done") return { end: "done", replans: state.counters.replans };
    if (state.phase === "plan_invalidated") {
      return { end: "replan", replans: state.counters.replans };
    }
    if (state.phase === "failed") {
      const reason = state.stopReason ?? "stopped";
      throw new StopError(stopReasonOf(reason), reason);
    }
    const step = state.pendingStep;
    if (step !== "implement" && step !== "verify") {
      throw new StopError("failed", `internal: the story loop has no ${step ?? "pending"} step`);
    }
    if (state.breaker.count > 0) {
      // The last run(s) failed the same way: back off before trying again, as the Action does.
      const ms = backoffDelayMs(state.breaker.count, guards.backoff);
      const why = (state.lastError ?? "the last step failed").replace(/\.$/, "");
      say(ctx, `  ${why}; backing off ${Math.round(ms / 100) / 10}s`);
      await ctx.clock.sleep(ms);
    }
    current.state = await runOne(ctx, guards, state, step);
    await phases.observe(current.state);
  }
}

/** Runs the step the state asks for and gives its result to the machine: the next state. */
async function runOne(
  ctx: PipelineContext,
  guards: LocalGuards,
  state: MachineState,
  step: "implement" | "verify",
): Promise<MachineState> {
  const meter = { runs: 0, costUsd: 0 };
  const pipe: PipelineContext = {
    ...ctx,
    onAgentRun: (record: AgentRunRecord) => {
      meter.runs += record.runs ?? 1;
      meter.costUsd += record.result.usage?.costUsd ?? 0;
      ctx.onAgentRun?.(record);
    },
  };
  const result = await runLocalStep(pipe, state, step, guards);
  if (result.kind === "usage_limit") {
    // The Action hands the step to a later run; a local run has no later: it stops, named.
    throw new StopError("usage_limit", `the agent is still at its usage limit (${result.step})`);
  }
  const usage: AgentUsage = {
    runs: meter.runs,
    ...(meter.costUsd > 0 ? { costUsd: meter.costUsd } : {}),
  };
  // The machine counts the runs of this result; it must start from what this invocation spent.
  const synced = {
    ...state,
    counters: {
      ...state.counters,
      agentRuns: Math.max(0, guards.budget.runs - meter.runs),
      costUsd: Math.max(0, guards.budget.costUsd - meter.costUsd),
    },
  };
  const next = transition(synced, { type: "agent_result", result, usage }, ctx.config);
  report(ctx, state, result);
  await applyEffects(ctx, next.state, next.effects);
  return next.state;
}

/** The machine's state for a spec whose PRD the user approved by running `ralph run`. */
function localState(
  ctx: PipelineContext,
  prd: Prd,
  guards: LocalGuards,
  replans: number,
): MachineState {
  return {
    ...initialState(1),
    phase: "implementing",
    specId: ctx.spec.id,
    prd: {
      revision: "local",
      number: 1,
      branchName: prd.branchName,
      commentId: null,
      stories: storiesInOrder(prd).map((s, _, all) => ({
        id: s.id,
        title: storyTitle(s.title, all.length),
        status: s.passes ? "passed" : "pending",
        attempts: 0,
        commit: null,
      })),
    },
    counters: {
      agentRuns: guards.budget.runs,
      replans,
      costUsd: guards.budget.costUsd,
      tokens: 0,
    },
    breaker: guards.breaker.state,
  };
}

/**
 * The step the state asks for: the one story step the Action runs too (runStoryStep). The CLI's
 * own part is where its state is kept: the candidate is its resume state on disk, settled by a
 * verdict, and `--max-run-iterations` caps the implement runs of this invocation.
 */
async function runLocalStep(
  pipe: PipelineContext,
  state: MachineState,
  step: "implement" | "verify",
  guards: LocalGuards,
): Promise<AgentResult> {
  const { result } = await runStoryStep(pipe, state, step, {
    beforeImplement: async () => {
      await clearCandidate(pipe);
      if (guards.iterationsLeft === null) return;
      if (guards.iterationsLeft <= 0) {
        throw new StopError("max_run_iterations_reached", "the run iteration cap is reached");
      }
      guards.iterationsLeft -= 1;
    },
    afterVerdict: () => clearCandidate(pipe),
  });
  return result;
}

/** Effects where the state is local: files are committed, words are printed, the rest has no place. */
async function applyEffects(
  ctx: PipelineContext,
  state: MachineState,
  effects: readonly Effect[],
): Promise<void> {
  for (const effect of effects) {
    if (effect.type !== "commit_files") continue;
    const rows = effect.change.kind === "done_marker" ? { rows: doneRows(state) } : {};
    const change =
      effect.change.kind === "done_marker"
        ? { ...effect.change, commit: await ctx.git.headSha() }
        : effect.change;
    await applyFileChange(ctx, change, rows);
    if (effect.change.kind === "done_marker") say(ctx, `  done ${ctx.spec.id}`);
  }
}

/** One line per result, as `ralph run` always printed them. */
function report(ctx: PipelineContext, state: MachineState, r: AgentResult): void {
  const max = ctx.config.limits.max_attempts;
  if (r.kind === "verdict") {
    const attempts = state.prd?.stories.find((s) => s.id === r.storyId)?.attempts ?? 0;
    if (r.problem) say(ctx, `  ${r.storyId} verdict not accepted: ${r.problem}`);
    else if (r.verdict === "PASS")
      say(ctx, `  ${r.storyId} PASS on commit ${r.commit.slice(0, 7)}`);
    else if (r.invalidation !== null)
      say(ctx, `  ${r.storyId} PLAN_INVALIDATION: ${r.invalidation}`);
    else {
      // Who rejected it, as the implementer's feedback and the review say it (issue 18).
      const by = rejectionHeader(r.rejectedBy ?? { by: "verifier" }, { commit: r.commit });
      say(ctx, `  ${r.storyId} attempt ${attempts}/${max} rejected: ${by}`);
    }
  } else if (r.kind === "regression") {
    if (r.problem !== null) say(ctx, `  final re-check not accepted: ${r.problem}`);
    else if (r.regressed.length === 0) say(ctx, "  every story holds on the final tree");
    else say(ctx, `  ${regressionSummary(r)}`);
  } else if (r.kind === "no_progress") {
    say(ctx, `  implement ${r.storyId} made no change`);
  } else if (r.kind === "timeout" || r.kind === "crash" || r.kind === "usage_limit") {
    say(
      ctx,
      `  ${r.step} ${r.kind === "crash" ? `failed: ${r.message}` : r.kind === "timeout" ? "timed out" : "hit the usage limit"}`,
    );
  }
}

/**
 * The CLI's named stop reason for the machine's: the machine words every stop for humans
 * (DESIGN §4.5) and names the limit it hit; the CLI's summary names it as a token.
 */
export function stopReasonOf(reason: string): StopReason {
  if (reason.startsWith("circuit breaker")) return "circuit_breaker_open";
  if (reason.startsWith("budget exhausted")) {
    return reason.includes("max_cost_usd") ? "max_cost_reached" : "max_agent_runs_reached";
  }
  if (reason.includes("limits.max_replans")) return "max_replans_exhausted";
  if (reason.includes("limits.max_attempts")) return "max_attempts_exhausted";
  if (reason.includes("limits.max_followups")) return "max_followups_reached";
  return "failed";
}
