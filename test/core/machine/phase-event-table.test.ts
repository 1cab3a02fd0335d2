import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../../src/core/canonical-json.js";
import type { MachineEvent } from "../../../src/core/events.js";
import { transition } from "../../../src/core/machine/index.js";
import type { AgentStep } from "../../../src/core/state.js";
import { machineStateSchema, PHASES, type Phase } from "../../../src/core/state.js";
import { alice } from "./actors.js";
import { cmd, comment, GOAL_SIMPLE, result, unknownCmd } from "./events.js";
import {
  ciResult,
  config,
  ciGreen as green,
  PHASE_FIXTURES,
  ciPending as pending,
  ciRed as red,
  types,
} from "./fixtures.js";
import { implemented, prdResult, REV1, verdict } from "./results.js";

/**
 * Every phase × every event kind. Expectations are written out by hand: `"<phase>:<effect types>"`
 * where `<phase>` may be left empty to mean "unchanged". DEFAULTS are what an event does where it
 * makes no sense; ROWS list, per phase, where it does.
 */

/** The step a failure result names in each phase: the one that phase is running (or would). */
const FAILING_STEP: Record<Phase, AgentStep> = {
  idle: "plan",
  planning: "plan",
  questions: "plan",
  decisions: "research",
  consensus: "consensus",
  awaiting_approval: "plan",
  run_gate: "plan",
  implementing: "implement",
  verifying: "verify",
  plan_invalidated: "plan",
  ci: "verify",
  done: "verify",
  failed: "implement",
  stopped: "implement",
};

function events(phase: Phase): Record<string, MachineEvent> {
  const step = FAILING_STEP[phase];
  return {
    "cmd:plan": cmd("plan", "focus on the login form", alice, { goal: GOAL_SIMPLE }),
    "cmd:approve": cmd("approve"),
    "cmd:revise": cmd("revise", "Please split story 2"),
    "cmd:fix": cmd("fix", "Rename the login button"),
    "cmd:skip": cmd("skip"),
    "cmd:run": cmd("run"),
    "cmd:stop": cmd("stop"),
    "cmd:replan": cmd("replan", "the approach needs a queue"),
    "cmd:understand": cmd("understand"),
    "cmd:status": cmd("status"),
    "cmd:help": cmd("help"),
    "cmd:unknown": unknownCmd("frobnicate"),
    comment: comment("1. Postgres\n2. Yes"),
    trigger: { type: "trigger", actor: alice, goal: GOAL_SIMPLE },
    "approval:comment": { type: "approval", channel: "comment", actor: alice, revision: REV1 },
    "approval:comment:stale": {
      type: "approval",
      channel: "comment",
      actor: alice,
      revision: "rev-0",
    },
    "approval:reaction": { type: "approval", channel: "reaction", actor: alice, revision: REV1 },
    "approval:reaction:stale": {
      type: "approval",
      channel: "reaction",
      actor: alice,
      revision: "rev-0",
    },
    "approval:review": { type: "approval", channel: "review", actor: alice, revision: REV1 },
    "approval:review:stale": {
      type: "approval",
      channel: "review",
      actor: alice,
      revision: "rev-0",
    },
    "withdrawn:review": { type: "approval_withdrawn", channel: "review", login: "alice" },
    "withdrawn:reaction": { type: "approval_withdrawn", channel: "reaction", login: "alice" },
    changes_requested: { type: "changes_requested", actor: alice, feedback: "Use a queue." },
    "r:questions": result({
      step: "plan",
      kind: "questions",
      questions: ["Why?"],
      uncertainties: [],
    }),
    "r:prd": result(prdResult()),
    "r:decisions": result({ step: "research", kind: "decisions", decisions: [] }),
    "r:critic:OKAY": result({ step: "consensus", kind: "critic", verdict: "OKAY", feedback: [] }),
    "r:critic:REJECT": result({
      step: "consensus",
      kind: "critic",
      verdict: "REJECT",
      feedback: ["Vague."],
    }),
    "r:implemented": result(implemented("US-1", "c1")),
    "r:no_progress": result({ step: "implement", kind: "no_progress", storyId: "US-1" }),
    "r:verify:PASS": result(verdict("US-1", "c1", "PASS")),
    "r:verify:FAIL": result(verdict("US-1", "c1", "FAIL")),
    "r:verify:INVALID": result(verdict("US-1", "c1", "FAIL", "the plan targets the wrong module")),
    "r:understood": result({ step: "understand", kind: "understood" }),
    "r:invalid_output": result({ step, kind: "invalid_output", errors: ["prdDraft: required"] }),
    "r:timeout": result({ step, kind: "timeout" }),
    "r:usage_limit": result({ step, kind: "usage_limit", retryAfterSeconds: 60 }),
    "r:crash": result({ step, kind: "crash", message: "exit 1" }),
    budget_exhausted: { type: "budget_exhausted", reason: "phase timeout reached" },
    "ci:green": ciResult(green),
    "ci:red": ciResult(red),
    "ci:pending": ciResult(pending),
    "ci:none": ciResult({ kind: "none" }),
    "ci:none:late": ciResult({ kind: "none" }, "2026-01-02T03:20:00.000Z"),
    run_failed: {
      type: "run_failed",
      conclusion: "failure",
      runUrl: "https://github.com/o/r/actions/runs/9",
    },
  };
}

