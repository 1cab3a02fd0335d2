import type { AgentRunResult } from "../agents/types.js";
import { type BreakerState, breakerAfterFailure } from "../core/machine/index.js";

/**
 * Named reasons a local run stops (DESIGN §4.5: every stop has an explicit, named reason).
 * Spec-local reasons end that spec; the others end the whole run.
 */
export type StopReason =
  | "max_attempts_exhausted"
  | "max_replans_exhausted"
  | "planner_failed"
  | "planner_questions"
  | "invalid_prd"
  | "max_agent_runs_reached"
  | "max_cost_reached"
  | "circuit_breaker_open"
  | "max_run_iterations_reached"
  | "usage_limit"
  | "aborted"
  /** `ralph fix` on a spec that used its `limits.max_followups` rounds. */
  | "max_followups_reached"
  /** Any other stop the engine names in its message (an internal problem). */
  | "failed";

export const RUN_WIDE_STOPS: readonly StopReason[] = [
  "max_agent_runs_reached",
  "max_cost_reached",
  "circuit_breaker_open",
  "max_run_iterations_reached",
  "usage_limit",
  "aborted",
];

export class StopError extends Error {
  override readonly name = "StopError";
  constructor(
    readonly reason: StopReason,
    message: string,
  ) {
    super(message);
  }
}

/** `max_agent_runs` and `max_cost_usd` over one local run (all specs). */
export class RunBudget {
  runs = 0;
  costUsd = 0;
  tokens = 0;

  constructor(private readonly limits: { maxAgentRuns: number; maxCostUsd: number | null }) {}

  /** `runs`: agent processes the run took (usage-limit retries count too). */
  record(result: Pick<AgentRunResult, "usage">, runs = 1): void {
    this.runs += runs;
    this.costUsd += result.usage?.costUsd ?? 0;
    this.tokens += (result.usage?.inputTokens ?? 0) + (result.usage?.outputTokens ?? 0);
  }

  /** Throws StopError when another agent run would exceed a budget. */
  assertCanRun(): void {
    if (this.runs >= this.limits.maxAgentRuns) {
      throw new StopError(
        "max_agent_runs_reached",
        `agent run budget used up: ${this.runs} of limits.max_agent_runs=${this.limits.maxAgentRuns}`,
      );
    }
    if (this.limits.maxCostUsd !== null && this.costUsd >= this.limits.maxCostUsd) {
      throw new StopError(
        "max_cost_reached",
        `cost budget used up: $${this.costUsd.toFixed(2)} of limits.max_cost_usd=$${this.limits.maxCostUsd}`,
      );
    }
  }
}

/**
 * The circuit breaker of a local run (DESIGN §4.5): the core machine's breaker value and rule
 * (breakerAfterFailure), held across specs. Planning failures count here; the story loop hands the
 * value to the machine and takes it back, so one breaker sees every failure of the run.
 */
export class CircuitBreaker {
  private value: BreakerState = { signature: null, count: 0 };

  success(): void {
    this.value = { signature: null, count: 0 };
  }

  /**
   * Records a failure; throws StopError when the breaker opens. `signature` compares failures
   * (numbers and shas masked); the message shows `shown`, the last failure as it happened, so
   * paths and exit codes stay readable.
   */
  failure(signature: string, shown?: string): void {
    const next = breakerAfterFailure(this.value, signature);
    this.value = next.breaker;
    if (next.open) {
      throw new StopError(
        "circuit_breaker_open",
        `circuit breaker open: ${next.breaker.count} runs in a row failed the same way: ${shown ?? signature}`,
      );
    }
  }

  get state(): BreakerState {
    return { ...this.value };
  }

  set state(value: BreakerState) {
    this.value = { ...value };
  }
}

/** A failure signature: what failed and how, without the noise that changes on every run. */
export function failureSignature(parts: readonly (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => typeof p === "string" && p !== "")
    .map((p) =>
      p
        .replace(/\b[0-9a-f]{7,40}\b/g, "<sha>")
        .replace(/\d+/g, "N")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 200),
    )
    .join(" | ");
}
