import { describe, expect, it } from "vitest";
import { planStep, prdOf, records, verdict } from "../fixtures/pipeline/scenario.js";
import { tempDir } from "../support/temp.js";
import { configFile, journalOf, scriptedIssue } from "./action-issue.js";
import { grouped, implementWindows, rendezvous, sequenced } from "./fixtures.js";

const ISSUE = 1;
const BRANCH = "ralph/1-add-greeting-files";

describe("parallel groups through the built action", { timeout: 180_000 }, () => {
  const { world, planAndApprove: approved } = scriptedIssue({
    files: configFile("parallel:\n  max: 2\nplanning:\n  research: off\n"),
  });
  const planAndApprove = async (...args: Parameters<typeof approved>) => {
    const { run } = await approved(...args);
    return { run, journal: journalOf(run) };
  };

  it("two disjoint stories of one group run at once, are merged and verified on the branch, and both pass", async () => {
    const meet = tempDir("ralph-meet-");
    const { w, handle } = await world({
      plan: [planStep(prdOf(grouped("US-1", ["US-1.txt"]), grouped("US-2", ["US-2.txt"])))],
      implement: [{ files: { "{{STORY}}.txt": "made by {{STORY}}\n" }, sh: rendezvous(meet) }],
      verify: [verdict.pass("{{STORY}}.txt exists")],
    });
    const { run, journal } = await planAndApprove(w, handle);
    expect(run.outputs.phase, run.stdout).toBe("done");
    // At once: the rendezvous (test/depth/fixtures.ts) lets neither implement run end before both
    // have started; the journal's windows cannot show it (see `implementWindows`).
    expect(implementWindows(journal)).toHaveLength(2);
    expect(journal).toContainEqual(
      expect.objectContaining({ event: "parallel", stories: ["US-1", "US-2"] }),
    );
    // Each verified in its lane, then again on the combined tree, then the final re-check.
    expect(records(handle.recordDir).map((r) => r.phase)).toEqual([
      "plan",
      "implement",
      "implement",
      "verify",
      "verify",
      "verify",
      "verify",
      "verify",
    ]);
    expect(w.remoteGit("show", `${BRANCH}:US-1.txt`)).toBe("made by US-1");
    expect(w.remoteGit("show", `${BRANCH}:US-2.txt`)).toBe("made by US-2");
    const merges = w.remoteGit("log", "--merges", "--format=%s", BRANCH).split("\n");
    expect(merges).toEqual([
      "ralph(issue-1-add-greeting-files): combine US-2 (parallel group 1)",
      "ralph(issue-1-add-greeting-files): combine US-1 (parallel group 1)",
    ]);
    const stories = w.fake.stateOf(ISSUE)!.prd!.stories;
    expect(stories.map((s) => [s.id, s.status, s.attempts])).toEqual([
      ["US-1", "passed", 1],
      ["US-2", "passed", 1],
    ]);
    expect(w.remoteGit("branch", "--list", "ralph-parallel/*")).toBe("");
    // Every agent run of the batch is on the budget, though the machine got four results for six.
    expect(w.fake.stateOf(ISSUE)!.counters.agentRuns).toBe(records(handle.recordDir).length);
  });

  it("two overlapping stories of one group run in sequence, with the reason logged", async () => {
    const { w, handle } = await world({
      plan: [
        planStep(
          prdOf(grouped("US-1", ["shared.txt", "US-1.txt"]), grouped("US-2", ["shared.txt"])),
        ),
      ],
      implement: [{ files: { "{{STORY}}.txt": "made by {{STORY}}\n" } }],
      verify: [verdict.pass("{{STORY}}.txt exists")],
    });
    const { run, journal } = await planAndApprove(w, handle);
    expect(run.outputs.phase, run.stdout).toBe("done");
    expect(journal).toContainEqual(sequenced("US-2", "US-2 and US-1 both change shared.txt"));
    const [a, b] = implementWindows(journal);
    expect(a![1]).toBeLessThanOrEqual(b![0]);
    expect(w.remoteGit("log", "--merges", "--format=%s", BRANCH)).toBe("");
    expect(w.remoteGit("show", `${BRANCH}:US-1.txt`)).toBe("made by US-1");
    expect(w.remoteGit("show", `${BRANCH}:US-2.txt`)).toBe("made by US-2");
  });

  it("a story that fails in its worktree: nothing is merged, both run in sequence, every agent run counted", async () => {
    const once = tempDir("ralph-once-");
    const { w, handle } = await world({
      plan: [planStep(prdOf(grouped("US-1", ["US-1.txt"]), grouped("US-2", ["US-2.txt"])))],
      implement: [
        {
          files: { "{{STORY}}.txt": "made by {{STORY}}\n" },
          sh: `if [ '{{STORY}}' = US-1 ] && mkdir '${once}/failed' 2>/dev/null; then exit 1; fi`,
        },
      ],
      verify: [verdict.pass("{{STORY}}.txt exists")],
    });
    const { run, journal } = await planAndApprove(w, handle);
    expect(run.outputs.phase, run.stdout).toBe("done");
    expect(journal).toContainEqual(
      sequenced("US-2", "it comes after US-1, which did not pass in its worktree"),
    );
    expect(w.remoteGit("log", "--merges", "--format=%s", BRANCH)).toBe("");
    const state = w.fake.stateOf(ISSUE)!;
    expect(state.prd!.stories.map((s) => [s.id, s.status])).toEqual([
      ["US-1", "passed"],
      ["US-2", "passed"],
    ]);
    // The batch's runs (two implements, one verify) are on the budget with the rest.
    expect(state.counters.agentRuns).toBe(records(handle.recordDir).length);
  });
});
