/** Approvals for the machine's tests: a state that waits for one, and the events that give one. */
import { expect } from "vitest";
import type { RalphConfig } from "../../../src/core/config.js";
import type { Actor, MachineEvent } from "../../../src/core/events.js";
import { initialState, type MachineState } from "../../../src/core/state.js";
import { alice } from "./actors.js";
import { cmd, GOAL_SIMPLE, result } from "./events.js";
import { config, play } from "./fixtures.js";
import { prdResult } from "./results.js";

/** Planned by alice (the default PRD) and waiting for approval, with PR #7. */
export function awaiting(cfg: RalphConfig = config()): MachineState {
  const state = play(
    initialState(42),
    [cmd("plan", "", alice, { goal: GOAL_SIMPLE }), result(prdResult())],
    cfg,
  ).state;
  expect(state.phase).toBe("awaiting_approval");
  return { ...state, prNumber: 7 };
}

/** `actor` approves `revision` by `channel`. */
export const approval = (
  actor: Actor,
  channel: "comment" | "reaction" | "review",
  revision: string,
): MachineEvent => ({ type: "approval", channel, actor, revision });
