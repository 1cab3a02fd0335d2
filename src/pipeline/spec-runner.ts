import { backoffDelayMs } from "../core/completion.js";
import { counted } from "../core/counted.js";
import { activatePlanInfo } from "../core/plan-meta.js";
import type { Prd } from "../core/prd.js";
import type { RunFailure } from "./agent-run.js";
import { failureSignature, type RunBudget, StopError } from "./budget.js";
import { planWithConsensus } from "./consensus-loop.js";
import { type PipelineContext, say } from "./context.js";
import { commitPlanFiles } from "./file-change.js";
import { runParallelGroups } from "./parallel-stories.js";
import { readPrd, readSpecText, resumeFor, writePlanMeta, writePrd } from "./spec-files.js";
import { type LocalGuards, runStoryLoop } from "./story-engine.js";

/** Shared across the specs of one local run. */
export interface RunGuards extends LocalGuards {
  budget: RunBudget;
}

/**
 * Seed 000/001 run_spec_pipeline for one spec: plan (or re-plan), then the story loop on the one
 * engine (runStoryLoop: implement → checks → verify per story, the regression gate, then the done
 * marker); a PLAN_INVALIDATION archives the plan and comes back here to re-plan with the old plan
 * and the reason. Ends by returning, or by throwing StopError with a named reason.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the seed's run_spec_pipeline loop; its re-plan and stop branches share the counters declared at the top.
export async function runOneSpec(ctx: PipelineContext, guards: RunGuards): Promise<void> {
  const limits = ctx.config.limits;
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
        say(
          ctx,
          `  planned ${ctx.spec.id}: ${counted(result.prd.userStories.length, "story", "stories")}`,
        );
        if (result.consensus?.forced) {
          say(
            ctx,
            `  consensus forced after ${counted(result.consensus.rounds, "round")}; the critic's unresolved concerns:\n${result.consensus.concerns.map((c) => `    - ${c}`).join("\n")}`,
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
          `the planner failed ${counted(planFailures, "time")} (limits.max_attempts=${limits.max_attempts})${last}`,
        );
      }
      await runFailed(result, planFailures);
      continue;
    }

    // The story loop runs on the one engine (the core machine), as in the Action.
    // Seed 002 parallel groups first (parallel.max > 1); what they leave runs in sequence. With
    // --max-run-iterations every implement run is counted one by one, so that runs in sequence.
    const planned = await loadOrSynthesizePrd(ctx);
    const prd =
      guards.iterationsLeft === null
        ? await runParallelGroups(ctx, planned, () => guards.budget.assertCanRun())
        : planned;
    const outcome = await runStoryLoop(ctx, prd, guards, replans);
    replans = outcome.replans;
    if (outcome.end === "done") return;
    await backoff(replans, "plan invalidated");
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
