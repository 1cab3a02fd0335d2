import { createInterface, type Interface } from "node:readline";
import { type Clock, systemClock } from "../agents/types.js";

/** Reads one answer per question; null when the input ended (EOF). */
export interface Prompter {
  ask(question: string): Promise<string | null>;
  close(): void;
}

/** Everything the CLI touches outside the repository, injected so tests drive it in-process. */
export interface CliIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  out(line: string): void;
  err(line: string): void;
  /** Seed 003: the planner needs an interactive terminal for free-text answers. */
  isTTY: boolean;
  /** stdout is a terminal: progress is a spinner line redrawn in place with `write`. */
  stdoutIsTTY?: boolean;
  /** Raw stdout (no newline added), for the spinner. */
  write?(raw: string): void;
  /** Terminal width, when known. */
  columns?: number;
  prompter(): Prompter;
  clock: Clock;
  /** Releases the terminal (closes the prompter if one was opened). */
  dispose?(): void;
}

/** Line-based prompter on a readable stream (the terminal). */
export function readlinePrompter(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): Prompter {
  let rl: Interface | null = null;
  let ended = false;
  const lines: string[] = [];
  const waiters: ((line: string | null) => void)[] = [];
  const open = (): Interface => {
    if (rl) return rl;
    rl = createInterface({ input, output, terminal: false });
    rl.on("line", (line) => {
      const waiter = waiters.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    });
    rl.on("close", () => {
      ended = true;
      for (const waiter of waiters.splice(0)) waiter(null);
    });
    return rl;
  };
  return {
    ask(question) {
      open();
      output.write(question);
      const queued = lines.shift();
      if (queued !== undefined) return Promise.resolve(queued);
      if (ended) return Promise.resolve(null);
      return new Promise((resolve) => waiters.push(resolve));
    },
    close() {
      rl?.close();
    },
  };
}

export function nodeIo(): CliIo {
  let prompter: Prompter | null = null;
  return {
    cwd: process.cwd(),
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    isTTY: process.stdin.isTTY === true,
    stdoutIsTTY: process.stdout.isTTY === true,
    write: (raw) => process.stdout.write(raw),
    columns: process.stdout.columns,
    prompter: () => {
      prompter ??= readlinePrompter(process.stdin, process.stdout);
      return prompter;
    },
    clock: systemClock,
    dispose: () => prompter?.close(),
  };
}

/** Seed 003 gates: default "no"; only y / yes (any case) is a yes. */
export async function confirm(io: CliIo, question: string): Promise<boolean> {
  const answer = await io.prompter().ask(`${question} [y/N] `);
  return answer !== null && /^\s*y(es)?\s*$/i.test(answer);
}
