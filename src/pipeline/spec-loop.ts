import { shouldVerifyCandidate } from "../core/candidate.js";
import { type BackoffOptions, DEFAULT_BACKOFF } from "../core/completion.js";
import { storiesInOrder } from "../core/prd.js";
import { CircuitBreaker, RUN_WIDE_STOPS, RunBudget, StopError, type StopReason } from "./budget.js";
import { type PipelineContext, pathsOf, type SpecRef, say, specRef } from "./context.js";
import { applyFileChange } from "./file-change.js";
import {
  clearCandidate,
  discoverSpecs,
  isDone,
  readCandidate,
  readPlan,
  readPlanMeta,
  readPrd,
  removeFile,
  resumeFor,
  writePrd,
} from "./spec-files.js";
import { findSpec, namesSpec } from "./spec-names.js";
import { type RunGuards, runOneSpec } from "./spec-runner.js";

/** A PipelineContext before a spec is picked: what `runSpecLoop` needs. */
export type LoopContext = Omit<PipelineContext, "spec">;

export interface SpecLoopOptions {
  /** Only specs under this repo-relative folder (inside `<ralph_home>/specs`). */
  specsDir?: string;
  /** Spec rels or ids to run again even when done: the done marker is removed and it re-plans. */
  force?: readonly string[];
  /** Print what would run; no agent runs, no writes. */
  dryRun?: boolean;
  /** Cap on implement runs in this invocation (seed 003 `--max-run-iterations`). */
  maxIterations?: number | null;
  backoff?: BackoffOptions;
}

export type SpecStatus = "done" | "skipped" | "failed" | "dry_run" | "not_run";

export interface SpecOutcome {
  rel: string;
  id: string;
  status: SpecStatus;
  reason?: StopReason;
  message: string;
}

export interface SpecLoopResult {
  specs: SpecOutcome[];
  /** Why the whole run stopped early (budget, breaker, iteration cap...); null if it did not. */
  stop: { reason: StopReason; message: string } | null;
  /** Every spec is done (or skipped as done) and nothing stopped the run. */
  ok: boolean;
  agentRuns: number;
  costUsd: number;
}

/**
 * The specs a run takes, in path order, after checking that each `--force` names one of them: a
 * `--force` that names no spec is a typo, not a plain run of everything, so nothing runs. Its own
 * step so the CLI can say "no specs" or name the typo before it asks for an agent.
 */
export async function specsToRun(
  workspace: string,
  home: string,
  options: Pick<SpecLoopOptions, "specsDir" | "force">,
): Promise<SpecRef[]> {
  const rels = await discoverSpecs(workspace, home, options.specsDir);
  const refs = rels.map((rel) => specRef(home, rel));
  if (refs.length > 0)
    for (const f of options.force ?? []) findSpec(f, refs, options.specsDir ?? `${home}/specs`);
  return refs;
}

/**
 * Seed 000 run_spec_pipeline over `<ralph_home>/specs/**\/*.md` in path order: done specs are
 * skipped unless forced; each spec runs to done or to a named stop. Spec-local stops (attempts,
 * re-plans, planner failure) move on to the next spec; run-wide stops (agent-run or cost budget,
 * circuit breaker, iteration cap, usage limit) end the run. Commits go to the current branch;
 * nothing is pushed here.
 */
