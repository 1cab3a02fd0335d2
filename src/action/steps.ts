import type { RalphConfig } from "../core/config.js";
import { counted } from "../core/counted.js";
import type { AgentResult } from "../core/events.js";
import { roundFeedbackFile } from "../core/followup.js";
import { UNDERSTAND_TOPICS_PER_RUN } from "../core/render/prd-comment.js";
import type { AgentStep, MachineState } from "../core/state.js";
import type { GitIdentity } from "../git/repository.js";
import { runAmendStep } from "../pipeline/amend-step.js";
import { runBaseMergeStep } from "../pipeline/base-merge-step.js";
import { appendBranchTranscript, transcriptPath } from "../pipeline/branch-transcript.js";
import { runConsensusStep } from "../pipeline/consensus-step.js";
import type { PipelineContext } from "../pipeline/context.js";
import { pathsOf } from "../pipeline/context.js";
import { withFollowUp } from "../pipeline/feedback-file.js";
import { runPlanStep } from "../pipeline/plan-step.js";
import { writeDecisionsFile } from "../pipeline/planning-inputs.js";
import { runResearchPhase } from "../pipeline/research-step.js";
import { clearCandidate, writeText } from "../pipeline/spec-files.js";
import { understandAdvice } from "../pipeline/understand-advice.js";
import { runUnderstandStep } from "../pipeline/understand-step.js";
import type { IssueInfo } from "../reconcile/issue-info.js";
import { archiveInvalidatedPlan, commitAndPush, pushIfAhead } from "./branch-push.js";
import { verifiedStories } from "./prd-sync.js";
import type { RunnerCheckout } from "./runner-checkout.js";
import {
  type Done,
  describeFailure,
  qaOf,
  type StepOutcome,
  type StepResult,
  strip,
  UsageMeter,
} from "./step-outcome.js";
import { implementStep, verifyStep } from "./story-steps.js";
import { issueSpecText, type ResolvedTarget } from "./target.js";

export type { StepOutcome } from "./step-outcome.js";

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
  /**
   * Where a parallel batch runs (seed 002): `runner` in this runner (the default), `dispatch` to
   * a job matrix (`parallel-runners`), `combine` from the matrix's branches (`mode: combine`).
   */
  parallel?: "runner" | "dispatch" | "combine";
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
  // A follow-up round's implement and verify runs get its feedback (RALPH_FEEDBACK_FILE).
  const pipe = await withFollowUp(
    ctx.ws.pipeline(ctx.target.spec, ctx.coAuthors, meter.record),
    step === "implement" || step === "verify" ? roundFeedbackFile(state.followUp) : null,
  );
  if (ctx.deadline !== undefined) {
    pipe.maxUsageWaitSeconds = secondsLeft(ctx.deadline, pipe.clock.now());
  }
  const done = (result: AgentResult, summary: string): StepResult => ({
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
      return implementStep(ctx, pipe, state, done, meter);
    case "verify":
      return verifyStep(ctx, pipe, state, done);
    case "amend":
      return amendStep(ctx, pipe, state, meter);
    case "merge_base": {
      // No agent runs: the merge commit (clean, or with its conflict markers) is pushed before
      // the machine hears of it, so the next runner starts from it.
      const result = await runBaseMergeStep(pipe, { base: ctx.defaultBranch });
      await pushIfAhead(ctx, pipe);
      return { result, usage: { runs: 0 }, summary: `base merge: ${result.outcome}` };
    }
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
      return done(decisions, counted(decisions.decisions.length, "decision"));
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

/**
 * A follow-up round's amendment (DESIGN §2.3): the FU stories and the plan addendum are committed
 * and pushed to the same branch before the machine hears of them. Stories Ralph formed itself
 * take no agent run (the usage says so: the machine counts none).
 */
async function amendStep(
  ctx: StepContext,
  pipe: PipelineContext,
  state: MachineState,
  meter: UsageMeter,
): Promise<StepOutcome> {
  const round = state.followUp?.current ?? null;
  const result: AgentResult =
    round === null
      ? { step: "amend", kind: "crash", message: "no follow-up round is in progress" }
      : await runAmendStep(pipe, {
          round: round.number,
          source: round.source,
          by: round.by,
          feedback: round.feedback,
          drafts: round.drafts,
          replace: round.stories.map((s) => s.id),
          known: (state.prd?.stories ?? []).map((s) => s.id),
        }).then(({ runs: _runs, ...r }) => r as AgentResult);
  if (result.kind === "amended") {
    const paths = pathsOf(pipe);
    await commitAndPush(ctx, pipe, `follow-up round ${round?.number}`, [paths.plan, paths.prd]);
  }
  return {
    result,
    usage: { ...meter.usage, runs: meter.runs },
    summary:
      result.kind === "amended"
        ? `follow-up stories ${result.stories.map((s) => s.id).join(", ")}`
        : describeFailure(result),
  };
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
        ? counted(result.questions.length, "question")
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
