import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { buildPlannerPrompt, buildPlannerRetryPrompt } from "../agents/prompts/planner.js";
import type { QaPair } from "../agents/prompts/shared.js";
import { assessComplexity } from "../core/complexity.js";
import { counted } from "../core/counted.js";
import type { AgentResult } from "../core/events.js";
import { activatePlanInfo } from "../core/plan-meta.js";
import { type PlannerEnvelope, type Prd, prdRevision } from "../core/prd.js";
import { consensusApplies } from "../core/quality-gates.js";
import { sameStoryTitle } from "../core/state-budget.js";
import { abs, type PipelineContext, pathsOf, say } from "./context.js";
import { missingPlanError, readPlannerReply } from "./planner-reply.js";
import { planningInputs } from "./planning-inputs.js";
import { promptContext, promptPaths } from "./prompt-context.js";
import { offendingPaths, runReadOnly } from "./read-only-run.js";
import {
  readArchivedPlan,
  readPlan,
  readPlanMeta,
  readPrd,
  resumeFor,
  writePlanMeta,
  writePrd,
} from "./spec-files.js";

export interface PlanStepInput {
  /** Trusted Q&A (answers of users with write access). */
  qa?: readonly QaPair[];
  /** `/ralph plan <notes>`. */
  notes?: readonly string[];
  /** Reviewer feedback (`/ralph revise`, changes-requested reviews). */
  feedback?: readonly string[];
  /**
   * Re-planning context. Default: read from disk — the invalidated meta's reason and its archived
   * `attempt-N` plan (seed 000). `null` forces a plan without it.
   */
  replan?: { previousPlan: string; reason: string } | null;
  /** May the planner ask questions (issue flow, `ralph plan`)? Default true; the spec loop: false. */
  allowQuestions?: boolean;
  questionRound?: number;
  /** Validation retries after the first run (invalid JSON / envelope / PRD / missing plan). */
  maxRetries?: number;
  /** The PRD's `branchName`. Default: the current branch. */
  branch?: string;
  /** More paths the planner may write besides the plan file and progress notes. */
  extraAllowedPaths?: readonly string[];
  /**
   * Stories Ralph verified under the previous PRD. One that comes back unchanged (same id AND
   * title) keeps its verdict in the machine (onPrd), so the new PRD says `passes: true` for it;
   * every other story starts unverified. The revision does not depend on it (prdRevision ignores
   * `passes`).
   */
  keepVerified?: readonly { id: string; title: string }[];
  /** Seed 004: the critic's feedback on the previous draft (the CLI's consensus loop). */
  criticFeedback?: readonly string[];
  /** Seed 004: the architect's answers to the plan's ARCHITECT_QUESTIONs. */
  architectAnswers?: string | null;
  /**
   * Write the PRD and plan meta on success (default true). `ralph plan` passes false: seed 003
   * writes the PRD only after the user approves it.
   */
  persist?: boolean;
  /** The number of this step's first planner run in the count shown to the user (default 1). */
  firstRun?: number;
}

/**
 * The AgentResult plus the validated envelope, which the CLI needs for understand gating, and
 * how many planner runs the step took.
 */
export type PlanStepResult = AgentResult & {
  envelope?: PlannerEnvelope;
  attempt?: number;
  runs?: number;
};

export const DEFAULT_PLAN_RETRIES = 2;

/**
 * One planning step (DESIGN §4.2): the planner explores read-only, writes the plan file and ends
 * with the seed-003 envelope. Any change outside the plan file and progress notes is reverted and
 * fails the step at once with `invalid_output` naming the paths (a safety failure is not retried).
 * Invalid JSON, envelope or PRD, or a missing plan file, is retried with the errors in the next
 * prompt, at most `maxRetries` times; past that: `invalid_output` with the last errors.
 * On a PRD: writes `<rel>.prd.json` (`passes` false except for `keepVerified`) and the plan meta (active,
 * attempt per seed 001) unless `persist: false`. Commits nothing: see commitPlanFiles.
 */
export async function runPlanStep(
  ctx: PipelineContext,
  input: PlanStepInput = {},
): Promise<PlanStepResult> {
  const counter = { runs: 0 };
  const result = await planStepRuns(ctx, input, counter);
  return { ...result, runs: counter.runs };
}

