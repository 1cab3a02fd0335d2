import { mkdir, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, relative } from "node:path";
import { tailLines } from "../agents/terminal-text.js";
import { type PipelineContext, redactForBranch, say } from "./context.js";
import { journalCheck } from "./run-journal.js";

/** What one check run left for humans: its full output, kept next to the run logs. */
export interface CheckRun {
  command: string;
  ok: boolean;
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  /** The whole output, colour-free and redacted. */
  output: string;
  /** What the check was run for: `US-1 attempt 2`, `final tree`. */
  purpose: string;
  commit: string;
  startedAt: Date;
}

/** Lines of a failed check the console shows; the rest is in the file. */
const CONSOLE_TAIL_LINES = 15;

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, "");
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "check"
  );
}

/** A path as the user can open it: inside the checkout relative to it, else absolute. */
export function shownPath(ctx: Pick<PipelineContext, "workspace">, file: string): string {
  const rel = relative(ctx.workspace, file);
  return rel.startsWith("..") || isAbsolute(rel) ? file : rel.split("\\").join("/");
}

/** `1.2 s`, `95 ms`. */
export function seconds(ms: number): string {
  return ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(1)} s`;
}

/**
 * Keeps one check run where a user looks (issue 18): the full output in
 * `<logRoot>/<spec>/<time>-check-<purpose>-<command>.log` (the CLI's `.ralph/runs/`, the
 * Action's run-log artifact), a `check` line in `ralph.log`, and on the console how it ended with
 * its time, and for a failure its last lines and where the rest is. Returns the output file, or
 * null when it could not be written (the run itself never fails on its record).
 */
export async function recordCheck(ctx: PipelineContext, run: CheckRun): Promise<string | null> {
  const file = join(
    ctx.logRoot,
    ctx.spec.id,
    `${stamp(run.startedAt)}-check-${slug(run.purpose)}-${slug(run.command)}.log`,
  );
  const header = [
    `command: ${run.command}`,
    `for: ${run.purpose}`,
    `commit: ${run.commit}`,
    `cwd: ${ctx.workspace}`,
    `started: ${run.startedAt.toISOString()}`,
    `exit_code: ${run.exitCode ?? "null"}`,
    `timed_out: ${run.timedOut}`,
    `duration_ms: ${run.durationMs}`,
  ];
  let written: string | null = file;
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(
      file,
      redactForBranch(ctx, `${header.join("\n")}\n===== OUTPUT =====\n${run.output}\n`),
      "utf8",
    );
  } catch {
    written = null;
  }
  await journalCheck(ctx.logRoot, {
    time: run.startedAt.toISOString(),
    spec: ctx.spec.id,
    purpose: run.purpose,
    commit: run.commit,
    command: run.command,
    ok: run.ok,
    exitCode: run.exitCode,
    timedOut: run.timedOut,
    durationMs: run.durationMs,
    outputFile: written === null ? null : relative(ctx.logRoot, written).split("\\").join("/"),
  });
  const how = run.ok
    ? "passed"
    : run.timedOut
      ? "timed out"
      : `failed (exit ${run.exitCode ?? "none"})`;
  say(ctx, `  check ${how} in ${seconds(run.durationMs)}: ${run.command}`);
  if (!run.ok) {
    const last = tailLines(run.output, CONSOLE_TAIL_LINES, 2_000);
    if (last.omittedLines > 0) say(ctx, `    │ … ${last.omittedLines} earlier lines`);
    for (const line of last.text === "" ? ["(no output)"] : last.text.split("\n")) {
      say(ctx, `    │ ${line}`);
    }
    if (written !== null) say(ctx, `    full output: ${shownPath(ctx, written)}`);
  }
  return written;
}
