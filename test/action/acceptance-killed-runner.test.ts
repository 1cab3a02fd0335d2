/**
 * Issue 5 acceptance, with a runner that really dies: the built action is SIGKILLed by its own
 * verify agent (test/fixtures/action/agents/kill-runner-at-verify.mjs) right after implementing
 * US-1. Nothing is seeded by hand: whatever the killed run left on the branch and in the status
 * comment is what the next run starts from. That run verifies the US-1 commit without
 * implementing it again (seed 000 candidate rule).
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  BOTH_PASS_RUNS,
  commentEvent,
  dispatchEvent,
  planThroughAction,
  seedIssue,
} from "./flows.js";
import { BRANCH, ISSUE, SPEC_ID } from "./greeting-issue.js";
import { type ActionRun, agentCalls, runAction, type World, worldPerTest } from "./harness.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const KILLER = join(ROOT, "test/fixtures/action/agents/kill-runner-at-verify.mjs");

describe("the built action: a runner killed between implement and verify", {
  timeout: 180_000,
}, () => {
  const newWorld = worldPerTest();

  /** Plans, then approves in a run that is SIGKILLed when it starts verifying US-1. */
  async function killedAfterImplement(): Promise<{
    w: World;
    approve: Record<string, unknown>;
    us1Commit: string;
  }> {
    const w = await newWorld();
    seedIssue(w);
    await planThroughAction(w);
    const killedMarker = join(w.base, "killed");
    const approve = commentEvent(w, "/approve");
    const killed = await runAction(w, {
      eventName: "issue_comment",
      payload: approve,
      inputs: { "agent-command": `node ${KILLER} ${w.agentLog} ${killedMarker}` },
    });
    expect(existsSync(killedMarker), killed.stdout).toBe(true);
    expect(killed.code).toBeNull(); // ended by SIGKILL, like a lost runner
    expect(agentCalls(w).map((c) => `${c.phase}:${c.story ?? "-"}`)).toEqual([
      "plan:-",
      "implement:US-1",
    ]);
    const implemented = w
      .remoteGit("log", "--format=%H %s", `main..${BRANCH}`)
      .split("\n")
      .filter((l) => l.endsWith(`ralph(${SPEC_ID}): US-1 First greeting`));
    expect(implemented).toHaveLength(1);
    return { w, approve, us1Commit: implemented[0]!.split(" ")[0]! };
  }

  function expectVerifiedWithoutReimplementing(w: World, next: ActionRun, us1Commit: string) {
    expect(next.stderr).toBe("");
    expect(next.code, next.stdout).toBe(0);
    expect(w.fake.unhandled).toEqual([]);
    const calls = agentCalls(w);
    expect(calls.map((c) => `${c.phase}:${c.story ?? "-"}`)).toEqual(BOTH_PASS_RUNS);
    expect(calls[2]!.commit).toBe(us1Commit);
    const subjects = w.remoteGit("log", "--format=%s", `main..${BRANCH}`).split("\n");
    expect(subjects.filter((s) => s.endsWith("US-1 First greeting"))).toHaveLength(1);
    expect(subjects[0]).toBe(`ralph(${SPEC_ID}): done`);
    const state = w.fake.stateOf(ISSUE)!;
    expect(state.phase).toBe("done");
    expect(state.prd?.stories.find((s) => s.id === "US-1")).toMatchObject({
      status: "passed",
      commit: us1Commit,
    });
    expect(w.fake.pulls.get(state.prNumber!)!.draft).toBe(false);
    expect(next.outputs).toMatchObject({ phase: "done", status: "done", branch: BRANCH });
  }

  it("a workflow_dispatch for the issue (App mode) verifies the commit, never implements US-1 again", async () => {
    const { w, us1Commit } = await killedAfterImplement();
    const next = await runAction(w, {
      eventName: "workflow_dispatch",
      payload: dispatchEvent(ISSUE, "auto"),
      inputs: { issue: String(ISSUE), phase: "auto" },
    });
    expectVerifiedWithoutReimplementing(w, next, us1Commit);
  });

  it("re-running the killed job (same /approve event, Actions-only) does the same", async () => {
    const { w, approve, us1Commit } = await killedAfterImplement();
    const next = await runAction(w, { eventName: "issue_comment", payload: approve });
    expectVerifiedWithoutReimplementing(w, next, us1Commit);
  });
});
