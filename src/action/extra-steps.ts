import { buildArchitectPrompt } from "../agents/prompts/architect.js";
import { buildCriticPrompt, parseCriticFeedback } from "../agents/prompts/critic.js";
import { buildResearchPrompt, researchAgentOutputSchema } from "../agents/prompts/research.js";
import { buildUnderstandPrompt } from "../agents/prompts/understand.js";
import type { AgentRole } from "../agents/types.js";
import type { IssueInfo } from "../app/issue-info.js";
import { assessComplexity } from "../core/complexity.js";
import { isCritical } from "../core/decisions.js";
import type { AgentResult } from "../core/events.js";
import { extractLastJsonObject } from "../core/extract-json.js";
import type { AgentStep, MachineState, PendingDecision } from "../core/state.js";
import { formatZodIssues } from "../core/zod-errors.js";
import { runAgent } from "../pipeline/agent-run.js";
import { type PipelineContext, pathsOf } from "../pipeline/context.js";
import { promptContext, promptPaths } from "../pipeline/prompt-context.js";
import { readPlan, readPrd, readText } from "../pipeline/spec-files.js";

/**
 * The agent steps the pipeline has no runner for yet, kept small: research (seed 002 decisions),
 * consensus (seed 004 critic, with the architect when the critic asks it something) and
 * understand (seed 003 codebase map). Each is read-only except its own output file.
 */
export type ExtraStepResult = [AgentResult, string];

type RunOutput = { ok: true; output: string } | { ok: false; result: AgentResult };

async function readOnlyRun(
  pipe: PipelineContext,
  step: AgentStep,
  role: AgentRole,
  prompt: string,
  allowed: readonly string[],
  logName: string,
): Promise<RunOutput> {
  const baseSha = await pipe.git.headSha();
  const branch = await pipe.git.currentBranch();
  const baseline = await pipe.git.snapshotWorkingTree();
  const outcome = await runAgent(pipe, { step, role, prompt, logName });
  const guard = await pipe.git.enforceReadOnly(allowed, { baseSha, branch, baseline });
  if (guard.violations.length > 0) {
    return {
      ok: false,
      result: {
        step,
        kind: "invalid_output",
        errors: [
          `the ${role} run changed files it must not touch (reverted): ${guard.violations.join(", ")}`,
        ],
      },
    };
  }
  if (!outcome.ok) return { ok: false, result: outcome.failure };
  return { ok: true, output: outcome.result.finalMessage };
}

function qaOf(state: MachineState) {
  return state.qa.map((q) => ({ question: q.question, answer: q.answer, by: q.by }));
}

export async function runResearchStep(
  pipe: PipelineContext,
  state: MachineState,
): Promise<ExtraStepResult> {
  const context = await promptContext(pipe);
  const prompt = buildResearchPrompt({
    goal: context.goal,
    qa: qaOf(state),
    notes: state.planNotes,
    paths: promptPaths(pipe),
    codebaseMap: context.codebaseMap,
    complexitySignals: assessComplexity(context.goal).signals,
  });
  const run = await readOnlyRun(pipe, "research", "research", prompt, [], "research");
  if (!run.ok) return [run.result, run.result.kind];
  const json = extractLastJsonObject(run.output);
  if (!json.ok)
    return [{ step: "research", kind: "invalid_output", errors: [json.error] }, "invalid output"];
  const parsed = researchAgentOutputSchema.safeParse(json.value);
  if (!parsed.success) {
    return [
      { step: "research", kind: "invalid_output", errors: formatZodIssues(parsed.error) },
      "invalid output",
    ];
  }
  const decisions: PendingDecision[] = parsed.data.decisions.map((d) => ({
    id: d.id,
    title: d.title,
    critical: isCritical(d.category),
    options: d.options.map((o) => ({
      number: o.number,
      label: o.label,
      description: o.description,
    })),
    recommendation: d.recommendation,
    selected: null,
    custom: null,
  }));
  return [{ step: "research", kind: "decisions", decisions }, `${decisions.length} decision(s)`];
}

export async function runConsensusStep(
  pipe: PipelineContext,
  state: MachineState,
): Promise<ExtraStepResult> {
  const planText = await readPlan(pipe);
  const prd = await readPrd(pipe);
  if (planText === null || !prd.ok) {
    return [
      {
        step: "consensus",
        kind: "invalid_output",
        errors: ["the plan or the PRD is missing on the branch; re-plan"],
      },
      "no plan to review",
    ];
  }
  const context = await promptContext(pipe);
  const round = state.consensusRounds + 1;
  const criticRun = async (architectAnswers: string | null) =>
    readOnlyRun(
      pipe,
      "consensus",
      "critic",
      buildCriticPrompt({
        paths: promptPaths(pipe),
        goal: context.goal,
        qa: qaOf(state),
        planText,
        prd: prd.prd,
        round,
        maxRounds: pipe.config.planning.consensus_max_rounds,
        architectAnswers,
        previousFeedback: state.feedback.filter((f) => f.startsWith("Critic")),
      }),
      [],
      `critic-round-${round}${architectAnswers === null ? "" : "-with-architect"}`,
    );
  let run = await criticRun(null);
  if (!run.ok) return [run.result, run.result.kind];
  let feedback = parseCriticFeedback(run.output);
  if (feedback.verdict === "REJECT" && feedback.architectQuestions.length > 0) {
    const architect = await readOnlyRun(
      pipe,
      "consensus",
      "architect",
      buildArchitectPrompt({
        paths: promptPaths(pipe),
        goal: context.goal,
        planText,
        questions: feedback.architectQuestions,
      }),
      [],
      `architect-round-${round}`,
    );
    if (!architect.ok) return [architect.result, architect.result.kind];
    run = await criticRun(architect.output);
    if (!run.ok) return [run.result, run.result.kind];
    feedback = parseCriticFeedback(run.output);
  }
  const items = [
    ...feedback.criticalIssues,
    ...(feedback.problem === null ? [] : [feedback.problem]),
  ];
  return [
    { step: "consensus", kind: "critic", verdict: feedback.verdict, feedback: items },
    `critic ${feedback.verdict}`,
  ];
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export async function runUnderstandStep(
  pipe: PipelineContext,
  issue: IssueInfo,
): Promise<ExtraStepResult> {
  const paths = pathsOf(pipe);
  const prompt = buildUnderstandPrompt({
    paths: promptPaths(pipe),
    today: isoDate(pipe.clock.now()),
    existingMap: await readText(pipe, paths.codebaseMap),
    maxTopics: 3,
    goal: `${issue.title}`,
  });
  const run = await readOnlyRun(
    pipe,
    "understand",
    "understand",
    prompt,
    [paths.codebaseMap],
    "understand",
  );
  if (!run.ok) return [run.result, run.result.kind];
  return [{ step: "understand", kind: "understood" }, "codebase map updated"];
}
