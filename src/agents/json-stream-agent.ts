import { INSTALL_HINTS } from "./agent-binary.js";
import { type AgentProcessOptions, runAgentProcess } from "./agent-process.js";
import { exitCause } from "./exit-cause.js";
import type { RunLogOutcome } from "./run-log.js";
import { outputTail } from "./subprocess.js";
import type { Agent, AgentRunRequest, AgentRunResult } from "./types.js";
import { detectUsageLimit } from "./usage-limit.js";

/**
 * What the CLI adapters that print one JSON event per line (claude stream-json, codex --json)
 * share: reading the lines, and turning a finished process plus its parsed stream into an
 * `AgentRunResult` and a run-log entry. Each adapter supplies only its argv and stream reading.
 */

export interface JsonLines {
  /** The JSON value of every line that held a JSON object, in order. */
  values: unknown[];
  /** Non-blank lines that were not JSON objects (CLI warnings mixed into stdout). */
  ignoredLines: number;
}

export function readJsonLines(stdout: string): JsonLines {
  const out: JsonLines = { values: [], ignoredLines: 0 };
  for (const line of stdout.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === "") continue;
    const value = trimmed.startsWith("{") ? parseJson(trimmed) : undefined;
    if (value === undefined) out.ignoredLines++;
    else out.values.push(value);
  }
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The fields every parsed stream has. */
export interface ParsedJsonStream {
  finalMessage: string;
  sessionId: string | null;
  errors: string[];
}

export interface JsonStreamAgentSpec<P extends ParsedJsonStream> {
  name: Agent["name"];
  bin: string;
  /** argv for one run; the prompt goes to stdin, never into argv. */
  args(request: AgentRunRequest): string[];
  parse(stdout: string): P;
  /** A one-line description of what the stream says went wrong, or null. */
  errorOf(parsed: P): string | null;
  /**
   * The stream stopped before its closing event: the CLI died rather than reported an error, so
   * the tail of stderr (where it says why) is appended to the error.
   */
  cutShort(parsed: P): boolean;
  /** The stream itself reports a failed run, whatever the exit code. */
  reportsFailure(parsed: P): boolean;
  /** Where a usage-limit message can be, besides stderr. */
  usageLimitTexts(parsed: P): string[];
  usage(parsed: P): AgentRunResult["usage"];
  /** Adapter fields for the run log, written before `error` and `usage_limit`. */
  logExtra(parsed: P): NonNullable<RunLogOutcome["extra"]>;
  /** One stdout line → the live progress it carries, or null. */
  progressOf(line: string): string | null;
}

export function createJsonStreamAgent<P extends ParsedJsonStream>(
  spec: JsonStreamAgentSpec<P>,
  options: AgentProcessOptions,
): Agent {
  return {
    name: spec.name,
    async run(request: AgentRunRequest): Promise<AgentRunResult> {
      const now = options.now ?? (() => new Date());
      const args = spec.args(request);
      const run = await runAgentProcess(
        request,
        {
          file: spec.bin,
          args,
          displayCommand: [spec.bin, ...args].join(" "),
          progressOf: spec.progressOf,
          ...(spec.name !== "command" && { spawnHint: INSTALL_HINTS[spec.name] }),
        },
        options,
      );
      const { sub } = run;
      const parsed = spec.parse(sub.stdout);
      const interrupted = sub.timedOut || sub.aborted;
      let error = interrupted ? null : spec.errorOf(parsed);
      if (error && spec.cutShort(parsed)) {
        const stderrTail = outputTail(sub.stderr, 3);
        if (stderrTail) error = `${error}: ${stderrTail}`;
      }
      const failed = !interrupted && (sub.exitCode !== 0 || spec.reportsFailure(parsed));
      // A CLI that died before its stream said anything (bad flag, no credentials) says why on
      // stderr: that, rather than a bare exit code.
      if (error === null && !interrupted && sub.exitCode !== 0)
        error = exitCause(sub.exitCode, sub.stderr);
      const usageLimit = failed
        ? detectUsageLimit([...spec.usageLimitTexts(parsed), sub.stderr].join("\n"), now())
        : null;
      await run.finish({ ...spec.logExtra(parsed), error, usage_limit: usageLimit !== null });
      return {
        finalMessage: parsed.finalMessage,
        exitCode: sub.exitCode,
        timedOut: sub.timedOut,
        aborted: sub.aborted,
        usageLimit,
        sessionId: parsed.sessionId,
        usage: spec.usage(parsed),
        logFile: run.logFile,
        durationMs: sub.durationMs,
        error,
      };
    },
  };
}
