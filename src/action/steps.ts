import { type Candidate, shouldVerifyCandidate } from "../core/candidate.js";
import type { RalphConfig } from "../core/config.js";
import type { AgentResult, AgentUsage } from "../core/events.js";
import type { UserStory } from "../core/prd.js";
import { UNDERSTAND_TOPICS_PER_RUN } from "../core/render/prd-comment.js";
import type { AgentStep, MachineState, StoryState } from "../core/state.js";
import type { PushReport } from "../git/push.js";
import type { GitIdentity } from "../git/repository.js";
import { changedWorkflowFiles, unpushedCommits } from "../git/workflow-changes.js";
import { appendBranchTranscript, transcriptPath } from "../pipeline/branch-transcript.js";
import { runConsensusStep } from "../pipeline/consensus-step.js";
import type { AgentRunRecord, PipelineContext } from "../pipeline/context.js";
import { pathsOf } from "../pipeline/context.js";
import { applyFileChange } from "../pipeline/file-change.js";
import { runImplementStep } from "../pipeline/implement-step.js";
import { runPlanStep } from "../pipeline/plan-step.js";
import { writeDecisionsFile } from "../pipeline/planning-inputs.js";
import { runResearchPhase } from "../pipeline/research-step.js";
import {
  clearCandidate,
  readCandidate,
  readPlan,
  readPlanMeta,
  readPrd,
  writeCandidate,
  writeText,
} from "../pipeline/spec-files.js";
import { understandAdvice } from "../pipeline/understand-advice.js";
import { runUnderstandStep } from "../pipeline/understand-step.js";
import { runVerifyStep } from "../pipeline/verify-step.js";
import type { IssueInfo } from "../reconcile/issue-info.js";
import { verifiedStories } from "./prd-sync.js";
import type { RunnerCheckout } from "./runner-checkout.js";
import { issueSpecText, type ResolvedTarget } from "./target.js";

export interface StepContext {
  ws: RunnerCheckout;
  config: RalphConfig;
  issue: IssueInfo;
  target: ResolvedTarget;
  defaultBranch: string;
  coAuthors: GitIdentity[];
  log: (line: string) => void;
  /**
   * When this run's time budget ends (epoch ms, the session's deadline): an agent's usage-limit
   * wait that would outlast it is not attempted; the step returns `usage_limit` and the machine
   * dispatches it again later.
   */
  deadline?: number;
}

export interface StepOutcome {
  result: AgentResult;
  usage: AgentUsage;
  /** One line for the Step Summary. */
  summary: string;
}

/** Usage of every agent run of one step, as the machine counts it (runs are counted by it). */
class UsageMeter {
  costUsd = 0;
  tokens = 0;
  record = (run: AgentRunRecord): void => {
    const u = run.result.usage;
    this.costUsd += u?.costUsd ?? 0;
    this.tokens += (u?.inputTokens ?? 0) + (u?.outputTokens ?? 0);
  };
  get usage(): AgentUsage {
    return {
      ...(this.costUsd > 0 ? { costUsd: this.costUsd } : {}),
      ...(this.tokens > 0 ? { tokens: this.tokens } : {}),
    };
  }
}

/**
 * Runs the agent step the state asks for, in this runner, on the issue's branch (DESIGN §4).
 * Whatever the step produced is committed and pushed before the result goes to the machine, so
 * the effects that follow (PR, PRD comment, reviews) see it on GitHub, and a runner killed right
 * after loses nothing (seed 000 resume).
 */
