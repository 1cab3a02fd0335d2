import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { initialState, type MachineState } from "../../src/core/state.js";
import { PhaseJournal } from "../../src/pipeline/phase-journal.js";
import { fakeClock } from "../fixtures/pipeline/scenario.js";
import { tempDir } from "../support/temp.js";

const at = (phase: MachineState["phase"], extra: Partial<MachineState> = {}): MachineState => ({
  ...initialState(3),
  phase,
  specId: "login",
  ...extra,
});

function lines(dir: string): Record<string, unknown>[] {
  return readFileSync(join(dir, "ralph.log"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe("PhaseJournal", () => {
  it("writes one line per phase change with the time spent in the phase left", async () => {
    const dir = tempDir("ralph-phases-");
    // The fake clock moves 1 s on every read.
    const journal = new PhaseJournal(join(dir, "nested"), fakeClock("2026-03-01T10:00:00.000Z"));
    await journal.observe(at("implementing"), { entered: true }); // 10:00:01
    await journal.observe(at("implementing", { revision: 1 })); // 10:00:02, no change
    await journal.observe(at("verifying")); // 10:00:03
    await journal.observe(at("failed", { stopReason: "limits.max_attempts" })); // 10:00:04
    expect(lines(join(dir, "nested"))).toEqual([
      {
        time: "2026-03-01T10:00:03.000Z",
        event: "phase",
        spec: "login",
        from: "implementing",
        to: "verifying",
        durationMs: 2000,
        durationFrom: "phase_start",
        stopReason: null,
      },
      {
        time: "2026-03-01T10:00:04.000Z",
        event: "phase",
        spec: "login",
        from: "verifying",
        to: "failed",
        durationMs: 1000,
        durationFrom: "phase_start",
        stopReason: "limits.max_attempts",
      },
    ]);
  });

  it("a phase that began before this run counts from the first state it saw", async () => {
    const dir = tempDir("ralph-phases-");
    const journal = new PhaseJournal(dir, fakeClock());
    await journal.observe(at("awaiting_approval"));
    await journal.observe(at("implementing"));
    expect(lines(dir)).toEqual([
      expect.objectContaining({
        from: "awaiting_approval",
        to: "implementing",
        durationMs: 1000,
        durationFrom: "run_start",
      }),
    ]);
  });

  it("a phase that began before this run counts from the start the state recorded", async () => {
    const dir = tempDir("ralph-phases-");
    const journal = new PhaseJournal(dir, fakeClock("2026-03-01T10:00:00.000Z"));
    // Saved an hour before this run by the run that planned (the wait for an approval).
    await journal.observe(at("awaiting_approval", { phaseSince: "2026-03-01T09:00:00.000Z" }));
    await journal.observe(at("implementing")); // 10:00:02
    expect(lines(dir)).toEqual([
      expect.objectContaining({
        from: "awaiting_approval",
        to: "implementing",
        durationMs: 3_602_000,
        durationFrom: "phase_start",
      }),
    ]);
  });

  it("a log folder that cannot be written loses the line, not the run", async () => {
    const dir = tempDir("ralph-phases-");
    const file = join(dir, "not-a-dir");
    writeFileSync(file, "x"); // the log folder is a file: mkdir fails
    const journal = new PhaseJournal(file, fakeClock());
    await journal.observe(at("implementing"));
    await expect(journal.observe(at("verifying"))).resolves.toBeUndefined();
  });
});
