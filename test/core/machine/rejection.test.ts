import { describe, expect, it } from "vitest";
import type { Effect } from "../../../src/core/effects.js";
import type { AgentResult } from "../../../src/core/events.js";
import { transition } from "../../../src/core/machine/index.js";
import { type Rejection, rejectionHeader } from "../../../src/core/rejection.js";
import { renderStatusComment } from "../../../src/core/render/status.js";
import { initialState, type MachineState } from "../../../src/core/state.js";
import {
  alice,
  cmd,
  config,
  GOAL_SIMPLE,
  implemented,
  play,
  prdResult,
  result,
  verdict,
} from "./fixtures.js";

const C1 = "c1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0";
const C2 = "d2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1";

/** Planned, approved, US-1 implemented at C1: the verdict on it comes next. */
function verifying(): MachineState {
  const awaiting = play(initialState(42), [
    cmd("plan", "", alice, { goal: GOAL_SIMPLE }),
    result(prdResult()),
  ]).state;
  return play({ ...awaiting, prNumber: 7 }, [cmd("approve"), result(implemented("US-1", C1))])
    .state;
}

const reviewOf = (effects: Effect[]) =>
  effects.find((e): e is Extract<Effect, { type: "post_review" }> => e.type === "post_review")
    ?.body ?? "";

const fail = (rejectedBy?: Rejection, feedback = "FEEDBACK-BODY"): AgentResult => ({
  ...(verdict("US-1", C1, "FAIL") as Extract<AgentResult, { kind: "verdict" }>),
  feedback,
  ...(rejectedBy === undefined ? {} : { rejectedBy }),
});

const check: Rejection = { by: "check", command: "npm test", exitCode: 1, timedOut: false };

describe("who rejected an attempt is said first (issue 18)", () => {
  it.each<[string, Rejection | undefined, string, string]>([
    [
      "a failing check",
      check,
      "Ralph's check `npm test` failed (exit code 1) on commit c1a2b3c, attempt 1.",
      "❌ **US-1: Story US-1**, attempt 1 of 3: Ralph's check `npm test` failed (exit code 1) on commit c1a2b3c.",
    ],
    [
      "a check that timed out",
      { ...check, exitCode: null, timedOut: true },
      "Ralph's check `npm test` timed out (verify.check_timeout_minutes) on commit c1a2b3c, attempt 1.",
      "❌ **US-1: Story US-1**, attempt 1 of 3: Ralph's check `npm test` timed out",
    ],
    [
      "the verifier",
      undefined,
      "The verifier rejected the work on commit c1a2b3c, attempt 1.",
      "❌ **US-1: Story US-1**, attempt 1 of 3: The verifier rejected the work on commit c1a2b3c.",
    ],
    [
      "Ralph's own guard",
      { by: "guard", reason: "the verifier changed files although it must be read-only" },
      "Ralph's state guard rejected the work on commit c1a2b3c, attempt 1: the verifier changed files although it must be read-only.",
      "❌ **US-1: Story US-1**, attempt 1 of 3: Ralph's state guard rejected the work on commit c1a2b3c: the verifier",
    ],
  ])(
    "%s: the implementer's feedback, the review and the status comment name it",
    (_name, by, header, review) => {
      const next = transition(verifying(), result(fail(by)), config());
      expect(next.state.verifierFeedback).toBe(`${header}\n\nFEEDBACK-BODY`);
      expect(reviewOf(next.effects).startsWith(review)).toBe(true);
      expect(reviewOf(next.effects)).toContain("FEEDBACK-BODY");
      expect(renderStatusComment(next.state)).toContain(`**Last rejection (US-1):** ${header}`);
    },
  );

  it("a check never reads as the verifier's rejection, in the feedback or the review", () => {
    const next = transition(verifying(), result(fail(check)), config());
    expect(next.state.verifierFeedback).not.toMatch(/verifier rejected/i);
    expect(reviewOf(next.effects)).not.toMatch(/verifier rejected|failed verification/i);
  });

  it("the last attempt's stop names the check; the verifier's keeps its first line", () => {
    const cfg = config({ limits: { max_attempts: 1 } });
    const byCheck = transition(verifying(), result(fail(check)), cfg).state;
    expect(byCheck.stopReason).toBe(
      "story US-1 failed verification 1 time (limits.max_attempts): Ralph's check `npm test` failed (exit code 1) on commit c1a2b3c, attempt 1",
    );
    const byVerifier = transition(verifying(), result(fail(undefined, "AC1 fails")), cfg).state;
    expect(byVerifier.stopReason).toBe(
      "story US-1 failed verification 1 time (limits.max_attempts): AC1 fails",
    );
  });

  it("a run that changed nothing: Ralph's guard says so", () => {
    const state = play(verifying(), [
      result(fail(check)),
      result({ step: "implement", kind: "no_progress", storyId: "US-1" }),
    ]).state;
    expect(state.verifierFeedback?.split("\n")[0]).toBe(
      "Ralph's state guard rejected the work on attempt 2: it changed no files.",
    );
  });

  it("the regression gate: a check on the final tree, or the gate's verifier", () => {
    const passed = play(verifying(), [
      result(verdict("US-1", C1, "PASS")),
      result(implemented("US-2", C2)),
      result(verdict("US-2", C2, "PASS")),
    ]).state;
    expect(passed.finalCheck).toBe(true);
    const gate = (rejectedBy?: Rejection) =>
      transition(
        passed,
        result({
          step: "verify",
          kind: "regression",
          commit: C2,
          regressed: [
            { storyId: "US-2", feedback: "GATE-FEEDBACK", ...(rejectedBy && { rejectedBy }) },
          ],
          criteria: [],
          problem: null,
        }),
        config(),
      );
    const byCheck = gate(check);
    expect(byCheck.state.verifierFeedback).toBe(
      "Ralph's check `npm test` failed (exit code 1) on the final tree (commit d2b3c4d).\n\nGATE-FEEDBACK",
    );
    expect(reviewOf(byCheck.effects)).toContain(
      "Ralph's check `npm test` failed (exit code 1) on the final tree (commit d2b3c4d).",
    );
    expect(gate().state.verifierFeedback).toBe(
      "The regression gate (the verifier re-checking every story on the final tree, commit d2b3c4d) found that this story no longer holds.\n\nGATE-FEEDBACK",
    );
  });

  it("the header never breaks out of its code span or its line", () => {
    const header = rejectionHeader(
      { by: "check", command: "echo `x`\nrm -rf /", exitCode: 2, timedOut: false },
      { commit: null },
    );
    expect(header).toBe("Ralph's check `echo x rm -rf /` failed (exit code 2)");
  });
});

describe("the status comment names the commit each story's verdict judged", () => {
  it("a story with a commit shows it as git log --oneline does", () => {
    const next = transition(verifying(), result(verdict("US-1", C1, "PASS")), config());
    expect(renderStatusComment(next.state)).toContain(
      "- ✓ **US-1** Story US-1 (verified, 1 attempt, `c1a2b3c`)",
    );
  });
});
