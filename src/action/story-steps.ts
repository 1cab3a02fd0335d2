import type { AgentResult } from "../core/events.js";
import { statePullRequest } from "../core/machine/pr-closed.js";
import type { MachineState } from "../core/state.js";
import { baseAhead } from "../git/base-merge.js";
import { changedWorkflowFiles, unpushedCommits } from "../git/workflow-changes.js";
import type { PipelineContext } from "../pipeline/context.js";
import { pathsOf, say } from "../pipeline/context.js";
import { writeCandidate } from "../pipeline/spec-files.js";
import { runStoryStep } from "../pipeline/story-step.js";
import { commitAndPush, pushIfAhead } from "./branch-push.js";
import { parallelImplementStep } from "./parallel-step.js";
import type { Done, StepOutcome, UsageMeter } from "./step-outcome.js";
import type { StepContext } from "./steps.js";

/**
 * The story loop's steps in a runner: the one story step the CLI runs too (runStoryStep); what is
 * the Action's own is only where the state goes — the story commit and its candidate are pushed.
 */
export async function implementStep(
  ctx: StepContext,
  pipe: PipelineContext,
  state: MachineState,
  done: Done,
  meter: UsageMeter,
): Promise<StepOutcome> {
  // Seed 002: the current story and the next ones of its group at once, when they may be.
  const parallel = await parallelImplementStep(ctx, pipe, state, meter);
  if (parallel !== null) return parallel;
  const { result, summary } = await runStoryStep(pipe, state, "implement", {
    afterImplement: async (storyId, made) => {
      const commit = await pushStoryCommit(ctx, pipe, storyId, made);
      if (commit === null) return null;
      // The candidate is committed and pushed with the story: the next runner finds it (seed 000).
      await commitAndPush(ctx, pipe, `candidate ${storyId} ${commit.slice(0, 12)}`, [
        pathsOf(pipe).candidate,
      ]);
      return commit;
    },
  });
  return done(result, summary);
}

type VerifyResult = Extract<AgentResult, { kind: "verdict" | "regression" }>;

export async function verifyStep(
  ctx: StepContext,
  pipe: PipelineContext,
  state: MachineState,
  done: Done,
): Promise<StepOutcome> {
  const { result, summary } = await runStoryStep(pipe, state, "verify");
  if (!mayEndStoryLoop(state, result)) return done(result, summary);
  // DESIGN §2.3: the base is merged before ready. This runner has the checkout: one fetch tells
  // the machine whether the default branch moved, so a base that did not costs no step at all.
  const ahead = await baseAhead(ctx.ws.root, { base: ctx.defaultBranch });
  if (ahead === null) return done(result, summary);
  say(pipe, `  ${ctx.defaultBranch} moved past the branch (${ahead.slice(0, 12)})`);
  return done({ ...result, baseAhead: ahead }, summary);
}

/**
 * A verify result after which the machine may mark the work ready: the regression gate passing,
 * or the PASS of the one story not passed yet, on a pull request Ralph holds.
 */
function mayEndStoryLoop(state: MachineState, result: AgentResult): result is VerifyResult {
  if (statePullRequest(state) === null) return false;
  if (result.kind === "regression") return result.problem === null && result.regressed.length === 0;
  if (result.kind !== "verdict" || result.verdict !== "PASS" || result.problem) return false;
  const open = (state.prd?.stories ?? []).filter((st) => st.status !== "passed");
  return open.length === 1 && open[0]?.id === result.storyId;
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