/** The fixtures' config with the repository's CI gate on (the default outside the tests). */
const GATED = config({ verify: { ci: "gate" } });

const ACK_REPLY = ":acknowledge,reply";
const IGNORED = ":";

const DEFAULTS: Record<string, string> = {
  "cmd:plan": ACK_REPLY,
  "cmd:approve": ACK_REPLY,
  "cmd:revise": ACK_REPLY,
  // Before anything is implemented `/ralph fix` points to `/ralph revise`; behind running work it
  // waits (queued, said in a reply).
  "cmd:fix": ACK_REPLY,
  "cmd:skip": ACK_REPLY,
  "cmd:run": ACK_REPLY,
  "cmd:stop": ACK_REPLY,
  "cmd:replan": ACK_REPLY,
  "cmd:understand": ACK_REPLY,
  "cmd:status": ":acknowledge,refresh_status",
  "cmd:help": ACK_REPLY,
  "cmd:unknown": ACK_REPLY,
  comment: IGNORED,
  trigger: ":reply",
  "approval:comment": ":reply",
  "approval:comment:stale": ":reply",
  "approval:reaction": IGNORED,
  "approval:reaction:stale": IGNORED,
  "approval:review": IGNORED,
  "approval:review:stale": IGNORED,
  // The fixtures' approvals came by comment: a dismissed review or removed 👍 takes nothing.
  "withdrawn:review": IGNORED,
  "withdrawn:reaction": IGNORED,
  changes_requested: ":reply",
  "r:questions": IGNORED,
  "r:prd": IGNORED,
  "r:decisions": IGNORED,
  "r:critic:OKAY": IGNORED,
  "r:critic:REJECT": IGNORED,
  "r:implemented": IGNORED,
  "r:no_progress": IGNORED,
  "r:verify:PASS": IGNORED,
  "r:verify:FAIL": IGNORED,
  "r:verify:INVALID": IGNORED,
  "r:understood": IGNORED,
  "r:invalid_output": IGNORED,
  "r:timeout": IGNORED,
  "r:usage_limit": IGNORED,
  "r:crash": IGNORED,
  budget_exhausted: "failed:reply,set_label",
  // What the repository's CI says matters only while Ralph waits for it, and (red) once done.
  "ci:green": IGNORED,
  "ci:red": IGNORED,
  "ci:pending": IGNORED,
  "ci:none": IGNORED,
  "ci:none:late": IGNORED,
  run_failed: IGNORED,
};

const START_PLAN = "planning:acknowledge,set_label,dispatch";
const STOP_RUNNING = "stopped:acknowledge,cancel_run,reply,set_label";
const STOP_WAITING = "stopped:acknowledge,reply,set_label";
const REPLAN = "plan_invalidated:acknowledge,commit_files,post_review,set_label,dispatch";
const START_IMPL = "implementing:acknowledge,set_label,dispatch";
const RUN_FAILED = "failed:reply,set_label";
/** A follow-up round starts (DESIGN §2.3): a reply naming the round, the amend step dispatched. */
const FOLLOW_UP = "planning:reply,set_label,dispatch";

/**
 * After a stop or a failure (both fixtures were implementing, approved): what a maintainer can
 * start again; feedback there is a follow-up round.
 */
const RESTARTS = {
  "cmd:plan": START_PLAN,
  "cmd:revise": START_PLAN,
  "cmd:fix": `planning:acknowledge,${FOLLOW_UP.split(":")[1]}`,
  "cmd:run": START_IMPL,
  "cmd:replan": REPLAN,
  trigger: "planning:set_label,dispatch",
  changes_requested: FOLLOW_UP,
};

