import { buildAmendPrompt, buildAmendRetryPrompt } from "../agents/prompts/amend.js";
import { counted } from "../core/counted.js";
import type { AgentResult } from "../core/events.js";
import {
  type AmendEnvelope,
  type AmendRound,
  type FollowUpDraft,
  type FollowUpFeedback,
  type FollowUpSource,
  feedbackFileOf,
  nextFollowUpNumber,
  validateAmendEnvelope,
} from "../core/followup.js";
import {
  PRD_LIMITS,
  type Prd,
  prdCarryProblems,
  prdRevision,
  type UserStory,
  type ValidationResult,
  validatePrd,
} from "../core/prd.js";
import { finalJson, type RunFailure } from "./agent-run.js";
import { type PipelineContext, pathsOf, redactForBranch, say } from "./context.js";
import { writeFeedbackFile } from "./feedback-file.js";
import { promptContext, promptPaths } from "./prompt-context.js";
import { offendingPaths, runReadOnly } from "./read-only-run.js";
import { readPlan, readPrd, writePrd, writeText } from "./spec-files.js";

export interface AmendStepInput {
  round: number;
  source: FollowUpSource;
  /** Who asked (null: Ralph formed the round itself). */
  by: string | null;
  feedback: FollowUpFeedback;
  /** Stories Ralph formed itself (ci, conflict): written as they are, without a planner run. */
  drafts?: readonly FollowUpDraft[];
  /** The FU stories of this round's previous amendment, which a revised amendment replaces. */
  replace?: readonly string[];
  /**
   * The stories the caller's state knows. A story of the PRD file it does not know was written by
   * an amend step whose result never arrived (a runner killed after pushing): replaced too, so
   * the round is not amended twice.
   */
  known?: readonly string[];
  /** Validation retries after the first run. */
  maxRetries?: number;
}

type Amended = Extract<AgentResult, { kind: "amended" }>;
type InvalidOutput = Extract<AgentResult, { kind: "invalid_output" }>;
export type AmendStepResult = (Amended | RunFailure | InvalidOutput) & { runs: number };

export const DEFAULT_AMEND_RETRIES = 2;

/** The plan file's heading of a round's addendum. */
export function addendumHeading(round: number): string {
  return `## Follow-up round ${round}`;
}

/** The plan without `round`'s addendum (a revised amendment writes it again). */
function withoutAddendum(plan: string, round: number): string {
  const at = plan.indexOf(`\n${addendumHeading(round)}\n`);
  return (at < 0 ? plan : plan.slice(0, at)).trimEnd();
}

interface Written {
  stories: UserStory[];
  threads: number[][];
  addendum: string;
}

/**
 * A follow-up round's amendment (DESIGN §2.3): FU stories appended to the PRD as a new revision,
 * the plan with the round's addendum. The planner writes them in amend mode — read-only, its
 * envelope validated strictly (ids in order, known thread ids, every thread answered) and retried
 * with the errors — unless Ralph formed the stories itself (`drafts`: no agent run). Writes the
 * PRD and plan files; commits nothing.
 */
export async function runAmendStep(
  ctx: PipelineContext,
  input: AmendStepInput,
): Promise<AmendStepResult> {
  const read = await readPrd(ctx);
  const planRead = await readPlan(ctx);
  if (!read.ok || planRead === null) {
    const why = read.ok ? `no active plan in ${pathsOf(ctx).plan}` : read.errors.join("; ");
    return { step: "amend", kind: "crash", message: `cannot amend: ${why}`, runs: 0 };
  }
  const known = input.known === undefined ? null : new Set(input.known);
  const replaced = new Set([
    ...(input.replace ?? []),
    ...read.prd.userStories.filter((s) => known !== null && !known.has(s.id)).map((s) => s.id),
  ]);
  const base: Prd = {
    ...read.prd,
    userStories: read.prd.userStories.filter((s) => !replaced.has(s.id)),
  };
  const plan = withoutAddendum(planRead, input.round);
  const first = nextFollowUpNumber(base.userStories.map((s) => s.id));
  // The PRD's stories live in the state next to each other (DESIGN §6.4): a round adds only as
  // many as Ralph can carry, and a full PRD takes none, said before any agent run.
  const room = PRD_LIMITS.stories - base.userStories.length;
  const wanted = input.drafts?.length ?? 1;
  if (wanted > room) {
    const errors = [
      `the PRD holds ${base.userStories.length} stories and Ralph carries at most ${PRD_LIMITS.stories} in one PRD, so ${room <= 0 ? "no follow-up story fits" : `only ${room} more ${room === 1 ? "fits" : "fit"} (this round needs ${wanted})`}: merge this pull request and ask for the rest in a new issue`,
    ];
    return { step: "amend", kind: "invalid_output", errors, runs: 0 };
  }
  const file = await writeFeedbackFile(
    ctx,
    feedbackFileOf({ number: input.round, ...input, stories: [] }),
  );
  const counter = { runs: 0 };
  const written =
    input.drafts !== undefined && input.drafts.length > 0
      ? fromDrafts(input.drafts, first, input.source)
      : await planned(ctx, input, { base, plan, first, file, room }, counter);
  if ("kind" in written) return { ...written, runs: counter.runs };
  const priority = Math.max(0, ...base.userStories.map((s) => s.priority));
  const stories = written.stories.map((s, i) => ({ ...s, priority: priority + 1 + i }));
  const prd: Prd = { ...base, userStories: [...base.userStories, ...stories] };
  const valid = validatePrd(prd);
  if (!valid.ok || prdCarryProblems(prd).length > 0) {
    const problems = valid.ok ? prdCarryProblems(prd) : valid.errors;
    const errors = [`the amended PRD is invalid: ${problems.join("; ")}`];
    return { step: "amend", kind: "invalid_output", errors, runs: counter.runs };
  }
  const planText = `${plan}\n\n${addendumHeading(input.round)}\n\n${redactForBranch(ctx, written.addendum).trim()}\n\n${stories.map((s) => `- ${s.id}: ${s.title}`).join("\n")}\n`;
  await writePrd(ctx, prd);
  await writeText(ctx, pathsOf(ctx).plan, planText);
  say(
    ctx,
    `  amend ${ctx.spec.id}: round ${input.round} adds ${stories.map((s) => s.id).join(", ")}`,
  );
  return {
    step: "amend",
    kind: "amended",
    prd,
    planText,
    revision: prdRevision(prd, planText),
    stories: stories.map((s, i) => ({ id: s.id, threads: written.threads[i] ?? [] })),
    runs: counter.runs,
  };
}

