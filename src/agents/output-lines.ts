import { StringDecoder } from "node:string_decoder";
import { plainText } from "./terminal-text.js";
import type { AgentRunRequest } from "./types.js";

/** Splits a byte stream into lines as they complete; UTF-8 safe across chunk borders. */
export class LineSplitter {
  private readonly decoder = new StringDecoder("utf8");
  private partial = "";

  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: Buffer): void {
    const lines = (this.partial + this.decoder.write(chunk)).split(/\r?\n/);
    this.partial = lines.pop() ?? "";
    for (const line of lines) this.onLine(line);
  }

  end(): void {
    const rest = this.partial + this.decoder.end();
    this.partial = "";
    if (rest !== "") this.onLine(rest);
  }
}

/**
 * One progress line as a terminal shows it: colour-free, of bounded length, its indentation kept
 * (JSON, diffs and stack traces stay readable). Blank lines are skipped.
 */
export function progressText(line: string, max = 300): string | null {
  const text = plainText(line).replace(/\s+$/, "");
  if (text.trim() === "") return null;
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Lines one event (an agent's message) may show; the rest is in the run log. */
const MAX_LINES_PER_EVENT = 40;

/**
 * The live-output callbacks of one run: stdout lines go through `transform` (a JSON event → what
 * it says, or null to skip it), stderr lines as they are. Nothing when the request wants none.
 */
export function liveOutput(
  request: Pick<AgentRunRequest, "onOutput" | "redact">,
  transform: (line: string) => string | null = (line) => line,
): { stdout: LineSplitter; stderr: LineSplitter } | null {
  const sink = request.onOutput;
  if (sink === undefined) return null;
  const emitLine = (line: string) => {
    const shown = progressText(line);
    if (shown === null) return;
    try {
      sink(request.redact ? request.redact(shown) : shown);
    } catch {
      // A broken progress display must never fail the agent run.
    }
  };
  // An event's text (a message of several lines) is shown line by line, as it was written.
  const emit = (text: string | null) => {
    if (text === null) return;
    const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
    for (const line of lines.slice(0, MAX_LINES_PER_EVENT)) emitLine(line);
    if (lines.length > MAX_LINES_PER_EVENT) {
      emitLine(`… ${lines.length - MAX_LINES_PER_EVENT} more lines (in the run log)`);
    }
  };
  return {
    stdout: new LineSplitter((line) => emit(transform(line))),
    stderr: new LineSplitter(emitLine),
  };
}
