/**
 * Seed 004 consensus and seed 003 understand gating on GitHub, through the BUILT action with
 * scripted command agents: REJECT twice then OKAY, five REJECTs forcing approval with the
 * concerns on the PRD comment, a stale codebase map recommended for refresh with its date, and
 * an understand run that writes outside the map reverted.
 */
import { describe, expect, it } from "vitest";
import type { World } from "../action/harness.js";
import { planStep, prdOf, records, story } from "../fixtures/pipeline/scenario.js";
import { configFile, journalOf, phasesOf as phases, scriptedIssue } from "./action-issue.js";
import { critic } from "./fixtures.js";

const ISSUE = 1;
const BRANCH = "ralph/1-add-greeting-files";
const CONFIG = "planning:\n  consensus: always\n  research: off\n";

describe("consensus and understand gating through the built action", { timeout: 180_000 }, () => {
  const { world, comment } = scriptedIssue({ files: configFile(CONFIG) });

  const prdComment = (w: World) =>
    w.fake.botComments(ISSUE).find((c) => c.body.includes("<!-- ralph:prd revision="))!.body;

  it("the critic rejects twice then approves; a stale map is recommended with its date; understand may write only the map", async () => {
    const { w, handle } = await world(
      {
        plan: [planStep(prdOf(story("US-1", 1)))],
        critic: [critic.reject("NEEDS-TESTS"), critic.reject("NEEDS-DOCS"), critic.okay()],
        understand: [
          { files: { "README.md": "overwritten\n", ".ralph/codebase_map.md": "# new map\n" } },
        ],
      },
      {
        ".github/ralph.yml": CONFIG,
        ".ralph/codebase_map.md": "# Codebase map\n\n## 2025-01-01 - Layout\n\nOne README.\n",
      },
    );
    const run = await comment(w, handle, "/ralph plan");
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.phase).toBe("awaiting_approval");
    expect(phases(handle)).toEqual(["plan", "critic", "plan", "critic", "plan", "critic"]);
    const plans = records(handle.recordDir).filter((r) => r.phase === "plan");
    expect(plans[1]!.prompt).toContain("NEEDS-TESTS");
    expect(plans[2]!.prompt).toContain("NEEDS-DOCS");
    const body = prdComment(w);
    expect(body).not.toContain("Consensus was forced");
    expect(body).toContain("Refreshing the codebase map is recommended");
    expect(body).toContain("the codebase map is stale (last entry 2025-01-01)");
    // The iteration cap: topics per /ralph understand run.
    expect(body).toMatch(/\(\d+ topics? to cover, up to 3 per run; it writes only the map\)/);

    const understood = await comment(w, handle, "/ralph understand");
    expect(understood.code, understood.stdout).toBe(0);
    expect(phases(handle)).toContain("understand");
    // The write outside the map was reverted: nothing of it reached the branch.
    expect(w.remoteGit("show", `${BRANCH}:README.md`)).toBe("# Hello-World");
    expect(w.fake.stateOf(ISSUE)!.lastError ?? "").toContain("README.md");
  });

  it("five rejections force the approval and the PRD comment lists the concerns", async () => {
    const { w, handle } = await world({
      plan: [planStep(prdOf(story("US-1", 1)))],
      critic: [critic.reject("STILL-NO-TESTS")],
    });
    const run = await comment(w, handle, "/ralph plan");
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.phase).toBe("awaiting_approval");
    expect(phases(handle)).toEqual(Array(5).fill(["plan", "critic"]).flat());
    // The run logs the workflow uploads as an artifact: RUNNER_TEMP/ralph-runs/<issue>.
    const journal = journalOf(run);
    expect(journal.filter((l) => l.event === "agent_run").map((l) => l.role)).toEqual(
      phases(handle),
    );
    // The phase lines of the run: each rejection takes the plan back to planning, five rounds.
    expect(journal.filter((l) => l.event === "phase").map((l) => `${l.from} -> ${l.to}`)).toEqual([
      "idle -> planning",
      ...Array(4).fill(["planning -> consensus", "consensus -> planning"]).flat(),
      "planning -> consensus",
      "consensus -> awaiting_approval",
    ]);
    const body = prdComment(w);
    expect(body).toContain("**Consensus was forced.**");
    expect(body).toContain("> - STILL-NO-TESTS");
  });
});