/** What every planner run of one step shares, read once before the first run. */
interface PlanSetup {
  branch: string;
  replan: Exclude<PlanStepInput["replan"], undefined>;
  current: Awaited<ReturnType<typeof readPrd>>;
  prevMeta: Awaited<ReturnType<typeof readPlanMeta>>;
  attempt: number;
  context: Awaited<ReturnType<typeof promptContext>>;
  seed002: Awaited<ReturnType<typeof planningInputs>>;
}

async function planSetup(ctx: PipelineContext, input: PlanStepInput): Promise<PlanSetup> {
  const prevMeta = await readPlanMeta(ctx);
  return {
    branch: input.branch ?? (await ctx.git.currentBranch()),
    replan: input.replan !== undefined ? input.replan : await replanFromDisk(ctx),
    current: await readPrd(ctx),
    prevMeta,
    attempt: activatePlanInfo(prevMeta, ctx.spec.rel, ctx.spec.id, "").attempt,
    context: await promptContext(ctx),
    seed002: await planningInputs(ctx),
  };
}

function plannerPrompt(
  ctx: PipelineContext,
  input: PlanStepInput,
  setup: PlanSetup,
  errors: string[],
): string {
  const { context, seed002, current } = setup;
  return buildPlannerPrompt({
    specId: ctx.spec.id,
    goal: context.goal,
    qa: input.qa ?? [],
    notes: input.notes ?? [],
    feedback: input.feedback ?? [],
    paths: promptPaths(ctx),
    branchName: setup.branch,
    codebaseMap: context.codebaseMap,
    progress: context.progress,
    questions: {
      allowed: input.allowQuestions ?? true,
      round: input.questionRound ?? 1,
      maxRounds: ctx.config.planning.max_question_rounds,
    },
    consensus: consensusApplies(ctx.config.planning, assessComplexity(context.goal).level),
    research: seed002.research,
    decisions: seed002.decisions,
    ...(input.criticFeedback && input.criticFeedback.length > 0
      ? { criticFeedback: input.criticFeedback }
      : {}),
    architectAnswers: input.architectAnswers ?? null,
    replan: setup.replan,
    currentPrd: (input.feedback?.length ?? 0) > 0 && current.ok ? current.prd : null,
    validationErrors: errors,
  });
}

async function planStepRuns(
  ctx: PipelineContext,
  input: PlanStepInput,
  counter: { runs: number },
): Promise<PlanStepResult> {
  const paths = pathsOf(ctx);
  const maxRetries = input.maxRetries ?? DEFAULT_PLAN_RETRIES;
  const setup = await planSetup(ctx, input);
  const { attempt } = setup;
  const allowed = [paths.plan, paths.progress, ...(input.extraAllowedPaths ?? [])];
  let errors: string[] = [];
  // A validation retry resumes the planner's session where the agent supports it: it keeps what
  // it explored and only fixes its envelope (fewer tokens than starting over).
  let session: string | null = null;
  // The planner writes RALPH_PLAN_FILE; its folder may not exist yet (an empty dir is no change).
  await mkdir(dirname(abs(ctx, paths.plan)), { recursive: true });

  for (let run = 1; run <= maxRetries + 1; run++) {
    // A resumed session has the first prompt already: the retry sends only what was wrong.
    const prompt =
      session !== null && errors.length > 0
        ? buildPlannerRetryPrompt({ validationErrors: errors, planFile: paths.plan })
        : plannerPrompt(ctx, input, setup, errors);
    counter.runs = run;
    const retry = run > 1 ? `, retry ${run - 1}/${maxRetries} with the validation errors` : "";
    say(
      ctx,
      `  plan ${ctx.spec.id}: planner run ${(input.firstRun ?? 1) + run - 1} (plan attempt ${attempt}${retry})`,
    );
    const outcome = await runReadOnly(
      ctx,
      {
        step: "plan",
        role: "plan",
        prompt,
        env: { RALPH_ATTEMPT: String(attempt) },
        logName: `plan-attempt-${attempt}-run-${run}`,
        resumeSessionId: session,
      },
      allowed,
    );
    // Ignored files count too: before approval nothing outside ralph_home may be written (seed 003).
    const offending = offendingPaths(outcome);
    if (offending.length > 0) return wroteOutside(offending);
    if (!outcome.ok) return outcome.failure;
    session = outcome.result.sessionId;

    const parsed = await parsePlannerOutput(ctx, outcome.result.finalMessage, input);
    if (!parsed.ok) {
      errors = parsed.errors;
      say(ctx, `  plan ${ctx.spec.id}: invalid planner output: ${errors.join("; ")}`);
      continue;
    }
    if (parsed.kind === "questions") {
      const { envelope } = parsed;
      const { questions, uncertainties } = envelope;
      return { step: "plan", kind: "questions", questions, uncertainties, envelope };
    }
    return acceptPrd(ctx, input, setup, parsed);
  }
  return {
    step: "plan",
    kind: "invalid_output",
    errors: [`${STILL_INVALID} ${counted(maxRetries + 1, "run")}`, ...errors],
  };
}

