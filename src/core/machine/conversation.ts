import {
  type DecisionAnswer,
  followUpAnswer,
  isFollowUpQuestion,
  isResolved,
  parseDecisionReply,
} from "../decisions.js";
import type { Actor } from "../events.js";
import type { MachineState, PendingDecision } from "../state.js";
import { answersFrom } from "./answers.js";
import { isTrusted } from "./auth.js";
import { type Ctx, clip, dispatch, emit, MAX_HUMAN_TEXT, PHASE_WORDS, reply } from "./context.js";

const BEST_JUDGMENT = "Use your best judgment.";

/**
 * A non-command comment. It means something only while Ralph waits for answers or decisions,
 * and only from a write user (DESIGN §2.1.3, §7.3); everything else is conversation between
 * humans, and a bot that answered it would be noise. Untrusted text must never reach the state.
 */
export function handleComment(ctx: Ctx, actor: Actor, body: string, commentId: number): void {
  if (!isTrusted(actor) || body.trim() === "" || !readsPlainComments(ctx.s)) return;
  if (ctx.s.phase === "questions") {
    emit(ctx, { type: "acknowledge", commentId });
    recordAnswers(ctx, actor, body);
    dispatch(ctx, "planning", "plan");
    return;
  }
  if (ctx.s.phase === "planning") {
    emit(ctx, { type: "acknowledge", commentId });
    recordAnswers(ctx, actor, body);
    return;
  }
  if (ctx.s.phase === "decisions") {
    emit(ctx, { type: "acknowledge", commentId });
    answerDecisions(ctx, body);
    return;
  }
}

/**
 * Whether a plain (command-less) comment means anything now: answers while questions or decisions
 * are open. Answers given in several comments, or by several maintainers at once, arrive after the
 * first one closed the round: they are still answers, read at the planning job's first checkpoint
 * (before the planner's prompt is built), until the planner's result replaces the questions.
 */
export function readsPlainComments(s: MachineState): boolean {
  return (
    s.phase === "questions" ||
    s.phase === "decisions" ||
    (s.phase === "planning" && s.openQuestions.length > 0)
  );
}

function recordAnswers(ctx: Ctx, actor: Actor, body: string): void {
  const s = ctx.s;
  s.qa.push(
    ...answersFrom(s.openQuestions, body, actor.login).map((e) => ({
      ...e,
      answer: clip(e.answer, MAX_HUMAN_TEXT),
    })),
  );
}

function answerDecisions(ctx: Ctx, body: string): void {
  const s = ctx.s;
  const picks = parseDecisionReply(body, s.decisions);
  const open = s.decisions.filter((d) => !isResolved(d));
  // A bare question ("does X support clustering?") asks about the one open decision, or all.
  if (picks.size === 0 && isFollowUpQuestion(body)) {
    for (const d of open.length > 0 ? open : s.decisions) picks.set(d.id, { custom: body.trim() });
  }
  const asked: PendingDecision[] = [];
  for (const d of s.decisions) {
    const pick = picks.get(d.id);
    if (pick !== undefined && "custom" in pick && isFollowUpQuestion(pick.custom)) {
      picks.delete(d.id);
      d.followUps.push({ question: clip(pick.custom, MAX_HUMAN_TEXT), answer: followUpAnswer(d) });
      asked.push(d);
    }
  }
  recordPicks(s.decisions, picks);
  if (asked.length > 0) {
    // Answered, then asked again (seed 002): the new decisions comment carries the answers. A
    // pick in the same reply is kept (above), but planning waits: the asked decision is still
    // open, and taking its recommendation now would leave the answer unread.
    emit(ctx, { type: "post_decisions" });
    return;
  }
  if (picks.size === 0) {
    const example = s.decisions[0]?.id ?? "D1";
    reply(
      ctx,
      `Ralph could not read a decision from that reply. Answer with the option number per decision, one per line (e.g. \`${example}: 2\`), or \`/ralph skip\` to take the recommendations for the non-critical ones.`,
    );
    return;
  }
  proceedIfDecided(ctx);
}

function recordPicks(
  decisions: PendingDecision[],
  picks: ReadonlyMap<string, DecisionAnswer>,
): void {
  for (const d of decisions) {
    const pick = picks.get(d.id);
    if (pick === undefined) continue;
    if ("selected" in pick) {
      d.selected = pick.selected;
      d.custom = null;
    } else {
      d.selected = null;
      d.custom = clip(pick.custom, MAX_HUMAN_TEXT);
    }
  }
}

function openCritical(decisions: readonly PendingDecision[]): PendingDecision[] {
  return decisions.filter((d) => d.critical && !isResolved(d));
}

/** Critical decisions need a human answer (seed 002); the others fall back to the recommendation. */
function proceedIfDecided(ctx: Ctx, skipping = false): void {
  const s = ctx.s;
  if (skipping) takeRecommendations(s.decisions);
  const open = openCritical(s.decisions);
  if (open.length > 0) {
    reply(
      ctx,
      `Still waiting for ${open.length === 1 ? "the critical decision" : "the critical decisions"} ${open.map((d) => `**${d.id}** (${d.title})`).join(", ")}: critical decisions cannot be skipped.`,
    );
    return;
  }
  takeRecommendations(s.decisions);
  dispatch(ctx, "planning", "plan");
}

function takeRecommendations(decisions: PendingDecision[]): void {
  for (const d of decisions) {
    if (!d.critical && !isResolved(d) && d.recommendation !== null) d.selected = d.recommendation;
  }
}

/** `/ralph skip`: best judgment for open questions, recommendations for non-critical decisions. */
export function skip(ctx: Ctx, actor: Actor): void {
  const s = ctx.s;
  if (s.phase === "questions") {
    s.qa.push(
      ...s.openQuestions.map((question) => ({ question, answer: BEST_JUDGMENT, by: actor.login })),
    );
    s.openQuestions = [];
    dispatch(ctx, "planning", "plan");
    return;
  }
  if (s.phase === "decisions") {
    proceedIfDecided(ctx, true);
    return;
  }
  reply(
    ctx,
    `There is nothing to skip: Ralph has no open questions (it is ${PHASE_WORDS[s.phase]}).`,
  );
}
