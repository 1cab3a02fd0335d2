/**
 * The story loop (machine/implementation.ts) in words and records: what the implementer's next
 * run reads, what the reviews, commit messages and the last reply say, and which failure Ralph
 * counts under which breaker signature. Kill-tests for the survivors of a Stryker pass.
 */
import { describe, expect, it } from "vitest";
import type { AgentResult } from "../../../src/core/events.js";
import { startStoryLoop } from "../../../src/core/machine/index.js";
import type { MachineState } from "../../../src/core/state.js";
import { result } from "./events.js";
import {
  config,
  dispatchOf,
  GATE_HELD,
  PHASE_FIXTURES,
  phaseFixture,
  replyOf,
  send,
} from "./fixtures.js";
import { verdict } from "./results.js";

const F = PHASE_FIXTURES;
const statuses = (s: MachineState) => s.prd?.stories.map((st) => st.status);

/** Both stories verified (the `done` fixture's), the regression gate's verify run under way. */
const gating = (fields: Record<string, unknown> = {}) =>
  phaseFixture("done", { phase: "verifying", pendingStep: "verify", finalCheck: true, ...fields });
const gate = (
  regressed: { storyId: string; feedback: string }[],
  extra: Partial<Extract<AgentResult, { kind: "regression" }>> = {},
) =>
  result({
    step: "verify",
    kind: "regression",
    commit: "c2",
    regressed,
    criteria: [],
    problem: null,
    ...extra,
  });
const GATE_HEADER =
  "The regression gate (the verifier re-checking every story on the final tree, commit c2) found that this story no longer holds";

describe("the regression gate's verdict", () => {
  it("reopens the regressed stories in PRD order, with the first one's feedback and criteria", () => {
    const criteria = [
      { criterion: "A renders", pass: false, story: " us-1 " },
      { criterion: "C renders", pass: false, story: "US-3" },
      { criterion: "Builds", pass: true },
    ];
    const out = send(
      gating(),
      gate(
        [
          { storyId: "US-2", feedback: "B is gone" },
          { storyId: "US-1", feedback: "  A is gone  " },
        ],
        { criteria },
      ),
    );
    expect(out.effects.slice(0, 2)).toEqual([
      {
        type: "commit_files",
        change: { kind: "reopen_stories", storyIds: ["US-1", "US-2"], criteria: [criteria[0]] },
        message: "ralph(issue-42-add-login): US-1, US-2 no longer verified",
      },
      {
        type: "post_review",
        body: `⚠️ **Before done, Ralph re-checked every story on the final tree: US-1, US-2 no longer hold**, so they go back to work.\n\n${GATE_HEADER}.\n\nA is gone`,
        planInvalidation: false,
      },
    ]);
    expect(out.state.verifierFeedback).toBe(`${GATE_HEADER}.\n\nA is gone`);
    expect(out.state.currentStory).toBe("US-1");
    expect(statuses(out.state)).toEqual(["running", "pending"]);
  });

  it("one story without feedback: the header alone, the issue named when there is no spec", () => {
    const out = send(gating({ specId: null }), gate([{ storyId: "US-2", feedback: " " }]));
    expect(out.effects.slice(0, 2)).toEqual([
      {
        type: "commit_files",
        change: { kind: "reopen_stories", storyIds: ["US-2"], criteria: [] },
        message: "ralph(issue-42): US-2 no longer verified",
      },
      {
        type: "post_review",
        body: `⚠️ **Before done, Ralph re-checked every story on the final tree: US-2 no longer holds**, so it goes back to work.\n\n${GATE_HEADER}.`,
        planInvalidation: false,
      },
    ]);
    expect(out.state.verifierFeedback).toBe(`${GATE_HEADER}.`);
  });

  it("a regressed story out of attempts fails, resumable at implementing", () => {
    const cfg = config({ limits: { max_attempts: 1 } });
    const out = send(gating(), gate([{ storyId: "US-2", feedback: "gone" }]), cfg);
    expect(out.state).toMatchObject({
      phase: "failed",
      resumePhase: "implementing",
      resumeStep: "implement",
      verifierFeedback: `${GATE_HEADER}.\n\ngone`,
    });
    expect(statuses(out.state)).toEqual(["passed", "failed"]);
  });

  it("no acceptable verdict: says so and counts it against the gate's own breaker", () => {
    const out = send(gating(), gate([], { problem: "no table" }));
    expect(out.state).toMatchObject({
      lastError: "The final re-check of all stories gave no acceptable verdict: no table",
      breaker: { signature: "bad_verdict:regression", count: 1 },
    });
    expect(dispatchOf(out.effects)).toEqual({ type: "dispatch", step: "verify" });
  });

  it("a gate verdict while one story is being verified changes nothing", () => {
    const out = send(F.verifying, GATE_HELD);
    expect(out.effects).toEqual([]);
    expect(out.state.phase).toBe("verifying");
    expect(out.state.prd).toEqual(F.verifying.prd);
  });
});

