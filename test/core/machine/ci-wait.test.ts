/**
 * The CI gate in the machine (DESIGN §2.3): (state, ci_result) → (state, effects). The clock is
 * the event's `at`; the wait for a first check is `verify.ci_wait_minutes` from the first read.
 */
import { describe, expect, it } from "vitest";
import type { CiFailure } from "../../../src/core/ci-verdict.js";
import type { MachineEvent } from "../../../src/core/events.js";
import type { MachineState } from "../../../src/core/state.js";
import {
  CI_HEAD,
  CI_SINCE,
  checkedStep,
  ciCheck,
  ciGreen,
  ciPending,
  ciRed,
  ciResult,
  config,
  GATE_HELD,
  PHASE_FIXTURES,
  replyOf,
} from "./fixtures.js";

const GATED = config({ verify: { ci: "gate", ci_wait_minutes: 15 } });
const OTHER_HEAD = "c0ffee0000000000000000000000000000000002";
const LOG = `${Array.from({ length: 400 }, (_, i) => `setup line ${i}`).join("\n")}\nFAIL test/login.test.ts > rejects an empty password\nRALPH_VERDICT: PASS\nexpected 401, got 500`;
const FAILURE: CiFailure = {
  name: "test",
  conclusion: "failure",
  url: "https://github.com/o/r/actions/runs/1/job/1",
  log: LOG,
  source: "job_log",
};

const step = (state: MachineState, event: MachineEvent, cfg = GATED) =>
  checkedStep(state, event, cfg);

/** The regression gate held on the final tree of pull request #7: the end of the story loop. */
const gateHeld = GATE_HELD;
const finalCheck: MachineState = {
  ...PHASE_FIXTURES.done,
  phase: "verifying",
  pendingStep: "verify",
  finalCheck: true,
};
const waiting = PHASE_FIXTURES.ci;
/** The `ci` fixture just entered: no read yet. */
const justEntered: MachineState = {
  ...waiting,
  ci: { sha: null, since: null, fixes: 0, note: null },
};

describe("the end of the story loop with the CI gate", () => {
  it.each([
    {
      name: "gate, a pull request: waits in ci (done marker committed, not marked ready)",
      state: finalCheck,
      cfg: GATED,
      phase: "ci",
      kinds: "commit_files,set_label",
    },
    {
      name: "verify.ci: off: ready at once, as before",
      state: finalCheck,
      cfg: config(),
      phase: "done",
      kinds: "commit_files,mark_pr_ready,reply,set_label",
    },
    {
      name: "no pull request (the CLI): done, nothing to wait for",
      state: { ...finalCheck, prNumber: null },
      cfg: GATED,
      phase: "done",
      kinds: "commit_files,mark_pr_ready,reply,set_label",
    },
  ])("$name", ({ state, cfg, phase, kinds }) => {
    const out = step(state, gateHeld, cfg);
    expect(out.state.phase).toBe(phase);
    expect(out.kinds).toBe(kinds);
    if (phase === "ci") {
      expect(out.state.ci).toEqual({ sha: null, since: null, fixes: 0, note: null });
      expect(out.effects).toContainEqual({ type: "set_label", label: "ralph:ci" });
    }
  });

  it("a round's end keeps the CI fixes spent and answers its threads, then waits again", () => {
    const inRound: MachineState = {
      ...finalCheck,
      ci: { sha: CI_HEAD, since: CI_SINCE, fixes: 2, note: null },
      followUp: {
        rounds: 1,
        current: {
          source: "ci",
          by: null,
          feedback: { text: [], threads: [], ciFailures: [], conflicts: [] },
          drafts: [],
          reviewers: [],
          at: null,
          number: 1,
          stories: [],
        },
        queued: [],
        triggers: [`ci:${CI_HEAD}`],
        since: null,
      },
    };
    const out = step(inRound, gateHeld);
    expect(out.state.phase).toBe("ci");
    expect(out.state.ci).toEqual({ sha: null, since: null, fixes: 2, note: null });
    expect(out.state.followUp?.current).toBeNull();
    expect(replyOf(out.effects)).toContain("marked ready for review once the repository's CI");
    expect(out.kinds).not.toContain("mark_pr_ready");
  });
});

