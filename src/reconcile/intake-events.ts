import type { Effect } from "../core/effects.js";
import type { Actor, Command, MachineEvent } from "../core/events.js";
import { isAgentPhase, type MachineState } from "../core/state.js";
import type { CommentItem } from "./read-issue.js";

/**
 * Several events in one reconcile may each start an agent step (`/approve` then `/ralph stop`, or
 * `/approve` then `/ralph replan` in one comment); only the step the final state waits for may
 * run, else a job would start for a step the state no longer expects (or two jobs at once).
 */
export function settledDispatches(effects: readonly Effect[], state: MachineState): Effect[] {
  let last = -1;
  effects.forEach((e, i) => {
    if (e.type === "dispatch") last = i;
  });
  return effects.filter((e, i) => {
    if (e.type !== "dispatch") return true;
    return i === last && isAgentPhase(state.phase) && state.pendingStep === e.step;
  });
}

/**
 * A command as a machine event. `/approve` written before the current PRD comment existed was
 * meant for an older revision: it becomes an approval bound to a stale revision, which the
 * machine refuses instead of counting it for a PRD its author never saw.
 */
export function commandEvent(
  command: Command,
  item: CommentItem,
  state: MachineState,
  actor: Actor,
  goal: string,
): MachineEvent {
  const prdComment = state.prd?.commentId ?? null;
  const stale =
    command.name === "approve" &&
    state.phase === "awaiting_approval" &&
    prdComment !== null &&
    item.id < prdComment;
  return {
    type: "command",
    command,
    actor,
    commentId: item.id,
    goal,
    ...(item.at === "" ? {} : { at: item.at }),
    ...(stale ? { revision: `superseded-before-comment-${prdComment}` } : {}),
  };
}
