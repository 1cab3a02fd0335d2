import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { killTree, RUN_ID_VARIABLE, type RunAs, trackRun, untrackRun } from "./process-tree.js";

/**
 * Runs one agent process. The prompt only ever travels on stdin (never argv, never a shell
 * string), so no prompt text can be interpreted by a shell.
 *
 * The child is spawned `detached`, which makes it the leader of a new process group, and carries a
 * per-run marker (RALPH_RUN_ID) in its environment. Timeouts and aborts signal the whole tree: the
 * group, the descendants by parent link and every process carrying the marker, so a tool that
 * left the group (`setsid`, a double fork) dies with it too (DESIGN §4.5). The run ends on the
 * leader's `exit` or the deadline, never only on `close`, which waits for whoever holds the pipes.
 */
export interface SubprocessOptions {
  file: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdin: string;
  timeoutMs: number;
  /**
   * The deadline as a signal, for a caller that keeps its own clock: the run times out when it
   * aborts, in place of the `timeoutMs` timer (a test fires it once the process it means is up).
   */
  deadline?: AbortSignal;
  /** Time between SIGTERM and SIGKILL. */
  killGraceMs?: number;
  /**
   * After the leader exits (or is killed), how long output still in the pipes is read before
   * they are dropped: a descendant holding them must not hold the phase.
   */
  drainMs?: number;
  signal?: AbortSignal;
  /** Per stream; beyond it the oldest output is dropped (the tail carries results and errors). */
  maxOutputBytes?: number;
  /** Called with each chunk as it arrives, for live progress (the result still has it all). */
  onStdout?: (chunk: Buffer) => void;
  onStderr?: (chunk: Buffer) => void;
  /** Another user to run as (the agent's own account); default: Ralph's user. */
  runAs?: RunAs;
}

export interface SubprocessResult {
  exitCode: number | null;
  /** The signal that ended the leader, if any. */
  exitSignal: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
  stdout: string;
  stderr: string;
  /** Bytes dropped from the front of stdout / stderr because of `maxOutputBytes`. */
  droppedBytes: { stdout: number; stderr: number };
  durationMs: number;
  pid: number | null;
}

