/**
 * Issue 13 item 5 through the BUILT action (Actions-only mode) with a scripted command agent: the
 * run's `ralph.log` (the artifact the example workflow uploads) holds one JSON line per phase
 * change the run drives, with the time spent in the phase left and, on a failed run, the reason.
 */
import { describe, expect, it } from "vitest";
import type { ActionRun } from "../action/harness.js";
import { planStep, prdOf, story, verdict } from "../fixtures/pipeline/scenario.js";
import { configFile, journalOf, scriptedIssue } from "./action-issue.js";
import type { JournalLine } from "./fixtures.js";

const ISSUE = 1;

describe("phase lines in ralph.log through the built action", { timeout: 180_000 }, () => {
  const { world, planAndApprove: approve } = scriptedIssue({
    title: "Add a greeting file",
    body: "Please add a greeting file.",
    files: configFile("planning:\n  research: off\nlimits:\n  max_attempts: 2\n"),
  });

  const phaseLines = (run: ActionRun): JournalLine[] =>
    journalOf(run).filter((l) => l.event === "phase");

  const arrows = (lines: readonly JournalLine[]) => lines.map((l) => `${l.from} -> ${l.to}`);

  /** `/ralph plan`, then `/approve`: each Action run's phase lines. */
  async function planAndApprove(...args: Parameters<typeof approve>) {
    const { planned, run } = await approve(...args);
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
    // With the CI gate the story loop ends waiting for CI, which (the fake's CI passes at once)
    // the same run's closing checkpoint reads green.
    expect(arrows(approved)).toEqual([
      "awaiting_approval -> implementing",
      "implementing -> verifying",
      "verifying -> ci",
      "ci -> done",
    ]);
    // The approval ends a wait that began in the planning run: the state kept when it began
    // (the save that entered it, before that run wrote its line), so the wait is counted whole.
    expect(approved.map((l) => l.durationFrom)).toEqual(Array(4).fill("phase_start"));
    const waitBegan = Date.parse(approved[0]!.time!) - approved[0]!.durationMs!;
    expect(waitBegan).toBeLessThanOrEqual(Date.parse(planning[1]!.time!));
    expect(waitBegan).toBeGreaterThanOrEqual(Date.parse(planning[0]!.time!));
    for (const line of [...planning, ...approved]) {
      expect(line.stopReason).toBeNull();
      expect(line.durationMs).toBeGreaterThanOrEqual(0);
    }
    // The spec is named once the plan named it.
    expect(approved.map((l) => l.spec)).toEqual(Array(4).fill("issue-1-add-a-greeting-file"));
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
