import type { MachineState } from "../core/state.js";
import type { PushReport } from "../git/push.js";
import type { PipelineContext } from "../pipeline/context.js";
import { applyFileChange } from "../pipeline/file-change.js";
import { readPlan, readPlanMeta } from "../pipeline/spec-files.js";
import type { StepContext } from "./steps.js";

/**
 * Commits exactly `paths` (when changed) as the bot, then pushes whenever the branch is ahead of
 * origin — also when a runner that died earlier left commits unpushed.
 */
export async function commitAndPush(
  ctx: Pick<StepContext, "ws" | "target">,
  pipe: PipelineContext,
  what: string,
  paths: string[],
): Promise<void> {
  await pipe.git.commitAll(`ralph(${pipe.spec.id}): ${what}`, {
    author: pipe.botIdentity,
    coAuthors: pipe.coAuthors,
    paths,
  });
  await pushIfAhead(ctx, pipe);
}

/** Pushes when the branch is ahead of origin; the report says whether workflow files were dropped. */
export async function pushIfAhead(
  ctx: Pick<StepContext, "ws" | "target">,
  pipe: PipelineContext,
): Promise<PushReport | null> {
  const remote = await pipe.git.resolve(`refs/remotes/origin/${ctx.target.branch}`);
  if (remote === (await pipe.git.headSha())) return null;
  // Nothing fetched since: the push leases from the sha just read.
  return ctx.ws.push(ctx.target, remote);
}

/**
 * Archives the plan the state says was invalidated when the branch still has it active: the App
 * cannot commit, so after a `/ralph replan` it handled the archive is left to this step (as when a
 * runner died between saving the invalidation and committing it). Seed 000's re-planning reads
 * the archived plan and the reason from the branch. `meta.attempt` above the invalidated attempt
 * means the re-plan already happened (a critic round or `/ralph revise` after it): nothing to do.
 */
export async function archiveInvalidatedPlan(
  ctx: Pick<StepContext, "ws" | "target" | "log">,
  pipe: PipelineContext,
  state: MachineState,
): Promise<boolean> {
  const invalidation = state.invalidation;
  if (invalidation === null) return false;
  const meta = await readPlanMeta(pipe);
  if (meta !== null && (meta.status !== "active" || meta.attempt > invalidation.attempt)) {
    return false;
  }
  if ((await readPlan(pipe)) === null) return false;
  ctx.log(`archiving the invalidated plan before re-planning: ${invalidation.reason}`);
  await applyFileChange(pipe, {
    kind: "archive_plan",
    reason: invalidation.reason,
    attempt: invalidation.attempt,
  });
  await pushIfAhead(ctx, pipe);
  return true;
}
