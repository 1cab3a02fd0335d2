import type { RalphConfig } from "../config.js";
import type { Effect } from "../effects.js";
import type { MachineEvent } from "../events.js";
import { isAgentPhase, type MachineState } from "../state.js";
import { handleAgentResult } from "./agent-results.js";
import { handleApproval, withdrawApproval } from "./approvals.js";
import { approvalDenial, deny, isTrusted } from "./auth.js";
import { onBaseUnmergeable } from "./base-merge.js";
import { revise } from "./changes.js";
import { onCiResult } from "./ci-wait.js";
import { handleCommand } from "./commands.js";
import { type Ctx, fail, finish, makeCtx } from "./context.js";
import { handleComment } from "./conversation.js";
import { followUpRequestOf, notYet, requestFollowUp, reviewFollowUp } from "./followup-requests.js";
import { startImplementation } from "./implementation.js";
import { requestPlanning } from "./planning.js";
import { ignoredAfterPrClosed, onPrClosed, onPrReopened } from "./pr-closed.js";

export { HELP_TEXT } from "../help.js";
export { BREAKER_THRESHOLD, type BreakerState, breakerAfterFailure } from "./context.js";
export { readsPlainComments } from "./conversation.js";
export { isPrClosed, statePullRequest } from "./pr-closed.js";

export interface Transition {
  state: MachineState;
  effects: Effect[];
}

/**
 * The lifecycle state machine (DESIGN §6.1): pure, deterministic, total. It never mutates its
 * input, bumps `revision` exactly when the returned state differs, emits one `set_label` when the
 * phase label changes, and puts `acknowledge` first and the (single) `dispatch` last.
 */
export function transition(
  state: MachineState,
  event: MachineEvent,
  config: RalphConfig,
): Transition {
  try {
    const ctx = makeCtx(state, config);
    route(ctx, event);
    return finish(ctx);
  } catch (error) {
    // Unreachable by design (the property tests look for it); a bug must not take the bot down
    // nor loop, so the state stays as it was and the problem is reported once.
    const message = error instanceof Error ? error.message : String(error);
    return {
      state,
      effects: [
        {
          type: "reply",
          body: `Ralph hit an internal error and changed nothing: ${message}`,
          key: "internal-error",
        },
      ],
    };
  }
}

/**
 * Starts the story loop on a state that holds an approved PRD, as an approval does: the CLI's
 * `ralph run` enters the one engine here (its plans are approved by the user who runs it), with
 * the state kept in memory instead of a status comment.
 */
export function startStoryLoop(state: MachineState, config: RalphConfig): Transition {
  const ctx = makeCtx(state, config);
  startImplementation(ctx);
  return finish(ctx);
}

function route(ctx: Ctx, ev: MachineEvent): void {
  // Once its pull request is merged or closed, nothing about it starts anything (pr-closed.ts).
  if (ignoredAfterPrClosed(ctx.s, ev)) return;
  switch (ev.type) {
    case "command":
      handleCommand(ctx, ev);
      return;
    case "comment":
      handleComment(ctx, ev.actor, ev.body, ev.commentId);
      return;
    case "trigger":
      if (ev.actor.isBot || replayedTrigger(ctx.s, ev.at)) return;
      if (!isTrusted(ev.actor)) {
        deny(ctx, ev.actor, "Ralph only starts for users with write access to this repository");
        return;
      }
      // Taken: remembered, so the same trigger delivered again starts nothing twice.
      if (ev.at !== undefined && Number.isFinite(Date.parse(ev.at))) ctx.s.triggeredAt = ev.at;
      requestPlanning(ctx, "", ev.goal, "trigger");
      return;
    case "approval":
      handleApproval(ctx, ev);
      return;
    case "approval_withdrawn":
      withdrawApproval(ctx, ev.channel, ev.login);
      return;
    case "changes_requested":
      // A review is a deliberate signal, but an unauthorized one is silently not counted. Someone
      // who may approve (approvals.min_permission below write) may also reject, but only text of
      // write users reaches the planner (DESIGN §7.3). On finished work it is a follow-up round
      // (DESIGN §2.3), which needs write access.
      if (ev.actor.isBot) return;
      if (reviewFollowUp(ctx, ev)) return;
      if (isTrusted(ev.actor)) revise(ctx, ev.actor, ev.feedback, "review");
      else if (approvalDenial(ev.actor, ctx.config) === null) revise(ctx, ev.actor, "", "review");
      return;
    case "agent_result":
      handleAgentResult(ctx, ev.result, ev.usage, ev.runUrl);
      return;
    case "followup_request":
      if (!requestFollowUp(ctx, followUpRequestOf(ev))) notYet(ctx, ev.actor ?? null);
      return;
    case "budget_exhausted":
      if (ctx.s.phase === "done" || ctx.s.phase === "failed") return;
      fail(ctx, ev.reason.startsWith("budget") ? ev.reason : `budget exhausted: ${ev.reason}`);
      return;
    case "run_failed":
      // A run that fails while nobody waits on it (stopped, waiting phases, finished) changes nothing.
      if (!isAgentPhase(ctx.s.phase)) return;
      if (ev.runUrl !== null) ctx.s.runUrl = ev.runUrl;
      fail(
        ctx,
        `the Actions run ended with "${ev.conclusion}"${ev.runUrl === null ? "" : ` (${ev.runUrl})`}`,
      );
      return;
    case "pr_closed":
      onPrClosed(ctx, ev);
      return;
    case "pr_reopened":
      onPrReopened(ctx, ev);
      return;
    case "ci_result":
      onCiResult(ctx, ev);
      return;
    case "base_unmergeable":
      onBaseUnmergeable(ctx, ev);
      return;
  }
}

/**
 * A trigger made no later than the last one Ralph took is that one again (a redelivered webhook,
 * a re-run workflow): it starts nothing twice.
 */
function replayedTrigger(s: MachineState, at: string | undefined): boolean {
  const time = at === undefined ? Number.NaN : Date.parse(at);
  const last = s.triggeredAt === null ? Number.NaN : Date.parse(s.triggeredAt);
  return Number.isFinite(time) && time <= last;
}
