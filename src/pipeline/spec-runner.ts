import { shouldVerifyCandidate } from "../core/candidate.js";
import { type BackoffOptions, backoffDelayMs } from "../core/completion.js";
import { activatePlanInfo } from "../core/plan-meta.js";
import { type Prd, storiesInOrder } from "../core/prd.js";
import type { RunFailure } from "./agent-run.js";
import { type CircuitBreaker, failureSignature, type RunBudget, StopError } from "./budget.js";
import { planWithConsensus } from "./consensus-loop.js";
import { type PipelineContext, say } from "./context.js";
import { applyFileChange, commitPlanFiles } from "./file-change.js";
import { runImplementStep } from "./implement-step.js";
import {
  clearCandidate,
  readCandidate,
  readPlanMeta,
  readPrd,
  readSpecText,
  resumeFor,
  type StoryVerdictRow,
  writePlanMeta,
  writePrd,
} from "./spec-files.js";
import { runVerifyStep } from "./verify-step.js";

/** Shared across the specs of one local run. */
export interface RunGuards {
  budget: RunBudget;
  breaker: CircuitBreaker;
  backoff: BackoffOptions;
  /** Implement runs left in this invocation (`--max-run-iterations`), null: unbounded. */
  iterationsLeft: number | null;
}

/**
 * Seed 000/001 run_spec_pipeline for one spec, per story: plan (or re-plan) → implement → verify;
 * FAIL → re-implement with the verifier's feedback (max_attempts per story); PLAN_INVALIDATION →
 * archive as attempt-N and re-plan with the old plan and the reason (max_replans); all stories
 * PASS → done marker. Ends by returning, or by throwing StopError with a named reason.
 */