describe("the end of the story loop", () => {
  const story = (id: string, commit: string | null) => ({
    id,
    title: `Story ${id}`,
    status: "passed",
    attempts: 1,
    commit,
  });
  const withStories = (stories: ReturnType<typeof story>[], fields = {}) =>
    gating({ prd: { ...F.done.prd, stories }, ...fields });

  it.each([
    [[story("US-1", "c1"), story("US-2", null)], "c1"],
    [[story("US-1", null), story("US-2", null)], ""],
  ])("the done marker names the last commit a story has: %#", (stories, commit) => {
    const out = send(withStories(stories), GATE_HELD);
    expect(out.effects).toContainEqual({
      type: "commit_files",
      change: { kind: "done_marker", commit },
      message: "ralph(issue-42-add-login): all stories verified",
    });
  });

  it.each([
    [{}, "All 2 stories are verified. #7 is ready for review."],
    [{ prNumber: null }, "All 2 stories are verified. The pull request is ready for review."],
    [
      { kind: "spec_pr", specsDone: ["spec-a"] },
      "All 2 stories are verified. All 2 specs of this pull request are done. #7 is ready for review.",
    ],
    [{ kind: "spec_pr" }, "All 2 stories are verified. #7 is ready for review."],
    // A pull request of specs is the state's own number, as the gated reply names it.
    [{ kind: "spec_pr", prNumber: null }, "All 2 stories are verified. #42 is ready for review."],
  ])("with %o the last reply says %j", (fields, said) => {
    const out = send(withStories([story("US-1", "c1"), story("US-2", "c2")], fields), GATE_HELD);
    expect(out.state.phase).toBe("done");
    expect(replyOf(out.effects)).toBe(said);
  });

  it("without a spec id the issue is named, and no spec is recorded as done", () => {
    const fields = { kind: "spec_pr", specId: null, specsDone: ["spec-a"] };
    const out = send(withStories([story("US-1", "c1")], fields), GATE_HELD);
    expect(out.effects).toContainEqual({
      type: "commit_files",
      change: { kind: "done_marker", commit: "c1" },
      message: "ralph(issue-42): all stories verified",
    });
    expect(out.state.specsDone).toEqual(["spec-a"]);
  });

  it("a follow-up round that ends here says so itself, the pull request ready", () => {
    const round = {
      rounds: 1,
      current: { number: 1, source: "fix", by: "alice", feedback: { text: ["Rename it"] } },
    };
    const out = send(withStories([story("US-1", "c1")], { followUp: round }), GATE_HELD);
    expect(replyOf(out.effects)).toBe(
      "Follow-up round 1 is done: its stories and every earlier story are verified on the final tree. #7 is ready for review.",
    );
  });

  it("one story verified on its own needs no gate, and the reply says story is", () => {
    const one = phaseFixture("implementing", {
      prd: { ...F.done.prd, stories: [story("US-1", "c1")] },
    });
    const out = startStoryLoop(one, config());
    expect(replyOf(out.effects)).toBe("All 1 story is verified. #7 is ready for review.");
  });
});

describe("handing the PRD to the implementer", () => {
  it("starts from a clean slate: no planner feedback, questions, final check or old verdicts", () => {
    const approved = phaseFixture("run_gate", {
      feedback: ["Critic (round 1): vague"],
      openQuestions: ["Which database?"],
      finalCheck: true,
      verdictProblem: "no table",
      verifierFeedback: "The verifier rejected the work.",
      invalidation: { reason: "wrong module", attempt: 1 },
    });
    const out = startStoryLoop(approved, config());
    expect(out.state).toMatchObject({
      phase: "implementing",
      currentStory: "US-1",
      feedback: [],
      openQuestions: [],
      finalCheck: false,
      verdictProblem: null,
      verifierFeedback: null,
      invalidation: null,
    });
  });

  it("without a PRD fails, saying so", () => {
    const out = startStoryLoop(phaseFixture("run_gate", { prd: null }), config());
    expect(out.state).toMatchObject({
      phase: "failed",
      lastError: "internal: there is no PRD to implement",
    });
  });
});

