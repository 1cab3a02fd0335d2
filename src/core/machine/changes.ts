import type { Actor } from "../events.js";
import type { Phase } from "../state.js";
import {
  type Ctx,
  clip,
  dispatch,
  MAX_HUMAN_TEXT,
  PHASE_WORDS,
  reply,
  resetBreaker,
} from "./context.js";
import { followUpStage } from "./followup.js";
import { requestFollowUp } from "./followup-requests.js";
import { invalidatePlan } from "./replan.js";

/** Where a PRD exists and waits, so the planner may take it back. */
const REVISABLE: readonly Phase[] = ["awaiting_approval", "run_gate", "failed", "stopped"];

/**
 * `/ralph revise <feedback>`, `/reject`, and "changes requested" reviews (DESIGN §2.1.5): back to
 * the planner; the next PRD is a new revision that needs a new approval.
 */
export function revise(
  ctx: Ctx,
  actor: Actor,
  feedback: string,
  source: "command" | "review",
): void {
  const s = ctx.s;
  const text = feedback.trim();
  // An amendment waiting for approval (`gates.followup: approve`) is revised by its amend step.
  if (text !== "" && followUpStage(s) === "amending") {
    requestFollowUp(ctx, { source: "fix", actor, feedback: { text: [text] } });
    return;
  }
  if (source === "command" && text === "" && s.prd !== null && REVISABLE.includes(s.phase)) {
    reply(ctx, "Tell Ralph what to change: `/ralph revise <feedback>`.");
    return;
  }
  const entry = `@${actor.login}: ${clip(text === "" ? "requested changes without details" : text, MAX_HUMAN_TEXT)}`;
  if (s.phase === "planning" || s.phase === "consensus" || s.phase === "plan_invalidated") {
    if (text === "") {
      reply(ctx, "Ralph is already planning.");
      return;
    }
    s.feedback.push(entry);
    reply(ctx, "Ralph is planning; its next planner run will read your feedback.");
    return;
  }
  if (s.prd === null || !REVISABLE.includes(s.phase)) {
    reply(ctx, notRevisable(ctx, source));
    return;
  }
  s.feedback.push(entry);
  Object.assign(s, {
    approvals: [],
    approvedBy: [],
    runGatePassed: false,
    consensusRounds: 0,
    concerns: [],
    stopReason: null,
    resumePhase: null,
    resumeStep: null,
  });
  resetBreaker(ctx);
  dispatch(ctx, "planning", "plan");
}

function notRevisable(ctx: Ctx, source: "command" | "review"): string {
  const phase = ctx.s.phase;
  switch (phase) {
    case "implementing":
    case "verifying":
      return "The PRD is approved and being implemented. To change the plan, use `/ralph replan <reason>`.";
    case "questions":
    case "decisions":
      return "Ralph is waiting for answers to its questions: reply to them (or `/ralph skip`), or restart with `/ralph plan <notes>`.";
    case "done":
    case "ci":
      return source === "review"
        ? "Ralph has finished this issue. Request changes as a user with write access, or comment `/ralph fix <what to change>`, to have Ralph follow up on the same pull request."
        : "Ralph has finished this issue. Comment `/ralph fix <what to change>` for a follow-up on the same pull request, or `/ralph plan <notes>` to start a new planning round.";
    default:
      return `There is no PRD to revise (Ralph is ${PHASE_WORDS[phase]}); use \`/ralph plan <notes>\`.`;
  }
}

/** Phases where the active plan can be invalidated by hand. */
const REPLANNABLE: readonly Phase[] = [
  "awaiting_approval",
  "run_gate",
  "implementing",
  "verifying",
  "failed",
  "stopped",
];

/** `/ralph replan <reason>`: a PLAN_INVALIDATION by hand; it counts against `max_replans`. */
export function replan(ctx: Ctx, actor: Actor, reasonArg: string): void {
  const s = ctx.s;
  if (s.prd === null || !REPLANNABLE.includes(s.phase)) {
    reply(
      ctx,
      s.phase === "done"
        ? "Ralph has finished this issue. Comment `/ralph plan <notes>` to start a new planning round."
        : s.prd === null
          ? "There is no plan to invalidate yet; use `/ralph plan`."
          : `Ralph is ${PHASE_WORDS[s.phase]}; use \`/ralph plan <notes>\` or \`/ralph revise <feedback>\` instead.`,
    );
    return;
  }
  const max = ctx.config.limits.max_replans;
  if (s.counters.replans >= max) {
    reply(
      ctx,
      `All ${max} re-plans are used (limits.max_replans). Raise the limit in \`.github/ralph.yml\`, or use \`/ralph revise <feedback>\` before implementation starts.`,
    );
    return;
  }
  if (s.phase === "awaiting_approval" || s.phase === "run_gate") {
    // Never implemented: the re-plan goes through approval whatever `gates.replan` says.
    s.approvedBy = [];
    s.runGatePassed = false;
  }
  Object.assign(s, { stopReason: null, resumePhase: null, resumeStep: null });
  resetBreaker(ctx);
  const story = s.prd.stories.find((st) => st.id === s.currentStory && st.status === "running");
  if (story !== undefined) story.status = "pending";
  const reason =
    reasonArg.trim() === "" ? `re-plan requested by @${actor.login}` : reasonArg.trim();
  invalidatePlan(ctx, reason, `@${actor.login} invalidated the plan with \`/ralph replan\`.`);
}
