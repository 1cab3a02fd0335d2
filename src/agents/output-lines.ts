import { StringDecoder } from "node:string_decoder";
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

/** Keeps a progress line to one terminal-friendly line of bounded length. */
export function progressText(line: string, max = 300): string | null {
  const text = line.replace(/\s+/g, " ").trim();
  if (text === "") return null;
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

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
  const emit = (text: string | null) => {
    const shown = text === null ? null : progressText(text);
    if (shown === null) return;
    try {
      sink(request.redact ? request.redact(shown) : shown);
    } catch {
      // A broken progress display must never fail the agent run.
    }
  };
  return {
    stdout: new LineSplitter((line) => emit(transform(line))),
    stderr: new LineSplitter((line) => emit(line)),
  };
}
