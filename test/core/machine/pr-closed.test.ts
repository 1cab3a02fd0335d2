/**
 * After merge or close (DESIGN §2.3, issue 17): Ralph stops watching its pull request, says so in
 * the status comment, and starts nothing more for it. Plus the trigger's replay guard (a
 * redelivered label or assignment starts nothing twice).
 */
import { describe, expect, it } from "vitest";
import type { MachineEvent } from "../../../src/core/events.js";
import { isPrClosed, transition } from "../../../src/core/machine/index.js";
import { renderStatusComment } from "../../../src/core/render/index.js";
import {
  type MachineState,
  machineStateSchema,
  PHASES,
  type Phase,
} from "../../../src/core/state.js";
import {
  alice,
  bot,
  cmd,
  comment,
  config,
  GOAL_SIMPLE,
  PHASE_FIXTURES,
  play,
  REV1,
  reader,
  result,
  types,
  unknownCmd,
  verdict,
} from "./fixtures.js";

const merged = (pr = 7): MachineEvent => ({ type: "pr_closed", pr, merged: true });
const closed = (pr = 7): MachineEvent => ({ type: "pr_closed", pr, merged: false });
const reopened = (pr = 7): MachineEvent => ({ type: "pr_reopened", pr });

/** `<phase>:<effects>` after the pull request #7 is merged / closed, per phase (fixtures.ts). */
const unchanged = (phase: Phase) => ({ merged: `${phase}:`, closed: `${phase}:` });
// A running job is cancelled, as `/ralph stop` cancels it.
const RUNNING = { merged: "done:cancel_run,set_label", closed: "stopped:cancel_run,set_label" };
const WAITING = { merged: "done:set_label", closed: "stopped:set_label" };
const ON_CLOSE: Record<Phase, { merged: string; closed: string }> = {
  // No pull request yet: nothing of Ralph's was closed.
  idle: unchanged("idle"),
  planning: unchanged("planning"),
  questions: unchanged("questions"),
  decisions: unchanged("decisions"),
  consensus: RUNNING,
  awaiting_approval: WAITING,
  run_gate: WAITING,
  implementing: RUNNING,
  verifying: RUNNING,
  plan_invalidated: RUNNING,
  ci: WAITING,
  done: { merged: "done:", closed: "stopped:set_label" },
  failed: WAITING,
  stopped: { merged: "done:set_label", closed: "stopped:" },
};

function outcome(state: MachineState, event: MachineEvent): string {
  const out = transition(state, event, config());
  machineStateSchema.parse(out.state);
  return `${out.state.phase}:${types(out.effects).join(",")}`;
}

describe("pr_closed in every phase", () => {
  it.each(
    PHASES.flatMap((phase) => (["merged", "closed"] as const).map((how) => ({ phase, how }))),
  )("$phase, $how", ({ phase, how }) => {
    const before = PHASE_FIXTURES[phase];
    const frozen = structuredClone(before);
    expect(outcome(before, how === "merged" ? merged() : closed())).toBe(ON_CLOSE[phase][how]);
    expect(before).toEqual(frozen);
  });

  it("records which pull request and how, with a named reason when closed unmerged; no reply", () => {
    const out = transition(PHASE_FIXTURES.implementing, closed(), config());
    expect(out.state).toMatchObject({
      prClosed: { number: 7, merged: false },
      stopReason: "pull request #7 was closed without merging",
      resumePhase: "implementing",
      resumeStep: "implement",
      pendingStep: null,
    });
    expect(types(out.effects)).not.toContain("reply");
    const done = transition(PHASE_FIXTURES.implementing, merged(), config()).state;
    expect(done).toMatchObject({
      prClosed: { number: 7, merged: true },
      stopReason: null,
      resumePhase: null,
    });
    expect(isPrClosed(done)).toBe(true);
  });

  it("another pull request's close, or the same close again, changes nothing", () => {
    const other = transition(PHASE_FIXTURES.done, merged(99), config());
    expect(other.state).toBe(PHASE_FIXTURES.done);
    const once = transition(PHASE_FIXTURES.done, merged(), config()).state;
    const again = transition(once, merged(), config());
    expect(again.state.revision).toBe(once.revision);
    expect(again.effects).toEqual([]);
  });

  it("a spec PR is its own pull request", () => {
    const spec = machineStateSchema.parse({
      ...PHASE_FIXTURES.done,
      kind: "spec_pr",
      issue: 12,
      prNumber: null,
    });
    expect(outcome(spec, merged(12))).toBe("done:");
    expect(transition(spec, merged(12), config()).state.prClosed).toEqual({
      number: 12,
      merged: true,
    });
  });
});

