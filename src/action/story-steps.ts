import type { AgentResult } from "../core/events.js";
import type { MachineState } from "../core/state.js";
import { changedWorkflowFiles, unpushedCommits } from "../git/workflow-changes.js";
import type { PipelineContext } from "../pipeline/context.js";
import { pathsOf } from "../pipeline/context.js";
import { runImplementStep } from "../pipeline/implement-step.js";
import { runRegressionStep } from "../pipeline/regression-step.js";
import { readCandidate, writeCandidate } from "../pipeline/spec-files.js";
import { regressionStories, resumableCandidate, storyFor } from "../pipeline/story-step-inputs.js";
import { runVerifyStep } from "../pipeline/verify-step.js";
import { commitAndPush, pushIfAhead } from "./branch-push.js";
import { type Done, describeFailure, type StepOutcome, strip } from "./step-outcome.js";
import type { StepContext } from "./steps.js";

export async function implementStep(
  ctx: StepContext,
  pipe: PipelineContext,
  state: MachineState,
  done: Done,
): Promise<StepOutcome> {
  const found = await storyFor(pipe, state, "implement");
  if ("failure" in found) return done(found.failure, "no story to implement");
  const { story, stored } = found;
  const recorded = resumableCandidate(await readCandidate(pipe), stored);
  if (recorded !== null && (await pipe.git.containsCommit(recorded))) {
    ctx.log(
      `candidate ${recorded.slice(0, 12)} for ${story.id} is on the branch: verifying it instead of implementing again`,
    );
    return done(
      { step: "implement", kind: "implemented", storyId: story.id, commit: recorded },
      `resumed candidate ${recorded.slice(0, 12)} (no agent run)`,
    );
  }
  const before = new Set(await pipe.git.workingTreeChanges());
  const result = await runImplementStep(pipe, {
    story,
    attempt: stored.attempts + 1,
    feedback: state.verifierFeedback,
  });
  if (result.kind === "implemented") {
    const commit = await pushStoryCommit(ctx, pipe, story.id, result.commit);
    if (commit === null) {
      const none: AgentResult = { step: "implement", kind: "no_progress", storyId: story.id };
      return done(none, "only workflow changes (posted as a patch)");
    }
    // The candidate is committed and pushed with the story: the next runner finds it (seed 000).
    await commitAndPush(ctx, pipe, `candidate ${story.id} ${commit.slice(0, 12)}`, [
      pathsOf(pipe).candidate,
    ]);
    return done(strip({ ...result, commit }), `commit ${commit.slice(0, 12)}`);
  }
  // A failed or empty run must not leak its leftovers into the next attempt's commit.
  const leftovers = (await pipe.git.workingTreeChanges()).filter((p) => !before.has(p));
  await pipe.git.revertPaths(leftovers);
  return done(strip(result), result.kind === "no_progress" ? "no change" : describeFailure(result));
}

/**
 * A story commit that changes workflow files is pushed before the candidate names it: a push that
 * has to drop them rewrites the unpushed commits, and the verifier (and the machine) must get the
 * commit that is on the branch. Returns that commit, or null when the story changed workflow
 * files only. Any other story commit is pushed together with its candidate (one push: a runner
 * that dies cannot leave the one without the other).
 */
async function pushStoryCommit(
  ctx: StepContext,
  pipe: PipelineContext,
  storyId: string,
  commit: string,
): Promise<string | null> {
  const { base } = await unpushedCommits(ctx.ws.root);
  if (base === null || (await changedWorkflowFiles(ctx.ws.root, base)).length === 0) return commit;
  const before = await pipe.git.resolve(`refs/remotes/origin/${ctx.target.branch}`);
  const report = await pushIfAhead(ctx, pipe);
  if (report === null || report.droppedWorkflowFiles.length === 0) return commit;
  const head = await pipe.git.headSha();
  if (head === before) return null;
  await writeCandidate(pipe, { commit: head, storyId, nowIso: pipe.clock.now().toISOString() });
  return head;
}

export async function verifyStep(
  pipe: PipelineContext,
  state: MachineState,
  done: Done,
): Promise<StepOutcome> {
  if (state.finalCheck) {
    // The regression gate (DESIGN §4.4): every story on the final tree, before done.
    const all = await regressionStories(pipe, state);
    if ("failure" in all) return done(all.failure, "no stories to re-check");
    const result = await runRegressionStep(pipe, {
      ...all,
      previousVerdictProblem: state.verdictProblem,
    });
    if (result.kind !== "regression") return done(result, describeFailure(result));
    return done(
      result,
      result.problem !== null
        ? `final re-check not accepted: ${result.problem}`
        : result.regressed.length === 0
          ? "every story holds on the final tree"
          : `no longer holding: ${result.regressed.map((r) => r.storyId).join(", ")}`,
    );
  }
  const found = await storyFor(pipe, state, "verify");
  if ("failure" in found) return done(found.failure, "no story to verify");
  const { story, stored } = found;
  if (stored.commit === null) {
    return done(
      {
        step: "verify",
        kind: "crash",
        message: `story ${story.id} has no implementation commit to verify`,
      },
      "no commit",
    );
  }
  const result = await runVerifyStep(pipe, {
    story,
    commit: stored.commit,
    attempt: Math.max(1, stored.attempts),
    previousVerdictProblem: state.verdictProblem,
  });
  if (result.kind !== "verdict") return done(result, describeFailure(result));
  return done(
    strip(result),
    `verdict ${result.verdict}${result.invalidation === null ? "" : " (PLAN_INVALIDATION)"}${result.problem ? ` not accepted: ${result.problem}` : ""}`,
  );
}