export async function runSpecLoop(
  base: LoopContext,
  options: SpecLoopOptions = {},
): Promise<SpecLoopResult> {
  const home = base.config.ralph_home;
  const refs = await specsToRun(base.workspace, home, options);
  const force = options.force ?? [];
  const budget = new RunBudget({
    maxAgentRuns: base.config.limits.max_agent_runs,
    maxCostUsd: base.config.limits.max_cost_usd,
  });
  const guards: RunGuards = {
    budget,
    breaker: new CircuitBreaker(),
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    iterationsLeft: options.maxIterations ?? null,
  };
  const specs: SpecOutcome[] = [];
  let stop: SpecLoopResult["stop"] = null;

  for (const spec of refs) {
    const rel = spec.rel;
    const ctx: PipelineContext = {
      ...base,
      spec,
      onAgentRun: (record) => {
        budget.record(record.result, record.runs);
        base.onAgentRun?.(record);
      },
    };
    const id = ctx.spec.id;
    if (stop !== null) {
      specs.push({ rel, id, status: "not_run", message: `not run: ${stop.reason}` });
      continue;
    }
    const forced = force.some((f) => namesSpec(f, ctx.spec));
    if ((await isDone(ctx)) && !forced) {
      say(ctx, `skip ${rel}: already done`);
      specs.push({ rel, id, status: "skipped", message: "already done" });
      continue;
    }
    if (options.dryRun) {
      const message = await describeNextStep(ctx, forced);
      say(ctx, `dry-run ${rel}: ${message}`);
      specs.push({ rel, id, status: "dry_run", message });
      continue;
    }
    say(ctx, `spec ${rel}${forced ? " (forced)" : ""}`);
    try {
      if (forced) await restartForced(ctx);
      await runOneSpec(ctx, guards);
      specs.push({ rel, id, status: "done", message: "verified and done" });
    } catch (error) {
      if (!(error instanceof StopError)) throw error;
      say(ctx, `  stopped ${rel}: ${error.reason}: ${error.message}`);
      specs.push({ rel, id, status: "failed", reason: error.reason, message: error.message });
      if (RUN_WIDE_STOPS.includes(error.reason))
        stop = { reason: error.reason, message: error.message };
    }
  }
  return {
    specs,
    stop,
    ok: stop === null && specs.every((s) => s.status === "done" || s.status === "skipped"),
    agentRuns: budget.runs,
    costUsd: budget.costUsd,
  };
}

/** `--force`: start over — remove the done marker and archive the active plan, then re-plan. */
async function restartForced(ctx: PipelineContext): Promise<void> {
  const paths = pathsOf(ctx);
  await removeFile(ctx, paths.done);
  await clearCandidate(ctx);
  // Starting over means no story counts as verified: a re-plan keeps the verdicts of stories
  // marked passing (after a PLAN_INVALIDATION), which a forced run must not.
  const prd = await readPrd(ctx);
  if (prd.ok && prd.prd.userStories.some((s) => s.passes)) {
    await writePrd(ctx, {
      ...prd.prd,
      userStories: prd.prd.userStories.map((s) => ({ ...s, passes: false })),
    });
  }
  // The removal is committed first and on its own: left in the working tree, the planner's
  // read-only check would restore the marker and the spec would read "done" again.
  await ctx.git.commitAll(`ralph(${ctx.spec.id}): forced re-run`, {
    author: ctx.botIdentity,
    coAuthors: ctx.coAuthors,
    paths: [paths.done, paths.prd],
  });
  const meta = await readPlanMeta(ctx);
  if (meta?.status === "active" && (await readPlan(ctx)) !== null) {
    await applyFileChange(ctx, {
      kind: "archive_plan",
      reason: "forced re-run (ralph run --force)",
      attempt: meta.attempt,
    });
  }
}

/** What the next step for a spec would be, for `--dry-run` (reads files only). */
export async function describeNextStep(ctx: PipelineContext, forced: boolean): Promise<string> {
  if (forced) return "forced: would archive the plan and re-plan from scratch";
  const resume = await resumeFor(ctx);
  switch (resume.kind) {
    case "fresh":
      return "would plan";
    case "replan":
      return `would re-plan (plan attempt ${resume.info.attempt} invalidated: ${resume.info.invalidation_reason ?? "no reason"})`;
    case "adopt_handwritten":
      return "would adopt the hand-written plan, then implement";
    case "active":
      break;
  }
  const prd = await readPrd(ctx);
  if (!prd.ok)
    return prd.missing ? "would implement the whole spec as one story" : "PRD is invalid";
  const pending = storiesInOrder(prd.prd).filter((s) => !s.passes);
  const next = pending[0];
  if (next === undefined) return "all stories pass: would write the done marker";
  const candidate = await readCandidate(ctx);
  if (shouldVerifyCandidate(candidate, { forced: false, storyId: next.id }) && candidate) {
    return `would verify candidate ${candidate.candidate_commit.slice(0, 12)} of ${next.id}`;
  }
  return `would implement ${next.id} (${pending.length} of ${prd.prd.userStories.length} stories pending)`;
}