/** Stories Ralph formed itself, numbered on from the PRD's last FU story. */
function fromDrafts(
  drafts: readonly FollowUpDraft[],
  first: number,
  source: FollowUpSource,
): Written {
  return {
    stories: drafts.map((d, i) => ({
      id: `FU-${first + i}`,
      title: d.title,
      acceptanceCriteria: [...d.acceptanceCriteria],
      priority: 1,
      passes: false,
      notes: d.notes,
    })),
    threads: drafts.map((d) => [...d.threads]),
    addendum: `Ralph formed these stories itself from the ${source === "ci" ? "failing checks" : source === "conflict" ? "conflicts with the default branch" : "feedback"} (see the round's feedback).`,
  };
}

interface Setup {
  base: Prd;
  plan: string;
  first: number;
  file: string;
  /** Stories the PRD may still take. */
  room: number;
}

/** The planner in amend mode, retried with the validation errors (bounded). */
async function planned(
  ctx: PipelineContext,
  input: AmendStepInput,
  setup: Setup,
  counter: { runs: number },
): Promise<Written | RunFailure | InvalidOutput> {
  const maxRetries = input.maxRetries ?? DEFAULT_AMEND_RETRIES;
  const threadIds = input.feedback.threads.map((t) => t.id);
  const context = await promptContext(ctx);
  let errors: string[] = [];
  let session: string | null = null;
  for (let run = 1; run <= maxRetries + 1; run++) {
    counter.runs = run;
    const prompt =
      session !== null && errors.length > 0
        ? buildAmendRetryPrompt({ validationErrors: errors })
        : buildAmendPrompt({
            specId: ctx.spec.id,
            goal: context.goal,
            paths: promptPaths(ctx),
            feedbackFile: setup.file,
            plan: setup.plan,
            stories: setup.base.userStories,
            round: input.round,
            firstNumber: setup.first,
            feedback: input.feedback,
            validationErrors: errors,
          });
    say(ctx, `  amend ${ctx.spec.id}: planner run ${run} (follow-up round ${input.round})`);
    const outcome = await runReadOnly(
      ctx,
      {
        step: "amend",
        role: "amend",
        prompt,
        env: { RALPH_ATTEMPT: String(run), RALPH_FEEDBACK_FILE: setup.file },
        logName: `amend-round-${input.round}-run-${run}`,
        resumeSessionId: session,
      },
      [],
    );
    const offending = offendingPaths(outcome);
    if (offending.length > 0) {
      const list = offending.join(", ");
      return {
        step: "amend",
        kind: "invalid_output",
        errors: [`the planner changed files in amend mode (the changes were reverted): ${list}`],
      };
    }
    if (!outcome.ok) return outcome.failure;
    session = outcome.result.sessionId;
    const parsed = parseAmendOutput(outcome.result.finalMessage, {
      firstNumber: setup.first,
      threadIds,
      room: setup.room,
    });
    if (!parsed.ok) {
      errors = parsed.errors;
      say(ctx, `  amend ${ctx.spec.id}: invalid amend envelope: ${errors.join("; ")}`);
      continue;
    }
    return parsed.value;
  }
  return {
    step: "amend",
    kind: "invalid_output",
    errors: [
      `the amend envelope was still invalid after ${counted(maxRetries + 1, "run")}`,
      ...errors,
    ],
  };
}

/**
 * The amend envelope at the end of an amend run's final message, validated against its round
 * (docs/agents.md `amend`: the messages there are these).
 */
export function readAmendReply(output: string, round: AmendRound): ValidationResult<AmendEnvelope> {
  const json = finalJson(output, "amend envelope");
  return json.ok ? validateAmendEnvelope(json.value, round) : json;
}

/** The amend envelope at the end of the planner's output, as the stories Ralph writes. */
function parseAmendOutput(output: string, round: AmendRound): ValidationResult<Written> {
  const valid = readAmendReply(output, round);
  if (!valid.ok) return valid;
  const answers = (ids: readonly number[]) =>
    ids.length === 0
      ? ""
      : `Answers review thread${ids.length === 1 ? "" : "s"} ${ids.join(", ")}.`;
  return {
    ok: true,
    value: {
      stories: valid.value.followUps.map((f) => ({
        id: f.id,
        title: f.title,
        acceptanceCriteria: f.acceptanceCriteria,
        priority: 1,
        passes: false,
        notes: [f.notes.trim(), answers(f.answers)].filter((t) => t !== "").join(" "),
      })),
      threads: valid.value.followUps.map((f) => f.answers),
      addendum: valid.value.planAddendum,
    },
  };
}
