import { describe, expect, it } from "vitest";
import { newCandidate } from "../../src/core/candidate.js";
import type { MachineState } from "../../src/core/state.js";
import { dispatchEvent, planThroughAction, pushToBranch, seedIssue } from "./flows.js";
import { BRANCH, ISSUE, MAINTAINER, SPEC_ID } from "./greeting-issue.js";
import { type AgentCall, agentCalls, runAction, type World, worldPerTest } from "./harness.js";

/**
 * The seed-000 candidate rule across runs: a runner killed between implement and verify leaves
 * the implementation on the branch; the next run verifies it instead of implementing again.
 */
describe("the built action resumes a runner killed between implement and verify", {
  timeout: 120_000,
}, () => {
  const newWorld = worldPerTest();

  async function plannedWorld(): Promise<{ w: World; planned: MachineState }> {
    const w = await newWorld();
    seedIssue(w);
    await planThroughAction(w);
    return { w, planned: w.fake.stateOf(ISSUE)! };
  }

  /** The state an approved run would have saved, with story US-1 as given. */
  function approved(
    planned: MachineState,
    phase: "implementing" | "verifying",
    us1: { attempts: number; commit: string | null },
  ): MachineState {
    const prd = planned.prd!;
    return {
      ...planned,
      revision: planned.revision + 1,
      phase,
      pendingStep: phase === "verifying" ? "verify" : "implement",
      currentStory: "US-1",
      approvals: [{ login: MAINTAINER, revision: prd.revision, channel: "comment" }],
      approvedBy: [MAINTAINER],
      counters: { ...planned.counters, agentRuns: planned.counters.agentRuns + us1.attempts },
      prd: {
        ...prd,
        stories: prd.stories.map((s) =>
          s.id === "US-1" ? { ...s, status: "running", ...us1 } : s,
        ),
      },
    };
  }

  it("state says verifying with commit C recorded: the next run verifies C, never implements US-1", async () => {
    const { w, planned } = await plannedWorld();
    const commit = pushToBranch(
      w,
      { "greeting-US-1.txt": "hello from US-1\n" },
      `ralph(${SPEC_ID}): US-1 First greeting`,
    );
    w.fake.seedState(approved(planned, "verifying", { attempts: 1, commit }));

    const run = await runAction(w, {
      eventName: "workflow_dispatch",
      payload: dispatchEvent(ISSUE, "verify"),
      inputs: { issue: String(ISSUE), phase: "verify" },
    });
    expect(run.stderr).toBe("");
    expect(run.code, run.stdout).toBe(0);
    expect(w.fake.unhandled).toEqual([]);

    const calls = agentCalls(w).slice(1); // after the planner run of the first action run
    expectVerifiedFirst(calls, commit);

    const log = w.remoteGit("log", "--format=%H %s", `main..${BRANCH}`);
    expect(log).toContain(`${commit} ralph(${SPEC_ID}): US-1 First greeting`);
    expect(log).toContain(`ralph(${SPEC_ID}): US-1 verified`);
    expect(
      w
        .remoteGit("log", "--format=%s", `main..${BRANCH}`)
        .split("\n")
        .filter((s) => s.endsWith("US-1 First greeting")),
    ).toHaveLength(1);
    const state = w.fake.stateOf(ISSUE)!;
    expect(state.phase).toBe("done");
    expect(state.prd?.stories.find((s) => s.id === "US-1")).toMatchObject({
      status: "passed",
      commit,
      attempts: 1,
    });
    expect(run.outputs).toMatchObject({ phase: "done", status: "done" });
  });

  it("state still says implement, but the branch has C and its candidate file: C is verified, not re-implemented", async () => {
    const { w, planned } = await plannedWorld();
    const commit = candidateOnBranch(w, "hello from US-1\n");
    w.fake.seedState(approved(planned, "implementing", { attempts: 0, commit: null }));

    const run = await dispatchImplement(w);
    expect(run.code, run.stdout).toBe(0);
    expect(w.fake.unhandled).toEqual([]);

    const calls = agentCalls(w).slice(1);
    expectVerifiedFirst(calls, commit);
    expect(run.summary).toContain(`resumed candidate ${commit.slice(0, 12)} (no agent run)`);
    expect(w.fake.stateOf(ISSUE)!.prd?.stories.find((s) => s.id === "US-1")).toMatchObject({
      status: "passed",
      commit,
    });
  });

  it("a candidate the state already has a verdict for is implemented again (attempt 2 after a FAIL)", async () => {
    const { w, planned } = await plannedWorld();
    const commit = candidateOnBranch(w, "wrong\n");
    // The verifier failed C; the machine asked for a new implementation of US-1.
    w.fake.seedState({
      ...approved(planned, "implementing", { attempts: 1, commit }),
      verifierFeedback: "greeting is wrong",
    });

    const run = await dispatchImplement(w);
    expect(run.code, run.stdout).toBe(0);
    const calls = agentCalls(w).slice(1);
    expect(calls.map((c) => `${c.phase}:${c.story}:${c.attempt}`)).toEqual([
      "implement:US-1:2",
      "verify:US-1:2",
      "implement:US-2:1",
      "verify:US-2:1",
      "verify:US-1,US-2:1",
    ]);
    expect(calls[1]!.commit).not.toBe(commit);
  });
});

/**
 * What a run killed between implementing US-1 and verifying it leaves: US-1's commit (its
 * greeting file holding `greeting`) and, on top, the candidate file naming it. Returns the commit.
 */
function candidateOnBranch(w: World, greeting: string): string {
  const commit = pushToBranch(
    w,
    { "greeting-US-1.txt": greeting },
    `ralph(${SPEC_ID}): US-1 First greeting`,
  );
  const candidate = newCandidate({
    specRel: `${SPEC_ID}.md`,
    specId: SPEC_ID,
    commit,
    nowIso: "2026-01-02T03:04:05Z",
    storyId: "US-1",
  });
  pushToBranch(
    w,
    { [`.ralph/specs/candidates/${SPEC_ID}.json`]: `${JSON.stringify(candidate, null, 2)}\n` },
    `ralph(${SPEC_ID}): candidate US-1 ${commit.slice(0, 12)}`,
  );
  return commit;
}

/** The workflow_dispatch App mode sends for the implement step. */
const dispatchImplement = (w: World) =>
  runAction(w, {
    eventName: "workflow_dispatch",
    payload: dispatchEvent(ISSUE, "implement"),
    inputs: { issue: String(ISSUE), phase: "implement" },
  });

/** The run verified `commit` as US-1 without implementing it again, then did US-2 and the gate. */
function expectVerifiedFirst(calls: AgentCall[], commit: string): void {
  expect(calls.map((c) => `${c.phase}:${c.story}`)).toEqual([
    "verify:US-1",
    "implement:US-2",
    "verify:US-2",
    "verify:US-1,US-2",
  ]);
  expect(calls[0]!.commit).toBe(commit);
}
