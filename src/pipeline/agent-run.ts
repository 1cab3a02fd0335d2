import { basename, dirname, join } from "node:path";
import { plainText, tailLines } from "../agents/terminal-text.js";
import type { AgentRole, AgentRunResult } from "../agents/types.js";
import { runWithUsageLimitRetry, USAGE_LIMIT_DEFAULTS } from "../agents/usage-limit.js";
import type { AgentResult } from "../core/events.js";
import { extractLastJsonObject } from "../core/extract-json.js";
import { homePaths, specPaths } from "../core/plan-meta.js";
import type { AgentStep } from "../core/state.js";
import {
  type ProtectedScope,
  restoreProtected,
  snapshotProtected,
} from "../git/protected-state.js";
import { abs, type HomeContext, type PipelineContext, pathsOf, say } from "./context.js";
import { journalRun } from "./run-journal.js";

/** An agent run that did not produce a usable final message, as the machine sees it. */
export type RunFailure = Extract<AgentResult, { kind: "timeout" | "usage_limit" | "crash" }>;

export type AgentRunOutcome = (
  | { ok: true; result: AgentRunResult }
  | { ok: false; failure: RunFailure; result: AgentRunResult | null }
) & {
  /** Ralph's own files and folders the run changed (by content or type), restored. */
  restoredProtected: string[];
};

export interface StepRunRequest {
  step: AgentStep;
  role: AgentRole;
  prompt: string;
  /** Extra RALPH_* variables (RALPH_STORY_ID, RALPH_ATTEMPT, ...). */
  env?: Record<string, string>;
  /**
   * This run's log folder, e.g. `implement-US-1-attempt-2`: `<logRoot>/<spec-id>/<time>-<logName>`,
   * or `<logRoot>/<logName>` for a run without a spec.
   */
  logName: string;
  /** Resume this agent session (a retry within the same phase), where the adapter supports it. */
  resumeSessionId?: string | null;
  /** Protected paths this run may write (the planner's plan file). */
  writable?: readonly string[];
}

/** The config file the CLI reads when no other is named (the Action reads its own from the API). */
export const DEFAULT_CONFIG_PATH = ".github/ralph.yml";

/**
 * Ralph's own folders and files (DESIGN §4.5): the specs tree's own folders (plans with PRDs and
 * meta, candidates, done markers), the spec of the run, and the config file. What git sees of
 * them (tracked and new files, modes) is reverted from `git status` after every run (the
 * implementer's guarded paths, read-only enforcement, the checks'); protectedScope is what is
 * also compared and restored on disk, before Ralph reads anything.
 */
export function protectedRoots(ctx: HomeContext): string[] {
  const h = homePaths(ctx.config.ralph_home);
  return [
    h.plansDir,
    h.candidatesDir,
    h.doneDir,
    ...(ctx.spec === undefined ? [] : [ctx.spec.file]),
    ctx.configPath ?? DEFAULT_CONFIG_PATH,
  ];
}

/**
 * What an agent run must leave as it was on disk, by content and type (restored right after the
 * run, without git): with a spec, that spec's files only — its plan, meta, PRD and every other
 * `plans/<spec>.*` file, its candidate, its done marker, the spec and the config — plus every
 * folder on their way by type and mode (a `done` folder replaced by a link); without one, the
 * specs tree's folders whole. Issue 20: a run no longer reads every file of every spec ever
 * merged, twice.
 */
export function protectedScope(ctx: HomeContext): ProtectedScope {
  const config = ctx.configPath ?? DEFAULT_CONFIG_PATH;
  if (ctx.spec === undefined) return { roots: protectedRoots(ctx) };
  const paths = specPaths(ctx.config.ralph_home, ctx.spec.rel);
  const stem = paths.prd.slice(0, -".prd.json".length);
  return {
    roots: [ctx.spec.file, config, paths.candidate, paths.done],
    prefixed: [{ dir: dirname(stem), prefix: `${basename(stem)}.` }],
  };
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
    ...(ctx.followUp === undefined ? {} : { RALPH_FEEDBACK_FILE: ctx.followUp.file }),
  };
}

/** Without a spec only the codebase map is the agent's business. */
function homeEnv(ctx: HomeContext): Record<string, string> {
  return { RALPH_CODEBASE_MAP: abs(ctx, homePaths(ctx.config.ralph_home).codebaseMap) };
}

function stampDir(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, "");
}

function logDirOf(ctx: HomeContext, logName: string): string {
  return ctx.spec === undefined
    ? join(ctx.logRoot, logName)
    : join(ctx.logRoot, ctx.spec.id, `${stampDir(ctx.clock.now())}-${logName}`);
}