export class SubprocessSpawnError extends Error {
  override readonly name = "SubprocessSpawnError";
  constructor(
    readonly file: string,
    override readonly cause: unknown,
  ) {
    super(`could not start '${file}': ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

export const DEFAULT_KILL_GRACE_MS = 5_000;
export const DEFAULT_DRAIN_MS = 1_000;
export const DEFAULT_MAX_OUTPUT_BYTES = 32 * 1024 * 1024;

/** Keeps at most `max` bytes, dropping whole chunks (or a chunk's head) from the front. */
class TailBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  dropped = 0;
  constructor(private readonly max: number) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size > this.max && this.chunks.length > 0) {
      const first = this.chunks[0]!;
      const excess = this.size - this.max;
      if (first.length <= excess) {
        this.chunks.shift();
        this.size -= first.length;
        this.dropped += first.length;
      } else {
        this.chunks[0] = first.subarray(excess);
        this.size -= excess;
        this.dropped += excess;
      }
    }
  }

  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}

/**
 * How the agent's process is started: as Ralph's own user, as another user straight from root
 * (spawn's uid/gid: libuv also drops root's supplementary groups), or through sudo. sudo keeps
 * the environment (`-E`: the prompt's variables, the model's key) but replaces PATH with its
 * secure_path, so PATH and the agent's own HOME are set again on the command line (neither is a
 * secret: the command line of every process is readable by every user).
 */
function launchOf(options: SubprocessOptions, env: NodeJS.ProcessEnv) {
  const runAs = options.runAs;
  if (runAs === undefined) return { file: options.file, args: [...options.args], ids: {} };
  if (runAs.via === "root")
    return { file: options.file, args: [...options.args], ids: { uid: runAs.uid, gid: runAs.gid } };
  const pinned = ["PATH", "HOME", "USER", "LOGNAME"]
    .filter((name) => env[name] !== undefined)
    .map((name) => `${name}=${env[name]}`);
  return {
    file: "sudo",
    args: ["-n", "-E", "-u", runAs.user, "--", "env", ...pinned, options.file, ...options.args],
    ids: {},
  };
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one process lifecycle (spawn, stream, time out, kill the group, settle) kept in order.
export function runSubprocess(options: SubprocessOptions): Promise<SubprocessResult> {
  const killGraceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  const drainMs = options.drainMs ?? DEFAULT_DRAIN_MS;
  const maxBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const started = performance.now();

  if (options.signal?.aborted) {
    return Promise.resolve({
      exitCode: null,
      exitSignal: null,
      timedOut: false,
      aborted: true,
      stdout: "",
      stderr: "",
      droppedBytes: { stdout: 0, stderr: 0 },
      durationMs: 0,
      pid: null,
    });
  }

  // biome-ignore lint/complexity/noExcessiveLinesPerFunction: the lifecycle above, inside the Promise that settles it.
  return new Promise((resolve, reject) => {
    const runId = randomUUID();
    const env = { ...options.env, [RUN_ID_VARIABLE]: runId };
    const launch = launchOf(options, env);
    const child = spawn(launch.file, launch.args, {
      cwd: options.cwd,
      env,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
      ...launch.ids,
    });
    const stdout = new TailBuffer(maxBytes);
    const stderr = new TailBuffer(maxBytes);
    let timedOut = false;
    let aborted = false;
    let settled = false;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    const timers: NodeJS.Timeout[] = [];
    const later = (ms: number, fn: () => void) => {
      timers.push(setTimeout(fn, ms));
    };
    const pid = child.pid;

    const settle = () => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      options.signal?.removeEventListener("abort", onAbort);
      options.deadline?.removeEventListener("abort", onDeadline);
      if (pid !== undefined) {
        // Whatever is left holds no pipe we wait for, or ignored SIGTERM: it must not outlive the run.
        killTree(pid, runId, "SIGKILL", options.runAs, { leaderReaped: exit !== null });
        untrackRun(pid);
      }
      // A descendant that escaped every kill (or the kernel's slow reaping) can keep the pipes
      // open; Node's `close` would wait for it, so the phase ends here and the pipes are dropped.
      child.stdout.destroy();
      child.stderr.destroy();
      child.stdin.destroy();
      resolve({
        exitCode: exit?.code ?? null,
        exitSignal: exit?.signal ?? null,
        timedOut,
        aborted,
        stdout: stdout.text(),
        stderr: stderr.text(),
        droppedBytes: { stdout: stdout.dropped, stderr: stderr.dropped },
        durationMs: Math.round(performance.now() - started),
        pid: pid ?? null,
      });
    };

    // Politely, then for certain after the grace period; the phase ends at the latest a drain
    // period after that, whether or not the leader reported its exit.
    let terminating = false;
    const terminate = () => {
      if (pid === undefined || terminating) return;
      terminating = true;
      killTree(pid, runId, "SIGTERM", options.runAs);
      later(killGraceMs, () => {
        killTree(pid, runId, "SIGKILL", options.runAs);
        later(drainMs, settle);
      });
    };

    const onDeadline = () => {
      timedOut = true;
      terminate();
    };
    const deadline = options.deadline;
    if (deadline === undefined) later(options.timeoutMs, onDeadline);
    else if (deadline.aborted) onDeadline();
    else deadline.addEventListener("abort", onDeadline, { once: true });

    const onAbort = () => {
      aborted = true;
      terminate();
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });

    if (pid !== undefined) trackRun(pid, runId, options.runAs);

    const onStdout = options.onStdout;
    const onStderr = options.onStderr;
    child.stdout.on("data", (chunk: Buffer) => {
      stdout.push(chunk);
      onStdout?.(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr.push(chunk);
      onStderr?.(chunk);
    });
    // An agent that exits without reading its stdin raises EPIPE here; that is not our failure.
    child.stdin.on("error", () => {});
    child.stdout.on("error", () => {});
    child.stderr.on("error", () => {});
    child.stdin.end(options.stdin);

    // The phase ends when the leader exits (FIELD-NOTES: `close` waits for every holder of the
    // pipes). Stragglers it left are killed at once; output still in the pipes is read until they
    // close or the drain period ends.
    child.on("exit", (code, exitSignal) => {
      exit = { code, signal: exitSignal };
      if (settled || pid === undefined) return;
      killTree(pid, runId, "SIGKILL", options.runAs, { leaderReaped: true });
      later(drainMs, settle);
    });

    child.on("error", (error) => {
      if (settled) return;
      if (pid === undefined) {
        settled = true;
        for (const t of timers) clearTimeout(t);
        options.signal?.removeEventListener("abort", onAbort);
        options.deadline?.removeEventListener("abort", onDeadline);
        reject(new SubprocessSpawnError(options.file, error));
      }
    });

    child.on("close", (code, exitSignal) => {
      exit ??= { code, signal: exitSignal };
      settle();
    });
  });
}

/** The last `maxLines` lines of `text` (seed 001 looks for usage limits only in the tail). */
export function outputTail(text: string, maxLines = 60): string {
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === "") lines.pop();
  return lines.slice(-maxLines).join("\n");
}