export async function runStep(
  ctx: StepContext,
  state: MachineState,
  step: AgentStep,
): Promise<StepOutcome> {
  await ctx.ws.checkout(ctx.target, ctx.defaultBranch);
  const meter = new UsageMeter();
  const pipe = ctx.ws.pipeline(ctx.target.spec, ctx.coAuthors, meter.record);
  if (ctx.deadline !== undefined) {
    pipe.maxUsageWaitSeconds = secondsLeft(ctx.deadline, pipe.clock.now());
  }
  const done = (result: AgentResult, summary: string): StepOutcome => ({
    result,
    usage: meter.usage,
    summary,
  });
  if (ctx.target.writeIssueSpec && (step === "plan" || step === "research")) {
    // Rewritten each time: the trusted Q&A grows between planning rounds.
    await writeText(pipe, pipe.spec.file, issueSpecText(ctx.issue, state.qa));
  }
  switch (step) {
    case "plan":
      return planStep(ctx, pipe, state, done);
    case "implement":
      return implementStep(ctx, pipe, state, done);
    case "verify":
      return verifyStep(pipe, state, done);
    case "research": {
      const { research, ...result } = await runResearchPhase(pipe, {
        qa: qaOf(state),
        notes: state.planNotes,
        task: ctx.issue.title,
      });
      // research.json goes on the branch even when the run failed (seed 002: never blocks).
      await appendBranchTranscript(pipe, "Research", result);
      await commitAndPush(ctx, pipe, "research", [pathsOf(pipe).research, transcriptPath(pipe)]);
      if (result.kind !== "decisions") return done(result, describeFailure(result));
      const { findings: _f, ...decisions } = result;
      return done(decisions, `${decisions.decisions.length} decision(s)`);
    }
    case "consensus": {
      const result = await runConsensusStep(pipe, {
        round: state.consensusRounds + 1,
        qa: qaOf(state),
        previousFeedback: state.feedback.filter((f) => f.startsWith("Critic")),
      });
      await appendBranchTranscript(pipe, `Consensus round ${state.consensusRounds + 1}`, result);
      await commitAndPush(ctx, pipe, "planning transcript", [transcriptPath(pipe)]);
      return done(
        result,
        result.kind === "critic" ? `critic ${result.verdict}` : describeFailure(result),
      );
    }
    case "understand": {
      const { result } = await runUnderstandStep(pipe, {
        maxTopics: UNDERSTAND_TOPICS_PER_RUN,
        goal: ctx.issue.title,
        focusTopics: state.understandAdvice?.topics ?? [],
      });
      if (result.kind !== "understood") return done(result, describeFailure(result));
      await commitAndPush(ctx, pipe, "codebase map", [pathsOf(pipe).codebaseMap]);
      return done(result, "codebase map updated");
    }
  }
}

/** Whole seconds from `now` to `deadline`, never negative. */
export function secondsLeft(deadline: number, now: Date): number {
  return Math.max(0, Math.floor((deadline - now.getTime()) / 1000));
}

/** What humans said that this planner run reads: answers, decisions, notes and feedback. */
function planningContext(state: MachineState): string[] {
  const lines: string[] = [];
  for (const q of state.qa) lines.push(`- Q: ${q.question}`, `  A (${q.by}): ${q.answer}`);
  for (const d of state.decisions) {
    const chosen = d.selected !== null ? `option ${d.selected}` : (d.custom ?? "open");
    lines.push(`- Decision ${d.id} (${d.title}): ${chosen}`);
  }
  for (const n of state.planNotes) lines.push(`- Note: ${n}`);
  for (const f of state.feedback) lines.push(`- Feedback: ${f}`);
  return lines;
}

function qaOf(state: MachineState) {
  return state.qa.map((q) => ({ question: q.question, answer: q.answer, by: q.by }));
}

type Done = (result: AgentResult, summary: string) => StepOutcome;

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
  return ctx.ws.push(ctx.target);
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

