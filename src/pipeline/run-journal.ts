import { appendFile, mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { AgentRole, AgentRunResult } from "../agents/types.js";
import type { AgentStep } from "../core/state.js";

/** One line of `ralph.log`: an agent step run, with how long it took and how it ended. */
export interface JournalEvent {
  time: string;
  event: "agent_run";
  step: AgentStep;
  role: AgentRole;
  spec: string | null;
  /** This run's record under `sessions/`. */
  run: string;
  durationMs: number;
  /** `ok`, or the failure kind (timeout, usage_limit, crash). */
  outcome: string;
  /** Why the run stopped when it did not end normally. */
  stopReason: string | null;
  sessionId: string | null;
}

/**
 * Run records next to the run logs (`logRoot`): `ralph.log` with one JSON line per agent run and
 * `sessions/<run>.json` with the run's session id, usage and log file. Best effort: a journal that
 * cannot be written never fails the step (the run log itself is the agent adapter's).
 */
export async function journalRun(
  logRoot: string,
  entry: {
    step: AgentStep;
    role: AgentRole;
    spec: string | null;
    startedAt: Date;
    result: AgentRunResult | null;
    outcome: string;
    stopReason: string | null;
    /** Unique name of this run (its `sessions/` file). */
    run: string;
  },
): Promise<void> {
  const run = entry.run;
  const event: JournalEvent = {
    time: entry.startedAt.toISOString(),
    event: "agent_run",
    step: entry.step,
    role: entry.role,
    spec: entry.spec,
    run,
    durationMs: entry.result?.durationMs ?? 0,
    outcome: entry.outcome,
    stopReason: entry.stopReason,
    sessionId: entry.result?.sessionId ?? null,
  };
  const session = {
    ...event,
    exitCode: entry.result?.exitCode ?? null,
    timedOut: entry.result?.timedOut ?? false,
    usage: entry.result?.usage ?? null,
    logFile: entry.result?.logFile ?? null,
  };
  try {
    const file = join(logRoot, "sessions", `${run}.json`);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(session, null, 2)}\n`, "utf8");
    await appendFile(join(logRoot, "ralph.log"), `${JSON.stringify(event)}\n`, "utf8");
  } catch {
    // The journal is for humans reading logs; losing a line must not lose the step.
  }
}

/**
 * A line in `ralph.log` that is not an agent run: why stories ran at once or in sequence
 * (parallel groups), a check run. Best effort, like journalRun.
 */
export async function journalNote(
  logRoot: string,
  note: { event: string } & Record<string, unknown>,
  time = new Date().toISOString(),
): Promise<void> {
  try {
    await mkdir(logRoot, { recursive: true });
    await appendFile(join(logRoot, "ralph.log"), `${JSON.stringify({ time, ...note })}\n`, "utf8");
  } catch {
    // The journal is for humans reading logs; losing a line must not lose the step.
  }
}

/** One line of `ralph.log` for a `verify.checks` command Ralph ran (issue 18). */
export interface CheckEvent {
  time: string;
  spec: string;
  /** What it ran for: `US-1 attempt 2`, `final tree`. */
  purpose: string;
  commit: string;
  command: string;
  ok: boolean;
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  /** Its full output, relative to the log folder (null when it could not be written). */
  outputFile: string | null;
}

export function journalCheck(logRoot: string, entry: CheckEvent): Promise<void> {
  const { time, ...rest } = entry;
  return journalNote(logRoot, { event: "check", ...rest }, time);
}
