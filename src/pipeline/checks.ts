import { SAME_USER } from "../agents/process-boundary.js";
import type { CheckSummary } from "../agents/prompts/verifier.js";
import { runSubprocess } from "../agents/subprocess.js";
import { plainText, tailLines } from "../agents/terminal-text.js";
import type { Rejection } from "../core/rejection.js";
import { restoreProtected, snapshotProtected } from "../git/protected-state.js";
import { protectedScope } from "./agent-run.js";
import { recordCheck } from "./check-record.js";
import { type PipelineContext, say } from "./context.js";

export type CheckResult = CheckSummary & {
  durationMs: number;
  /** Lines of output before the tail in `output` (0: the tail is all of it). */
  omittedLines: number;
  /** The whole output, kept next to the run logs (null when it could not be written). */
  outputFile: string | null;
};

/**
 * How much of a check's output goes into the verifier's and the implementer's prompts: the last
 * lines, where failures are reported, small enough that the feedback with its header fits the
 * 4,000 characters the machine keeps of it. The whole output is in `outputFile`.
 */
const CHECK_TAIL_LINES = 40;
const CHECK_TAIL_CHARS = 3_000;

/**
 * Tools asked not to colour (no-color.org's `NO_COLOR`, and `FORCE_COLOR=0` for chalk and Node's
 * own): the output goes into prompts and files, never to a terminal. Whatever colours anyway
 * (`mocha --colors`) is removed by plainText.
 */
export const NO_COLOR_ENV = { NO_COLOR: "1", FORCE_COLOR: "0" } as const;

/**
 * DESIGN §4.4 objective checks: the configured `verify.checks`, run by Ralph itself (never by
 * an agent) in the workspace, one after another with `sh -c`, each within
 * `verify.check_timeout_minutes` and killed as a whole tree like an agent. Stops at the first
 * failure. The checks run code the implementer wrote, so they get the same guards as an agent
 * run: Ralph's files and git's control files are restored, and tracked or new files they left
 * are reverted (ignored build outputs stay: the next check may need them).
 */
export async function runChecks(
  ctx: PipelineContext,
  /** What the checks run for, in the log: `US-1 attempt 2`, `final tree`. */
  purpose: string,
): Promise<CheckResult[]> {
  const { checks, check_timeout_minutes: minutes } = ctx.config.verify;
  if (checks.length === 0) return [];
  const baseSha = await ctx.git.headSha();
  const branch = await ctx.git.currentBranch();
  const baseline = await ctx.git.snapshotWorkingTree();
  const guarded = await snapshotProtected(ctx.workspace, protectedScope(ctx));
  const results: CheckResult[] = [];
  // The checks run code the agent wrote: inside the agent's boundary, never as Ralph's user.
  const boundary = ctx.boundary ?? SAME_USER;
  try {
    for (const command of checks) {
      say(ctx, `  check: ${command}`);
      const startedAt = ctx.clock.now();
      const run = await boundary.around(ctx.workspace, () =>
        runSubprocess({
          file: "sh",
          args: ["-c", `exec 2>&1\n${command}`],
          cwd: ctx.workspace,
          env: boundary.environment({
            ...(ctx.checkEnv ?? process.env),
            ...NO_COLOR_ENV,
            RALPH_PHASE: "check",
            RALPH_WORKSPACE: ctx.workspace,
          }),
          stdin: "",
          timeoutMs: Math.round(minutes * 60_000),
          killGraceMs: 2_000,
          ...(ctx.signal ? { signal: ctx.signal } : {}),
          ...(boundary.runAs && { runAs: boundary.runAs }),
        }),
      );
      const ok = !run.timedOut && !run.aborted && run.exitCode === 0;
      const full = plainText(ctx.redact ? ctx.redact(run.stdout) : run.stdout);
      const last = tailLines(full, CHECK_TAIL_LINES, CHECK_TAIL_CHARS);
      const outcome = { command, ok, exitCode: run.exitCode, timedOut: run.timedOut };
      const outputFile = await recordCheck(ctx, {
        ...outcome,
        durationMs: run.durationMs,
        output: full,
        purpose,
        commit: baseSha,
        startedAt,
      });
      results.push({
        ...outcome,
        output: last.text,
        omittedLines: last.omittedLines,
        durationMs: run.durationMs,
        outputFile,
      });
      if (!ok) break;
    }
  } finally {
    const restored = await restoreProtected(ctx.workspace, guarded);
    await ctx.git.restoreGitControl(baseline);
    const left = await ctx.git.enforceReadOnly([], {
      baseSha,
      branch,
      baseline: new Map(baseline),
    });
    const touched = [...restored, ...left.violations];
    if (touched.length > 0) say(ctx, `  checks changed files; reverted: ${touched.join(", ")}`);
  }
  return results;
}

/**
 * A failed check as the machine takes it: who rejected the work (the header, said by the machine)
 * and the feedback, the last lines of its output and where the rest is.
 */
export function checkFailure(
  results: readonly CheckResult[],
): { rejectedBy: Rejection; feedback: string } | null {
  const failed = results.find((r) => !r.ok);
  if (failed === undefined) return null;
  const lines = failed.output === "" ? 0 : failed.output.split("\n").length;
  const which =
    failed.omittedLines > 0
      ? `Its last ${lines} lines`
      : lines === 0
        ? "It printed nothing"
        : "Its output";
  const where = failed.outputFile === null ? "" : ` (the whole output is in ${failed.outputFile})`;
  return {
    rejectedBy: {
      by: "check",
      command: failed.command,
      exitCode: failed.exitCode,
      timedOut: failed.timedOut,
    },
    feedback: [
      `Make \`${failed.command.replace(/`/g, "'")}\` pass: Ralph runs it on every attempt, before the verifier.`,
      "",
      `${which}${where}${lines === 0 ? "." : ":"}`,
      ...(lines === 0 ? [] : ["", "```text", failed.output.replace(/```/g, "`\u200b``"), "```"]),
    ].join("\n"),
  };
}