/** CI passed (or none came): the pull request marked ready, said in a reply. */
const READY = "done:mark_pr_ready,reply,set_label";

const ROWS: Record<Phase, Record<string, string>> = {
  idle: {
    "cmd:plan": START_PLAN,
    "cmd:understand": START_PLAN,
    trigger: "planning:set_label,dispatch",
  },
  planning: {
    "cmd:stop": STOP_RUNNING,
    "r:questions": "questions:post_questions,set_label",
    "r:prd": "awaiting_approval:open_pr,post_prd,set_label",
    "r:invalid_output": ":dispatch",
    "r:timeout": ":dispatch",
    "r:usage_limit": ":dispatch",
    "r:crash": ":dispatch",
    run_failed: RUN_FAILED,
  },
  questions: {
    "cmd:plan": START_PLAN,
    "cmd:skip": START_PLAN,
    "cmd:stop": STOP_WAITING,
    "cmd:understand": START_PLAN,
    comment: "planning:acknowledge,set_label,dispatch",
  },
  decisions: {
    "cmd:stop": STOP_WAITING,
    "cmd:understand": START_PLAN,
    comment: "planning:acknowledge,set_label,dispatch",
  },
  consensus: {
    "cmd:stop": STOP_RUNNING,
    "r:critic:OKAY": "awaiting_approval:post_prd,set_label",
    "r:critic:REJECT": "planning:dispatch",
    "r:invalid_output": ":dispatch",
    "r:timeout": ":dispatch",
    "r:usage_limit": ":dispatch",
    "r:crash": ":dispatch",
    run_failed: RUN_FAILED,
  },
  awaiting_approval: {
    "cmd:plan": START_PLAN,
    "cmd:approve": START_IMPL,
    "cmd:revise": START_PLAN,
    "cmd:stop": STOP_WAITING,
    "cmd:replan": REPLAN,
    "cmd:understand": START_PLAN,
    "approval:comment": "implementing:set_label,dispatch",
    "approval:reaction": "implementing:set_label,dispatch",
    "approval:review": "implementing:set_label,dispatch",
    changes_requested: "planning:set_label,dispatch",
  },
  run_gate: {
    "cmd:plan": START_PLAN,
    "cmd:revise": START_PLAN,
    "cmd:run": START_IMPL,
    "cmd:stop": STOP_WAITING,
    "cmd:replan": REPLAN,
    "cmd:understand": START_PLAN,
    changes_requested: "planning:set_label,dispatch",
  },
  implementing: {
    "cmd:stop": STOP_RUNNING,
    "cmd:replan": REPLAN,
    "r:implemented": "verifying:set_label,dispatch",
    "r:no_progress": ":dispatch",
    "r:invalid_output": ":dispatch",
    "r:timeout": ":dispatch",
    "r:usage_limit": ":dispatch",
    "r:crash": ":dispatch",
    run_failed: RUN_FAILED,
  },
  verifying: {
    "cmd:stop": STOP_RUNNING,
    "cmd:replan": REPLAN,
    "r:verify:PASS": "implementing:commit_files,post_review,set_label,dispatch",
    "r:verify:FAIL": "implementing:post_review,set_label,dispatch",
    "r:verify:INVALID": "plan_invalidated:commit_files,post_review,set_label,dispatch",
    "r:invalid_output": ":dispatch",
    "r:timeout": ":dispatch",
    "r:usage_limit": ":dispatch",
    "r:crash": ":dispatch",
    run_failed: RUN_FAILED,
  },
  plan_invalidated: {
    "cmd:stop": STOP_RUNNING,
    "r:questions": "questions:post_questions,set_label",
    "r:prd": "awaiting_approval:post_prd,set_label",
    "r:invalid_output": ":dispatch",
    "r:timeout": ":dispatch",
    "r:usage_limit": ":dispatch",
    "r:crash": ":dispatch",
    run_failed: RUN_FAILED,
  },
  ci: {
    "cmd:plan": START_PLAN,
    "cmd:fix": `planning:acknowledge,${FOLLOW_UP.split(":")[1]}`,
    "cmd:stop": STOP_WAITING,
    trigger: "planning:set_label,dispatch",
    changes_requested: FOLLOW_UP,
    "ci:green": READY,
    // A red check: a follow-up round with the story Ralph formed (no planner text to wait for).
    "ci:red": FOLLOW_UP,
    // Within verify.ci_wait_minutes no check yet is a wait; past it, ready with the note.
    "ci:none:late": READY,
  },
  done: {
    "cmd:plan": START_PLAN,
    // A check that turns red later on a pull request Ralph still holds.
    "ci:red": FOLLOW_UP,
    "cmd:fix": `planning:acknowledge,${FOLLOW_UP.split(":")[1]}`,
    "cmd:understand": START_PLAN,
    trigger: "planning:set_label,dispatch",
    changes_requested: FOLLOW_UP,
    budget_exhausted: IGNORED,
  },
  // The failed and stopped fixtures were implementing (approved): feedback there is a follow-up.
  failed: {
    ...RESTARTS,
    budget_exhausted: IGNORED,
  },
  stopped: {
    ...RESTARTS,
    // The step that was running when Ralph stopped still lands, but nothing new starts.
    "r:implemented": IGNORED,
    "r:no_progress": IGNORED,
    "r:invalid_output": IGNORED,
    "r:timeout": IGNORED,
    "r:usage_limit": IGNORED,
    "r:crash": IGNORED,
  },
};

