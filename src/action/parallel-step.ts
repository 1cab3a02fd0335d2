import type { AgentResult, AgentUsage } from "../core/events.js";
import { nextParallelBatch } from "../core/parallel-groups.js";
import type { UserStory } from "../core/prd.js";
import type { MachineState } from "../core/state.js";
import { changedWorkflowFiles } from "../git/workflow-changes.js";
import { resetBranchTo } from "../git/worktree.js";
import type { PipelineContext } from "../pipeline/context.js";
import {
  type BatchOutcome,
  batchNote,
  combineLanes,
  runParallelBatch,
  sequenced,
} from "../pipeline/parallel-stories.js";
import { readCandidate, readPrd } from "../pipeline/spec-files.js";
import { resumableCandidate } from "../pipeline/story-step-inputs.js";
import { pushIfAhead } from "./branch-push.js";
import { deleteLaneBranches, dispatchedLanes } from "./parallel-runners.js";
import type { StepOutcome, UsageMeter } from "./step-outcome.js";
import type { StepContext } from "./steps.js";

/** Agent runs one story of a batch may take: implement and verify in its lane, verify combined. */
const RUNS_PER_STORY = 3;

/**
 * The stories the machine will ask for next, in its order, as the PRD file has them (group,
 * files); null when the PRD on the branch and the state disagree. Only untouched stories count:
 * a story with an attempt behind it (a retry, verifier feedback) runs in sequence.
 */
function upcoming(state: MachineState, stories: readonly UserStory[]): UserStory[] | null {
  const byId = new Map(stories.map((s) => [s.id, s]));
  const out: UserStory[] = [];
  for (const s of state.prd?.stories ?? []) {
    if (s.status === "passed") continue;
    const story = byId.get(s.id);
    if (story === undefined) return null;
    const untouched =
      s.status === "pending" || (s.status === "running" && s.id === state.currentStory);
    if (!untouched || s.attempts > 0) break;
    out.push(story);
  }
  return out;
}

/**
 * The batch the machine's next story heads, by the selection the CLI uses (nextParallelBatch):
 * the run of untouched stories it would ask for next, at least two, with room in the run
 * budget; null when the story runs alone. Every story of the group left out is said and logged.
 */
async function plannedBatch(
  pipe: PipelineContext,
  state: MachineState,
): Promise<UserStory[] | null> {
  const max = pipe.config.parallel.max;
  if (max < 2 || state.breaker.count > 0 || state.verifierFeedback !== null) return null;
  const read = await readPrd(pipe);
  if (!read.ok) return null;
  const pending = upcoming(state, read.prd.userStories);
  const first = pending?.[0];
  if (pending === null || first === undefined || first.id !== state.currentStory) return null;
  if (first.group === undefined) return null;
  const stored = state.prd?.stories.find((s) => s.id === first.id);
  // A candidate a dead runner left for this story is verified as is, by the one story step.
  if (stored === undefined || resumableCandidate(await readCandidate(pipe), stored) !== null) {
    return null;
  }
  const plan = nextParallelBatch(pending, max);
  let n = 0;
  while (n < plan.batch.length && plan.batch[n]?.id === pending[n]?.id) n++;
  const batch = plan.batch.slice(0, n);
  const reasons = [
    ...plan.sequential,
    ...plan.batch.slice(n).map((s) => ({
      storyId: s.id,
      reason: `${pending[n]?.id ?? "another story"} comes before it and runs in sequence`,
    })),
  ];
  for (const s of reasons) await sequenced(pipe, s.storyId, s.reason);
  if (batch.length < 2) return null;
  const limits = pipe.config.limits;
  if (state.counters.agentRuns + RUNS_PER_STORY * batch.length > limits.max_agent_runs) {
    await sequenced(
      pipe,
      first.id,
      "the run budget (limits.max_agent_runs) has no room for a batch",
    );
    return null;
  }
  return batch;
}

/**
 * Seed 002 parallel groups in the Action (`parallel.max` above 1), as in `ralph run`: when the
 * story the machine asks for heads a group whose next stories change disjoint files, they run at
 * once, each on a short-lived branch, and are combined onto Ralph's branch with real merges and
 * verified again there (combineLanes, the CLI's code). Where they run is `ctx.parallel`: in
 * worktrees of this runner (runParallelBatch), or in a job matrix, one runner per story — the
 * main job hands the batch over (a HandOff: the state records it) and the combine job reads the
 * lanes back from the branches the matrix pushed. A batch the state says was handed over but
 * that no combine settled (a cancelled or crashed matrix) runs in this runner.
 * The machine takes results for its current story only, so the batch is the run of untouched
 * stories it would ask for next; every other story of the group runs in sequence, with the reason
 * in `ralph.log`. The real results of the stories that passed — each one's implement result and
 * its verdict on the combined tree — go to the machine in order (StepOutcome.followUps), after the
 * branch is pushed. Returns null when nothing passed this way: the step then runs as usual.
 */
export async function parallelImplementStep(
  ctx: StepContext,
  pipe: PipelineContext,
  state: MachineState,
  meter: UsageMeter,
): Promise<StepOutcome | null> {
  const batch = await plannedBatch(pipe, state);
  const first = batch?.[0];
  if (batch === null || first === undefined) return null;
  const ids = batch.map((s) => s.id);
  const dispatch = state.parallelDispatch;
  const handedOver = dispatch !== undefined && dispatch.stories.join("\n") === ids.join("\n");
  if (!handedOver && ctx.parallel === "dispatch") {
    // The runners start from what is on GitHub.
    await pushIfAhead(ctx, pipe);
    return {
      handOff: { stories: ids, base: await pipe.git.headSha() },
      summary: `parallel group ${first.group}: ${ids.join(", ")} handed to ${ids.length} runners`,
    };
  }
  const base = await pipe.git.headSha();
  let outcome: BatchOutcome;
  if (handedOver && ctx.parallel === "combine") {
    await batchNote(pipe, batch, "each ran in its own runner; combining them");
    outcome = await combineLanes(
      pipe,
      await dispatchedLanes(ctx, pipe, batch, dispatch, meter),
      () => {},
    );
  } else {
    if (dispatch !== undefined) {
      ctx.log(
        `the batch ${dispatch.stories.join(", ")} handed to parallel runners was never combined (the matrix was cancelled or failed): it runs in this runner`,
      );
    }
    outcome = await runParallelBatch(pipe, batch, () => {});
  }
  if (dispatch !== undefined) await deleteLaneBranches(ctx, pipe, dispatch.stories);
  const { passed } = outcome;
  if (passed.length === 0) return null;
  const workflow = await changedWorkflowFiles(ctx.ws.root, base);
  if (workflow.length > 0) {
    // A push that must drop workflow files rewrites the merges the results name: in sequence.
    await resetBranchTo(ctx.ws.root, base);
    await sequenced(pipe, first.id, `the batch changes workflow files (${workflow.join(", ")})`);
    return null;
  }
  await pushIfAhead(ctx, pipe);

  const results: AgentResult[] = passed.flatMap((p) => [p.implemented, p.verdict]);
  const usage = meter.usage;
  // The machine counts one run per result unless told more: the rest of the runs go on the first.
  const firstUsage: AgentUsage = {
    ...usage,
    runs: Math.max(1, meter.runs - (results.length - 1)),
  };
  const [head, ...rest] = results;
  if (head === undefined) return null;
  return {
    result: head,
    usage: firstUsage,
    summary: `parallel group ${first.group}: ${passed.map((p) => p.story.id).join(", ")} combined and verified`,
    followUps: rest.map((result) => ({ result, usage: {} })),
  };
}
