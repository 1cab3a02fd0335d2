import { assessComplexity } from "../complexity.js";
import { isResolved, resetDecisions } from "../decisions.js";
import type { AgentResult } from "../events.js";
import { storiesInOrder } from "../prd.js";
import { consensusApplies } from "../quality-gates.js";
import type { MachineState } from "../state.js";
import { sameStoryTitle, storyTitle } from "../state-budget.js";
import {
  type Ctx,
  clip,
  dispatch,
  emit,
  enter,
  fail,
  freshRound,
  MAX_HUMAN_TEXT,
  PHASE_WORDS,
  reply,
  resetBreaker,
  tripBreaker,
} from "./context.js";
import { startImplementation } from "./implementation.js";
import { forgetClosedPr } from "./pr-closed.js";

type Result<K extends AgentResult["kind"]> = Extract<AgentResult, { kind: K }>;

/** Who wrote a Q&A entry that Ralph filled in itself; parentheses make it an impossible login. */
export const RALPH_AUTHOR = "(ralph)";

export function wantsResearch(s: MachineState, ctx: Ctx): boolean {
  const mode = ctx.config.planning.research;
  return !s.researchDone && (mode === "always" || (mode === "auto" && s.complexity === "complex"));
}

function consensusWanted(ctx: Ctx): boolean {
  return consensusApplies(ctx.config.planning, ctx.s.complexity);
}

const RESET_DECISIONS = /(^|\s)--reset-decisions(?=\s|$)/;

/** A fresh planning round: everything bound to the previous round goes, budgets stay. */
export function startPlanning(ctx: Ctx, rawNotes: string, goal: string | undefined): void {
  const s = ctx.s;
  // `/ralph plan --reset-decisions` (seed 002): the decisions are asked again, research kept.
  const reset = RESET_DECISIONS.test(rawNotes);
  const notes = rawNotes.replace(RESET_DECISIONS, " ").trim();
  if (reset) {
    s.decisions = resetDecisions(s.decisions);
    if (s.decisions.length === 0) s.researchDone = false;
  }
  if (notes !== "") s.planNotes.push(clip(notes, MAX_HUMAN_TEXT));
  if (goal !== undefined && goal.trim() !== "") s.complexity = assessComplexity(goal).level;
  Object.assign(s, { ...freshRound(), returnPhase: null } satisfies Partial<MachineState>);
  forgetClosedPr(s);
  // A new plan supersedes a follow-up round in progress (its count stays: it is per PR).
  if (s.followUp) s.followUp.current = null;
  resetBreaker(ctx);
  if (reset && s.decisions.length > 0) {
    enter(ctx, "decisions");
    emit(ctx, { type: "post_decisions" });
    return;
  }
  if (wantsResearch(s, ctx)) dispatch(ctx, "planning", "research");
  else dispatch(ctx, "planning", "plan");
}

const unresolvedCritical = (s: MachineState) =>
  s.decisions.filter((d) => d.critical && !isResolved(d));

