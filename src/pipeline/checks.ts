import type { CheckSummary } from "../agents/prompts/verifier.js";
import { runSubprocess } from "../agents/subprocess.js";
import { restoreProtected, snapshotProtected } from "../git/protected-state.js";
import { protectedRoots, tail } from "./agent-run.js";
import { type PipelineContext, say } from "./context.js";

export type CheckResult = CheckSummary & { durationMs: number };

/** How much of a check's output Ralph keeps: the tail, where failures are reported. */
const CHECK_TAIL_LINES = 60;
const CHECK_TAIL_CHARS = 4_000;

/**
 * DESIGN §4.4 objective checks: the configured `verify.checks`, run by Ralph itself (never by
 * an agent) in the workspace, one after another with `sh -c`, each within
 * `verify.check_timeout_minutes` and killed as a whole tree like an agent. Stops at the first
 * failure. The checks run code the implementer wrote, so they get the same guards as an agent
 * run: Ralph's files and git's control files are restored, and tracked or new files they left
 * are reverted (ignored build outputs stay: the next check may need them).
 */
export async function runChecks(ctx: PipelineContext): Promise<CheckResult[]> {
  const { checks, check_timeout_minutes: minutes } = ctx.config.verify;
  if (checks.length === 0) return [];
  const baseSha = await ctx.git.headSha();
  const branch = await ctx.git.currentBranch();
  const baseline = await ctx.git.snapshotWorkingTree();
  const guarded = await snapshotProtected(ctx.workspace, protectedRoots(ctx));
  const results: CheckResult[] = [];
  try {
    for (const command of checks) {
      say(ctx, `  check: ${command}`);
      const run = await runSubprocess({
        file: "sh",
        args: ["-c", `exec 2>&1\n${command}`],
        cwd: ctx.workspace,
        env: {
          ...(ctx.checkEnv ?? process.env),
          RALPH_PHASE: "check",
          RALPH_WORKSPACE: ctx.workspace,
        },
        stdin: "",
        timeoutMs: Math.round(minutes * 60_000),
        killGraceMs: 2_000,
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      });
      const ok = !run.timedOut && !run.aborted && run.exitCode === 0;
      const output = tail(
        ctx.redact ? ctx.redact(run.stdout) : run.stdout,
        CHECK_TAIL_LINES,
        CHECK_TAIL_CHARS,
      );
      results.push({
        command,
        ok,
        exitCode: run.exitCode,
        timedOut: run.timedOut,
        output,
        durationMs: run.durationMs,
      });
      say(
        ctx,
        `  check ${ok ? "passed" : run.timedOut ? "timed out" : `failed (exit ${run.exitCode ?? "none"})`}: ${command}`,
      );
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

/** The feedback for a failed check: what ran, how it ended, and the tail of its output. */
export function checkFailureFeedback(results: readonly CheckResult[]): string | null {
  const failed = results.find((r) => !r.ok);
  if (failed === undefined) return null;
  const how = failed.timedOut
    ? `timed out (verify.check_timeout_minutes)`
    : `failed with exit code ${failed.exitCode ?? "none"}`;
  return [
    `Ralph ran the configured check \`${failed.command}\` on this commit and it ${how}. Make it pass.`,
    "",
    "Tail of its output:",
    "",
    "```text",
    failed.output.replace(/```/g, "`\u200b``"),
    "```",
  ].join("\n");
}
