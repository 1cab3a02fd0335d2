/**
 * The CI gate's words and edges (core/machine/ci-wait.ts): the ready reply, the stop past
 * `limits.max_ci_fixes`, the story Ralph forms from red checks, and the guards of a pull request
 * Ralph no longer holds — exact replies and whole states.
 */
import { describe, expect, it } from "vitest";
import type { CiVerdict } from "../../../src/core/ci-verdict.js";
import { ciDraft, ciGated, onCiResult } from "../../../src/core/machine/ci-wait.js";
import { makeCtx } from "../../../src/core/machine/context.js";
import { type MachineState, machineStateSchema } from "../../../src/core/state.js";
import {
  CI_HEAD,
  CI_SINCE,
  checkedStep,
  ciCheck,
  ciFailure,
  ciGreen,
  ciRed,
  ciResult,
  config,
  PHASE_FIXTURES,
  replyOf,
} from "./fixtures.js";

const GATED = config({ verify: { ci: "gate", ci_wait_minutes: 15 } });
const WAITING = PHASE_FIXTURES.ci;
const DONE = PHASE_FIXTURES.done;
const SHORT = CI_HEAD.slice(0, 12);
const READY = "#7 is ready for review.";

const withStories = (state: MachineState, n: number) =>
  machineStateSchema.parse({
    ...state,
    prd: state.prd && { ...state.prd, stories: state.prd.stories.slice(0, n) },
  });

describe("the ready reply", () => {
  it.each([
    [
      "green, two stories",
      WAITING,
      `All 2 stories are verified. The repository's CI passed on \`${SHORT}\`. ${READY}`,
    ],
    [
      "green, one story",
      withStories(WAITING, 1),
      `All 1 story is verified. The repository's CI passed on \`${SHORT}\`. ${READY}`,
    ],
    [
      // The same words as a pull request without the gate, the checks' sentence after them.
      "green, a pull request of two specs",
      machineStateSchema.parse({ ...WAITING, kind: "spec_pr", specsDone: ["spec-a", "spec-b"] }),
      `All 2 stories are verified. All 2 specs of this pull request are done. The repository's CI passed on \`${SHORT}\`. ${READY}`,
    ],
  ])("%s", (_name, state, said) => {
    const out = checkedStep(state, ciResult(ciGreen), GATED);
    expect(out.kinds).toBe("mark_pr_ready,reply,set_label");
    expect(replyOf(out.effects)).toBe(said);
    expect(out.state.ci).toEqual({ sha: CI_HEAD, since: CI_SINCE, fixes: 0, note: null });
  });

  it("with the gate's note: the note stands alone, between blank lines", () => {
    const green: CiVerdict = {
      kind: "green",
      total: 2,
      unfinished: [ciCheck("lint", "cancelled")],
    };
    const out = checkedStep(WAITING, ciResult(green), GATED);
    const note =
      "Ended without a verdict (not counted, no fix started): `lint` (cancelled). Re-run them to have Ralph read them again.";
    expect(replyOf(out.effects)).toBe(`All 2 stories are verified.\n\n${note}\n\n${READY}`);
    expect(out.state.ci?.note).toBe(note);
  });

  it("the first read of a wait with a head but no start: the window starts now", () => {
    const state = machineStateSchema.parse({ ...WAITING, ci: { ...WAITING.ci, since: null } });
    const at = "2026-01-02T05:00:00.000Z";
    const out = checkedStep(state, ciResult({ kind: "none" }, at), GATED);
    expect(out.state.ci).toEqual({ sha: CI_HEAD, since: at, fixes: 0, note: null });
    expect(out.effects).toEqual([]);
  });

  it("the gate turned off while the pull request waited: it is marked ready, CI not named", () => {
    // The checks are red here: Ralph no longer reads them, so it must not say they passed.
    const out = checkedStep(WAITING, ciResult(ciRed), config());
    expect(out.state.phase).toBe("done");
    expect(out.kinds).toBe("mark_pr_ready,reply,set_label");
    expect(replyOf(out.effects)).toBe(`All 2 stories are verified. ${READY}`);
    expect(out.state.ci?.note).toBeNull();
  });
});

