/**
 * Issue 13, seed 002 parallel groups on GitHub as a job matrix, through the BUILT action: the
 * main job (`parallel-runners: true`) hands a batch of two disjoint stories over instead of
 * implementing (outputs + the state); two `mode: story` runs — started together, as a matrix
 * would — each push their short-lived branch with Ralph's record of the story's results; the
 * `mode: combine` run merges them with real merges, verifies them again on the combined tree,
 * marks both passed and deletes the short branches. A story that failed in its runner, a leg that
 * never ran and a matrix that never reached its combine all end with every story done.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { laneRecordMessage, parseLaneRecord } from "../../src/action/parallel-runners.js";
import { dispatchEvent } from "../action/flows.js";
import { type ActionRun, runAction, type World } from "../action/harness.js";
import { planStep, prdOf } from "../fixtures/pipeline/plans.js";
import { records, type Scenario, type ScenarioHandle } from "../fixtures/pipeline/scenario.js";
import { verdict } from "../fixtures/pipeline/steps.js";
import { countGit } from "../support/git-count.js";
import { tempDir } from "../support/temp.js";
import { configFile, journalOf, scriptedIssue } from "./action-issue.js";
import { grouped, implementWindows, rendezvous, sequenced } from "./fixtures.js";

const ISSUE = 1;

/** A parallel group of two stories on files of their own, each passing at once. */
const TWO_DISJOINT_STORIES: Scenario = {
  plan: [planStep(prdOf(grouped("US-1", ["US-1.txt"]), grouped("US-2", ["US-2.txt"])))],
  implement: [{ files: { "{{STORY}}.txt": "made by {{STORY}}\n" } }],
  verify: [verdict.pass("{{STORY}}.txt exists")],
};
const BRANCH = "ralph/1-add-greeting-files";
const SPEC = "issue-1-add-greeting-files";
const lane = (story: string) => `ralph-parallel/${SPEC}/${story}`;

