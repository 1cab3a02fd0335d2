import { withPushAuth } from "../git/git-auth.js";
import { git } from "../git/git-exec.js";
import { changedWorkflowFiles } from "../git/workflow-changes.js";
import { addWorktree, removeWorktree, resetBranchTo } from "../git/worktree.js";
import { loadStatus } from "../github/status.js";
import type { PipelineContext } from "../pipeline/context.js";
import { type Lane, laneBranch, runLane } from "../pipeline/parallel-stories.js";
import { readPrd } from "../pipeline/spec-files.js";
import { fetchIssueInfo } from "../reconcile/issue-info.js";
import { loadConfig } from "./action-config.js";
import { coreLogger } from "./core-logger.js";
import type { EventContext } from "./handle-event.js";
import { createIssueCheckout } from "./issue-checkout.js";
import { fetchLane, type LaneRecord, laneRecordMessage, usageOf } from "./parallel-runners.js";
import { UsageMeter } from "./step-outcome.js";
import type { StepContext } from "./steps.js";

/**
 * `mode: story` (seed 002 parallel runners): one matrix job runs one story of the batch the main
 * job handed over — implement and verify on its short-lived branch from the batch's base, as a
 * worktree lane of the one-runner batch does — and pushes that branch with its result on top
 * (parallel-runners.ts). It writes nothing to the issue: the combine job feeds the machine.
 */
export async function runStoryLeg(ctx: EventContext): Promise<void> {
  const { gh, inputs, record } = ctx;
  const number = inputs.issue;
  if (number === null) throw new Error("mode story needs the `issue` input");
  record.issue = number;
  record.links.issue = `${ctx.repoUrl}/issues/${number}`;
  const status = await loadStatus(gh, number);
  if (status.kind !== "ok") {
    record.refusal = `#${number} has no readable Ralph state: nothing to run`;
    return;
  }
  const state = status.state;
  record.state = state;
  const dispatch = state.parallelDispatch;
  if (dispatch === undefined || !dispatch.stories.includes(inputs.story)) {
    record.refusal = `no batch of #${number} handed to parallel runners names ${inputs.story}: nothing to run`;
    return;
  }
  const config = await loadConfig(ctx);
  const issue = await fetchIssueInfo(gh, number);
  const { gh: _gh, ...rest } = ctx;
  const checkout = createIssueCheckout({ ...rest, gh, config, issue, log: coreLogger });
  const started = Date.now();
  const step = await checkout.prepareStep(state);
  const meter = new UsageMeter();
  const pipe = step.ws.pipeline(step.target.spec, step.coAuthors, meter.record);
  const read = await readPrd(pipe);
  const story = read.ok ? read.prd.userStories.find((s) => s.id === inputs.story) : undefined;
  const control = await pipe.git.snapshotGitControl();
  const lane: Lane =
    story === undefined
      ? {
          story: { id: inputs.story } as Lane["story"],
          ok: false,
          tree: null,
          reason: "the PRD on the branch has no such story",
        }
      : await runLane(pipe, story, dispatch.base, () => {});
  // The lane shares git's own files with this checkout: nothing planted there runs at the push.
  await pipe.git.restoreGitControl(control);
  const result = await pushLane(step, pipe, lane, dispatch.base, meter);
  record.steps.push({
    step: "implement",
    storyId: inputs.story,
    outcome: result.ok
      ? "PASS in its own runner; pushed for the combine"
      : `not passed in its own runner (${result.reason}); pushed for the combine`,
    durationMs: Date.now() - started,
  });
  record.notes.push(
    `Story ${inputs.story} of the parallel batch ${dispatch.stories.join(", ")} ran in this runner, on \`${laneBranch(pipe, { id: inputs.story })}\`.`,
  );
}

/**
 * Pushes the lane's short branch: the story's commit (nothing of a lane that did not pass) and
 * Ralph's record commit on top. A story that changes workflow files does not pass here: the
 * combined branch could not keep the merges the results name once such files are dropped.
 */
async function pushLane(
  ctx: StepContext,
  pipe: PipelineContext,
  lane: Lane,
  base: string,
  meter: UsageMeter,
): Promise<LaneRecord> {
  const root = pipe.git.root;
  const branch = laneBranch(pipe, lane.story);
  const tree = lane.tree ?? (await addWorktree(root, branch, base));
  let record: LaneRecord;
  const common = { v: 1 as const, story: lane.story.id, base };
  const workflow = lane.ok ? await changedWorkflowFiles(tree.dir, base) : [];
  if (lane.ok && workflow.length === 0) {
    record = {
      ...common,
      ok: true,
      implemented: lane.implemented,
      verdict: lane.verdict,
      usage: usageOf(meter),
    };
  } else {
    const reason = lane.ok ? `it changes workflow files (${workflow.join(", ")})` : lane.reason;
    record = { ...common, ok: false, reason, usage: usageOf(meter) };
    await resetBranchTo(tree.dir, base);
  }
  const who = pipe.botIdentity;
  await git(
    tree.dir,
    [
      // Not --quiet: simple-git waits 50 ms after a command that printed nothing.
      "commit",
      "--allow-empty",
      "--no-verify",
      "-m",
      laneRecordMessage(pipe.spec.id, record, lane.story.group),
    ],
    {
      GIT_AUTHOR_NAME: who.name,
      GIT_AUTHOR_EMAIL: who.email,
      GIT_COMMITTER_NAME: who.name,
      GIT_COMMITTER_EMAIL: who.email,
    },
  );
  // A branch an earlier attempt of this job left is replaced: the lease is what origin has.
  await fetchLane(ctx, pipe, branch);
  try {
    await withPushAuth(root, ctx.ws.auth, () =>
      pipe.git.pushWithLease("origin", branch, { allowOutsidePrefix: true }),
    );
  } finally {
    await removeWorktree(root, tree);
  }
  return record;
}
