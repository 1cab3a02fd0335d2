import { describe, expect, it } from "vitest";
import { phaseChange } from "../../src/core/phase-change.js";
import { initialState, type MachineState } from "../../src/core/state.js";

const base = initialState(7);
const at = (phase: MachineState["phase"], extra: Partial<MachineState> = {}): MachineState => ({
  ...base,
  phase,
  ...extra,
});

describe("phaseChange: the ralph.log transition between two states", () => {
  it.each([
    ["same phase: no line", at("implementing"), at("implementing", { revision: 3 }), null],
    [
      "an ordinary change carries no stop reason",
      at("implementing"),
      at("verifying"),
      { from: "implementing", to: "verifying", stopReason: null },
    ],
    [
      "done ends the run without a stop reason (a stale lastError is not one)",
      at("verifying"),
      at("done", { lastError: "an earlier attempt failed" }),
      { from: "verifying", to: "done", stopReason: null },
    ],
    [
      "failed carries the machine's named stop",
      at("verifying"),
      at("failed", { stopReason: "budget exhausted: limits.max_agent_runs", lastError: "x" }),
      { from: "verifying", to: "failed", stopReason: "budget exhausted: limits.max_agent_runs" },
    ],
    [
      "stopped carries who stopped it",
      at("awaiting_approval"),
      at("stopped", { stopReason: "stopped by @octocat" }),
      { from: "awaiting_approval", to: "stopped", stopReason: "stopped by @octocat" },
    ],
    [
      "a failure without stopReason falls back to lastError",
      at("planning"),
      at("failed", { lastError: "planner crashed" }),
      { from: "planning", to: "failed", stopReason: "planner crashed" },
    ],
    [
      "plan_invalidated carries the invalidation reason",
      at("verifying"),
      at("plan_invalidated", { invalidation: { reason: "wrong approach", attempt: 1 } }),
      { from: "verifying", to: "plan_invalidated", stopReason: "wrong approach" },
    ],
    [
      "leaving failed for a resumed phase carries none",
      at("failed", { stopReason: "x" }),
      at("implementing", { stopReason: "x" }),
      { from: "failed", to: "implementing", stopReason: null },
    ],
  ])("%s", (_name, before, after, expected) => {
    expect(phaseChange(before, after)).toEqual(expected);
  });
});
