import type { AgentResult } from "../core/events.js";
import { nextParallelBatch } from "../core/parallel-groups.js";
import { type Prd, storiesInOrder, type UserStory } from "../core/prd.js";
import { GitRepository } from "../git/repository.js";
import {
  addWorktree,
  mergeBranch,
  removeWorktree,
  resetBranchTo,
  type Worktree,
} from "../git/worktree.js";
import { type PipelineContext, say } from "./context.js";
import { applyFileChange } from "./file-change.js";
import { runImplementStep } from "./implement-step.js";
import { journalNote } from "./run-journal.js";
import { readPrd } from "./spec-files.js";
import { toMachineResult } from "./story-step-inputs.js";
import { runVerifyStep } from "./verify-step.js";

type ImplementedResult = Extract<AgentResult, { kind: "implemented" }>;
type VerdictResult = Extract<AgentResult, { kind: "verdict" }>;

/**
 * One story of a batch after its own implement and verify run: in a worktree of this checkout,
 * or in a runner of its own (the Action's job matrix), fetched back. `ref` is what is merged.
 */
export type Lane = (
  | {
      story: UserStory;
      ok: true;
      tree: Worktree | null;
      ref: string;
      implemented: ImplementedResult;
      verdict: VerdictResult;
    }
  | { story: UserStory; ok: false; tree: Worktree | null; reason: string }
) & { inRunner?: boolean };

/** A story a parallel batch combined onto the branch and verified there, with its real results. */
export interface CombinedStory {
  story: UserStory;
  /** Its implement run's result (the commit is on its lane's branch, merged into this one). */
  implemented: ImplementedResult;
  /** The PASS verdict that counts: on the combined tree, or in its lane when combined alone. */
  verdict: VerdictResult;
}

export interface BatchOutcome {
  /** The stories that passed, always the first ones of the batch, in batch order. */
  passed: CombinedStory[];
  /** The others, in batch order, each with the reason it goes back to the sequence. */
  left: { storyId: string; reason: string }[];
}

/** The short-lived branch of one story of a batch: `ralph-parallel/<spec>/<story>`. */
export function laneBranch(
  ctx: Pick<PipelineContext, "spec">,
  story: Pick<UserStory, "id">,
): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "x";
  return `ralph-parallel/${safe(ctx.spec.id)}/${safe(story.id)}`;
}

