import { boundFeedback, feedbackFileOf } from "../core/followup.js";
import { addendumHeading, runAmendStep } from "./amend-step.js";
import { StopError } from "./budget.js";
import { type PipelineContext, pathsOf, type SpecRef, say, specRef } from "./context.js";
import { withFollowUp } from "./feedback-file.js";
import { discoverSpecs, isDone, readPlan, removeFile, SpecFileError } from "./spec-files.js";
import type { LoopContext } from "./spec-loop.js";
import { findSpec } from "./spec-names.js";
import { type RunGuards, runOneSpec } from "./spec-runner.js";
import { runStoryLoop } from "./story-engine.js";

export interface FollowUpInput {
  feedback: string;
  spec?: string;
  by: string | null;
}

/** The spec a follow-up round amends and that round's number. */
export interface FollowUpTarget {
  ctx: PipelineContext;
  round: number;
}

/**
 * The done spec `input` names (or the only one) and its next round, within
 * `limits.max_followups`: what can refuse a follow-up before any agent is needed.
 */
export async function followUpTarget(
  base: LoopContext,
  input: FollowUpInput,
  guards: RunGuards,
): Promise<FollowUpTarget> {
  const ctx = await doneSpec(base, input.spec, guards);
  const used = countRounds((await readPlan(ctx)) ?? "");
  const max = ctx.config.limits.max_followups;
  if (used >= max) {
    throw new StopError(
      "max_followups_reached",
      `follow-up limit reached: ${used} of ${max} follow-up rounds used on ${ctx.spec.id} (limits.max_followups)`,
    );
  }
  return { ctx, round: used + 1 };
}

/**
 * `ralph fix "<feedback>" [spec]` (DESIGN §2.3, CLI parity): a follow-up round on a done spec,
 * as on GitHub — the planner in amend mode turns the feedback into FU stories appended to the
 * PRD (a new revision, committed), then the story loop on the one engine implements and verifies
 * them and the regression gate re-verifies every story, the old ones included, before the done
 * marker is written again. Within `limits.max_followups` rounds per spec (counted from the plan's
 * "Follow-up round" sections) and the run's agent and cost budgets.
 */
export async function runFollowUp(
  base: LoopContext,
  input: FollowUpInput,
  guards: RunGuards,
  target?: FollowUpTarget,
): Promise<{ specId: string; round: number; stories: string[] }> {
  const { ctx, round } = target ?? (await followUpTarget(base, input, guards));
  guards.budget.assertCanRun();
  const feedback = boundFeedback({ text: [input.feedback] });
  say(ctx, `fix ${ctx.spec.rel}: follow-up round ${round}`);
  const result = await runAmendStep(ctx, { round, source: "fix", by: input.by, feedback });
  if (result.kind === "usage_limit") {
    throw new StopError("usage_limit", "the agent is still at its usage limit (amend)");
  }
  if (result.kind !== "amended") {
    const why =
      result.kind === "invalid_output"
        ? result.errors.join("; ")
        : result.kind === "crash"
          ? result.message
          : result.kind;
    throw new StopError("planner_failed", `the amend step failed: ${why}`);
  }
  // The spec is not done until its new stories are verified: the marker goes with the amendment.
  const paths = pathsOf(ctx);
  await removeFile(ctx, paths.done);
  await ctx.git.commitAll(`ralph(${ctx.spec.id}): follow-up round ${round}`, {
    author: ctx.botIdentity,
    coAuthors: ctx.coAuthors,
    paths: [paths.plan, paths.prd, paths.done],
  });
  const stories = result.stories.map((s) => s.id);
  say(ctx, `  follow-up round ${round}: ${stories.join(", ")}`);
  const withFeedback = await withFollowUp(
    ctx,
    feedbackFileOf({
      number: round,
      source: "fix",
      by: input.by,
      feedback,
      stories: result.stories,
    }),
  );
  const outcome = await runStoryLoop(withFeedback, result.prd, guards, 0);
  // A PLAN_INVALIDATION during the round re-plans the spec as `ralph run` would.
  if (outcome.end === "replan") await runOneSpec(ctx, guards);
  return { specId: ctx.spec.id, round, stories };
}

/** Rounds a spec's plan records (`## Follow-up round N` sections). */
export function countRounds(plan: string): number {
  const heading = addendumHeading(0).replace(/\d+$/, "");
  return plan.split("\n").filter((l) => l.startsWith(heading)).length;
}

/** The spec `ralph fix` amends: the one named, or else the only done spec. */
async function doneSpec(
  base: LoopContext,
  wanted: string | undefined,
  guards: RunGuards,
): Promise<PipelineContext> {
  const home = base.config.ralph_home;
  const refs = (await discoverSpecs(base.workspace, home)).map((rel) => specRef(home, rel));
  const contextOf = (spec: SpecRef): PipelineContext => ({
    ...base,
    spec,
    onAgentRun: (record) => {
      guards.budget.record(record.result, record.runs);
      base.onAgentRun?.(record);
    },
  });
  if (wanted !== undefined) {
    const ctx = contextOf(findSpec(wanted, refs, `${home}/specs`));
    if (!(await isDone(ctx))) {
      throw new SpecFileError(
        `spec ${ctx.spec.id} is not done: ralph fix follows up on finished work; run \`ralph run\` first`,
      );
    }
    return ctx;
  }
  const done: PipelineContext[] = [];
  for (const ctx of refs.map(contextOf)) if (await isDone(ctx)) done.push(ctx);
  const only = done[0];
  if (only === undefined || done.length > 1) {
    throw new SpecFileError(
      done.length === 0
        ? "no done spec to follow up on: ralph fix amends a spec `ralph run` finished"
        : `several specs are done (${done.map((c) => c.spec.id).join(", ")}): name one, e.g. ralph fix "<feedback>" ${only?.spec.id ?? ""}`,
    );
  }
  return only;
}