/** `/ralph plan [notes]` and the trigger label share this; `trigger` restarts only finished work. */
export function requestPlanning(
  ctx: Ctx,
  notes: string,
  goal: string | undefined,
  source: "command" | "trigger",
): void {
  const s = ctx.s;
  switch (s.phase) {
    case "idle":
    case "done":
    case "ci":
    case "failed":
    case "stopped":
      startPlanning(ctx, notes, goal);
      return;
    case "questions":
    case "awaiting_approval":
    case "run_gate":
      if (source === "trigger") {
        alreadyWorking(ctx);
        return;
      }
      startPlanning(ctx, notes, goal);
      return;
    case "decisions": {
      if (source === "trigger") {
        alreadyWorking(ctx);
        return;
      }
      const open = unresolvedCritical(s);
      if (open.length > 0 && !RESET_DECISIONS.test(notes)) {
        reply(
          ctx,
          `Ralph needs an answer to the critical decision${open.length > 1 ? "s" : ""} ${open.map((d) => `**${d.id}**`).join(", ")} before it plans. Reply with the option numbers (e.g. \`${open[0]!.id}: 1\`).`,
        );
        return;
      }
      startPlanning(ctx, notes, goal);
      return;
    }
    case "planning":
    case "consensus":
    case "plan_invalidated":
      if (source === "command" && notes !== "") {
        s.planNotes.push(clip(notes, MAX_HUMAN_TEXT));
        reply(ctx, "Ralph is already planning; its next planner run will read your notes.");
        return;
      }
      alreadyWorking(ctx);
      return;
    case "implementing":
    case "verifying":
      reply(
        ctx,
        `Ralph is ${PHASE_WORDS[s.phase]} the approved plan. To change course, use \`/ralph replan <reason>\` (or \`/ralph stop\`).`,
      );
      return;
  }
}

function alreadyWorking(ctx: Ctx): void {
  reply(ctx, `Ralph is already on this issue (${PHASE_WORDS[ctx.s.phase]}).`);
}

/** Questions beyond `max_question_rounds` are answered by Ralph so planning still converges. */
const NO_MORE_QUESTIONS =
  "No answer: the question limit (planning.max_question_rounds) is reached. Use your best judgment and record the assumption in the story notes.";

export function onQuestions(ctx: Ctx, r: Result<"questions">): void {
  const s = ctx.s;
  if (r.questions.length === 0) {
    planFailure(ctx, "the planner returned neither questions nor a PRD");
    return;
  }
  if (s.questionRounds < ctx.config.planning.max_question_rounds) {
    resetBreaker(ctx);
    s.questionRounds += 1;
    s.openQuestions = [...r.questions];
    enter(ctx, "questions");
    emit(ctx, { type: "post_questions", questions: [...r.questions], round: s.questionRounds });
    return;
  }
  // A planner that keeps asking after being told not to is stuck; the breaker ends that.
  s.qa.push(
    ...r.questions.map((question) => ({ question, answer: NO_MORE_QUESTIONS, by: RALPH_AUTHOR })),
  );
  s.openQuestions = [];
  if (tripBreaker(ctx, "questions_over_limit:plan")) {
    fail(
      ctx,
      `circuit breaker: the planner asked questions ${s.breaker.count} times in a row after the question limit (planning.max_question_rounds = ${ctx.config.planning.max_question_rounds})`,
    );
    return;
  }
  dispatch(ctx, s.phase, "plan");
}

function planFailure(ctx: Ctx, what: string): void {
  ctx.s.lastError = `The plan step failed: ${what}.`;
  if (tripBreaker(ctx, "invalid_output:plan")) {
    fail(ctx, `circuit breaker: ${what} ${ctx.s.breaker.count} times in a row`);
    return;
  }
  dispatch(ctx, ctx.s.phase, "plan");
}

export function onResearch(ctx: Ctx, r: Result<"decisions">): void {
  const s = ctx.s;
  resetBreaker(ctx);
  s.researchDone = true;
  s.decisions = structuredClone(r.decisions);
  if (s.decisions.length === 0) {
    dispatch(ctx, "planning", "plan");
    return;
  }
  enter(ctx, "decisions");
  emit(ctx, { type: "post_decisions" });
}

/** Seed 002 "Handling Research Failures": say why, then plan without findings. */
export function onResearchFailed(ctx: Ctx, what: string): void {
  const s = ctx.s;
  s.researchDone = true;
  s.lastError = `The research step ${what}; Ralph plans without research findings.`;
  dispatch(ctx, "planning", "plan");
}

/**
 * A re-plan after PLAN_INVALIDATION of work that was already approved skips the approval gate
 * when `gates.replan` is false (DESIGN §2.1.6); everything else needs humans again.
 */
