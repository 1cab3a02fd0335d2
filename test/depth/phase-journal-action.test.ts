/**
 * Issue 13 item 5 through the BUILT action (Actions-only mode) with a scripted command agent: the
 * run's `ralph.log` (the artifact the example workflow uploads) holds one JSON line per phase
 * change the run drives, with the time spent in the phase left and, on a failed run, the reason.
 */
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { maintainerIssue } from "../action/flows.js";
import { type ActionRun, pushFiles, type World, worldPerTest } from "../action/harness.js";
import {
  planStep,
  prdOf,
  type Scenario,
  type ScenarioHandle,
  story,
  verdict,
  writeScenario,
} from "../fixtures/pipeline/scenario.js";
import { type JournalLine, journalAt } from "./fixtures.js";

const ISSUE = 1;
const TITLE = "Add a greeting file";
const BODY = "Please add a greeting file.";
const CONFIG = "planning:\n  research: off\nlimits:\n  max_attempts: 2\n";

describe("phase lines in ralph.log through the built action", { timeout: 180_000 }, () => {
  const newWorld = worldPerTest();
  const issue = maintainerIssue(TITLE, BODY);

  async function world(scenario: Scenario): Promise<{ w: World; handle: ScenarioHandle }> {
    const w = await newWorld();
    issue.seed(w);
    pushFiles(w, "main", { ".github/ralph.yml": CONFIG }, "config");
    return { w, handle: writeScenario(scenario) };
  }

  const comment = (w: World, handle: ScenarioHandle, body: string) =>
    issue.comment(w, handle.command, body);

  function phaseLines(run: ActionRun): JournalLine[] {
    const file = join(dirname(run.checkout), "tmp", "ralph-runs", String(ISSUE), "ralph.log");
    return journalAt(file).filter((l) => l.event === "phase");
  }

  const arrows = (lines: readonly JournalLine[]) => lines.map((l) => `${l.from} -> ${l.to}`);

  /** `/ralph plan`, then `/approve`: each Action run's phase lines. */
  async function planAndApprove(w: World, handle: ScenarioHandle) {
    const planned = await comment(w, handle, "/ralph plan");
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
    expect(planned.outputs.phase).toBe("awaiting_approval");
    const run = await comment(w, handle, "/approve");
    expect(run.code, run.stdout + run.stderr).toBe(0);
    return { run, planning: phaseLines(planned), approved: phaseLines(run) };
  }

  it("a run that passes: each run logs the phase changes it drove, in order, with durations", async () => {
    const { w, handle } = await world({
      plan: [planStep(prdOf(story("US-1", 1)))],
      implement: [{ files: { "a.txt": "a\n" } }],
      verify: [verdict.pass()],
    });
    const { run, planning, approved } = await planAndApprove(w, handle);
    expect(run.outputs.phase, run.stdout).toBe("done");
    expect(arrows(planning)).toEqual(["idle -> planning", "planning -> awaiting_approval"]);
    expect(arrows(approved)).toEqual([
      "awaiting_approval -> implementing",
      "implementing -> verifying",
      "verifying -> done",
    ]);
    // The approval ends a wait that began in the planning run: the state kept when it began
    // (the save that entered it, before that run wrote its line), so the wait is counted whole.
    expect(approved.map((l) => l.durationFrom)).toEqual([
      "phase_start",
      "phase_start",
      "phase_start",
    ]);
    const waitBegan = Date.parse(approved[0]!.time!) - approved[0]!.durationMs!;
    expect(waitBegan).toBeLessThanOrEqual(Date.parse(planning[1]!.time!));
    expect(waitBegan).toBeGreaterThanOrEqual(Date.parse(planning[0]!.time!));
    for (const line of [...planning, ...approved]) {
      expect(line.stopReason).toBeNull();
      expect(line.durationMs).toBeGreaterThanOrEqual(0);
    }
    // The spec is named once the plan named it.
    expect(approved.map((l) => l.spec)).toEqual(Array(3).fill("issue-1-add-a-greeting-file"));
  });

  it("a run that fails: the last line goes to failed with the machine's named reason", async () => {
    const { w, handle } = await world({
      plan: [planStep(prdOf(story("US-1", 1)))],
      implement: [{ sh: "echo again >> a.txt" }],
      verify: [verdict.fail("still broken")],
    });
    const { run, approved } = await planAndApprove(w, handle);
    expect(run.outputs.phase, run.stdout).toBe("failed");
    expect(arrows(approved)).toEqual([
      "awaiting_approval -> implementing",
      "implementing -> verifying",
      "verifying -> implementing",
      "implementing -> verifying",
      "verifying -> failed",
    ]);
    expect(approved.slice(0, -1).every((l) => l.stopReason === null)).toBe(true);
    const last = approved.at(-1)!;
    expect(last.stopReason).toBe(w.fake.stateOf(ISSUE)!.stopReason);
    expect(last.stopReason).toContain("failed verification 2 times (limits.max_attempts)");
    expect(last.durationFrom).toBe("phase_start");
  });
});
