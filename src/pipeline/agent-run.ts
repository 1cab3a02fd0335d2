import { join } from "node:path";
import type { AgentRole, AgentRunResult } from "../agents/types.js";
import { runWithUsageLimitRetry } from "../agents/usage-limit.js";
import type { AgentResult } from "../core/events.js";
import type { AgentStep } from "../core/state.js";
import { abs, type PipelineContext, pathsOf, say } from "./context.js";

/** An agent run that did not produce a usable final message, as the machine sees it. */
export type RunFailure = Extract<AgentResult, { kind: "timeout" | "usage_limit" | "crash" }>;

export type AgentRunOutcome =
  | { ok: true; result: AgentRunResult }
  | { ok: false; failure: RunFailure; result: AgentRunResult | null };

export interface StepRunRequest {
  step: AgentStep;
  role: AgentRole;
  prompt: string;
  /** Extra RALPH_* variables (RALPH_STORY_ID, RALPH_ATTEMPT, ...). */
  env?: Record<string, string>;
  /** Sub-directory of `<logRoot>/<spec-id>/` for this run's log, e.g. `implement-US-1-attempt-2`. */
  logName: string;
}

/** DESIGN §4.1 environment of the command-agent protocol: absolute paths of the spec's files. */
export function specEnv(ctx: PipelineContext): Record<string, string> {
  const paths = pathsOf(ctx);
  return {
    RALPH_SPEC_ID: ctx.spec.id,
    RALPH_SPEC_FILE: abs(ctx, ctx.spec.file),
    RALPH_PLAN_FILE: abs(ctx, paths.plan),
    RALPH_PRD_FILE: abs(ctx, paths.prd),
    RALPH_CODEBASE_MAP: abs(ctx, paths.codebaseMap),
  };
}

function stampDir(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, "");
}

/**
 * Runs the agent once for a step: phase timeout from config, usage-limit waits (seed 001) on the
 * injected clock, run log under `logRoot`, and the outcome classified. Never throws for agent
 * failures (a binary that cannot start is a `crash`).
 */
export async function runAgent(
  ctx: PipelineContext,
  req: StepRunRequest,
): Promise<AgentRunOutcome> {
  const logDir = join(ctx.logRoot, ctx.spec.id, `${stampDir(ctx.clock.now())}-${req.logName}`);
  let result: AgentRunResult;
  try {
    result = await runWithUsageLimitRetry(
      ctx.agent,
      {
        role: req.role,
        prompt: req.prompt,
        workspace: ctx.workspace,
        env: { ...specEnv(ctx), ...req.env },
        timeoutMs: Math.round(ctx.config.limits.phase_timeout_minutes * 60_000),
        logDir,
        ...(ctx.signal ? { signal: ctx.signal } : {}),
        ...(ctx.redact ? { redact: ctx.redact } : {}),
      },
      {
        clock: ctx.clock,
        onWait: (w) =>
          say(ctx, `  usage limit: waiting ${w.waitSeconds}s before retrying (${w.reason})`),
      },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, failure: { step: req.step, kind: "crash", message }, result: null };
  }
  ctx.onAgentRun?.({ role: req.role, specId: ctx.spec.id, result });
  const failure = classify(req.step, result);
  return failure === null ? { ok: true, result } : { ok: false, failure, result };
}

function classify(step: AgentStep, r: AgentRunResult): RunFailure | null {
  if (r.timedOut) return { step, kind: "timeout" };
  if (r.usageLimit) {
    return { step, kind: "usage_limit", retryAfterSeconds: r.usageLimit.resetSeconds };
  }
  if (r.aborted) return { step, kind: "crash", message: "the run was cancelled" };
  if (r.exitCode !== 0) {
    const detail = r.error ? `: ${r.error}` : "";
    return {
      step,
      kind: "crash",
      message: `agent exited with code ${r.exitCode ?? "none"}${detail} (log: ${r.logFile})`,
    };
  }
  if (r.error) return { step, kind: "crash", message: `agent reported an error: ${r.error}` };
  return null;
}

/** The last lines of an output, for feedback and error messages. */
export function tail(text: string, maxLines = 80, maxChars = 6_000): string {
  const lines = text.replace(/\s+$/, "").split(/\r?\n/).slice(-maxLines).join("\n");
  return lines.length <= maxChars ? lines : lines.slice(lines.length - maxChars);
}