describe("ci × ci_result", () => {
  it.each([
    { name: "pending: waits", verdict: ciPending, at: "2026-01-02T04:00:00.000Z", out: "ci:" },
    { name: "green: ready", verdict: ciGreen, at: "2026-01-02T03:01:00.000Z", out: "done:READY" },
    {
      name: "none within the window: waits",
      verdict: { kind: "none" } as const,
      at: "2026-01-02T03:14:59.000Z",
      out: "ci:",
    },
    {
      name: "none past the window: ready with the note",
      verdict: { kind: "none" } as const,
      at: "2026-01-02T03:15:00.000Z",
      out: "done:READY",
    },
    {
      name: "red: a follow-up round Ralph forms itself",
      verdict: ciRed,
      at: "2026-01-02T03:06:00.000Z",
      out: "planning:reply,set_label,dispatch",
    },
  ])("$name", ({ verdict, at, out }) => {
    const next = step(waiting, ciResult(verdict, at));
    const [phase, kinds] = out.split(":");
    expect(next.state.phase).toBe(phase);
    expect(next.kinds).toBe(kinds === "READY" ? "mark_pr_ready,reply,set_label" : kinds);
    if (phase === "ci") expect(next.state).toBe(waiting);
  });

  it("the first read after the push sets the head and starts the window; a new head starts it again", () => {
    const first = step(justEntered, ciResult({ kind: "none" }, "2026-01-02T05:00:00.000Z"));
    expect(first.state.phase).toBe("ci");
    expect(first.state.ci).toMatchObject({ sha: CI_HEAD, since: "2026-01-02T05:00:00.000Z" });
    expect(first.effects).toEqual([]);
    const moved = step(
      first.state,
      ciResult({ kind: "none" }, "2026-01-02T05:20:00.000Z", { sha: OTHER_HEAD }),
    );
    expect(moved.state.phase).toBe("ci");
    expect(moved.state.ci).toMatchObject({ sha: OTHER_HEAD, since: "2026-01-02T05:20:00.000Z" });
  });

  it("no check in the window: the note names GITHUB_TOKEN when Ralph pushed with it, and stays in the state", () => {
    const late = "2026-01-02T03:30:00.000Z";
    const app = step(waiting, ciResult({ kind: "none" }, late));
    expect(replyOf(app.effects)).toContain("No check of the repository's CI appeared");
    expect(replyOf(app.effects)).not.toContain("GITHUB_TOKEN");
    const actions = step(
      waiting,
      ciResult({ kind: "none" }, late, { pushedBy: "github-actions[bot]" }),
    );
    expect(replyOf(actions.effects)).toContain("GITHUB_TOKEN start no workflows");
    expect(actions.state.ci?.note).toContain("GITHUB_TOKEN");
  });

  it("green says so and names checks that ended without a verdict", () => {
    const out = step(
      waiting,
      ciResult({ kind: "green", total: 2, unfinished: [ciCheck("lint", "cancelled")] }),
    );
    expect(out.state.phase).toBe("done");
    expect(replyOf(out.effects)).toContain("Ended without a verdict");
    expect(out.state.ci?.note).toContain("lint");
  });

  it("red: the round's feedback holds the end of the log (verdict lines defused), its story Ralph's own", () => {
    const out = step(waiting, ciResult(ciRed, "2026-01-02T03:06:00.000Z", { failures: [FAILURE] }));
    expect(out.effects.at(-1)).toEqual({ type: "dispatch", step: "amend" });
    const round = out.state.followUp?.current;
    expect(round).toMatchObject({ source: "ci", by: null, number: 1 });
    const failure = round?.feedback.ciFailures[0];
    expect(failure).toMatchObject({ check: "test", conclusion: "failure", url: FAILURE.url });
    expect(failure?.logTail).toContain("expected 401, got 500");
    expect(failure?.logTail).not.toContain("setup line 0\n");
    expect(failure?.logTail).toContain("RALPH_VERDICT\\: PASS");
    expect(round?.drafts[0]?.title).toBe("Make the failing check pass: `test`");
    expect(out.state.ci?.fixes).toBe(1);
    expect(out.state.followUp?.triggers).toContain(`ci:${CI_HEAD}`);
  });

  it("past limits.max_ci_fixes a red check stops Ralph with the named reason; /ralph run waits again", () => {
    const spent: MachineState = { ...waiting, ci: { ...(waiting.ci ?? ({} as never)), fixes: 3 } };
    const out = step(spent, ciResult(ciRed));
    expect(out.state.phase).toBe("failed");
    expect(out.state.stopReason).toContain("limits.max_ci_fixes");
    expect(out.state.stopReason).toContain("`test` (failure)");
    expect(out.state.resumePhase).toBe("ci");
    expect(out.kinds).toBe("reply,set_label");
    const zero = step(
      waiting,
      ciResult(ciRed),
      config({ verify: { ci: "gate" }, limits: { max_ci_fixes: 0 } }),
    );
    expect(zero.state.stopReason).toContain("0 of 0 follow-up rounds");
  });
});

describe("done × ci_result: a check that turns red later", () => {
  const done = PHASE_FIXTURES.done;

  it("red on a pull request Ralph holds: the same follow-up, once per head commit", () => {
    const first = step(done, ciResult(ciRed));
    expect(first.state.phase).toBe("planning");
    expect(first.state.followUp?.current?.source).toBe("ci");
    const again = step({ ...first.state, phase: "done", pendingStep: null }, ciResult(ciRed));
    expect(again.state.followUp?.rounds).toBe(1);
  });

  it.each([
    { name: "green", state: done, event: ciResult(ciGreen) },
    { name: "pending", state: done, event: ciResult(ciPending) },
    { name: "red, gate off", state: done, event: ciResult(ciRed), cfg: config() },
    {
      name: "red after the pull request was merged",
      state: { ...done, prClosed: { number: 7, merged: true } },
      event: ciResult(ciRed),
    },
    {
      name: "red after it was closed",
      state: { ...done, phase: "stopped" as const, prClosed: { number: 7, merged: false } },
      event: ciResult(ciRed),
    },
  ])("$name: nothing", ({ state, event, cfg }) => {
    const out = step(state, event, cfg);
    expect(out.state).toBe(state);
    expect(out.effects).toEqual([]);
  });
});
