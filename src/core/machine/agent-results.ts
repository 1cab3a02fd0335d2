import type { AgentResult, AgentUsage } from "../events.js";
import { isAgentPhase } from "../state.js";
import { onBaseMerged } from "./base-merge.js";
import { type Ctx, clip, dispatch, fail, tripBreaker } from "./context.js";
import { onUnderstood } from "./control.js";
import { onAmended } from "./followup-amend.js";
import {
  currentStory,
  onImplemented,
  onNoProgress,
  onRegression,
  onVerdict,
} from "./implementation.js";
import { onCritic, onPrd, onQuestions, onResearch, onResearchFailed } from "./planning.js";

type FailureResult = Extract<
  AgentResult,
  { kind: "invalid_output" | "timeout" | "usage_limit" | "crash" }
>;

/**
 * Every result is one agent run against the budgets, even a late one. A result for a step Ralph
 * is not waiting for (superseded by a stop, a re-plan or a failure) changes nothing else, and is
 * not announced: it is machinery, not something a human did.
 */
export function handleAgentResult(
  ctx: Ctx,
  result: AgentResult,
  usage: AgentUsage | undefined,
  runUrl: string | undefined,
): void {
  const s = ctx.s;
  countUsage(ctx, usage);
  if (runUrl !== undefined && runUrl !== "") s.runUrl = runUrl;
  if (s.phase === "stopped") {
    whileStopped(ctx, result);
    return;
  }
  if (!isAgentPhase(s.phase) || s.pendingStep !== result.step) return;
  route(ctx, result);
}

function countUsage(ctx: Ctx, usage: AgentUsage | undefined): void {
  const c = ctx.s.counters;
  // `runs` says how many agent processes are behind the result: usage-limit retries count too,
  // and 0 when no agent ran (a resumed candidate, a verify decided by the checks alone).
  const runs = usage?.runs;
  c.agentRuns += typeof runs === "number" && Number.isInteger(runs) && runs >= 0 ? runs : 1;
  const cost = usage?.costUsd;
  if (typeof cost === "number" && Number.isFinite(cost) && cost > 0) c.costUsd += cost;
  const tokens = usage?.tokens;
  if (typeof tokens === "number" && Number.isFinite(tokens) && tokens > 0)
    c.tokens += Math.round(tokens);
}

/**
 * "Stop after the current agent step" (DESIGN §3.1): the step's result still lands (its commit,
 * its questions, its PRD), but the next step is only remembered for `/ralph run`. Finishing or
 * failing outright is still reported as such.
 */
function whileStopped(ctx: Ctx, result: AgentResult): void {
  const s = ctx.s;
  if (s.resumePhase === null || !isAgentPhase(s.resumePhase) || s.resumeStep !== result.step)
    return;
  const stopReason = s.stopReason;
  s.phase = s.resumePhase;
  s.pendingStep = s.resumeStep;
  const mark = ctx.effects.length;
  route(ctx, result);
  if (s.phase === "done" || s.phase === "failed") return;
  s.resumePhase = s.phase;
  s.resumeStep = s.pendingStep;
  s.phase = "stopped";
  s.pendingStep = null;
  s.stopReason = stopReason;
  const kept = ctx.effects.filter((e, i) => i < mark || e.type !== "dispatch");
  ctx.effects.splice(0, ctx.effects.length, ...kept);
}

function route(ctx: Ctx, r: AgentResult): void {
  switch (r.kind) {
    case "questions":
      onQuestions(ctx, r);
      return;
    case "prd":
      onPrd(ctx, r);
      return;
    case "decisions":
      onResearch(ctx, r);
      return;
    case "critic":
      onCritic(ctx, r);
      return;
    case "understood":
      onUnderstood(ctx);
      return;
    case "amended":
      onAmended(ctx, r);
      return;
    case "base_merged":
      onBaseMerged(ctx, r);
      return;
    case "regression":
      ctx.baseAhead = r.baseAhead ?? null;
      onRegression(ctx, r);
      return;
    case "implemented":
    case "no_progress":
    case "verdict": {
      const story = currentStory(ctx, r.storyId);
      if (story === undefined) return;
      if (r.kind === "implemented") {
        onImplemented(ctx, story, r);
        return;
      }
      if (r.kind === "no_progress") {
        onNoProgress(ctx, story);
        return;
      }
      ctx.baseAhead = r.baseAhead ?? null;
      onVerdict(ctx, story, r);
      return;
    }
    case "invalid_output":
    case "timeout":
    case "usage_limit":
    case "crash":
      // Seed 002: a research failure never blocks; planning goes on without findings.
      if (r.step === "research") {
        onResearchFailed(ctx, `${FAILURE_WORDS[r.kind]}${failureDetail(r)}`);
        return;
      }
      onFailure(ctx, r);
      return;
  }
}

function failureDetail(r: FailureResult): string {
  return r.kind === "crash"
    ? `: ${clip(r.message, 300)}`
    : r.kind === "invalid_output" && r.errors.length > 0
      ? `: ${clip(r.errors.join("; "), 300)}`
      : "";
}

const FAILURE_WORDS: Record<FailureResult["kind"], string> = {
  invalid_output: "returned invalid output",
  timeout: "timed out",
  usage_limit: "hit the agent's usage limit",
  crash: "crashed",
};

/** Same signature three times in a row opens the breaker (DESIGN §4.5); else the step runs again. */
function onFailure(ctx: Ctx, r: FailureResult): void {
  const s = ctx.s;
  const detail = failureDetail(r);
  s.lastError = `The ${r.step} step ${FAILURE_WORDS[r.kind]}${detail}.`;
  if (tripBreaker(ctx, `${r.kind}:${r.step}`)) {
    fail(
      ctx,
      `circuit breaker: the ${r.step} step ${FAILURE_WORDS[r.kind]} ${s.breaker.count} times in a row${detail}`,
    );
    return;
  }
  const storyId =
    r.step === "implement" || r.step === "verify" ? (s.currentStory ?? undefined) : undefined;
  dispatch(ctx, s.phase, r.step, storyId);
}
