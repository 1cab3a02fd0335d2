import { resolve } from "node:path";
import { liveOutput } from "./output-lines.js";
import { type ProcessBoundary, SAME_USER } from "./process-boundary.js";
import { finishRunLog, type RunLogOutcome, startRunLog } from "./run-log.js";
import { runSubprocess, type SubprocessResult, SubprocessSpawnError } from "./subprocess.js";
import type { AgentRunRequest } from "./types.js";

/** What every adapter shares: environment, run log, process-group-safe subprocess. */
export interface AgentProcessOptions {
  /** Environment the agent inherits; `process.env` unless a test injects one. */
  baseEnv?: NodeJS.ProcessEnv;
  killGraceMs?: number;
  now?: () => Date;
  /** Where the agent runs: its own OS account in the Action (DESIGN §7 rule 9); default Ralph's. */
  boundary?: ProcessBoundary;
}

export interface AgentProcessSpec {
  file: string;
  args: readonly string[];
  /** For the run log header; argv never contains the prompt. */
  displayCommand: string;
  /** Adapter-specific variables (never RALPH_PHASE / RALPH_WORKSPACE, which always win). */
  extraEnv?: Record<string, string>;
  /** What to do when the binary cannot be started (how to install it). */
  spawnHint?: string;
  /** One stdout line → the readable progress it carries (null: none); default: the line. */
  progressOf?: (line: string) => string | null;
}

/** Started but the binary could not be executed (ENOENT, EACCES). The run log says so too. */
export class AgentSpawnError extends Error {
  override readonly name = "AgentSpawnError";
  constructor(
    message: string,
    readonly logFile: string,
    override readonly cause: unknown,
  ) {
    super(message);
  }
}

/** DESIGN §4.1: RALPH_PHASE and the absolute RALPH_WORKSPACE on top of the request's RALPH_* vars. */
export function ralphEnvFor(request: AgentRunRequest): Record<string, string> {
  return {
    ...request.env,
    RALPH_PHASE: request.role,
    RALPH_WORKSPACE: resolve(request.workspace),
  };
}

export interface AgentProcessRun {
  sub: SubprocessResult;
  logFile: string;
  /** Appends output and outcome to the run log; adapters add what they parsed. */
  finish(extra?: RunLogOutcome["extra"]): Promise<void>;
}

/** The agent's process, inside its boundary: the workspace opened to it for the run. */
function runInBoundary(
  request: AgentRunRequest,
  spec: AgentProcessSpec,
  options: AgentProcessOptions,
  run: {
    cwd: string;
    ralphEnv: Record<string, string>;
    onStdout?: (chunk: Buffer) => void;
    onStderr?: (chunk: Buffer) => void;
  },
): Promise<SubprocessResult> {
  const boundary = options.boundary ?? SAME_USER;
  const { cwd, ralphEnv, ...streams } = run;
  return boundary.around(cwd, () =>
    runSubprocess({
      file: spec.file,
      args: spec.args,
      cwd,
      env: boundary.environment({
        ...(options.baseEnv ?? process.env),
        ...spec.extraEnv,
        ...ralphEnv,
      }),
      stdin: request.prompt,
      timeoutMs: request.timeoutMs,
      deadline: request.deadline,
      killGraceMs: options.killGraceMs,
      signal: request.signal,
      ...(boundary.runAs && { runAs: boundary.runAs }),
      ...streams,
    }),
  );
}

export async function runAgentProcess(
  request: AgentRunRequest,
  spec: AgentProcessSpec,
  options: AgentProcessOptions = {},
): Promise<AgentProcessRun> {
  const ralphEnv = ralphEnvFor(request);
  const cwd = resolve(request.workspace);
  const logFile = await startRunLog({
    logDir: request.logDir,
    role: request.role,
    command: spec.displayCommand,
    cwd,
    ralphEnv,
    prompt: request.prompt,
    startedAt: (options.now ?? (() => new Date()))(),
    redact: request.redact,
  });
  let sub: SubprocessResult;
  const live = liveOutput(request, spec.progressOf);
  try {
    sub = await runInBoundary(request, spec, options, {
      cwd,
      ralphEnv,
      ...(live && {
        onStdout: (chunk: Buffer) => live.stdout.push(chunk),
        onStderr: (chunk: Buffer) => live.stderr.push(chunk),
      }),
    });
    live?.stdout.end();
    live?.stderr.end();
  } catch (error) {
    if (!(error instanceof SubprocessSpawnError)) throw error;
    await finishRunLog(
      logFile,
      {
        exitCode: null,
        exitSignal: null,
        timedOut: false,
        aborted: false,
        durationMs: 0,
        stdout: "",
        stderr: "",
        extra: { spawn_error: error.message },
      },
      request.redact,
    );
    const hint = spec.spawnHint && /ENOENT|EACCES/.test(error.message) ? `: ${spec.spawnHint}` : "";
    throw new AgentSpawnError(`${error.message}${hint}`, logFile, error.cause);
  }
  return {
    sub,
    logFile,
    finish: (extra) =>
      finishRunLog(
        logFile,
        {
          exitCode: sub.exitCode,
          exitSignal: sub.exitSignal,
          timedOut: sub.timedOut,
          aborted: sub.aborted,
          durationMs: sub.durationMs,
          stdout: sub.stdout,
          stderr: sub.stderr,
          droppedBytes: sub.droppedBytes,
          extra,
        },
        request.redact,
      ),
  };
}
