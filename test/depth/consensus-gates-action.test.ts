/**
 * Issue 13 acceptance, the seed 004 paths the CLI suite covers, through the BUILT action too: the
 * quality gate sends a plan naming a missing file back to the planner without a critic run; an
 * ARCHITECT_QUESTION in the plan gets the architect before the critic, on the same plan; a critic
 * that crashes mid-round is run again in that round, with the feedback of the round before.
 */
import { describe, expect, it } from "vitest";
import { PLAN_MD, planStep, prdOf, story } from "../fixtures/pipeline/plans.js";
import { records, type Scenario, type ScenarioHandle } from "../fixtures/pipeline/scenario.js";
import { configFile, phasesOf as phases, scriptedIssue } from "./action-issue.js";
import { critic } from "./fixtures.js";

describe("consensus paths through the built action", { timeout: 180_000 }, () => {
  const { world, comment } = scriptedIssue({
    title: "Add a greeting",
    body: "Please add a greeting.",
    files: configFile("planning:\n  consensus: always\n  research: off\n"),
  });

  async function planOn(scenario: Scenario) {
    const { w, handle } = await world(scenario);
    const run = await comment(w, handle, "/ralph plan");
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.phase).toBe("awaiting_approval");
    return { w, handle };
  }

  const prompts = (h: ScenarioHandle, phase: string) =>
    records(h.recordDir)
      .filter((r) => r.phase === phase)
      .map((r) => r.prompt);

  it("a plan naming a missing file is sent back by the gate; the next plan's ARCHITECT_QUESTION gets the architect before the critic", async () => {
    const bad = `${PLAN_MD("bad")}\n- Key files to modify: src/missing.ts\n`;
    const asking = `${PLAN_MD("asks")}\n- Key files to modify: README\nARCHITECT_QUESTION:\n- Topic: Pattern\n- Specific Question: ARCH-Q-42?\n`;
    const { handle } = await planOn({
      plan: [
        { ...planStep(prdOf(story("US-1", 1))), planFile: bad },
        { ...planStep(prdOf(story("US-1", 1))), planFile: asking },
      ],
      architect: [{ stdout: "ARCHITECT_ANSWER:\n- Recommendation: ARCH-A-42\n" }],
      critic: [critic.okay()],
    });
    expect(phases(handle)).toEqual(["plan", "plan", "architect", "critic"]);
    expect(prompts(handle, "plan")[1]).toContain(
      "Quality gate files_exist: the plan names files that do not exist in the repository: src/missing.ts",
    );
    expect(prompts(handle, "architect")[0]).toContain("ARCH-Q-42?");
    const criticPrompt = prompts(handle, "critic")[0]!;
    expect(criticPrompt).toContain("ARCH-A-42");
    expect(criticPrompt).toContain("ARCH-Q-42?");
  });

  it("a critic that crashes mid-round is run again in that round", async () => {
    const { handle } = await planOn({
      plan: [planStep(prdOf(story("US-1", 1)))],
      critic: [critic.reject("FIRST-ROUND"), { stdout: "boom\n", exit: 1 }, critic.okay()],
    });
    expect(phases(handle)).toEqual(["plan", "critic", "plan", "critic", "critic"]);
    const critics = prompts(handle, "critic");
    expect(critics.map((p) => /round (\d) of 5/.exec(p)?.[1])).toEqual(["1", "2", "2"]);
    expect(critics[2]).toContain("FIRST-ROUND");
  });
});
