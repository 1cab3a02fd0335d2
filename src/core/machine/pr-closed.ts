/**
 * After merge or close (DESIGN §2.3): once Ralph's pull request is merged or closed, Ralph stops
 * watching it and starts nothing more for it. One rule, here, that every event goes through:
 * reviews, approvals and CI results for it change nothing, and commands that would work on it
 * (`/ralph run`, `/ralph fix`, …) are refused with a pointer to what still works: `/ralph plan`
 * starts over with a new pull request, and a closed (not merged) one can be reopened.
 *
 * Merged: phase `done` (`ralph:done`). Closed without merging: phase `stopped` (`ralph:stopped`),
 * with where it was, so reopening and `/ralph run` resume it. A job running when it closed is
 * cancelled, as `/ralph stop` cancels it. The status comment says which (render/status.ts).
 */
import type { CommandName } from "../command-table.js";
import type { MachineEvent } from "../events.js";
import { isAgentPhase, type MachineState } from "../state.js";
import { type Ctx, emit, enter, reply } from "./context.js";

/** The pull request Ralph's work lives on: its own, or the spec PR itself. */
export function statePullRequest(s: MachineState): number | null {
  if (s.prNumber !== null) return s.prNumber;
  return s.kind === "spec_pr" ? s.issue : null;
}

/** Ralph stopped watching its pull request: it was merged or closed. */
export function isPrClosed(s: MachineState): boolean {
  return s.prClosed !== null;
}

/** Commands that still mean something once the pull request is gone. */
const STILL_ANSWERED: ReadonlySet<CommandName | "unknown"> = new Set([
  "plan",
  "status",
  "help",
  "unknown",
]);

/** Events about the pull request itself: after it closed they change nothing, silently. */
const ABOUT_THE_PR: ReadonlySet<MachineEvent["type"]> = new Set([
  "approval",
  "changes_requested",
  "comment",
  // A follow-up round (a red check, a conflict) is work on the pull request that is gone.
  "followup_request",
  // What the repository's CI says about it (the CI gate).
  "ci_result",
  // GitHub's word that it conflicts with its base (the base merge).
  "base_unmergeable",
]);

export function onPrClosed(ctx: Ctx, ev: Extract<MachineEvent, { type: "pr_closed" }>): void {
  const s = ctx.s;
  if (ev.pr !== statePullRequest(s) || s.prClosed?.number === ev.pr) return;
  s.prClosed = { number: ev.pr, merged: ev.merged };
  if (isAgentPhase(s.phase)) emit(ctx, { type: "cancel_run" });
  if (ev.merged) {
    Object.assign(s, { stopReason: null, resumePhase: null, resumeStep: null });
    enter(ctx, "done");
    return;
  }
  // Where it was, for `/ralph run` once the pull request is reopened (a failure keeps its own).
  if (s.phase !== "stopped" && s.phase !== "failed") {
    s.resumePhase = s.phase;
    s.resumeStep = s.pendingStep;
  }
  s.stopReason = `pull request #${ev.pr} was closed without merging`;
  enter(ctx, "stopped");
}

export function onPrReopened(ctx: Ctx, ev: Extract<MachineEvent, { type: "pr_reopened" }>): void {
  const s = ctx.s;
  if (s.prClosed === null || s.prClosed.number !== ev.pr || s.prClosed.merged) return;
  s.prClosed = null;
  s.stopReason = `pull request #${ev.pr} was closed and reopened`;
}

/**
 * After the pull request closed, does this event change nothing? A spec PR is its own
 * conversation: once closed, not even its trigger label starts it again (reopen it first).
 */
export function ignoredAfterPrClosed(s: MachineState, ev: MachineEvent): boolean {
  if (s.prClosed === null) return false;
  return ABOUT_THE_PR.has(ev.type) || (s.kind === "spec_pr" && ev.type === "trigger");
}

/**
 * A command after the pull request closed: refused with what still works, unless it is one of
 * those (`/ralph plan`, `/ralph status`, `/ralph help`). Returns whether it was refused.
 */
export function refusedAfterPrClosed(ctx: Ctx, command: CommandName | "unknown"): boolean {
  const closed = ctx.s.prClosed;
  if (closed === null || STILL_ANSWERED.has(command)) {
    // A spec PR's plan lives on its own branch: a closed one is reopened, not planned again.
    if (closed === null || command !== "plan" || ctx.s.kind !== "spec_pr") return false;
  }
  const start = `Ralph's pull request #${closed.number} was ${closed.merged ? "merged" : "closed"}, so Ralph no longer works on it.`;
  const over = "comment `/ralph plan` to start over on this issue with a new pull request.";
  reply(
    ctx,
    closed.merged
      ? `${start} To go on, ${over}`
      : `${start} Reopen it and comment \`/ralph run\` to go on with it, or ${over}`,
  );
  return true;
}

/** A new plan after the pull request closed goes to a new pull request. */
export function forgetClosedPr(s: MachineState): void {
  if (s.prClosed === null) return;
  s.prClosed = null;
  s.prNumber = null;
}