export async function runOneSpec(ctx: PipelineContext, guards: RunGuards): Promise<void> {
  const limits = ctx.config.limits;
  const attempts = new Map<string, number>();
  const rows = new Map<string, StoryVerdictRow>();
  let feedback: string | null = null;
  let replans = 0;
  let planFailures = 0;
  // Planner runs for this spec so far, across retries after failed runs: the shown counter.
  let plannerRuns = 0;

  const backoff = async (n: number, why: string) => {
    const ms = backoffDelayMs(n, guards.backoff);
    say(ctx, `  ${why}; backing off ${Math.round(ms / 100) / 10}s`);
    await ctx.clock.sleep(ms);
  };
  const runFailed = async (failure: RunFailure, n: number, extra = "") => {
    if (failure.kind === "usage_limit") {
      throw new StopError("usage_limit", `the agent is still at its usage limit (${failure.step})`);
    }
    const detail = failure.kind === "crash" ? failure.message : failure.kind;
    const shown = `${failure.step}${extra ? ` ${extra}` : ""} ${failure.kind === "crash" ? `failed: ${detail}` : "timed out"}`;
    guards.breaker.failure(failureSignature([failure.step, failure.kind, extra, detail]), shown);
    await backoff(
      n,
      `${failure.step} ${failure.kind === "crash" ? `failed: ${detail}` : "timed out"}`,
    );
  };

  for (;;) {
    const resume = await resumeFor(ctx);
    if (resume.kind === "adopt_handwritten") {
      await adoptHandwrittenPlan(ctx);
      continue;
    }
    if (resume.kind === "fresh" || resume.kind === "replan") {
      guards.budget.assertCanRun();
      // As the Action does: a re-plan keeps the verdict of a verified story that comes back with
      // the same id and title (its work is on the branch and was verified).
      const previous = resume.kind === "replan" ? await readPrd(ctx) : null;
      const keepVerified = previous?.ok
        ? previous.prd.userStories
            .filter((s) => s.passes)
            .map((s) => ({ id: s.id, title: s.title }))
        : [];
      const result = await planWithConsensus(ctx, {
        allowQuestions: false,
        firstRun: plannerRuns + 1,
        keepVerified,
      });
      plannerRuns += result.runs ?? 1;
      if (result.kind === "prd") {
        await commitPlanFiles(ctx, result.attempt ?? null);
        guards.breaker.success();
        say(ctx, `  planned ${ctx.spec.id}: ${result.prd.userStories.length} stories`);
        if (result.consensus?.forced) {
          say(
            ctx,
            `  consensus forced after ${result.consensus.rounds} rounds; the critic's unresolved concerns:\n${result.consensus.concerns.map((c) => `    - ${c}`).join("\n")}`,
          );
        }
        continue;
      }
      if (result.kind === "invalid_output") {
        throw new StopError("planner_failed", `planning failed: ${result.errors.join("; ")}`);
      }
      if (result.kind === "questions") {
        throw new StopError(
          "planner_questions",
          "the planner asked questions in a non-interactive run",
        );
      }
      if (result.kind !== "timeout" && result.kind !== "crash" && result.kind !== "usage_limit") {
        throw new StopError("planner_failed", `unexpected planner result ${result.kind}`);
      }
      planFailures += 1;
      if (planFailures >= limits.max_attempts) {
        const last = result.kind === "crash" ? `: ${result.message}` : ` (${result.kind})`;
        throw new StopError(
          "planner_failed",
          `the planner failed ${planFailures} times (limits.max_attempts=${limits.max_attempts})${last}`,
        );
      }
      await runFailed(result, planFailures);
      continue;
    }

    const prd = await loadOrSynthesizePrd(ctx);
    const pending = storiesInOrder(prd).filter((s) => !s.passes);
    const story = pending[0];
    if (story === undefined) {
      const orderedRows = storiesInOrder(prd).map(
        (s) =>
          rows.get(s.id) ?? {
            id: s.id,
            title: s.title,
            verdict: "PASS" as const,
            commit: null,
            criteria: [],
          },
      );
      await applyFileChange(
        ctx,
        { kind: "done_marker", commit: await ctx.git.headSha() },
        { rows: orderedRows },
      );
      say(ctx, `  done ${ctx.spec.id}`);
      return;
    }

    // Resume: a candidate for this story (a run killed before verification) is verified as is.
    const candidate = await readCandidate(ctx);
    let commit: string;
    let attempt = attempts.get(story.id) ?? 0;
    if (
      shouldVerifyCandidate(candidate, { forced: false, storyId: story.id }) &&
      candidate !== null &&
      (await ctx.git.containsCommit(candidate.candidate_commit))
    ) {
      commit = candidate.candidate_commit;
      attempt = Math.max(attempt, 1);
      attempts.set(story.id, attempt);
      say(ctx, `  candidate ${commit.slice(0, 12)} for ${story.id} found: verifying it`);
    } else {
      await clearCandidate(ctx);
      attempt += 1;
      if (attempt > limits.max_attempts) {
        throw new StopError(
          "max_attempts_exhausted",
          `story ${story.id} failed verification ${limits.max_attempts} times (limits.max_attempts)`,
        );
      }
      if (guards.iterationsLeft !== null) {
        if (guards.iterationsLeft <= 0) {
          throw new StopError("max_run_iterations_reached", "the run iteration cap is reached");
        }
        guards.iterationsLeft -= 1;
      }
      attempts.set(story.id, attempt);
      guards.budget.assertCanRun();
      const impl = await runImplementStep(ctx, { story, attempt, feedback });
      if (impl.kind === "no_progress") {
        guards.breaker.failure(
          failureSignature(["implement", "no_progress", story.id]),
          `implement ${story.id} changed no file`,
        );
        feedback =
          "Your previous attempt changed no files. Implement the story: make the code changes and leave them in the working tree.";
        await backoff(attempt, `implement ${story.id} made no change`);
        continue;
      }
      if (impl.kind !== "implemented") {
        if (impl.kind === "timeout" || impl.kind === "crash" || impl.kind === "usage_limit") {
          await runFailed(impl, attempt, story.id);
          continue;
        }
        throw new StopError("planner_failed", `unexpected implement result ${impl.kind}`);
      }
      commit = impl.commit;
      guards.breaker.success();
    }

    guards.budget.assertCanRun();
    const verdict = await runVerifyStep(ctx, { story, commit, attempt });
    if (verdict.kind !== "verdict") {
      await runFailed(verdict, attempt, story.id);
      continue;
    }
    rows.set(story.id, {
      id: story.id,
      title: story.title,
      verdict: verdict.verdict,
      commit,
      criteria: verdict.criteria,
    });
    await clearCandidate(ctx);
    if (verdict.verdict === "PASS") {
      await applyFileChange(ctx, { kind: "mark_story_passed", storyId: story.id });
      say(ctx, `  ${story.id} PASS`);
      feedback = null;
      continue;
    }
    if (verdict.invalidation !== null) {
      replans += 1;
      const meta = await readPlanMeta(ctx);
      await applyFileChange(ctx, {
        kind: "archive_plan",
        reason: verdict.invalidation,
        attempt: meta?.attempt ?? 1,
      });
      say(ctx, `  ${story.id} PLAN_INVALIDATION: ${verdict.invalidation}`);
      if (replans > limits.max_replans) {
        throw new StopError(
          "max_replans_exhausted",
          `the plan was invalidated ${replans} times (limits.max_replans=${limits.max_replans})`,
        );
      }
      attempts.clear();
      feedback = null;
      await backoff(replans, "plan invalidated");
      continue;
    }
    feedback = verdict.feedback;
    say(ctx, `  ${story.id} FAIL (attempt ${attempt}/${limits.max_attempts})`);
    if (attempt < limits.max_attempts) await backoff(attempt, "verification failed");
  }
}

