import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliPerFile } from "../fixtures/pipeline/cli.js";
import { makeRepo, type TestRepo } from "../fixtures/pipeline/repo.js";
import {
  planStep,
  prdOf,
  type ScenarioHandle,
  verdict,
  writeScenario,
} from "../fixtures/pipeline/scenario.js";
import { tempDir } from "../support/temp.js";
import {
  grouped,
  implementWindows,
  type JournalLine,
  journalAt,
  rendezvous,
  sequenced,
} from "./fixtures.js";

/**
 * Issue 13 acceptance, seed 002 parallel groups in the BUILT CLI: two disjoint stories of one
 * group run at the same time (their implement runs overlap in ralph.log) and both are on the
 * branch after the combine; two overlapping stories run in sequence, with the reason logged.
 */
const ralph = cliPerFile();

const CONFIG = "parallel:\n  max: 2\nplanning:\n  research: off\n";

function journal(repo: TestRepo): JournalLine[] {
  return journalAt(join(repo.dir, ".ralph/runs/ralph.log"));
}

function ralphRun(repo: TestRepo, handle: ScenarioHandle) {
  return ralph(repo, handle, ["run"]);
}

describe("parallel groups in the built CLI", { timeout: 120_000 }, () => {
  it("two disjoint stories of one group run at once; both are on the branch after the combine", async () => {
    const meet = tempDir("ralph-meet-");
    const handle = writeScenario({
      plan: [planStep(prdOf(grouped("US-1", ["US-1.txt"]), grouped("US-2", ["US-2.txt"])))],
      implement: [{ files: { "{{STORY}}.txt": "made by {{STORY}}\n" }, sh: rendezvous(meet) }],
      verify: [verdict.pass("{{STORY}}.txt exists")],
    });
    const repo = makeRepo({ ".ralph/specs/pair.md": "# Pair\n", ".github/ralph.yml": CONFIG });
    const run = await ralphRun(repo, handle);
    expect(run.stderr).toBe("");
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain("parallel group 1: US-1, US-2 at the same time");
    // At once: the rendezvous (test/depth/fixtures.ts) lets neither implement run end before both
    // have started; the journal's windows cannot show it (see `implementWindows`).
    expect(implementWindows(journal(repo))).toHaveLength(2);
    // A real merge of each lane, then both stories verified again on the combined tree.
    expect(repo.git("show", "HEAD:US-1.txt")).toBe("made by US-1");
    expect(repo.git("show", "HEAD:US-2.txt")).toBe("made by US-2");
    const subjects = repo.git("log", "--format=%s").split("\n");
    expect(subjects).toContain("ralph(pair): combine US-1 (parallel group 1)");
    expect(subjects).toContain("ralph(pair): combine US-2 (parallel group 1)");
    expect(repo.git("log", "--merges", "--format=%s").split("\n").filter(Boolean)).toHaveLength(2);
    expect(run.stdout).toContain("US-1 PASS on the combined tree");
    expect(run.stdout).toContain("US-2 PASS on the combined tree");
    expect(run.stdout).toContain("pair.md: done");
    expect(repo.git("branch", "--list", "ralph-parallel/*")).toBe("");
    expect(repo.git("worktree", "list").trim().split("\n")).toHaveLength(1);
  });

  it("two overlapping stories of one group run in sequence, with the reason logged", async () => {
    const handle = writeScenario({
      plan: [
        planStep(
          prdOf(grouped("US-1", ["shared.txt", "US-1.txt"]), grouped("US-2", ["shared.txt"])),
        ),
      ],
      implement: [{ files: { "{{STORY}}.txt": "made by {{STORY}}\n" } }],
      verify: [verdict.pass("{{STORY}}.txt exists")],
    });
    const repo = makeRepo({ ".ralph/specs/pair.md": "# Pair\n", ".github/ralph.yml": CONFIG });
    const run = await ralphRun(repo, handle);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("US-2 runs in sequence: US-2 and US-1 both change shared.txt");
    const lines = journal(repo);
    expect(lines).toContainEqual(sequenced("US-2", "US-2 and US-1 both change shared.txt"));
    const [a, b] = implementWindows(lines);
    expect(a![1]).toBeLessThanOrEqual(b![0]);
    expect(repo.git("show", "HEAD:US-1.txt")).toBe("made by US-1");
    expect(repo.git("show", "HEAD:US-2.txt")).toBe("made by US-2");
    expect(run.stdout).toContain("pair.md: done");
  });

  it("a story that fails in its worktree stops the combine: nothing of the batch is merged, both run in sequence", async () => {
    const once = tempDir("ralph-once-");
    const handle = writeScenario({
      plan: [planStep(prdOf(grouped("US-1", ["US-1.txt"]), grouped("US-2", ["US-2.txt"])))],
      implement: [
        {
          files: { "{{STORY}}.txt": "made by {{STORY}}\n" },
          sh: `if [ '{{STORY}}' = US-1 ] && mkdir '${once}/failed' 2>/dev/null; then exit 1; fi`,
        },
      ],
      verify: [verdict.pass("{{STORY}}.txt exists")],
    });
    const repo = makeRepo({ ".ralph/specs/pair.md": "# Pair\n", ".github/ralph.yml": CONFIG });
    const run = await ralphRun(repo, handle);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/US-1 runs in sequence: its implement run ended \w+/);
    expect(run.stdout).toContain(
      "US-2 runs in sequence: it comes after US-1, which did not pass in its worktree",
    );
    expect(repo.git("log", "--merges", "--format=%s")).toBe("");
    expect(implementWindows(journal(repo))).toHaveLength(4);
    expect(repo.git("show", "HEAD:US-1.txt")).toBe("made by US-1");
    expect(repo.git("show", "HEAD:US-2.txt")).toBe("made by US-2");
    expect(run.stdout).toContain("pair.md: done");
  });

  it("stories that said disjoint but conflict on merge: the merge is aborted and the second runs in sequence", async () => {
    const handle = writeScenario({
      plan: [planStep(prdOf(grouped("US-1", ["US-1.txt"]), grouped("US-2", ["US-2.txt"])))],
      implement: [
        { files: { "{{STORY}}.txt": "made by {{STORY}}\n", "shared.txt": "{{STORY}}\n" } },
      ],
      verify: [verdict.pass("{{STORY}}.txt exists")],
    });
    const repo = makeRepo({ ".ralph/specs/pair.md": "# Pair\n", ".github/ralph.yml": CONFIG });
    const run = await ralphRun(repo, handle);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      "US-2 runs in sequence: merging it conflicted with US-1 in shared.txt",
    );
    expect(journal(repo)).toContainEqual(
      sequenced("US-2", "merging it conflicted with US-1 in shared.txt"),
    );
    expect(repo.git("log", "--merges", "--format=%s")).toBe(
      "ralph(pair): combine US-1 (parallel group 1)",
    );
    expect(repo.git("show", "HEAD:US-1.txt")).toBe("made by US-1");
    expect(repo.git("show", "HEAD:US-2.txt")).toBe("made by US-2");
    expect(repo.git("show", "HEAD:shared.txt")).toBe("US-2");
    expect(run.stdout).toContain("pair.md: done");
  });
});