async function planStep(
  ctx: StepContext,
  pipe: PipelineContext,
  state: MachineState,
  done: Done,
): Promise<StepOutcome> {
  await archiveInvalidatedPlan(ctx, pipe, state);
  if (state.decisions.length > 0) {
    // decisions.json (seed 002) as the maintainers left them; the planner reads it.
    await writeDecisionsFile(pipe, ctx.issue.title, state.decisions);
  }
  const result = await runPlanStep(pipe, {
    qa: qaOf(state),
    notes: state.planNotes,
    feedback: state.feedback,
    allowQuestions: state.questionRounds < ctx.config.planning.max_question_rounds,
    questionRound: state.questionRounds + 1,
    branch: ctx.target.branch,
    // The machine keeps the verdict of a story it verified that comes back unchanged (onPrd):
    // the new PRD file says so on the branch too.
    keepVerified: state.specId === ctx.target.spec.id ? verifiedStories(state) : [],
  });
  // Committed with the plan files: a planner that only asks questions pushes nothing (no branch
  // before a PRD), and the next planner entry repeats every answer it was given.
  await appendBranchTranscript(pipe, "Planner", strip(result), planningContext(state));
  if (result.kind !== "prd") {
    return done(
      strip(result),
      result.kind === "questions"
        ? `${result.questions.length} question(s)`
        : describeFailure(result),
    );
  }
  // A candidate left by the previous plan belongs to stories that no longer exist.
  await clearCandidate(pipe);
  const paths = pathsOf(pipe);
  const label = result.attempt === undefined ? "plan" : `plan attempt ${result.attempt}`;
  await commitAndPush(ctx, pipe, label, [
    pipe.spec.file,
    paths.plan,
    paths.planMeta,
    paths.prd,
    paths.progress,
    paths.candidate,
    paths.decisions,
    transcriptPath(pipe),
  ]);
  const understand = await understandAdvice(pipe, result.envelope);
  return done(
    { ...strip(result), understand, specsLeft: ctx.target.specsLeft } as AgentResult,
    `PRD with ${result.prd.userStories.length} story(ies)`,
  );
}

/**
 * The seed-000 candidate rule across runs: a candidate for this story whose commit is on the
 * branch and is not the commit the state already has a verdict for was implemented by a runner
 * that died before the machine heard of it. It is verified instead of implemented again.
 */
export function resumableCandidate(
  candidate: Candidate | null,
  story: Pick<StoryState, "id" | "commit">,
): string | null {
  if (!shouldVerifyCandidate(candidate, { forced: false, storyId: story.id }) || candidate === null)
    return null;
  if (candidate.candidate_commit === story.commit) return null;
  return candidate.candidate_commit;
}

async function implementStep(
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

async function verifyStep(
  pipe: PipelineContext,
  state: MachineState,
  done: Done,
): Promise<StepOutcome> {
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
  });
  if (result.kind !== "verdict") return done(result, describeFailure(result));
  const { violations: _ignored, ...verdict } = result;
  return done(
    verdict,
    `verdict ${verdict.verdict}${verdict.invalidation === null ? "" : " (PLAN_INVALIDATION)"}`,
  );
}

async function storyFor(
  pipe: PipelineContext,
  state: MachineState,
  step: "implement" | "verify",
): Promise<{ story: UserStory; stored: StoryState } | { failure: AgentResult }> {
  const id = state.currentStory;
  const stored = state.prd?.stories.find((s) => s.id === id);
  const prd = await readPrd(pipe);
  const story = prd.ok ? prd.prd.userStories.find((s) => s.id === id) : undefined;
  if (id === null || stored === undefined || story === undefined) {
    const why = prd.ok
      ? `story ${id ?? "(none)"} is not in ${pathsOf(pipe).prd}`
      : `the PRD on the branch is unreadable: ${prd.errors.join("; ")}`;
    return { failure: { step, kind: "crash", message: why } };
  }
  return { story, stored };
}

/** Drops the pipeline's extra fields: the machine gets exactly an AgentResult. */
function strip<T extends AgentResult>(
  result: T & { envelope?: unknown; attempt?: unknown; revertedRalphFiles?: unknown },
): AgentResult {
  const { envelope: _e, attempt: _a, revertedRalphFiles: _r, ...rest } = result;
  return rest as AgentResult;
}

function describeFailure(result: AgentResult): string {
  switch (result.kind) {
    case "crash":
      return `crash: ${result.message}`;
    case "invalid_output":
      return `invalid output: ${result.errors.join("; ")}`;
    case "usage_limit":
      return "usage limit";
    case "timeout":
      return "timed out";
    default:
      return result.kind;
  }
}
