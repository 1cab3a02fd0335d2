import { appendFile, mkdir, open } from "node:fs/promises";
import { join } from "node:path";
import { byCodeUnits } from "../core/code-unit-order.js";
import { redactSecrets } from "../core/redact-secrets.js";
import { plainText } from "./terminal-text.js";
import type { AgentRole } from "./types.js";

/**
 * The caller's redaction (known secret values) and always the token shapes (DESIGN §7.6): a run
 * log is kept as an artifact, and a caller that passes no redaction must not leak a token either.
 */
function masker(redact?: (text: string) => string): (text: string) => string {
  return (text) => redactSecrets(redact ? redact(text) : text, []);
}

/**
 * One log file per agent run (DESIGN §4.1, seed 001 "run logs"): `<role>-<timestamp>.log` in the
 * request's log directory. The header and prompt are written before the agent starts, so a runner
 * that dies mid-run still leaves the prompt behind; the outcome and output are appended after.
 */
export interface RunLogStart {
  logDir: string;
  role: AgentRole;
  /** How the agent was started, for humans (never contains the prompt). */
  command: string;
  cwd: string;
  /** Only the RALPH_* variables: the rest of the environment may hold secrets. */
  ralphEnv: Record<string, string>;
  prompt: string;
  startedAt: Date;
  redact?: (text: string) => string;
}

export interface RunLogOutcome {
  exitCode: number | null;
  exitSignal: string | null;
  timedOut: boolean;
  aborted: boolean;
  durationMs: number;
  stdout: string;
  stderr: string;
  droppedBytes?: { stdout: number; stderr: number };
  /** Adapter-specific facts (session id, usage, parsed error...). */
  extra?: Record<string, string | number | boolean | null>;
}

/** `2026-02-08T12:34:56.789Z` -> `20260208T123456789Z`: sortable and safe in file names. */
export function logTimestamp(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, "");
}

function section(title: string, body: string): string {
  const text = body.endsWith("\n") || body === "" ? body : `${body}\n`;
  return `===== ${title} =====\n${text}`;
}

/** Creates the log file exclusively (a second run in the same millisecond gets a `-2` suffix). */
export async function startRunLog(start: RunLogStart): Promise<string> {
  await mkdir(start.logDir, { recursive: true });
  const redact = masker(start.redact);
  const base = `${start.role}-${logTimestamp(start.startedAt)}`;
  const envLines = Object.entries(start.ralphEnv)
    .sort(([a], [b]) => byCodeUnits(a, b))
    .map(([k, v]) => `${k}=${v}`)
    .join("\n");
  const header = [
    `role: ${start.role}`,
    `command: ${start.command}`,
    `cwd: ${start.cwd}`,
    `started: ${start.startedAt.toISOString()}`,
    "",
  ].join("\n");
  const content = redact(
    header + section("ENV", envLines) + section("PROMPT (stdin)", start.prompt),
  );
  for (let n = 1; ; n++) {
    const path = join(start.logDir, n === 1 ? `${base}.log` : `${base}-${n}.log`);
    try {
      const handle = await open(path, "wx");
      try {
        await handle.writeFile(content, "utf8");
      } finally {
        await handle.close();
      }
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

export async function finishRunLog(
  path: string,
  outcome: RunLogOutcome,
  redactFn?: (text: string) => string,
): Promise<void> {
  const redact = masker(redactFn);
  const facts: Record<string, string | number | boolean | null> = {
    exit_code: outcome.exitCode,
    exit_signal: outcome.exitSignal,
    timed_out: outcome.timedOut,
    aborted: outcome.aborted,
    duration_ms: outcome.durationMs,
    ...outcome.extra,
  };
  if (outcome.droppedBytes && (outcome.droppedBytes.stdout || outcome.droppedBytes.stderr)) {
    facts.dropped_stdout_bytes = outcome.droppedBytes.stdout;
    facts.dropped_stderr_bytes = outcome.droppedBytes.stderr;
  }
  const resultLines = Object.entries(facts)
    .map(([k, v]) => `${k}: ${v === null ? "null" : String(v)}`)
    .join("\n");
  await appendFile(
    path,
    redact(
      section("STDOUT", plainText(outcome.stdout)) +
        section("STDERR", plainText(outcome.stderr)) +
        section("RESULT", resultLines),
    ),
    "utf8",
  );
}

/** Appends one line to an existing run log (usage-limit waits, retries). */
export async function appendRunLogNote(path: string, note: string): Promise<void> {
  await appendFile(path, `note: ${note}\n`, "utf8");
}
