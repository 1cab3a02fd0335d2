import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { UserStory } from "../../src/core/prd.js";
import { bundleCli, runCli } from "../fixtures/pipeline/cli.js";
import { makeRepo, type TestRepo } from "../fixtures/pipeline/repo.js";
import {
  planStep,
  prdOf,
  type ScenarioHandle,
  verdict,
  writeScenario,
} from "../fixtures/pipeline/scenario.js";

/**
 * Issue 13 acceptance, seed 002 parallel groups in the BUILT CLI: two disjoint stories of one
 * group run at the same time (their implement runs overlap in ralph.log) and both are on the
 * branch after the combine; two overlapping stories run in sequence, with the reason logged.
 */
let cli: string;
beforeAll(async () => {
  cli = await bundleCli();
}, 60_000);

const CONFIG = "parallel:\n  max: 2\nplanning:\n  research: off\n";

function grouped(id: string, files: string[]): UserStory {
  return {
    id,
    title: `Story ${id}`,
    acceptanceCriteria: [`${id}.txt exists`],
    priority: 1,
    passes: false,
    notes: "",
    group: 1,
    files,
  };
}

/**
 * Each implement run marks that it started and waits (up to 10 s) until both have: run one after
 * the other, the first would time out and fail. So a pass proves the two ran at the same time.
 */
function rendezvous(dir: string): string {
  return `touch '${dir}/{{STORY}}'; for i in $(seq 100); do [ -e '${dir}/US-1' ] && [ -e '${dir}/US-2' ] && exit 0; sleep 0.1; done; exit 1`;
}

interface JournalLine {
  event: string;
  role?: string;
  time?: string;
  durationMs?: number;
  story?: string;
  reason?: string;
  run?: string;
}

function journal(repo: TestRepo): JournalLine[] {
  return readFileSync(join(repo.dir, ".ralph/runs/ralph.log"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as JournalLine);
}

function implementWindows(lines: JournalLine[]): [number, number][] {
  return lines
    .filter((l) => l.event === "agent_run" && l.role === "implement")
    .map((l) => {
      const start = Date.parse(l.time!);
      return [start, start + l.durationMs!];
    });
}

function ralphRun(repo: TestRepo, handle: ScenarioHandle) {
  return runCli(cli, ["run", "--agent", "command", "--agent-command", handle.command], {
    cwd: repo.dir,
    env: { ...repo.env, RALPH_BACKOFF_BASE_MS: "0" },
  });
}

describe("parallel groups in the built CLI", { timeout: 120_000 }, () => {
  it("two disjoint stories of one group run at once; both are on the branch after the combine", async () => {
    const meet = mkdtempSync(join(tmpdir(), "ralph-meet-"));
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
    const [a, b] = implementWindows(journal(repo));
    expect(a![0]).toBeLessThan(b![1]);
    expect(b![0]).toBeLessThan(a![1]);
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
    expect(lines).toContainEqual(
      expect.objectContaining({
        event: "sequence",
        story: "US-2",
        reason: "US-2 and US-1 both change shared.txt",
      }),
    );
    const [a, b] = implementWindows(lines);
    expect(a![1]).toBeLessThanOrEqual(b![0]);
    expect(repo.git("show", "HEAD:US-1.txt")).toBe("made by US-1");
    expect(repo.git("show", "HEAD:US-2.txt")).toBe("made by US-2");
    expect(run.stdout).toContain("pair.md: done");
  });
});
