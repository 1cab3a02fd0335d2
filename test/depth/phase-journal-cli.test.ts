import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliPerFile } from "../fixtures/pipeline/cli.js";
import { makeRepo, type TestRepo } from "../fixtures/pipeline/repo.js";
import {
  planStep,
  prdOf,
  type Step,
  story,
  verdict,
  writeScenario,
} from "../fixtures/pipeline/scenario.js";
import { type JournalLine, journalAt } from "./fixtures.js";

/**
 * Issue 13 item 5 in the BUILT CLI: `ralph.log` holds one JSON line per phase change of the story
 * loop (the machine's phases), with the time spent in the phase left and, where the change ends
 * the run, the reason.
 */
const ralph = cliPerFile();

const CONFIG = "planning:\n  research: off\nlimits:\n  max_attempts: 2\n";

function phases(repo: TestRepo): JournalLine[] {
  return journalAt(join(repo.dir, ".ralph/runs/ralph.log")).filter((l) => l.event === "phase");
}

/** An implement run that never fixes anything. */
const NEVER_FIXED: Step = { sh: "echo again >> a.txt" };

/** A repository with one spec of one story, whose runs answer `implement` and `verify`. */
function oneStory(implement: Step, verify: Step) {
  const handle = writeScenario({
    plan: [planStep(prdOf(story("US-1", 1)))],
    implement: [implement],
    verify: [verify],
  });
  return {
    handle,
    repo: makeRepo({ ".ralph/specs/one.md": "# One\n", ".github/ralph.yml": CONFIG }),
  };
}

function transitions(lines: readonly JournalLine[]): string[] {
  return lines.map((l) => `${l.from} -> ${l.to}`);
}

describe("phase lines in ralph.log through the built CLI", { timeout: 120_000 }, () => {
  it("a run that passes: implementing -> verifying -> done, each with its duration and no stop reason", async () => {
    const { repo, handle } = oneStory({ files: { "a.txt": "a\n" } }, verdict.pass());
    const run = await ralph(repo, handle, ["run"]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const lines = phases(repo);
    expect(transitions(lines)).toEqual(["implementing -> verifying", "verifying -> done"]);
    for (const line of lines) {
      expect(line).toMatchObject({ spec: "one", durationFrom: "phase_start", stopReason: null });
      expect(line.durationMs).toBeGreaterThanOrEqual(0);
      expect(Number.isNaN(Date.parse(line.time ?? ""))).toBe(false);
    }
    // Written in order, each after the agent runs of the phase it leaves.
    const all = journalAt(join(repo.dir, ".ralph/runs/ralph.log"));
    expect(all.map((l) => (l.event === "phase" ? `${l.from} -> ${l.to}` : l.role))).toEqual([
      "plan",
      "implement",
      "implementing -> verifying",
      "verify",
      "verifying -> done",
    ]);
  });

  it("a run that fails: the last line goes to failed with the named stop reason", async () => {
    const { repo, handle } = oneStory(NEVER_FIXED, verdict.fail("still broken"));
    const run = await ralph(repo, handle, ["run"]);
    expect(run.code).not.toBe(0);
    const lines = phases(repo);
    expect(transitions(lines)).toEqual([
      "implementing -> verifying",
      "verifying -> implementing",
      "implementing -> verifying",
      "verifying -> failed",
    ]);
    expect(lines.slice(0, -1).every((l) => l.stopReason === null)).toBe(true);
    const last = lines.at(-1);
    expect(last?.stopReason).toContain("limits.max_attempts");
    expect(last?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("a stop the CLI decides (the iteration cap) ends with a line to stopped and its reason", async () => {
    const { repo, handle } = oneStory(NEVER_FIXED, verdict.fail("still broken"));
    const run = await ralph(repo, handle, ["run", "--max-run-iterations", "1"]);
    expect(run.code).not.toBe(0);
    const lines = phases(repo);
    expect(transitions(lines)).toEqual([
      "implementing -> verifying",
      "verifying -> implementing",
      "implementing -> stopped",
    ]);
    expect(lines.at(-1)?.stopReason).toMatch(/^max_run_iterations_reached: /);
  });
});