/** Seed 000 "md exists but no json": treat as active, create the meta (and a PRD if missing). */
async function adoptHandwrittenPlan(ctx: PipelineContext): Promise<void> {
  const info = activatePlanInfo(null, ctx.spec.rel, ctx.spec.id, ctx.clock.now().toISOString());
  await writePlanMeta(ctx, info);
  await loadOrSynthesizePrd(ctx);
  await commitPlanFiles(ctx, info.attempt);
  say(ctx, `  adopted the hand-written plan of ${ctx.spec.id}`);
}

/**
 * The PRD of the active plan. A hand-written plan has none: Ralph then uses one story covering
 * the whole spec, with the spec's acceptance-criteria bullets when it has such a section.
 */
async function loadOrSynthesizePrd(ctx: PipelineContext): Promise<Prd> {
  const read = await readPrd(ctx);
  if (read.ok) return read.prd;
  if (!read.missing) {
    throw new StopError(
      "invalid_prd",
      `the PRD of ${ctx.spec.rel} is invalid: ${read.errors.join("; ")}`,
    );
  }
  const prd = synthesizePrd(await readSpecText(ctx), ctx.spec.id, await ctx.git.currentBranch());
  await writePrd(ctx, prd);
  return prd;
}

export function synthesizePrd(specText: string, specId: string, branch: string): Prd {
  const title = /^#\s+(.+)$/m.exec(specText)?.[1]?.trim() || `Implement spec ${specId}`;
  const section = /^#{2,3}\s+acceptance criteria\s*$/im.exec(specText);
  const criteria: string[] = [];
  if (section) {
    for (const line of specText.slice(section.index + section[0].length).split(/\r?\n/)) {
      if (/^#{1,3}\s/.test(line)) break;
      const bullet = /^\s*(?:[-*]|\d+\.)\s+(?:\[[ xX]\]\s+)?(.+)$/.exec(line);
      if (bullet?.[1]) criteria.push(bullet[1].trim());
    }
  }
  return {
    branchName: branch,
    userStories: [
      {
        id: "S1",
        title,
        acceptanceCriteria:
          criteria.length > 0
            ? criteria
            : [
                "Everything the spec describes is implemented and the plan's verification strategy passes",
              ],
        priority: 1,
        passes: false,
        notes: "Synthesized by Ralph from a hand-written plan without a PRD.",
      },
    ],
  };
}