describe("an implement run that changed nothing", () => {
  const noProgress = result({ step: "implement", kind: "no_progress", storyId: "US-1" });

  it("runs the implementer again, told why, under the story's own breaker", () => {
    const out = send(F.implementing, noProgress);
    expect(out.state).toMatchObject({
      lastError: "The implement run for US-1 changed nothing.",
      breaker: { signature: "no_progress:US-1", count: 1 },
      verifierFeedback:
        "Ralph's state guard rejected the work on attempt 1: it changed no files.\n\nImplement the story: make the code changes and leave them in the working tree.",
    });
    expect(dispatchOf(out.effects)).toEqual({
      type: "dispatch",
      step: "implement",
      storyId: "US-1",
    });
  });

  it("fails the story once max_attempts runs changed nothing, before the breaker", () => {
    const cfg = config({ limits: { max_attempts: 2 } });
    const once = send(F.implementing, noProgress, cfg).state;
    expect(once.phase).toBe("implementing");
    const out = send(once, noProgress, cfg);
    expect(out.state).toMatchObject({
      phase: "failed",
      stopReason: "story US-1 made no progress in 2 attempts (limits.max_attempts)",
    });
    expect(statuses(out.state)).toEqual(["failed", "pending"]);
  });
});

describe("the verifier's verdict on a story", () => {
  type Verdict = Extract<AgentResult, { kind: "verdict" }>;
  const on = (v: AgentResult, over: Partial<Verdict>) => result({ ...(v as Verdict), ...over });

  it("an empty problem is none: the verdict counts", () => {
    const out = send(F.verifying, on(verdict("US-1", "c1", "PASS"), { problem: "" }));
    expect(statuses(out.state)).toEqual(["passed", "running"]);
  });

  it.each([
    ["issue-42-add-login", "ralph(issue-42-add-login): US-1 verified"],
    [null, "ralph(issue-42): US-1 verified"],
  ])("a PASS in spec %j is committed as %j", (specId, message) => {
    const out = send(phaseFixture("verifying", { specId }), result(verdict("US-1", "c1", "PASS")));
    expect(out.effects[0]).toMatchObject({ type: "commit_files", message });
  });

  // Its commit_files effect is pinned by flows.test.ts's happy path.
  it("a PASS is reviewed with its commit and criteria", () => {
    const out = send(F.verifying, result(verdict("US-1", "c1", "PASS")));
    expect(out.effects.slice(1, 2)).toEqual([
      {
        type: "post_review",
        body: "✅ **US-1: Story US-1** verified at `c1`.\n\n| criterion | result |\n|---|---|\n| US-1 works | ✅ pass |",
        planInvalidation: false,
      },
    ]);
  });

  it("a verdict Ralph cannot accept is counted per story, and its breaker resumes at verifying", () => {
    const bad = on(verdict("US-1", "c1", "PASS"), { problem: "no table" });
    const once = send(F.verifying, bad);
    expect(once.state).toMatchObject({
      lastError: "The verifier's verdict on US-1 was not accepted: no table",
      breaker: { signature: "bad_verdict:US-1", count: 1 },
    });
    const out = send(send(once.state, bad).state, bad);
    expect(out.state).toMatchObject({
      phase: "failed",
      resumePhase: "verifying",
      resumeStep: "verify",
    });
  });

  it("a PASS for another commit than the story's (none yet) is not taken", () => {
    const uncommitted = phaseFixture("verifying", {
      prd: { ...F.verifying.prd, stories: [{ ...F.verifying.prd!.stories[0]!, commit: null }] },
    });
    const out = send(uncommitted, result(verdict("US-1", "c9abcdef1234", "PASS")));
    expect(out.state).toMatchObject({
      lastError:
        "The verifier reported PASS for commit c9abcde, but US-1 was implemented at (none).",
      breaker: { signature: "verify_commit_mismatch:US-1", count: 1 },
    });
  });

  it("a FAIL's feedback reaches the implementer and the review trimmed", () => {
    const fb = "  Criterion 1 is not met.\r\nThe button is missing.  ";
    const out = send(F.verifying, on(verdict("US-1", "c1", "FAIL"), { feedback: fb }));
    expect(out.state.verifierFeedback).toBe(
      "The verifier rejected the work on commit c1, attempt 1.\n\nCriterion 1 is not met.\r\nThe button is missing.",
    );
    expect(out.effects.find((e) => e.type === "post_review")).toEqual({
      type: "post_review",
      body: "❌ **US-1: Story US-1**, attempt 1 of 3: The verifier rejected the work on commit c1.\n\nCriterion 1 is not met.\r\nThe button is missing.\n\n| criterion | result |\n|---|---|\n| US-1 works | ❌ fail |",
      planInvalidation: false,
    });
  });

  it.each([
    ["\n  Button missing\nDetails follow", "Button missing"],
    ["Button missing\r\nDetails follow", "Button missing"],
  ])("the last FAIL's stop names the feedback's first line: %j", (feedback, line) => {
    const cfg = config({ limits: { max_attempts: 1 } });
    const out = send(F.verifying, on(verdict("US-1", "c1", "FAIL"), { feedback }), cfg);
    expect(out.state.stopReason).toBe(
      `story US-1 failed verification 1 time (limits.max_attempts): ${line}`,
    );
  });
});
