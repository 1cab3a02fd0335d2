/**
 * Issue 9 acceptance, the built `ralph run` against adversaries that attack Ralph's state: verified
 * work deleted by a later story (rm, reset --hard, commit --amend), a symlink in place of the done
 * folder, a config edit that raises the budget, and a descendant that escapes the timeout.
 * Whatever they do: no done marker unless the work is there, a named stop reason, a bounded number
 * of agent runs, and verified work still on the branch at the end (assertSound).
 */
import { existsSync, lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isAlive, untilGone } from "../agents/helpers.js";
import type { CliRun } from "../fixtures/pipeline/cli.js";
import {
  CONFIG,
  calls,
  logDirOf,
  MAX_RUNS,
  play,
  promptOf,
  ralph,
  useBuiltCli,
  world,
} from "./cli-world.js";
import {
  agentLog,
  assertSound,
  US1_SENT_BACK_BY_THE_GATE,
  VERIFIED_WORK_DELETERS,
} from "./world.js";

useBuiltCli();

/** The done marker of a spec finished before: the done folder exists from the start. */
const EARLIER_DONE = ".ralph/specs/done/earlier-spec.md";

/** Implement runs the setsid case may take to meet its timeout with the child up (one, unless starved). */
const SETSID_TRIES = 3;

describe("soundness of the built CLI: Ralph's state and the timeout (issue 9)", {
  timeout: 120_000,
}, () => {
  it.each(VERIFIED_WORK_DELETERS)(
    "verified work deleted by the next story (%s: %s) goes back to work before done",
    async (adversary, _how) => {
      const { repo, run, log } = await play(adversary);
      expect(run.stdout).toContain("greet.md: done");
      expect(run.stdout).toContain("no longer holding on the final tree: US-1");
      expect(calls(log)).toEqual(US1_SENT_BACK_BY_THE_GATE);
      expect(repo.git("show", "HEAD:greeting-US-1.txt")).toBe("hello from US-1");
      // The final re-check's finding is the implementer's feedback for the story it sent back.
      expect(promptOf(repo, 7, "implement")).toContain("on the final tree US-1");
    },
  );

  it.each([
    ["where no done folder was", {}],
    ["in place of an existing done folder (an earlier spec's)", { [EARLIER_DONE]: "# Done\n" }],
  ])("a committed symlink %s fakes nothing, now or on the next run", async (_where, files) => {
    const { repo, run } = await play("symlink-done,always-fail", CONFIG(), files);
    expect(run.stdout).toContain("greet.md: failed [max_attempts_exhausted]");
    expect(lstatSync(join(repo.dir, ".ralph/specs")).isDirectory()).toBe(true);
    if (EARLIER_DONE in files) {
      expect(lstatSync(join(repo.dir, ".ralph/specs/done")).isDirectory()).toBe(true);
      expect(readFileSync(join(repo.dir, EARLIER_DONE), "utf8")).toBe("# Done\n");
    } else {
      expect(() => lstatSync(join(repo.dir, ".ralph/specs/done"))).toThrow();
    }
    // The branch holds what it held before: the earlier marker, no link, no marker for greet.
    expect(repo.git("ls-tree", "-r", "HEAD", ".ralph/specs")).not.toMatch(/^120000 /m);
    const done = repo
      .git("ls-tree", "-r", "--name-only", "HEAD")
      .split("\n")
      .filter((p) => p.startsWith(".ralph/specs/done"));
    expect(done).toEqual(Object.keys(files));
    // Ralph wrote nothing through the link: its target holds only what the agent put there.
    const linked = repo
      .git("ls-tree", "-r", "--name-only", "HEAD", ".fake-done")
      .split("\n")
      .filter((p) => p !== "");
    expect(linked).toEqual([".fake-done/greet.md"]);
    const status = await ralph(repo, "symlink-done,always-fail", ["status"]);
    expect(status.stdout).not.toMatch(/greet.md: done/);
    const again = await ralph(repo, "symlink-done,always-fail");
    expect(again.stdout).not.toContain("already done");
    expect(again.stdout).toContain("greet.md: failed [max_attempts_exhausted]");
  });

  it("an agent that commits a bigger budget into the config gets none of it, in this run or the next", async () => {
    const { repo, run, log } = await play("config-edit,always-fail");
    expect(run.stdout).toContain("greet.md: failed [max_attempts_exhausted]");
    expect(log.filter((e) => e.phase === "implement")).toHaveLength(2);
    expect(readFileSync(join(repo.dir, ".github/ralph.yml"), "utf8")).toBe(CONFIG());
    expect(repo.git("show", "HEAD:.github/ralph.yml")).toBe(CONFIG().trimEnd());
    const again = await ralph(repo, "config-edit,always-fail");
    expect(again.stdout).toContain("greet.md: failed [max_attempts_exhausted]");
    expect(agentLog(logDirOf(repo)).filter((e) => e.phase === "implement")).toHaveLength(4);
  });

  it("a setsid child holding stdout cannot outlive the phase timeout", async () => {
    // Planned under the default timeout, so only the hanging implement run meets the short one
    // (a planner slowed down by a loaded machine must not hit it).
    const config = CONFIG()
      .replace(`max_agent_runs: ${MAX_RUNS}`, "max_agent_runs: 1")
      .replace("max_attempts: 2", `max_attempts: ${SETSID_TRIES}`);
    const repo = world(config);
    const planned = await ralph(repo, "setsid");
    expect(planned.stdout).toContain("stopped: max_agent_runs_reached");
    // 15 s, as in the Action's case: a fresh-clone run beside two CPU hogs missed a 3 s window
    // three runs in a row (not reproduced: under a like load the child was up 1.4 s after the
    // CLI started).
    repo.write(".github/ralph.yml", `${config}  phase_timeout_minutes: 0.25\n`);
    repo.git("commit", "--quiet", "-am", "a short phase timeout");
    // Before the fix the run waited for the child, which never exits: the test's timeout ended it.
    // The promise is about a child that is up when the timeout comes; an agent starved for the
    // whole timeout never started one and was stopped like any hanging agent. Such a run is
    // followed by the next, as a user's next `ralph run` would be, until one had its child up.
    const pidFile = join(logDirOf(repo), "setsid-child.pid");
    let run: CliRun;
    let runs = 0;
    do {
      run = await ralph(repo, "setsid");
      runs += 1;
      expect(run.stdout).toContain("implement timed out");
      expect(run.stdout).toContain("stopped: max_agent_runs_reached");
    } while (!existsSync(pidFile) && runs < SETSID_TRIES);
    expect(
      existsSync(pidFile),
      `no child up in ${runs} runs; the last:\n${run.stdout}\n${run.stderr}`,
    ).toBe(true);
    const child = Number(readFileSync(pidFile, "utf8"));
    try {
      await untilGone(child);
    } finally {
      if (isAlive(child)) process.kill(child, "SIGKILL");
    }
    const log = agentLog(logDirOf(repo));
    // Each implement run that got as far as its first line logged itself.
    expect(calls(log)[0]).toBe("plan:");
    expect(calls(log).slice(1)).toEqual(
      calls(log)
        .slice(1)
        .map(() => "implement:US-1"),
    );
    expect(calls(log).length).toBeGreaterThanOrEqual(2);
    assertSound(repo, run.stdout, log, { maxRuns: 1 + runs, spec: "greet" });
  });
});
