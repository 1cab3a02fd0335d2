import type { MachineState, Phase } from "./state.js";

/** A change of the machine's phase between two states, as `ralph.log` records it. */
export interface PhaseChange {
  from: Phase;
  to: Phase;
  /**
   * Why the run ended, when the new phase ends it: the named stop of `failed` and `stopped`
   * (DESIGN §4.5), the reason of a `plan_invalidated`. Null for every other phase (`done` included).
   */
  stopReason: string | null;
}

/** Phases in which the machine's work on a spec ends (until a human or a re-plan starts it again). */
const ENDING: readonly Phase[] = ["done", "failed", "stopped", "plan_invalidated"];

/** The phase change from `before` to `after`, or null when the phase stayed the same. */
export function phaseChange(before: MachineState, after: MachineState): PhaseChange | null {
  if (before.phase === after.phase) return null;
  return { from: before.phase, to: after.phase, stopReason: stopReasonOf(after) };
}

function stopReasonOf(state: MachineState): string | null {
  if (!ENDING.includes(state.phase) || state.phase === "done") return null;
  if (state.phase === "plan_invalidated") return state.invalidation?.reason ?? null;
  return state.stopReason ?? state.lastError ?? null;
}