const cases = PHASES.flatMap((phase) =>
  Object.entries(events(phase)).map(([key, event]) => {
    const expected = ROWS[phase][key] ?? DEFAULTS[key];
    if (expected === undefined) throw new Error(`no expectation for ${phase} × ${key}`);
    return { phase, key, event, expected };
  }),
);

describe("every phase × every event", () => {
  it("covers all 14 phases and every event kind", () => {
    expect(new Set(cases.map((c) => c.phase)).size).toBe(14);
    expect(cases.length).toBe(14 * Object.keys(DEFAULTS).length);
    for (const phase of PHASES) {
      for (const key of Object.keys(ROWS[phase])) expect(DEFAULTS).toHaveProperty(key);
    }
  });

  it.each(cases)("$phase × $key → $expected", ({ phase, event, expected }) => {
    const before = PHASE_FIXTURES[phase];
    const frozen = structuredClone(before);
    const out = transition(before, event, GATED);

    // Pure: the input is untouched.
    expect(before).toEqual(frozen);
    // Valid state, and the revision moves iff something else moved.
    machineStateSchema.parse(out.state);
    const changed =
      canonicalJson({ ...out.state, revision: 0 }) !== canonicalJson({ ...before, revision: 0 });
    expect(out.state.revision).toBe(changed ? before.revision + 1 : before.revision);

    const [phaseText = "", effectText = ""] = expected.split(":");
    const expectedPhase = phaseText === "" ? phase : phaseText;
    expect(out.state.phase).toBe(expectedPhase);
    expect(types(out.effects)).toEqual(effectText === "" ? [] : effectText.split(","));
    if (expectedPhase === phase) {
      // A phase that does not change never relabels.
      expect(types(out.effects)).not.toContain("set_label");
    }
    // No internal-error fallback anywhere.
    for (const e of out.effects) {
      if (e.type === "reply") expect(e.body).not.toMatch(/internal error/);
    }
  });
});

/** How each phase reads where Ralph names it in a reply (`/ralph stop`, `run`, `plan`, `fix`). */
const PHASE_IN_WORDS: Record<Phase, string> = {
  idle: "Ralph is idle.",
  planning: "Ralph is already running (planning).",
  questions: "Ralph is waiting for answers to its questions.",
  decisions: "Ralph is waiting for decisions.",
  consensus: "Ralph is already running (reviewing the plan (architect and critic)).",
  awaiting_approval:
    "Ralph has not implemented this PRD yet (it is waiting for approval of the PRD)",
  run_gate: "Ralph has not implemented this PRD yet (it is waiting for `/ralph run`)",
  implementing: "Ralph is implementing the approved plan.",
  verifying: "Ralph is verifying the approved plan.",
  plan_invalidated: "Ralph is already running (re-planning).",
  ci: "Ralph is waiting for the repository's CI.",
  done: "Ralph is done.",
  failed: "Ralph is failed.",
  stopped: "Ralph is stopped.",
};

describe("the phase in a reply", () => {
  it.each(PHASES)("in %s, a maintainer's command is answered with the phase in words", (phase) => {
    const replies = (["stop", "run", "plan", "fix"] as const).flatMap((name) =>
      transition(
        PHASE_FIXTURES[phase],
        cmd(name, name === "fix" ? "rename it" : "", alice),
        config(),
      ).effects.flatMap((e) => (e.type === "reply" ? [e.body] : [])),
    );
    expect(replies.join("\n")).toContain(PHASE_IN_WORDS[phase]);
  });
});
