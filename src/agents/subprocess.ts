import { spawn } from "node:child_process";

/**
 * Runs one agent process. The prompt only ever travels on stdin (never argv, never a shell
 * string), so no prompt text can be interpreted by a shell.
 *
 * The child is spawned `detached`, which makes it the leader of a new process group; timeouts and
 * aborts signal the whole group (`kill(-pgid)`) so tool processes the agent started die with it.
 */
export interface SubprocessOptions {
  file: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdin: string;
  timeoutMs: number;
  /** Time between SIGTERM and SIGKILL. */
  killGraceMs?: number;
  signal?: AbortSignal;
  /** Per stream; beyond it the oldest output is dropped (the tail carries results and errors). */
  maxOutputBytes?: number;
  /** Called with each chunk as it arrives, for live progress (the result still has it all). */
  onStdout?: (chunk: Buffer) => void;
  onStderr?: (chunk: Buffer) => void;
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

/** Process groups still alive, killed if Ralph itself exits first (no orphaned agents). */
const liveGroups = new Set<number>();
let exitHookInstalled = false;
function trackGroup(pid: number): void {
  liveGroups.add(pid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const pgid of liveGroups) signalGroup(pgid, "SIGKILL");
  });
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one process lifecycle (spawn, stream, time out, kill the group, settle) kept in order.
export function runSubprocess(options: SubprocessOptions): Promise<SubprocessResult> {
  const killGraceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
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
    const child = spawn(options.file, [...options.args], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const stdout = new TailBuffer(maxBytes);
    const stderr = new TailBuffer(maxBytes);
    let timedOut = false;
    let aborted = false;
    let settled = false;
    let killTimer: NodeJS.Timeout | undefined;
    const pid = child.pid;

    // Signals the whole group: first politely, then for certain after the grace period.
    const terminate = () => {
      if (pid === undefined) return;
      signalGroup(pid, "SIGTERM");
      if (killTimer === undefined) {
        killTimer = setTimeout(() => signalGroup(pid, "SIGKILL"), killGraceMs);
      }
    };

    const timeoutTimer = setTimeout(() => {
      timedOut = true;
      terminate();
    }, options.timeoutMs);

    const onAbort = () => {
      aborted = true;
      terminate();
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });

    const cleanup = () => {
      clearTimeout(timeoutTimer);
      if (killTimer !== undefined) clearTimeout(killTimer);
      options.signal?.removeEventListener("abort", onAbort);
      if (pid !== undefined) liveGroups.delete(pid);
    };

    if (pid !== undefined) trackGroup(pid);

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
    child.stdin.end(options.stdin);

    // When the leader is gone, stragglers it left in the group would keep the pipes open (and
    // `close` from firing) forever: end them the same way a timeout does.
    child.on("exit", () => {
      if (!settled) terminate();
    });

    child.on("error", (error) => {
      if (settled) return;
      if (pid === undefined) {
        settled = true;
        cleanup();
        reject(new SubprocessSpawnError(options.file, error));
      }
    });

    child.on("close", (code, exitSignal) => {
      if (settled) return;
      settled = true;
      // The leader is gone and every pipe is closed; whatever is left in the group holds no pipe
      // (a daemonized tool, maybe ignoring SIGTERM) and would outlive the run and the timeout.
      if (pid !== undefined) signalGroup(pid, "SIGKILL");
      cleanup();
      resolve({
        exitCode: code,
        exitSignal,
        timedOut,
        aborted,
        stdout: stdout.text(),
        stderr: stderr.text(),
        droppedBytes: { stdout: stdout.dropped, stderr: stderr.dropped },
        durationMs: Math.round(performance.now() - started),
        pid: pid ?? null,
      });
    });
  });
}

/** The last `maxLines` lines of `text` (seed 001 looks for usage limits only in the tail). */
export function outputTail(text: string, maxLines = 60): string {
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === "") lines.pop();
  return lines.slice(-maxLines).join("\n");
}
