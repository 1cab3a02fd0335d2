import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { AgentRunRequest, Clock } from "../../src/agents/types.js";
import { until } from "../support/until.js";

export const FIXTURES = resolve(import.meta.dirname, "../fixtures/agents");
export const fixture = (name: string) => join(FIXTURES, name);

/** `node <fixture> args...` as a command-agent command line (paths quoted for sh). */
export function nodeCommand(name: string, ...args: string[]): string {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return [process.execPath, fixture(name), ...args].map(quote).join(" ");
}

export function request(dir: string, overrides: Partial<AgentRunRequest> = {}): AgentRunRequest {
  return {
    role: "implement",
    prompt: "do the thing\n",
    workspace: dir,
    env: {},
    timeoutMs: 20_000,
    // The fixtures end on their own: no verdict may hang on a real 20 s timer beating them.
    deadline: NO_DEADLINE,
    logDir: join(dir, "logs"),
    ...overrides,
  };
}

/** A clock that never sleeps: it records the requested waits and advances its own time. */
export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  private current: number;
  constructor(start = Date.parse("2026-02-08T12:00:00Z")) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.current += ms;
  }
}

/** A pid counts as alive unless it is gone or a zombie (an unreaped zombie runs nothing). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

/** Resolves once `pid` has ended (gone or a zombie): the kernel's word, however long it takes. */
export function untilGone(pid: number): Promise<true> {
  return until(`pid ${pid} has ended`, () => !isAlive(pid));
}

export function childPidFrom(stdout: string): number {
  const m = /child-pid: (\d+)/.exec(stdout);
  if (!m) throw new Error(`no child pid in output: ${stdout}`);
  return Number(m[1]);
}

/**
 * Takes a process's output as it comes and calls `onPid` once, when a whole `child-pid: <n>` line
 * has arrived (the fixtures print it when the process they mean is running).
 */
export function childPidWatcher(onPid: (pid: number) => void): (text: string) => void {
  let seen = "";
  let told = false;
  return (text) => {
    seen += text;
    if (told || !/child-pid: \d+\n/.test(seen)) return;
    told = true;
    onPid(childPidFrom(seen));
  };
}

/**
 * A deadline the test fires on the event it means, not after so many ms: once the agent has
 * printed `child-pid: <n>` (the fixtures print it when the process they mean is running). Pass
 * `onStdout` to runSubprocess, or `onOutput` to an agent's run request.
 */
export function deadlineAtChildPid() {
  const controller = new AbortController();
  const see = childPidWatcher(() => controller.abort());
  return {
    deadline: controller.signal,
    onStdout: (chunk: Buffer) => see(chunk.toString()),
    onOutput: (line: string) => see(`${line}\n`),
  };
}

/** A deadline that never comes: the run must end on its own, however slow the machine. */
export const NO_DEADLINE = new AbortController().signal;