const STILL_INVALID = "the planner's output was still invalid after";

/** The summary line planStepRuns puts before the last run's validation errors. */
export function isStillInvalid(error: string): boolean {
  return error.startsWith(STILL_INVALID);
}

/** A safety failure, not retried: the changes were reverted already. */
function wroteOutside(offending: string[]): PlanStepResult {
  const list = offending.join(", ");
  return {
    step: "plan",
    kind: "invalid_output",
    errors: [
      `the planner changed files outside its plan file (the changes were reverted): ${list}`,
    ],
  };
}

/** A valid PRD: verified stories keep their verdict, and the PRD and plan meta are written. */
async function acceptPrd(
  ctx: PipelineContext,
  input: PlanStepInput,
  setup: PlanSetup,
  parsed: Extract<Parsed, { kind: "prd" }>,
): Promise<PlanStepResult> {
  const prd = keepPasses(parsed.prd, input.keepVerified ?? []);
  const envelope = { ...parsed.envelope, prdDraft: prd };
  const info = activatePlanInfo(
    setup.prevMeta,
    ctx.spec.rel,
    ctx.spec.id,
    ctx.clock.now().toISOString(),
  );
  if (input.persist ?? true) {
    await writePrd(ctx, prd);
    await writePlanMeta(ctx, info);
  }
  return {
    step: "plan",
    kind: "prd",
    prd,
    planText: parsed.planText,
    revision: prdRevision(prd, parsed.planText),
    branch: setup.branch,
    specId: ctx.spec.id,
    envelope,
    attempt: info.attempt,
  };
}

type Parsed =
  | { ok: false; errors: string[] }
  | { ok: true; kind: "questions"; envelope: PlannerEnvelope }
  | { ok: true; kind: "prd"; envelope: PlannerEnvelope; prd: Prd; planText: string };

async function parsePlannerOutput(
  ctx: PipelineContext,
  output: string,
  input: PlanStepInput,
): Promise<Parsed> {
  const reply = readPlannerReply(output, input.allowQuestions ?? true);
  if (!reply.ok || reply.kind === "questions") return reply;
  const planText = await readPlan(ctx);
  if (planText === null) return { ok: false, errors: [missingPlanError(pathsOf(ctx).plan)] };
  return { ...reply, planText };
}

/** `passes: true` for the stories of `keep` whose id and title are unchanged. */
function keepPasses(prd: Prd, keep: readonly { id: string; title: string }[]): Prd {
  if (keep.length === 0) return prd;
  const verified = new Map(keep.map((s) => [s.id, s.title]));
  return {
    ...prd,
    userStories: prd.userStories.map((s) =>
      sameStoryTitle(verified.get(s.id) ?? "", s.title) && verified.has(s.id)
        ? { ...s, passes: true }
        : s,
    ),
  };
}

/** Seed 000: re-plan with the invalidated plan (`<rel>.attempt-N.md`) and the reason. */
async function replanFromDisk(
  ctx: PipelineContext,
): Promise<{ previousPlan: string; reason: string } | null> {
  const resume = await resumeFor(ctx);
  if (resume.kind !== "replan") return null;
  const previousPlan =
    (await readArchivedPlan(ctx, resume.info.attempt)) ?? "(the archived plan is missing)";
  return { previousPlan, reason: resume.info.invalidation_reason ?? "(no reason given)" };
}
