/**
 * Issue 17's CI gate through the BUILT action (Actions-only mode), on the shared fake GitHub:
 * after the last story Ralph waits in `ci` with no runner held; a red check with a failing job log
 * becomes a follow-up whose implementer prompt and RALPH_FEEDBACK_FILE hold the log's end; green
 * marks the pull request ready; a check that stays red stops at `limits.max_ci_fixes`; no check
 * at all marks it ready after `verify.ci_wait_minutes` with the note.
 */
import { describe, expect, it } from "vitest";
import { ciWorkflowRunCompleted } from "../fixtures/webhooks/index.js";
import { BRANCH, commentEvent, dispatchEvent, ISSUE, seedIssue } from "./flows.js";
import { expectPhase, PR, pushConfig } from "./followup-flows.js";
import { agentCalls, type World, worldPerTest } from "./harness.js";

/** What the failing job printed last: the follow-up's feedback must carry it. */
const FAILURE_LINE = "AssertionError: expected 'Hello' to equal 'Hello, world!'";
const JOB_LOG = `${Array.from({ length: 300 }, (_, i) => `2026-01-02T03:04:05.0000000Z setup ${i}`).join("\n")}\n2026-01-02T03:04:06.0000000Z ${FAILURE_LINE}\n##[error]Process completed with exit code 1.`;
const ENV = { SCRIPTED_PROBE: FAILURE_LINE };

function head(w: World): string {
  return w.remoteGit("rev-parse", BRANCH);
}

/** The repository's CI workflow run on the pull request's head completed with `conclusion`. */
function ciCompleted(w: World, conclusion: string) {
  const sha = head(w);
  return {
    eventName: "workflow_run",
    payload: ciWorkflowRunCompleted({
      sha,
      conclusion,
      pulls: [{ number: PR, headRef: BRANCH, headSha: sha }],
    }),
    env: ENV,
  };
}

const status = (w: World) => w.fake.stateOf(ISSUE);
const labels = (w: World) => w.fake.labelsOf(ISSUE).filter((l) => l.startsWith("ralph:"));
const readyMarks = (w: World) =>
  w.fake.requests.filter(
    (r) =>
      r.route === "POST /graphql" && /markPullRequestReadyForReview/.test(JSON.stringify(r.body)),
  ).length;