describe("after the pull request closed, nothing more starts for it", () => {
  const after = transition(PHASE_FIXTURES.done, merged(), config()).state;

  it.each<[string, MachineEvent]>([
    [
      "a changes-requested review",
      { type: "changes_requested", actor: alice, feedback: "Rename it." },
    ],
    ["an approving review", { type: "approval", channel: "review", actor: alice, revision: REV1 }],
    ["a 👍", { type: "approval", channel: "reaction", actor: alice, revision: REV1 }],
    ["a plain comment", comment("looks good")],
    ["a failed run", { type: "run_failed", conclusion: "failure", runUrl: null }],
  ])("%s → no change, no effect", (_name, event) => {
    const out = transition(after, event, config());
    expect(out.state.revision).toBe(after.revision);
    expect(out.effects).toEqual([]);
  });

  it("a late agent result (a job that ran when it closed) counts its usage and starts nothing", () => {
    const out = transition(after, result(verdict("US-1", "c1", "PASS")), config());
    expect(out.effects).toEqual([]);
    expect(out.state.phase).toBe("done");
    expect(out.state.counters.agentRuns).toBe(after.counters.agentRuns + 1);
  });

  it.each(["run", "approve", "revise", "skip", "replan", "understand", "stop"] as const)(
    "/ralph %s is refused with what still works",
    (name) => {
      const out = transition(after, cmd(name, "x"), config());
      expect(types(out.effects)).toEqual(["acknowledge", "reply"]);
      expect(out.state.phase).toBe("done");
      const body = out.effects.find((e) => e.type === "reply");
      expect(body).toMatchObject({
        body: "Ralph's pull request #7 was merged, so Ralph no longer works on it. To go on, comment `/ralph plan` to start over on this issue with a new pull request.",
      });
    },
  );

  it("/ralph status and /ralph help still answer; a read-only user is denied as before", () => {
    expect(types(transition(after, cmd("status"), config()).effects)).toEqual([
      "acknowledge",
      "refresh_status",
    ]);
    expect(types(transition(after, cmd("help"), config()).effects)).toEqual([
      "acknowledge",
      "reply",
    ]);
    expect(types(transition(after, unknownCmd("frob"), config()).effects)).toEqual([
      "acknowledge",
      "reply",
    ]);
    const denied = transition(after, cmd("run", "", reader), config());
    expect(denied.effects.find((e) => e.type === "reply")).toMatchObject({
      body: expect.not.stringContaining("no longer works on it"),
    });
  });

  it("/ralph plan (or the trigger) starts over with a new pull request", () => {
    const replanned = transition(
      after,
      cmd("plan", "", alice, { goal: GOAL_SIMPLE }),
      config(),
    ).state;
    expect(replanned).toMatchObject({
      phase: "planning",
      prClosed: null,
      prNumber: null,
      pendingStep: "plan",
    });
    const triggered = transition(
      after,
      { type: "trigger", actor: alice, goal: GOAL_SIMPLE },
      config(),
    ).state;
    expect(triggered).toMatchObject({ phase: "planning", prClosed: null, prNumber: null });
  });

  it("a closed spec PR is not planned again until reopened", () => {
    const spec = machineStateSchema.parse({
      ...PHASE_FIXTURES.done,
      kind: "spec_pr",
      issue: 12,
      prNumber: null,
    });
    const gone = transition(spec, closed(12), config()).state;
    expect(
      transition(gone, { type: "trigger", actor: alice, goal: GOAL_SIMPLE }, config()).effects,
    ).toEqual([]);
    const plan = transition(gone, cmd("plan"), config());
    expect(plan.state.phase).toBe("stopped");
    expect(types(plan.effects)).toEqual(["acknowledge", "reply"]);
  });
});

