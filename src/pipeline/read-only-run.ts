import type { AgentResult } from "../core/events.js";
import {
  type AgentRunOutcome,
  type RunFailure,
  runAgent,
  type StepRunRequest,
} from "./agent-run.js";
import type { HomeContext } from "./context.js";

/** What a read-only run did besides its outcome: the paths Ralph had to revert. */
export interface ReadOnlyGuard {
  /** Changes outside `allowed` (tracked or not, `.git/` control files, a moved HEAD), reverted. */
  violations: string[];
  /** Git-ignored files the run created or changed (outside `allowed`), removed or restored. */
  hiddenChanges: string[];
}

export type ReadOnlyRunOutcome = AgentRunOutcome & ReadOnlyGuard;

/**
 * One agent run that may write only `allowed` (DESIGN §4.4, seed 003): HEAD, branch and working
 * tree are recorded before the run, and afterwards everything else is reverted — also when the
 * run failed — and reported. What a violation means is the caller's policy: the planner and
 * understand fail on hidden changes too, the verifier only logs them (they are build outputs of
 * the checks it must run).
 */
export async function runReadOnly(
  ctx: HomeContext,
  req: StepRunRequest,
  allowed: readonly string[],
): Promise<ReadOnlyRunOutcome> {
  const baseSha = await ctx.git.headSha();
  const branch = await ctx.git.currentBranch();
  const baseline = await ctx.git.snapshotWorkingTree();
  // Ralph's protected files the run may write (the plan file) are exactly its allowed paths.
  const outcome = await runAgent(ctx, { ...req, writable: req.writable ?? allowed });
  const guard = await ctx.git.enforceReadOnly(allowed, { baseSha, branch, baseline });
  return { ...outcome, violations: guard.violations, hiddenChanges: guard.hiddenChanges };
}

/** Every path a strict read-only run must not have touched, ignored files included. */
export function offendingPaths(guard: ReadOnlyGuard): string[] {
  return [...guard.violations, ...guard.hiddenChanges];
}

type InvalidOutput = Extract<AgentResult, { kind: "invalid_output" }>;

export type StrictReadOnlyRun =
  | { ok: true; output: string; run: ReadOnlyRunOutcome }
  | { ok: false; result: RunFailure | InvalidOutput; run: ReadOnlyRunOutcome };

/**
 * runReadOnly for the runs that write nothing but `allowed` (research, critic, architect,
 * understand): any other change — ignored files included: nothing they do needs a build output —
 * fails the run with `invalid_output` naming the reverted paths, before its outcome counts.
 */
export async function runStrictReadOnly(
  ctx: HomeContext,
  req: StepRunRequest,
  allowed: readonly string[],
): Promise<StrictReadOnlyRun> {
  const run = await runReadOnly(ctx, req, allowed);
  const offending = offendingPaths(run);
  if (offending.length > 0) {
    const errors = [
      `the ${req.role} run changed files it must not touch (reverted): ${offending.join(", ")}`,
    ];
    return { ok: false, result: { step: req.step, kind: "invalid_output", errors }, run };
  }
  if (!run.ok) return { ok: false, result: run.failure, run };
  return { ok: true, output: run.result.finalMessage, run };
}