function replanSkipsApproval(ctx: Ctx): boolean {
  return ctx.s.invalidation !== null && !ctx.config.gates.replan && ctx.s.approvedBy.length > 0;
}

export function onPrd(ctx: Ctx, r: Result<"prd">): void {
  const s = ctx.s;
  resetBreaker(ctx);
  const skipApproval = replanSkipsApproval(ctx);
  // The next spec of a spec PR starts its own PRD: nothing of the finished spec's stories carries.
  const sameSpec = s.specId === null || s.specId === r.specId;
  const verified = new Map(
    (sameSpec ? (s.prd?.stories ?? []) : [])
      .filter((st) => st.status === "passed")
      .map((st) => [st.id, st]),
  );
  s.prd = {
    revision: r.revision,
    number: sameSpec ? (s.prd?.number ?? 0) + 1 : 1,
    branchName: r.prd.branchName,
    commentId: null,
    stories: storiesInOrder(r.prd).map((story, _, all) => {
      const title = storyTitle(story.title, all.length);
      // Ralph decides "done", never the planner: a `passes: true` in a draft counts for nothing.
      // A story Ralph itself verified before a re-plan keeps its verdict when it is unchanged
      // (same id and title), so a re-plan does not re-implement finished work.
      const before = verified.get(story.id);
      if (before !== undefined && sameStoryTitle(before.title, story.title)) {
        return { ...structuredClone(before), title, attempts: 0 };
      }
      return { id: story.id, title, status: "pending" as const, attempts: 0, commit: null };
    }),
  };
  s.branch = r.branch;
  s.specId = r.specId;
  // A spec planned again is not done any more (`/ralph plan` on a finished spec PR).
  s.specsDone = s.specsDone.filter((id) => id !== r.specId);
  s.specsLeft = [...(r.specsLeft ?? [])];
  s.understandAdvice = r.understand ? structuredClone(r.understand) : null;
  s.openQuestions = [];
  s.approvals = s.approvals.filter((a) => a.revision === r.revision);
  if (!skipApproval) {
    s.approvedBy = [];
    s.runGatePassed = false;
  }
  if (consensusWanted(ctx) && s.consensusRounds < ctx.config.planning.consensus_max_rounds) {
    dispatch(ctx, "consensus", "consensus");
    return;
  }
  presentPrd(ctx, skipApproval);
}

export function onCritic(ctx: Ctx, r: Result<"critic">): void {
  const s = ctx.s;
  resetBreaker(ctx);
  const skipApproval = replanSkipsApproval(ctx);
  if (r.verdict === "OKAY") {
    s.concerns = [];
    presentPrd(ctx, skipApproval);
    return;
  }
  s.consensusRounds += 1;
  const feedback =
    r.feedback.length > 0
      ? r.feedback
      : ["The critic rejected the plan without specific feedback."];
  if (s.consensusRounds >= ctx.config.planning.consensus_max_rounds) {
    // Forced approval is never silent (DESIGN §4.3): the PRD comment lists what is unresolved.
    s.concerns = feedback.filter((f) => !f.startsWith("Architect guidance:"));
    presentPrd(ctx, skipApproval);
    return;
  }
  s.feedback.push(...feedback.map((f) => `Critic (round ${s.consensusRounds}): ${f}`));
  dispatch(ctx, "planning", "plan");
}

/** Shows the PRD to humans: draft PR on first sight, the PRD comment, then the approval gate. */
function presentPrd(ctx: Ctx, skipApproval: boolean): void {
  const s = ctx.s;
  if (s.prd === null) {
    fail(ctx, "internal: no PRD to present");
    return;
  }
  if (s.prNumber === null) emit(ctx, { type: "open_pr", draft: true });
  emit(ctx, { type: "post_prd", revision: s.prd.revision, concerns: [...s.concerns] });
  if (skipApproval) {
    startImplementation(ctx);
    return;
  }
  enter(ctx, "awaiting_approval");
}
