import { nextParallelBatch } from "../core/parallel-groups.js";
import { type Prd, storiesInOrder, type UserStory } from "../core/prd.js";
import { GitRepository } from "../git/repository.js";
import { addWorktree, mergeBranch, removeWorktree, type Worktree } from "../git/worktree.js";
import { type PipelineContext, say } from "./context.js";
import { applyFileChange } from "./file-change.js";
import { runImplementStep } from "./implement-step.js";
import { journalNote } from "./run-journal.js";
import { readPrd } from "./spec-files.js";
import { runVerifyStep } from "./verify-step.js";

type Lane =
  | { story: UserStory; ok: true; tree: Worktree }
  | { story: UserStory; ok: false; tree: Worktree | null; reason: string };

function laneBranch(ctx: PipelineContext, story: UserStory): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "x";
  return `ralph-parallel/${safe(ctx.spec.id)}/${safe(story.id)}`;
}

/** One story in its own worktree on its own short-lived branch: implement, then verify there. */
async function runLane(
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
    if (verdict.verdict !== "PASS") {
      return { story, ok: false, tree, reason: "its verifier said FAIL in its own worktree" };
    }
    return { story, ok: true, tree };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { story, ok: false, tree, reason: `its run failed: ${message}` };
  }
}

/**
 * Runs `batch` (stories of one parallel group with disjoint files, seed 002) at the same time,
 * each in its own git worktree on a short-lived branch: implement, then verify there. Ralph then
 * combines the verified branches onto the current branch with real merges and, when more than one
 * was combined, verifies each of them again on the combined tree; only then is a story marked
 * passed. Returns the stories left to the sequential loop, with the reason (said and journaled):
 * a lane that failed, a merge that conflicted (aborted) or a re-verify that failed.
 */
export async function runParallelBatch(
  ctx: PipelineContext,
  batch: readonly UserStory[],
  assertCanRun: () => void,
): Promise<{ storyId: string; reason: string }[]> {
  const left: { storyId: string; reason: string }[] = [];
  const fallBack = async (storyId: string, reason: string) => {
    left.push({ storyId, reason });
    await sequenced(ctx, storyId, reason);
  };
  const group = batch[0]?.group ?? null;
  const ids = batch.map((s) => s.id);
  say(
    ctx,
    batch.length > 1
      ? `  parallel group ${group}: ${ids.join(", ")} at the same time, each in its own worktree`
      : `  parallel group ${group}: ${ids.join(", ")} in its own worktree`,
  );
  await journalNote(ctx.logRoot, { event: "parallel", spec: ctx.spec.id, group, stories: ids });
  const base = await ctx.git.headSha();
  const control = await ctx.git.snapshotWorkingTree();
  const lanes = await Promise.all(batch.map((story) => runLane(ctx, story, base, assertCanRun)));
  try {
    // Worktrees share git's own files with this checkout: nothing planted there may run below.
    await ctx.git.restoreGitControl(control);
    const merged: UserStory[] = [];
    for (const lane of lanes) {
      if (!lane.ok) {
        await fallBack(lane.story.id, lane.reason);
        continue;
      }
      const result = await mergeBranch(
        ctx.git.root,
        lane.tree.branch,
        `ralph(${ctx.spec.id}): combine ${lane.story.id} (parallel group ${group})`,
        ctx.botIdentity,
      );
      if (!result.ok) {
        await fallBack(
          lane.story.id,
          `merging it conflicted with ${merged.map((m) => m.id).join(", ") || "the branch"} in ${result.conflicts.join(", ") || "the tree"}`,
        );
        continue;
      }
      merged.push(lane.story);
    }
    const combined = await ctx.git.headSha();
    for (const story of merged) {
      if (merged.length > 1) {
        // What each lane verified alone must still hold once combined.
        assertCanRun();
        const verdict = await runVerifyStep(ctx, { story, commit: combined, attempt: 1 });
        if (verdict.kind !== "verdict" || verdict.verdict !== "PASS") {
          await fallBack(
            story.id,
            `verifying it again on the combined tree ${verdict.kind === "verdict" ? "said FAIL" : `ended ${verdict.kind}`}`,
          );
          continue;
        }
      }
      await applyFileChange(ctx, { kind: "mark_story_passed", storyId: story.id });
      say(ctx, `  ${story.id} PASS${merged.length > 1 ? " on the combined tree" : ""}`);
    }
    return left;
  } finally {
    for (const lane of lanes) {
      if (lane.tree !== null) await removeWorktree(ctx.git.root, lane.tree);
    }
  }
}

async function sequenced(ctx: PipelineContext, storyId: string, reason: string): Promise<void> {
  say(ctx, `  ${storyId} runs in sequence: ${reason}`);
  await journalNote(ctx.logRoot, { event: "sequence", spec: ctx.spec.id, story: storyId, reason });
}

/**
 * Seed 002 parallel groups in `ralph run` (`parallel.max` above 1, stories that carry a group):
 * group by group in execution order, the stories of a group whose files are disjoint run at once
 * (runParallelBatch); overlapping ones run after, in sequence, with the reason logged. The first
 * story that does not pass this way, or one without a group, ends the pass: it and everything
 * after it is left, in order, to the sequential story loop, which owns attempts, the breaker and
 * re-plans. Returns the PRD as it now stands.
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
    const left = await runParallelBatch(ctx, plan.batch, assertCanRun);
    const read = await readPrd(ctx);
    if (!read.ok) return current;
    current = read.prd;
    if (left.length > 0) return current;
  }
}