/**
 * Runs the agent once for a step: phase timeout from config, usage-limit waits (seed 001) on the
 * injected clock (none longer than `ctx.maxUsageWaitSeconds`: the limited run is then returned as
 * `usage_limit`), run log under `logRoot`, and the outcome classified. Never throws for agent
 * failures (a binary that cannot start is a `crash`).
 */
export async function runAgent(ctx: HomeContext, req: StepRunRequest): Promise<AgentRunOutcome> {
  const logDir = logDirOf(ctx, req.logName);
  const spec = ctx.spec;
  const env = spec === undefined ? homeEnv(ctx) : specEnv({ ...ctx, spec });
  const ceiling = ctx.config.limits.max_usage_wait_minutes * 60;
  const maxWait = Math.min(ctx.maxUsageWaitSeconds ?? ceiling, ceiling);
  const startedAt = ctx.clock.now();
  const journal = (r: AgentRunResult | null, failure: RunFailure | null) =>
    journalRun(ctx.logRoot, {
      step: req.step,
      role: req.role,
      spec: spec?.id ?? null,
      startedAt,
      result: r,
      outcome: failure?.kind ?? "ok",
      stopReason:
        failure === null ? null : failure.kind === "crash" ? failure.message : failure.kind,
      run: `${spec === undefined ? "" : `${spec.id}-`}${stampDir(startedAt)}-${req.logName}`,
    });
  let result: AgentRunResult;
  let waits = 0;
  const guarded = await snapshotProtected(ctx.workspace, protectedScope(ctx), req.writable ?? []);
  const restore = async (): Promise<string[]> => {
    const restored = await restoreProtected(ctx.workspace, guarded);
    if (restored.length > 0) {
      say(ctx, `  ${req.role}: restored Ralph's own files: ${restored.join(", ")}`);
    }
    return restored;
  };
  try {
    const retried = await runWithUsageLimitRetry(
      ctx.agent,
      {
        role: req.role,
        prompt: req.prompt,
        workspace: ctx.workspace,
        env: { ...env, ...req.env },
        timeoutMs: Math.round(ctx.config.limits.phase_timeout_minutes * 60_000),
        logDir,
        ...(req.resumeSessionId ? { resumeSessionId: req.resumeSessionId } : {}),
        ...(ctx.signal ? { signal: ctx.signal } : {}),
        ...(ctx.redact ? { redact: ctx.redact } : {}),
      },
      {
        clock: ctx.clock,
        maxWaitSeconds: Math.max(0, maxWait),
        ...(ctx.usageLimitMarginSeconds !== undefined
          ? { marginSeconds: ctx.usageLimitMarginSeconds }
          : {}),
        onWait: (w) =>
          say(ctx, `  usage limit: waiting ${w.waitSeconds}s before retrying (${w.reason})`),
      },
    );
    waits = retried.usageLimitWaits.length;
    result = retried;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const failure: RunFailure = { step: req.step, kind: "crash", message };
    await journal(null, failure);
    const restoredProtected = await restore();
    return { ok: false, failure, result: null, restoredProtected };
  }
  // Before anything reads the branch's state: Ralph's records are its own, never the agent's.
  const restoredProtected = await restore();
  // Every agent process counts against the budget, the usage-limit retries too.
  ctx.onAgentRun?.({ role: req.role, specId: spec?.id ?? null, result, runs: waits + 1 });
  const failure = classify(req.step, result);
  await journal(result, failure);
  if (failure?.kind === "usage_limit" && !result.aborted && waits < USAGE_LIMIT_DEFAULTS.maxWaits) {
    const bound = maxWait;
    say(ctx, `  usage limit: the reset is more than ${Math.round(bound)}s away; not waiting here`);
  }
  return failure === null
    ? { ok: true, result, restoredProtected }
    : { ok: false, failure, result, restoredProtected };
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

/**
 * The last lines of an output, for feedback and error messages: colour-free (plainText) and cut
 * on line boundaries (tailLines).
 */
export function tail(text: string, maxLines = 80, maxChars = 6_000): string {
  return tailLines(plainText(text), maxLines, maxChars).text;
}

/**
 * The last JSON object of an agent's final message (prose or a code fence around it is fine),
 * or the error a retry is told: what is missing, and how the output ended.
 */
export function finalJson(
  output: string,
  what: string,
): { ok: true; value: unknown } | { ok: false; errors: string[] } {
  const json = extractLastJsonObject(output);
  if (json.ok) return { ok: true, value: json.value };
  const ended = tail(output, 5, 400);
  const ask = `End your final message with the ${what} JSON object.`;
  // An agent that printed nothing is told (and the issue says) just that, not "ended with: ".
  if (ended.trim() === "") return { ok: false, errors: [`the output is empty. ${ask}`] };
  return { ok: false, errors: [`${json.error}. ${ask} Your output ended with: ${ended}`] };
}