describe("past limits.max_ci_fixes", () => {
  it("the stop names the checks, the short head and the rounds spent", () => {
    const spent = machineStateSchema.parse({ ...WAITING, ci: { ...WAITING.ci, fixes: 3 } });
    const out = checkedStep(spent, ciResult(ciRed), GATED);
    expect(out.state.stopReason).toBe(
      `CI fix limit reached: \`test\` (failure) still failing on \`${SHORT}\` after 3 of 3 follow-up rounds for red checks (limits.max_ci_fixes)`,
    );
  });
});

describe("a red check whose round was taken already", () => {
  it("changes nothing: no fix counted, no note", () => {
    const taken = machineStateSchema.parse({
      ...DONE,
      ci: { sha: CI_HEAD, since: CI_SINCE, fixes: 1, note: null },
      followUp: { rounds: 1, triggers: [`ci:${CI_HEAD}`] },
    });
    const out = checkedStep(taken, ciResult(ciRed), GATED);
    expect(out.state).toBe(taken);
    expect(out.effects).toEqual([]);
  });
});

describe("a pull request Ralph does not hold", () => {
  const closed = machineStateSchema.parse({ ...WAITING, prClosed: { number: 7, merged: true } });
  const none = machineStateSchema.parse({ ...WAITING, prNumber: null });

  it.each([
    ["merged", closed],
    ["none at all", none],
  ])("%s: a CI result changes nothing, and the gate is off", (_name, state) => {
    const ctx = makeCtx(state, GATED);
    onCiResult(ctx, { type: "ci_result", ...ciEvent() });
    expect(ctx.s).toEqual(state);
    expect(ctx.effects).toEqual([]);
    expect(ciGated(ctx)).toBe(false);
  });

  it("the gate holds on the same pull request while it is open", () => {
    expect(ciGated(makeCtx(WAITING, GATED))).toBe(true);
  });
});

function ciEvent() {
  const ev = ciResult(ciGreen);
  if (ev.type !== "ci_result") throw new Error("a ci_result");
  const { type: _, ...rest } = ev;
  return rest;
}

const criterion = (name: string) =>
  `The cause of the failure of the repository's check \`${name}\` (its log tail is in the round's feedback) is fixed in the code, so the check passes on the next commit`;
const KEEP = "No test or check is removed, skipped or weakened to make a check pass";
const NOTES = `Ralph formed this story from the repository's CI on \`${SHORT}\`.`;

describe("ciDraft: the story of a CI round", () => {
  it("one check", () => {
    expect(ciDraft([ciFailure("test")], CI_HEAD)).toEqual({
      title: "Make the failing check pass: `test`",
      acceptanceCriteria: [criterion("test"), KEEP],
      notes: NOTES,
    });
  });

  it("six checks, one with a backtick: five named, then an ellipsis", () => {
    const names = ["a`b", "c2", "c3", "c4", "c5", "c6"];
    const draft = ciDraft(
      names.map((name) => ciFailure(name)),
      CI_HEAD,
    );
    expect(draft.title).toBe("Make the failing checks pass: `a'b`, `c2`, `c3`, `c4`, `c5`, …");
    expect(draft.acceptanceCriteria).toEqual([
      ...["a'b", "c2", "c3", "c4", "c5", "c6"].map(criterion),
      KEEP,
    ]);
  });

  it("five checks: no ellipsis; eleven: ten criteria and the last rule", () => {
    const five = ["c1", "c2", "c3", "c4", "c5"];
    expect(
      ciDraft(
        five.map((name) => ciFailure(name)),
        CI_HEAD,
      ).title,
    ).toBe("Make the failing checks pass: `c1`, `c2`, `c3`, `c4`, `c5`");
    const eleven = Array.from({ length: 11 }, (_, i) => `c${i}`);
    const criteria = ciDraft(
      eleven.map((name) => ciFailure(name)),
      CI_HEAD,
    ).acceptanceCriteria;
    expect(criteria).toEqual([...eleven.slice(0, 10).map(criterion), KEEP]);
  });

  it("a title of long names is cut at 200 characters", () => {
    const title = ciDraft([ciFailure("x".repeat(300))], CI_HEAD).title;
    expect(title).toBe(`Make the failing check pass: \`${"x".repeat(200)}`.slice(0, 200));
  });
});