describe("the built action's CI gate", { timeout: 300_000 }, () => {
  const makeWorld = worldPerTest();

  /** A world whose repository's CI reports nothing until a test seeds it; the issue ends in ci. */
  async function waitingWorld(config?: string): Promise<World> {
    const w = await makeWorld();
    seedIssue(w);
    pushConfig(w, config);
    w.fake.ci.passByDefault = false;
    await expectPhase(w, "awaiting_approval", {
      eventName: "issue_comment",
      payload: commentEvent(w, "/ralph plan"),
      env: ENV,
    });
    const approved = await expectPhase(w, "ci", {
      eventName: "issue_comment",
      payload: commentEvent(w, "/approve"),
      env: ENV,
    });
    expect(approved.code).toBe(0);
    expect(labels(w)).toEqual(["ralph:ci"]);
    expect(status(w)?.ci).toMatchObject({ sha: head(w), fixes: 0 });
    return w;
  }

  it("a red check with a failing job log → a follow-up with the log's end in its prompt and feedback file → push → green → ready", async () => {
    const w = await waitingWorld();
    const agents = agentCalls(w).length;
    expect(readyMarks(w)).toBe(0);

    // Waiting spends no runner time: a sweep while the check runs starts no agent, holds nothing.
    const running = w.fake.ci.addCheckRun({
      sha: head(w),
      name: "test",
      status: "in_progress",
      conclusion: null,
      log: JOB_LOG,
    });
    const sweep = await expectPhase(w, "idle", {
      eventName: "schedule",
      payload: { schedule: "*/15 * * * *" },
      env: ENV,
    });
    expect(sweep.code).toBe(0);
    expect(status(w)?.phase).toBe("ci");
    expect(agentCalls(w)).toHaveLength(agents);
    expect(w.fake.dispatches).toEqual([]);

    // Red: the CI run's completion starts a round in a dispatched run (this run holds no agent).
    w.fake.ci.updateCheckRun(running.id, { status: "completed", conclusion: "failure" });
    await expectPhase(w, "planning", ciCompleted(w, "failure"));
    expect(agentCalls(w)).toHaveLength(agents);
    expect(w.fake.dispatches).toHaveLength(1);
    const before = head(w);
    await expectPhase(w, "ci", {
      eventName: "workflow_dispatch",
      payload: dispatchEvent(ISSUE, "amend"),
      inputs: { issue: String(ISSUE), phase: "amend" },
      env: ENV,
    });
    const round = agentCalls(w).slice(agents);
    // Ralph formed the story itself (no amend run): FU-1 implemented and verified, then the gate.
    expect(round.map((c) => [c.phase, c.story])).toEqual([
      ["implement", "FU-1"],
      ["verify", "FU-1"],
      ["verify", "US-1,US-2,FU-1"],
    ]);
    const implement = round[0]!;
    expect(implement.probe).toBe(true);
    expect(implement.feedbackProbe).toBe(true);
    expect(head(w)).not.toBe(before);
    expect(status(w)).toMatchObject({ phase: "ci", ci: { sha: head(w), fixes: 1 } });
    expect(readyMarks(w)).toBe(0);

    // Green on the new head: ready, said in a reply, no agent.
    w.fake.ci.addCheckRun({ sha: head(w), name: "test", conclusion: "success" });
    await expectPhase(w, "done", ciCompleted(w, "success"));
    expect(labels(w)).toEqual(["ralph:done"]);
    expect(readyMarks(w)).toBe(1);
    expect(agentCalls(w)).toHaveLength(agents + 3);
    const said = w.fake.botComments(ISSUE).map((c) => c.body);
    expect(said.some((b) => b.includes("The repository's CI passed on"))).toBe(true);
  });

  it("a check that stays red stops at limits.max_ci_fixes with the named reason", async () => {
    const w = await waitingWorld("limits:\n  max_ci_fixes: 1\n");
    w.fake.ci.addCheckRun({ sha: head(w), name: "test", conclusion: "failure", log: JOB_LOG });
    await expectPhase(w, "planning", ciCompleted(w, "failure"));
    await expectPhase(w, "ci", {
      eventName: "workflow_dispatch",
      payload: dispatchEvent(ISSUE, "amend"),
      inputs: { issue: String(ISSUE), phase: "amend" },
      env: ENV,
    });
    const agents = agentCalls(w).length;
    w.fake.ci.addCheckRun({ sha: head(w), name: "test", conclusion: "failure", log: JOB_LOG });
    await expectPhase(w, "failed", ciCompleted(w, "failure"));
    expect(status(w)?.stopReason).toContain("limits.max_ci_fixes");
    expect(labels(w)).toEqual(["ralph:failed"]);
    expect(agentCalls(w)).toHaveLength(agents);
    expect(readyMarks(w)).toBe(0);
    const said = w.fake.botComments(ISSUE).map((c) => c.body);
    expect(said.some((b) => b.includes("**Ralph stopped: CI fix limit reached"))).toBe(true);
  });

  it("no check at all: ready once verify.ci_wait_minutes passed (the clock in the state moved back), with the note", async () => {
    const w = await waitingWorld("verify:\n  ci_wait_minutes: 15\n");
    const agents = agentCalls(w).length;
    // Within the window a sweep keeps waiting.
    await expectPhase(w, "idle", { eventName: "schedule", payload: { schedule: "*/15 * * * *" } });
    expect(status(w)?.phase).toBe("ci");
    // The wait began 16 minutes ago, as the state says it (the injected clock of this test).
    const state = status(w)!;
    const since = new Date(Date.now() - 16 * 60_000).toISOString();
    w.fake.seedState({ ...state, ci: { ...state.ci!, since } });
    await expectPhase(w, "idle", { eventName: "schedule", payload: { schedule: "*/15 * * * *" } });
    expect(status(w)).toMatchObject({ phase: "done" });
    expect(status(w)?.ci?.note).toContain("No check of the repository's CI appeared");
    expect(readyMarks(w)).toBe(1);
    expect(agentCalls(w)).toHaveLength(agents);
  });
});
