/**
 * The Action's loop in-process, against the fake GitHub API: checkpoints, the deadline, explicit
 * phases and results landing on a state another writer changed. Agent steps are stubbed here
 * (the acceptance tests run real ones); everything GitHub-side is real HTTP.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DriveOptions, driveIssue } from "../../src/action/drive.js";
import type { IssueSession } from "../../src/action/session.js";
import type { StepContext, StepOutcome } from "../../src/action/steps.js";
import type { Clock } from "../../src/agents/types.js";
import { initialState, type MachineState } from "../../src/core/state.js";
import { type FakeGitHub, user } from "../support/fake-github/index.js";
import { SESSION_HUMAN, SESSION_ISSUE, startIssueSession } from "./issue-session-fixture.js";

const ISSUE = SESSION_ISSUE;
const HUMAN = SESSION_HUMAN;

const slept: number[] = [];

function fixedClock(ms: number): Clock {
  return {
    now: () => new Date(ms),
    sleep: async (wait) => {
      slept.push(wait);
    },
  };
}

describe("driveIssue", () => {
  let fake: FakeGitHub;
  let session: IssueSession;
  let ran: string[];
  let continued: string[];

  beforeEach(async () => {
    ({ fake, session } = await startIssueSession({ clock: fixedClock(1_000) }));
    ran = [];
    continued = [];
    slept.length = 0;
  });

  afterEach(async () => {
    await fake.close();
    fake.assertValid();
  });

  function planning(extra: Partial<MachineState> = {}): MachineState {
    return {
      ...initialState(ISSUE),
      revision: 3,
      phase: "planning",
      pendingStep: "plan",
      ...extra,
    };
  }

  function options(
    runStep: DriveOptions["runStep"],
    phase: DriveOptions["phase"] = "auto",
  ): DriveOptions {
    return {
      phase,
      prepareStep: async () => ({}) as StepContext,
      runStep,
      continueLater: async (step) => {
        continued.push(step);
      },
    };
  }
  /** Options whose step fails the test: `why` no step may run there. */
  const noStep = (why: string) =>
    options(async () => {
      throw new Error(why);
    });

  const questions = (): StepOutcome => ({
    result: { step: "plan", kind: "questions", questions: ["Which colour?"], uncertainties: [] },
    usage: { tokens: 10 },
    summary: "1 question",
  });

  it("runs the pending step, saves its result and stops at the human gate", async () => {
    fake.seedState(planning());
    await driveIssue(
      session,
      options(async (_ctx, _state, step) => {
        ran.push(step);
        return questions();
      }),
    );
    expect(ran).toEqual(["plan"]);
    const state = fake.stateOf(ISSUE)!;
    expect(state).toMatchObject({
      phase: "questions",
      openQuestions: ["Which colour?"],
      runUrl: session.runUrl,
    });
    expect(state.counters).toMatchObject({ agentRuns: 1, tokens: 10 });
    expect(fake.botComments(ISSUE).some((c) => c.body.includes("Which colour?"))).toBe(true);
    expect(session.record.steps).toEqual([
      { step: "plan", storyId: null, outcome: "1 question", durationMs: 0 },
    ]);
    expect(fake.unhandled).toEqual([]);
  });

  it("past the deadline no step starts: the rest is handed to a new run", async () => {
    fake.seedState(planning());
    session.clock = fixedClock(5_000);
    await driveIssue(session, noStep("no step may run"));
    expect(continued).toEqual(["plan"]);
    expect(fake.stateOf(ISSUE)).toMatchObject({ phase: "planning", pendingStep: "plan" });
    expect(session.record.notes.join("\n")).toContain("continues in a new run");
  });

  it("a checkpoint applies commands written while the agent ran: notes for the planner, `/ralph stop`", async () => {
    const status = fake.seedState(planning());
    fake.seedState({ ...planning(), watermark: { commentId: status.id, reviewId: 0 } });
    const notes = fake.addComment(ISSUE, "/ralph plan keep it small", user(HUMAN));
    const stop = fake.addComment(ISSUE, "/ralph stop", user(HUMAN));
    fake.addComment(ISSUE, "/ralph stop", user("mallory")); // no permission: denied once
    await driveIssue(session, noStep("stopped before any step"));
    const state = fake.stateOf(ISSUE)!;
    expect(state).toMatchObject({
      phase: "stopped",
      resumePhase: "planning",
      resumeStep: "plan",
      planNotes: ["keep it small"],
    });
    expect(state.watermark.commentId).toBeGreaterThan(stop.id);
    expect(fake.reactions.get(notes.id)?.map((r) => r.content)).toEqual(["eyes"]);
    expect(fake.reactions.get(stop.id)?.map((r) => r.content)).toEqual(["eyes"]);
    const replies = fake.botComments(ISSUE).map((c) => c.body);
    expect(replies.some((b) => b.includes("its next planner run will read your notes"))).toBe(true);
    expect(replies.some((b) => b.includes("Stopped by @octocat"))).toBe(true);
    expect(replies.some((b) => b.includes("@mallory"))).toBe(true);
    expect(fake.labelsOf(ISSUE)).toEqual(["ralph:stopped"]);
  });

  it("a checkpoint takes in the commands the App handed over from Ralph's PR (routedCommands)", async () => {
    const status = fake.seedState(planning());
    const onPr = fake.addComment(90, "/ralph plan mind the cache", user(HUMAN));
    const stop = fake.addComment(90, "/ralph stop", user(HUMAN));
    fake.seedState({
      ...planning(),
      prNumber: 90,
      routedCommands: [stop.id, onPr.id],
      watermark: { commentId: status.id, reviewId: 0 },
    });
    await driveIssue(session, noStep("stopped before any step"));
    const state = fake.stateOf(ISSUE)!;
    // In the order they were written: the notes first, then the stop.
    expect(state).toMatchObject({
      phase: "stopped",
      planNotes: ["mind the cache"],
      routedCommands: [],
    });
    expect(state.watermark.commentId).toBeGreaterThanOrEqual(stop.id);
    expect(fake.reactions.get(stop.id)?.map((r) => r.content)).toEqual(["eyes"]);
  });

  it("a result lands on the freshest state: stopped meanwhile, it is kept but nothing new starts", async () => {
    fake.seedState(planning());
    await driveIssue(
      session,
      options(async () => {
        // The App applies `/ralph stop` while the agent runs.
        const current = fake.stateOf(ISSUE)!;
        fake.seedState({
          ...current,
          revision: current.revision + 1,
          phase: "stopped",
          pendingStep: null,
          resumePhase: "planning",
          resumeStep: "plan",
          stopReason: "stopped by @octocat",
        });
        return questions();
      }),
    );
    const state = fake.stateOf(ISSUE)!;
    expect(state.phase).toBe("stopped");
    expect(state.resumePhase).toBe("questions");
    expect(state.counters.agentRuns).toBe(1);
    expect(fake.botComments(ISSUE).some((c) => c.body.includes("Which colour?"))).toBe(true);
  });

  it("an explicit phase that the state does not ask for runs what the state asks, with a note", async () => {
    fake.seedState(planning());
    await driveIssue(
      session,
      options(async (_c, _s, step) => {
        ran.push(step);
        return questions();
      }, "verify"),
    );
    expect(ran).toEqual(["plan"]);
    expect(session.record.notes.join("\n")).toContain(
      "Dispatched for `verify`; the state asked for `plan`",
    );
  });

  it("a crash inside a step becomes a crash result for the machine (retried, breaker counted)", async () => {
    fake.seedState(planning());
    let calls = 0;
    await driveIssue(
      session,
      options(async () => {
        calls += 1;
        throw new Error("disk full");
      }),
    );
    // Three crashes in a row open the circuit breaker (DESIGN §4.5), with backoff in between.
    expect(calls).toBe(3);
    expect(slept).toEqual([1_000, 2_000]);
    const state = fake.stateOf(ISSUE)!;
    expect(state.phase).toBe("failed");
    expect(state.stopReason).toContain("circuit breaker");
    expect(state.stopReason).toContain("disk full");
  });

  describe("usage limits within limits.max_usage_wait_minutes (default 360)", () => {
    /** A clock whose sleeps pass: the wait for a reset moves it on. */
    function movingClock(start: number): Clock {
      let now = start;
      return {
        now: () => new Date(now),
        sleep: async (wait) => {
          slept.push(wait);
          now += wait;
        },
      };
    }
    const limited = (retryAfterSeconds: number): StepOutcome => ({
      result: { step: "plan", kind: "usage_limit", retryAfterSeconds },
      usage: {},
      summary: "usage limit",
    });

    it("a reset within the ceiling and this run's time is waited out (+30 s); the step runs again, nothing counted", async () => {
      fake.seedState(planning());
      session.clock = movingClock(1_000);
      session.deadline = 1_000 + 3 * 3_600_000;
      let calls = 0;
      await driveIssue(
        session,
        options(async () => (++calls === 1 ? limited(3_600) : questions())),
      );
      expect(calls).toBe(2);
      expect(slept).toEqual([(3_600 + 30) * 1_000]);
      expect(continued).toEqual([]);
      const state = fake.stateOf(ISSUE)!;
      expect(state).toMatchObject({ phase: "questions", lastError: null });
      expect(state.breaker.count).toBe(0);
      expect(state.counters.agentRuns).toBe(1);
    });

    it("a reset past this run's time: the run waits to its deadline and a new run continues the step", async () => {
      fake.seedState(planning());
      session.clock = movingClock(1_000);
      session.deadline = 1_000 + 600_000;
      await driveIssue(
        session,
        options(async () => limited(3_600)),
      );
      expect(slept).toEqual([600_000]);
      expect(continued).toEqual(["plan"]);
      const state = fake.stateOf(ISSUE)!;
      expect(state).toMatchObject({ phase: "planning", pendingStep: "plan" });
      expect(state.breaker.count).toBe(0);
      expect(session.record.steps.map((s) => s.outcome)).toEqual([
        "usage limit: waited 10 min for the reset",
      ]);
    });

    it("a reset beyond the ceiling is a failure for the machine (breaker counted)", async () => {
      fake.seedState(planning());
      session.clock = movingClock(1_000);
      session.deadline = 1_000 + 3 * 3_600_000;
      let calls = 0;
      await driveIssue(
        session,
        options(async () => (++calls === 1 ? limited(7 * 3_600) : questions())),
      );
      expect(calls).toBe(2);
      // The only sleep is the breaker's backoff before the retry, not a wait for the reset.
      expect(slept).toEqual([1_000]);
      expect(fake.stateOf(ISSUE)!.phase).toBe("questions");
    });
  });

  it("without a status comment there is nothing to continue", async () => {
    await driveIssue(session, noStep("never"));
    expect(session.record.refusal).toContain("no status comment");
  });

  it("a status comment by another login (App mode with the wrong token) is named, not trusted", async () => {
    fake.addComment(
      ISSUE,
      (await import("../../src/core/render/index.js")).renderStatusComment(planning()),
      user("ralph-other[bot]", "Bot"),
    );
    await driveIssue(session, noStep("never"));
    expect(session.record.refusal).toContain("written by @ralph-other[bot]");
    expect(session.record.refusal).toContain("create-github-app-token");
  });
});