describe("reopened", () => {
  it("a closed pull request reopened: /ralph run resumes where it stopped", () => {
    const run = play(PHASE_FIXTURES.implementing, [closed(), reopened(), cmd("run")]);
    const [close, reopen, resume] = run.steps;
    expect(close?.state.phase).toBe("stopped");
    expect(reopen?.state).toMatchObject({ phase: "stopped", prClosed: null });
    expect(reopen?.effects).toEqual([]);
    expect(resume?.state).toMatchObject({ phase: "implementing", pendingStep: "implement" });
    expect(resume?.effects).toContainEqual({
      type: "dispatch",
      step: "implement",
      storyId: "US-1",
    });
  });

  it("closed while waiting for approval: reopened and resumed, it waits for approval again", () => {
    const run = play(PHASE_FIXTURES.awaiting_approval, [closed(), reopened(), cmd("run")]);
    expect(run.state.phase).toBe("awaiting_approval");
  });

  it("a merged pull request cannot be reopened; another one's reopening changes nothing", () => {
    const gone = transition(PHASE_FIXTURES.done, merged(), config()).state;
    expect(transition(gone, reopened(), config()).state).toBe(gone);
    const closedOne = transition(PHASE_FIXTURES.done, closed(), config()).state;
    expect(transition(closedOne, reopened(8), config()).state).toBe(closedOne);
  });
});

describe("the status comment says so", () => {
  it.each([
    [
      merged(),
      "## Ralph: Done: pull request #7 merged",
      "Ralph no longer watches #7 and starts nothing more for it.",
    ],
    [
      closed(),
      "## Ralph: Stopped: pull request #7 closed",
      "Reopen it and comment `/ralph run` to go on with it",
    ],
  ])("%j", (event, heading, next) => {
    const body = renderStatusComment(transition(PHASE_FIXTURES.done, event, config()).state);
    expect(body).toContain(heading);
    expect(body).toContain(next);
  });
});

describe("a trigger is taken once (redelivery, a re-run workflow)", () => {
  const at = "2026-01-02T03:04:05Z";
  const trigger = (time?: string, actor = alice): MachineEvent => ({
    type: "trigger",
    actor,
    goal: GOAL_SIMPLE,
    ...(time === undefined ? {} : { at: time }),
  });

  it("the same trigger after the plan finished starts nothing and says nothing; a newer one plans again", () => {
    const first = transition(PHASE_FIXTURES.idle, trigger(at), config()).state;
    expect(first).toMatchObject({ phase: "planning", triggeredAt: at });
    const waiting = { ...PHASE_FIXTURES.done, triggeredAt: at };
    for (const time of [at, "2026-01-02T03:04:05.000Z", "2026-01-01T00:00:00Z"]) {
      const again = transition(waiting, trigger(time), config());
      expect(again.effects).toEqual([]);
      expect(again.state).toBe(waiting);
    }
    const later = transition(waiting, trigger("2026-01-02T03:04:06Z"), config()).state;
    expect(later).toMatchObject({ phase: "planning", triggeredAt: "2026-01-02T03:04:06Z" });
  });

  it("without a time (or an unreadable one) it behaves as before; a bot's trigger records nothing", () => {
    const waiting = { ...PHASE_FIXTURES.done, triggeredAt: at };
    expect(transition(waiting, trigger(), config()).state.phase).toBe("planning");
    expect(transition(waiting, trigger("not a time"), config()).state.phase).toBe("planning");
    expect(transition(PHASE_FIXTURES.idle, trigger(at, bot), config()).state).toBe(
      PHASE_FIXTURES.idle,
    );
  });
});