/** One story in its own worktree on its own short-lived branch: implement, then verify there. */
export async function runLane(
  ctx: PipelineContext,
  story: UserStory,
  base: string,
  assertCanRun: () => void,
): Promise<Lane> {
  let tree: Worktree | null = null;
  try {
    tree = await addWorktree(ctx.git.root, laneBranch(ctx, story), base);
    const git = await GitRepository.open(tree.dir, {
      branchPrefix: ctx.git.branchPrefix,
      ignore: ctx.git.ignored,
    });
    const lane: PipelineContext = { ...ctx, workspace: tree.dir, git };
    assertCanRun();
    const impl = await runImplementStep(lane, { story, attempt: 1, feedback: null });
    if (impl.kind !== "implemented") {
      return { story, ok: false, tree, reason: `its implement run ended ${impl.kind}` };
    }
    assertCanRun();
    const verdict = await runVerifyStep(lane, { story, commit: impl.commit, attempt: 1 });
    if (verdict.kind !== "verdict") {
      return { story, ok: false, tree, reason: `its verify run ended ${verdict.kind}` };
    }
    if (verdict.verdict !== "PASS" || verdict.problem) {
      return {
        story,
        ok: false,
        tree,
        reason: "its verifier did not say PASS in its own worktree",
      };
    }
    return {
      story,
      ok: true,
      tree,
      ref: tree.branch,
      implemented: toMachineResult(impl) as ImplementedResult,
      verdict: toMachineResult(verdict) as VerdictResult,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { story, ok: false, tree, reason: `its run failed: ${message}` };
  }
}

type Merged = { lane: Extract<Lane, { ok: true }>; before: string };

/**
 * The merged stories that hold on the combined tree, a prefix: with more than one merged, each is
 * verified again there, and the first that fails takes the branch back to before its merge.
 */
async function verifyCombined(
  ctx: PipelineContext,
  merged: readonly Merged[],
  assertCanRun: () => void,
  fallBack: (storyId: string, reason: string) => Promise<void>,
): Promise<CombinedStory[]> {
  const passed: CombinedStory[] = [];
  for (const [i, { lane, before }] of merged.entries()) {
    let verdict = lane.verdict;
    if (merged.length > 1) {
      // What each lane verified alone must still hold once combined: the verifier works on the
      // combined tree and reads the story's own commit (its diff, not the last merge's).
      assertCanRun();
      const commit = lane.implemented.commit;
      const again = await runVerifyStep(ctx, { story: lane.story, commit, attempt: 1 });
      if (again.kind !== "verdict" || again.verdict !== "PASS" || again.problem) {
        await resetBranchTo(ctx.git.root, before);
        const why = again.kind === "verdict" ? "did not say PASS" : `ended ${again.kind}`;
        await fallBack(lane.story.id, `verifying it again on the combined tree ${why}`);
        for (const later of merged.slice(i + 1)) {
          await fallBack(
            later.lane.story.id,
            `it comes after ${lane.story.id}, which failed on the combined tree`,
          );
        }
        return passed;
      }
      verdict = toMachineResult(again) as VerdictResult;
    }
    passed.push({ story: lane.story, implemented: lane.implemented, verdict });
  }
  return passed;
}

/**
 * Runs `batch` (stories of one parallel group with disjoint files, seed 002) at the same time,
 * each in its own git worktree on a short-lived branch: implement, then verify there. Ralph then
 * combines the verified branches onto the current branch, in batch order, with real merges and,
 * when more than one was combined, verifies each of them again on the combined tree.
 *
 * What passes is always a prefix of the batch: the first lane that failed or whose merge
 * conflicted (aborted) stops the combining, and a re-verification that fails takes the branch
 * back to before that story's merge (the stories before it were verified alone in their lanes
 * and together with it; groups are independent by the planner's contract). So the CLI and the
 * Action can both hand the rest to their sequential loop without any of its work on the branch.
 * Every reason is said and written to `ralph.log`.
 */
export async function runParallelBatch(
  ctx: PipelineContext,
  batch: readonly UserStory[],
  assertCanRun: () => void,
): Promise<BatchOutcome> {
  await batchNote(
    ctx,
    batch,
    batch.length > 1 ? "at the same time, each in its own worktree" : "in its own worktree",
  );
  const base = await ctx.git.headSha();
  const control = await ctx.git.snapshotGitControl();
  const lanes = await Promise.all(batch.map((story) => runLane(ctx, story, base, assertCanRun)));
  // Worktrees share git's own files with this checkout: nothing planted there may run below.
  await ctx.git.restoreGitControl(control).catch(async (error) => {
    await removeLanes(ctx, lanes);
    throw error;
  });
  return combineLanes(ctx, lanes, assertCanRun);
}

/** Removes the lanes' worktrees and local branches (best effort). */
async function removeLanes(ctx: PipelineContext, lanes: readonly Lane[]): Promise<void> {
  for (const lane of lanes) {
    if (lane.tree !== null) await removeWorktree(ctx.git.root, lane.tree);
  }
}

/**
 * Combines the lanes of a batch onto the current branch, in batch order, with real merges and,
 * when more than one was merged, verifies each again on the combined tree (see runParallelBatch
 * for what passes). The lanes ran in worktrees here or in runners of their own (the Action's job
 * matrix): the same code settles both. Their worktrees are removed.
 */
export async function combineLanes(
  ctx: PipelineContext,
  lanes: readonly Lane[],
  assertCanRun: () => void,
): Promise<BatchOutcome> {
  const left: BatchOutcome["left"] = [];
  const fallBack = async (storyId: string, reason: string) => {
    left.push({ storyId, reason });
    await sequenced(ctx, storyId, reason);
  };
  const group = lanes[0]?.story.group ?? null;
  try {
    const merged: Merged[] = [];
    let stop: string | null = null;
    for (const lane of lanes) {
      if (stop !== null) {
        await fallBack(lane.story.id, lane.ok ? stop : lane.reason);
        continue;
      }
      if (!lane.ok) {
        await fallBack(lane.story.id, lane.reason);
        const where = lane.inRunner === true ? "runner" : "worktree";
        stop = `it comes after ${lane.story.id}, which did not pass in its ${where}`;
        continue;
      }
      const before = await ctx.git.headSha();
      const result = await ctx.git.onDemand(() =>
        mergeBranch(
          ctx.git.root,
          lane.ref,
          `ralph(${ctx.spec.id}): combine ${lane.story.id} (parallel group ${group})`,
          ctx.botIdentity,
        ),
      );
      if (!result.ok) {
        await fallBack(
          lane.story.id,
          `merging it conflicted with ${merged.map((m) => m.lane.story.id).join(", ") || "the branch"} in ${result.conflicts.join(", ") || "the tree"}`,
        );
        stop = `it comes after ${lane.story.id}, whose merge conflicted`;
        continue;
      }
      merged.push({ lane, before });
    }
    const passed = await verifyCombined(ctx, merged, assertCanRun, fallBack);
    return { passed, left };
  } finally {
    await removeLanes(ctx, lanes);
  }
}

/** Says and journals a batch (`"event": "parallel"` in `ralph.log`) and how it runs. */
export async function batchNote(
  ctx: PipelineContext,
  batch: readonly UserStory[],
  how: string,
): Promise<void> {
  const group = batch[0]?.group ?? null;
  const ids = batch.map((s) => s.id);
  say(ctx, `  parallel group ${group}: ${ids.join(", ")} ${how}`);
  await journalNote(ctx.logRoot, { event: "parallel", spec: ctx.spec.id, group, stories: ids });
}

/** Says and journals why a story of a group runs in sequence. */
export async function sequenced(
  ctx: PipelineContext,
  storyId: string,
  reason: string,
): Promise<void> {
  say(ctx, `  ${storyId} runs in sequence: ${reason}`);
  await journalNote(ctx.logRoot, { event: "sequence", spec: ctx.spec.id, story: storyId, reason });
}

/**
 * Seed 002 parallel groups in `ralph run` (`parallel.max` above 1, stories that carry a group):
 * group by group in execution order, the stories of a group whose files are disjoint run at once
 * (runParallelBatch) and those that passed are marked so in the PRD; overlapping ones run after,
 * in sequence, with the reason logged. The first batch that leaves a story, or a story without a
 * group, ends the pass: what is left is run, in order, by the sequential story loop, which owns
 * attempts, the breaker and re-plans. Returns the PRD as it now stands.
 */
export async function runParallelGroups(
  ctx: PipelineContext,
  prd: Prd,
  assertCanRun: () => void,
): Promise<Prd> {
  const max = ctx.config.parallel.max;
  let current = prd;
  const said = new Set<string>();
  for (;;) {
    const pending = storiesInOrder(current).filter((s) => !s.passes);
    if (max < 2 || pending[0]?.group === undefined) return current;
    const plan = nextParallelBatch(pending, max);
    for (const s of plan.sequential) {
      if (said.has(s.storyId)) continue;
      said.add(s.storyId);
      await sequenced(ctx, s.storyId, s.reason);
    }
    const { passed, left } = await runParallelBatch(ctx, plan.batch, assertCanRun);
    for (const { story } of passed) {
      await applyFileChange(ctx, { kind: "mark_story_passed", storyId: story.id });
      say(ctx, `  ${story.id} PASS${passed.length > 1 ? " on the combined tree" : ""}`);
    }
    const read = await readPrd(ctx);
    if (!read.ok) return current;
    current = read.prd;
    if (left.length > 0) return current;
  }
}
