import { appendFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Clock } from "../agents/types.js";
import { phaseChange } from "../core/phase-change.js";
import type { MachineState, Phase } from "../core/state.js";

/** One line of `ralph.log` for a change of the machine's phase. */
export interface PhaseEvent {
  time: string;
  event: "phase";
  spec: string | null;
  from: Phase;
  to: Phase;
  /** Time spent in `from`: since it was entered, or since this run first saw it (`durationFrom`). */
  durationMs: number;
  /**
   * `phase_start` when the phase's start is known: this process saw it begin, or the state
   * recorded it (`phaseSince`, stamped by the save that changed the phase); `run_start` when the
   * phase began before and the state does not say when (a state saved before `phaseSince`).
   */
  durationFrom: "phase_start" | "run_start";
  /** Why the run ended, when `to` ends it (failed, stopped, plan_invalidated); else null. */
  stopReason: string | null;
}

/**
 * The phase lines of `ralph.log`, for both entries: the CLI's story loop and the Action's loop
 * hand it every state they apply or load, and it writes one line per phase change, with the time
 * spent in the phase left. Best effort, like the agent-run lines: a line that cannot be written
 * never fails the step.
 */
export class PhaseJournal {
  private last: { state: MachineState; since: number; seenStart: boolean } | null = null;

  constructor(
    private readonly logRoot: string,
    private readonly clock: Clock,
  ) {}

  /**
   * Takes in the state as it now is. The first state seen starts the clock of its phase; with
   * `entered` the caller says that phase began right now (the CLI entering the story loop).
   */
  async observe(state: MachineState, options: { entered?: boolean } = {}): Promise<void> {
    const now = this.clock.now().getTime();
    const last = this.last;
    if (last === null) {
      // A phase whose start the state recorded (the save that began it) counts from there.
      const began = state.phaseSince === null ? Number.NaN : Date.parse(state.phaseSince);
      this.last = Number.isFinite(began)
        ? { state, since: Math.min(began, now), seenStart: true }
        : { state, since: now, seenStart: options.entered === true };
      return;
    }
    const change = phaseChange(last.state, state);
    if (change === null) {
      this.last = { ...last, state };
      return;
    }
    this.last = { state, since: now, seenStart: true };
    const line: PhaseEvent = {
      time: new Date(now).toISOString(),
      event: "phase",
      spec: state.specId ?? null,
      from: change.from,
      to: change.to,
      durationMs: Math.max(0, now - last.since),
      durationFrom: last.seenStart ? "phase_start" : "run_start",
      stopReason: change.stopReason,
    };
    try {
      await mkdir(this.logRoot, { recursive: true });
      await appendFile(join(this.logRoot, "ralph.log"), `${JSON.stringify(line)}\n`, "utf8");
    } catch {
      // The journal is for humans reading logs; losing a line must not lose the step.
    }
  }
}