describe("parallel groups as a job matrix through the built action", { timeout: 180_000 }, () => {
  const { world, comment, issue } = scriptedIssue({
    files: configFile("parallel:\n  max: 2\nplanning:\n  research: off\n"),
  });

  async function dispatched(scenario: Scenario): Promise<{
    w: World;
    handle: ScenarioHandle;
    event: Record<string, unknown>;
    main: ActionRun;
  }> {
    const { w, handle } = await world(scenario);
    const planned = await comment(w, handle, "/ralph plan");
    expect(planned.outputs.phase, planned.stdout + planned.stderr).toBe("awaiting_approval");
    const event = issue.commentEvent(w, "/approve");
    const main = await runAction(w, {
      eventName: "issue_comment",
      payload: event,
      inputs: { "agent-command": handle.command, "parallel-runners": "true" },
    });
    expect(main.code, main.stdout + main.stderr).toBe(0);
    return { w, handle, event, main };
  }

  /** A matrix job: the workflow run's event, the main job's issue and one story. */
  const leg = (
    w: World,
    d: { handle: ScenarioHandle; event: Record<string, unknown> },
    story: string,
  ) =>
    runAction(w, {
      eventName: "issue_comment",
      payload: d.event,
      inputs: { "agent-command": d.handle.command, mode: "story", story, issue: String(ISSUE) },
    });

  const combine = (
    w: World,
    d: { handle: ScenarioHandle; event: Record<string, unknown> },
    env?: Record<string, string>,
  ) =>
    runAction(w, {
      eventName: "issue_comment",
      payload: d.event,
      inputs: { "agent-command": d.handle.command, mode: "combine", issue: String(ISSUE) },
      ...(env === undefined ? {} : { env }),
    });

  it("the main job hands the batch over, two runners run one story each at once, the combine merges, re-verifies and passes both", async () => {
    const meet = tempDir("ralph-meet-");
    const d = await dispatched({
      ...TWO_DISJOINT_STORIES,
      implement: [{ files: { "{{STORY}}.txt": "made by {{STORY}}\n" }, sh: rendezvous(meet) }],
    });
    const { w, handle, main } = d;
    const base = w.remoteGit("rev-parse", BRANCH);
    expect(main.outputs).toMatchObject({
      status: "running",
      issue: "1",
      "parallel-stories": '["US-1","US-2"]',
      "parallel-base": base,
    });
    // Nothing was implemented in the main job; the state (and the status comment) say where it went.
    expect(records(handle.recordDir).map((r) => r.phase)).toEqual(["plan"]);
    const handed = w.fake.stateOf(ISSUE)!;
    expect(handed.parallelDispatch).toMatchObject({ stories: ["US-1", "US-2"], base });
    expect(w.fake.statusComment(ISSUE)?.body).toContain("**Parallel runners:**");

    const legs = await Promise.all([leg(w, d, "US-1"), leg(w, d, "US-2")]);
    for (const run of legs) expect(run.code, run.stdout + run.stderr).toBe(0);
    // At once: the rendezvous (test/depth/fixtures.ts) lets neither implement run end before both
    // have started; the journal's windows cannot show it (see `implementWindows`). Each runner's
    // own ralph.log holds its one implement run.
    for (const run of legs) expect(implementWindows(journalOf(run))).toHaveLength(1);
    // The legs wrote nothing to the issue; each pushed its branch with Ralph's record on top.
    expect(w.fake.stateOf(ISSUE)!.revision).toBe(handed.revision);
    for (const id of ["US-1", "US-2"]) {
      expect(w.remoteGit("show", `${lane(id)}:${id}.txt`)).toBe(`made by ${id}`);
      expect(w.remoteGit("log", "-1", "--format=%s", lane(id))).toBe(
        `ralph(${SPEC}): ${id} PASS in its own runner (parallel group 1)`,
      );
    }

    const git = countGit({ thisProcess: false });
    onTestFinished(() => git.remove());
    const done = await combine(w, d, git.env);
    expect(done.code, done.stdout + done.stderr).toBe(0);
    expect(done.outputs.phase, done.stdout).toBe("done");
    // Both lanes in one fetch (one round trip to GitHub, not one a lane).
    const refspec = (id: string) => `+refs/heads/${lane(id)}:refs/remotes/origin/${lane(id)}`;
    expect(git.calls().filter((c) => c.startsWith("fetch ") && c.includes(lane("")))).toEqual([
      `fetch --verbose origin ${refspec("US-1")} ${refspec("US-2")}`,
    ]);
    expect(w.remoteGit("log", "--merges", "--format=%s", BRANCH).split("\n")).toEqual([
      `ralph(${SPEC}): combine US-2 (parallel group 1)`,
      `ralph(${SPEC}): combine US-1 (parallel group 1)`,
    ]);
    expect(w.remoteGit("show", `${BRANCH}:US-1.txt`)).toBe("made by US-1");
    expect(w.remoteGit("show", `${BRANCH}:US-2.txt`)).toBe("made by US-2");
    // The record commits stay on the short branches, which are gone.
    expect(w.remoteGit("log", "--format=%s", BRANCH)).not.toContain("in its own runner");
    expect(w.remoteGit("branch", "--list", "ralph-parallel/*")).toBe("");
    const state = w.fake.stateOf(ISSUE)!;
    expect(state.parallelDispatch).toBeUndefined();
    expect(state.prd!.stories.map((s) => [s.id, s.status, s.attempts])).toEqual([
      ["US-1", "passed", 1],
      ["US-2", "passed", 1],
    ]);
    // Plan; each leg's implement and verify; both again on the combined tree; the final re-check.
    const phases = records(handle.recordDir).map((r) => r.phase);
    expect(phases.filter((p) => p === "implement")).toHaveLength(2);
    expect(phases.filter((p) => p === "verify")).toHaveLength(5);
    // Every agent run of every runner is on the budget.
    expect(state.counters.agentRuns).toBe(phases.length);
  });

  it("a story that failed in its runner and a leg that never ran are not merged; both run in sequence after the combine", async () => {
    const d = await dispatched(TWO_DISJOINT_STORIES);
    const { w, handle } = d;
    // US-1's runner: its agent fails; US-2's runner never ran (cancelled, or its job crashed).
    handle.update({
      implement: [{ exit: 1 }],
      verify: [verdict.pass("{{STORY}}.txt exists")],
    });
    const failed = await leg(w, d, "US-1");
    expect(failed.code, failed.stdout + failed.stderr).toBe(0);
    expect(w.remoteGit("rev-parse", `${lane("US-1")}^`)).toBe(w.remoteGit("rev-parse", BRANCH));
    handle.update({
      implement: [{ files: { "{{STORY}}.txt": "made by {{STORY}}\n" } }],
      verify: [verdict.pass("{{STORY}}.txt exists")],
    });
    const done = await combine(w, d);
    expect(done.outputs.phase, done.stdout + done.stderr).toBe("done");
    const journal = journalOf(done);
    expect(journal).toContainEqual(
      sequenced("US-1", expect.stringMatching(/^in its runner, its implement run ended/)),
    );
    expect(journal).toContainEqual(
      sequenced("US-2", "its runner pushed no result (it failed, was cancelled or never ran)"),
    );
    expect(w.remoteGit("log", "--merges", "--format=%s", BRANCH)).toBe("");
    expect(w.remoteGit("show", `${BRANCH}:US-1.txt`)).toBe("made by US-1");
    expect(w.remoteGit("show", `${BRANCH}:US-2.txt`)).toBe("made by US-2");
    expect(w.remoteGit("branch", "--list", "ralph-parallel/*")).toBe("");
    const state = w.fake.stateOf(ISSUE)!;
    expect(state.prd!.stories.map((s) => s.status)).toEqual(["passed", "passed"]);
    // The failed runner's implement run is on the budget too.
    expect(state.counters.agentRuns).toBe(records(handle.recordDir).length);
  });

  it("a result record someone other than Ralph committed, or one whose commit is off the batch's base, is refused: the combine runs the batch itself", async () => {
    const d = await dispatched(TWO_DISJOINT_STORIES);
    const { w } = d;
    for (const id of ["US-1", "US-2"]) expect((await leg(w, d, id)).code).toBe(0);
    // Someone with push access replaces US-1's branch: work of their own and a PASS record in
    // Ralph's format naming it, copied from Ralph's record and committed as themselves.
    const honest = parseLaneRecord(w.remoteGit("log", "-1", "--format=%B", lane("US-1")));
    if (honest === null || !honest.ok) throw new Error("US-1's runner left no PASS record");
    const forged = forgeLane(w, lane("US-1"), honest.base, { "US-1.txt": "forged\n" }, (commit) =>
      laneRecordMessage(
        SPEC,
        {
          ...honest,
          implemented: { ...honest.implemented, commit },
          verdict: { ...honest.verdict, commit },
        },
        1,
      ),
    );
    expect(w.remoteGit("log", "-1", "--format=%ae", lane("US-1"))).toBe(forged.author);
    // US-2's branch: a record in Ralph's own name (a commit's author is not checked by git), for
    // work built on the repository's first commit instead of the batch's base.
    const ralphs = parseLaneRecord(w.remoteGit("log", "-1", "--format=%B", lane("US-2")));
    if (ralphs === null || !ralphs.ok) throw new Error("US-2's runner left no PASS record");
    const [name = "", email = ""] = w
      .remoteGit("log", "-1", "--format=%an%n%ae", lane("US-2"))
      .split("\n");
    const first = w.remoteGit("rev-list", "--max-parents=0", BRANCH);
    const offBase = forgeLane(
      w,
      lane("US-2"),
      first,
      { "US-2.txt": "off the base\n" },
      (commit) =>
        laneRecordMessage(
          SPEC,
          {
            ...ralphs,
            implemented: { ...ralphs.implemented, commit },
            verdict: { ...ralphs.verdict, commit },
          },
          1,
        ),
      { name, email },
    );
    expect(offBase.author).toBe(email);
    const done = await combine(w, d);
    expect(done.outputs.phase, done.stdout + done.stderr).toBe("done");
    expect(journalOf(done)).toContainEqual(
      sequenced("US-1", "its branch carries no result of Ralph's for this batch"),
    );
    expect(journalOf(done)).toContainEqual(
      sequenced("US-2", "its branch does not hold the commit its result names"),
    );
    // Nothing of the batch is merged; both stories run in sequence in the combine.
    expect(w.remoteGit("log", "--merges", "--format=%s", BRANCH)).toBe("");
    expect(w.remoteGit("show", `${BRANCH}:US-1.txt`)).toBe("made by US-1");
    expect(w.remoteGit("show", `${BRANCH}:US-2.txt`)).toBe("made by US-2");
    const history = w.remoteGit("log", "--format=%H", BRANCH);
    expect(history).not.toContain(forged.commit);
    expect(history).not.toContain(offBase.commit);
  });

  it("a matrix that never reached its combine: the next run finds the batch handed over and runs it in its own runner", async () => {
    const d = await dispatched(TWO_DISJOINT_STORIES);
    const { w, handle } = d;
    // One leg pushed, then the workflow run was cancelled: no combine.
    expect((await leg(w, d, "US-1")).code).toBe(0);
    const next = await runAction(w, {
      eventName: "workflow_dispatch",
      payload: dispatchEvent(ISSUE, "implement"),
      inputs: { "agent-command": handle.command, "parallel-runners": "true" },
    });
    // What the run said, so a failure below shows how the batch went (lanes, merges, sequence).
    const said = next.stdout
      .split("\n")
      .filter((line) => !line.startsWith("::"))
      .join("\n");
    expect(next.outputs.phase, said + next.stderr).toBe("done");
    expect(next.outputs["parallel-stories"]).toBe("[]");
    expect(next.stdout).toContain("was never combined");
    const merges = w.remoteGit("log", "--merges", "--format=%s", BRANCH);
    expect(merges.split("\n"), `${merges}\n---\n${said}`).toHaveLength(2);
    expect(w.remoteGit("branch", "--list", "ralph-parallel/*")).toBe("");
    const state = w.fake.stateOf(ISSUE)!;
    expect(state.parallelDispatch).toBeUndefined();
    expect(state.prd!.stories.map((s) => s.status)).toEqual(["passed", "passed"]);
  });
});

/**
 * Replaces `branch` in the remote as a person with push access could: `files` committed on `base`
 * and an empty commit whose message `record` writes, both authored by that person (or by the
 * name and e-mail given: git takes any).
 */
function forgeLane(
  w: World,
  branch: string,
  base: string,
  files: Record<string, string>,
  record: (commit: string) => string,
  as = { name: "Mallory", email: "mallory@example.com" },
): { commit: string; author: string } {
  const author = as.email;
  const dir = mkdtempSync(join(w.base, "forger-"));
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", `user.name=${as.name}`, "-c", `user.email=${author}`, ...args], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", HOME: w.home, GIT_CONFIG_NOSYSTEM: "1" },
      encoding: "utf8",
    }).trim();
  git("clone", "--quiet", `file://${w.remote}`, ".");
  git("checkout", "--quiet", "-b", "forged", base);
  for (const [path, content] of Object.entries(files)) writeFileSync(join(dir, path), content);
  git("add", "--all");
  git("commit", "--quiet", "-m", "my own work");
  const commit = git("rev-parse", "HEAD");
  git("commit", "--quiet", "--allow-empty", "-m", record(commit));
  git("push", "--quiet", "--force", "origin", `forged:refs/heads/${branch}`);
  return { commit, author };
}
