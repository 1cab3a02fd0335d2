import type { CiCheck, CiFailure, CiVerdict } from "../../../src/core/ci-verdict.js";
import { parseConfig, type RalphConfig, type RalphConfigInput } from "../../../src/core/config.js";
import type { Effect } from "../../../src/core/effects.js";
import type {
  Actor,
  AgentResult,
  AgentUsage,
  CommandName,
  MachineEvent,
} from "../../../src/core/events.js";
import { transition } from "../../../src/core/machine/index.js";
import { type Prd, prdRevision } from "../../../src/core/prd.js";
import {
  initialState,
  type MachineState,
  machineStateSchema,
  type Phase,
  type StoryState,
} from "../../../src/core/state.js";
import { choices, decision } from "./decision.js";

export const alice: Actor = {
  login: "alice",
  permission: "write",
  isBot: false,
  isIssueAuthor: false,
};
export const bob: Actor = {
  login: "bob",
  permission: "maintain",
  isBot: false,
  isIssueAuthor: false,
};
export const author: Actor = {
  login: "olivia",
  permission: "admin",
  isBot: false,
  isIssueAuthor: true,
};
export const reader: Actor = {
  login: "rita",
  permission: "read",
  isBot: false,
  isIssueAuthor: false,
};
export const stranger: Actor = {
  login: "sam",
  permission: "none",
  isBot: false,
  isIssueAuthor: false,
};
export const bot: Actor = {
  login: "dependabot[bot]",
  permission: "write",
  isBot: true,
  isIssueAuthor: false,
};

/**
 * The config of the machine's tests: the defaults, except that the story loop ends at `done`
 * without the CI gate (`verify.ci: off`) unless a test asks for the gate (ci-wait.test.ts).
 */
export function config(input: RalphConfigInput = {}): RalphConfig {
  const verify = typeof input.verify === "string" ? { mode: input.verify } : input.verify;
  return parseConfig({ ...input, verify: { ci: "off", ...verify } });
}

/** The head commit of the `ci` fixture's pull request, and when its wait for checks began. */
export const CI_HEAD = "c0ffee0000000000000000000000000000000001";
export const CI_SINCE = "2026-01-02T03:00:00.000Z";

/** A check run of the repository's CI (GitHub Actions job 1): finished with `conclusion`, or running. */
export function ciCheck(name: string, conclusion: string | null, output = ""): CiCheck {
  return {
    kind: "check_run",
    name,
    app: "github-actions",
    status: conclusion === null ? "in_progress" : "completed",
    conclusion,
    url: `https://github.com/o/r/actions/runs/1/job/1`,
    jobId: 1,
    output,
    own: false,
  };
}
/** A red check's failure with no log read (`extra` fills in what a test needs). */
export function ciFailure(name: string, extra: Partial<CiFailure> = {}): CiFailure {
  return { name, conclusion: "failure", url: null, log: "", source: "none", ...extra };
}

export const ciGreen: CiVerdict = { kind: "green", total: 1, unfinished: [] };
export const ciRed: CiVerdict = {
  kind: "red",
  failing: [ciCheck("test", "failure")],
  total: 1,
  unfinished: [],
};
export const ciPending: CiVerdict = {
  kind: "pending",
  pending: [ciCheck("test", null)],
  failing: [],
  total: 1,
};

/** What the CI says about `sha` (the `ci` fixture's head), read `at` (5 minutes into its wait). */
export function ciResult(
  verdict: CiVerdict,
  at = "2026-01-02T03:05:00.000Z",
  extra: { sha?: string; pushedBy?: string; failures?: CiFailure[] } = {},
): MachineEvent {
  return {
    type: "ci_result",
    sha: extra.sha ?? CI_HEAD,
    at,
    verdict,
    pushedBy: extra.pushedBy ?? "ralph-app[bot]",
    ...(extra.failures === undefined ? {} : { failures: extra.failures }),
  };
}

export const GOAL_SIMPLE = "Fix a typo in the README";
export const GOAL_COMPLEX =
  "Implement OAuth2 login: integrate the external Google API and store the auth token securely";

let nextCommentId = 1000;

export function cmd(
  name: CommandName,
  args = "",
  actor: Actor = alice,
  extra: { goal?: string; commentId?: number } = {},
): MachineEvent {
  return {
    type: "command",
    command: { name, args, line: `/ralph ${name} ${args}`.trim() },
    actor,
    commentId: extra.commentId ?? nextCommentId++,
    ...(extra.goal === undefined ? {} : { goal: extra.goal }),
  };
}

export function unknownCmd(subcommand: string, actor: Actor = alice): MachineEvent {
  return {
    type: "command",
    command: { name: "unknown", subcommand, args: "", line: `/ralph ${subcommand}` },
    actor,
    commentId: nextCommentId++,
  };
}

export function comment(body: string, actor: Actor = alice): MachineEvent {
  return { type: "comment", body, actor, commentId: nextCommentId++ };
}

export function result(r: AgentResult, usage?: AgentUsage): MachineEvent {
  return usage === undefined
    ? { type: "agent_result", result: r }
    : { type: "agent_result", result: r, usage };
}

/** The regression gate's verdict on commit c2: every story still holds. */
export const GATE_HELD: MachineEvent = result({
  step: "verify",
  kind: "regression",
  commit: "c2",
  regressed: [],
  criteria: [],
  problem: null,
});

export const PLAN_TEXT = "# Plan: issue-42-add-login\n\n## Analysis\n- ...\n";

export function makePrd(ids: string[] = ["US-1", "US-2"], salt = ""): Prd {
  return {
    branchName: "ralph/42-add-login",
    userStories: ids.map((id, i) => ({
      id,
      title: `Story ${id}${salt}`,
      acceptanceCriteria: [`${id} works${salt}`],
      priority: i + 1,
      passes: false,
      notes: "",
    })),
  };
}

export function prdResult(prd: Prd = makePrd(), planText = PLAN_TEXT): AgentResult {
  return {
    step: "plan",
    kind: "prd",
    prd,
    planText,
    revision: prdRevision(prd, planText),
    branch: "ralph/42-add-login",
    specId: "issue-42-add-login",
  };
}

/** The machine's state once the planner delivered `prd` (phase and stories as onPrd makes them). */
export function plannedState(prd: Prd, cfg: RalphConfig = config()): MachineState {
  const planning: MachineState = { ...initialState(42), phase: "planning", pendingStep: "plan" };
  return transition(planning, result(prdResult(prd)), cfg).state;
}

export function revisionOf(r: AgentResult): string {
  if (r.kind !== "prd") throw new Error(`not a PRD result: ${r.kind}`);
  return r.revision;
}

export const implemented = (storyId: string, commit: string): AgentResult => ({
  step: "implement",
  kind: "implemented",
  storyId,
  commit,
});

export const verdict = (
  storyId: string,
  commit: string,
  v: "PASS" | "FAIL",
  invalidation: string | null = null,
): AgentResult => ({
  step: "verify",
  kind: "verdict",
  storyId,
  commit,
  verdict: v,
  invalidation,
  feedback: v === "PASS" ? "All criteria met." : "Criterion 1 is not met: the button is missing.",
  criteria: [{ criterion: `${storyId} works`, pass: v === "PASS" }],
});

export const types = (effects: readonly Effect[]): string[] => effects.map((e) => e.type);

/** Runs events in order, checking every intermediate state against the schema. */
export function play(
  start: MachineState,
  events: readonly MachineEvent[],
  cfg: RalphConfig = config(),
): { state: MachineState; steps: { state: MachineState; effects: Effect[] }[] } {
  let state = start;
  const steps: { state: MachineState; effects: Effect[] }[] = [];
  for (const event of events) {
    const out = transition(state, event, cfg);
    machineStateSchema.parse(out.state);
    steps.push(out);
    state = out.state;
  }
  return { state, steps };
}

export function lastEffects(run: { steps: { effects: Effect[] }[] }): Effect[] {
  return run.steps.at(-1)?.effects ?? [];
}

// ---- One representative state per phase, written out by hand (not produced by the machine). ----

export const REV1 = "rev-1";

function story(id: string, over: Partial<StoryState> = {}): StoryState {
  return {
    id,
    title: `Story ${id}`,
    status: "pending",
    attempts: 0,
    commit: null,
    ...over,
  };
}

function withPrd(stories: StoryState[] = [story("US-1"), story("US-2")]) {
  return {
    prd: { revision: REV1, number: 1, branchName: "ralph/42-add-login", commentId: 555, stories },
    branch: "ralph/42-add-login",
    specId: "issue-42-add-login",
    prNumber: 7,
  };
}

function state(fields: Record<string, unknown>): MachineState {
  return machineStateSchema.parse({ version: 1, issue: 42, revision: 5, ...fields });
}

/** Both stories verified, in `phase` (done, or waiting for CI). */
function allPassed(phase: Phase) {
  return {
    phase,
    complexity: "simple",
    ...withPrd([
      story("US-1", { status: "passed", attempts: 1, commit: "c1" }),
      story("US-2", { status: "passed", attempts: 1, commit: "c2" }),
    ]),
    ...approved,
  };
}

const approved = {
  approvals: [{ login: "alice", revision: REV1, channel: "comment" }],
  approvedBy: ["alice"],
};

export const PHASE_FIXTURES: Record<Phase, MachineState> = {
  idle: initialState(42),
  planning: state({ phase: "planning", pendingStep: "plan", complexity: "simple" }),
  questions: state({
    phase: "questions",
    complexity: "simple",
    questionRounds: 1,
    openQuestions: ["Which database?", "Keep the old API?"],
  }),
  decisions: state({
    phase: "decisions",
    complexity: "complex",
    researchDone: true,
    decisions: [
      decision("D1", { title: "Database", critical: true, options: choices("Postgres", "SQLite") }),
      decision("D2", { title: "Logging", options: choices("pino", "console"), recommendation: 1 }),
    ],
  }),
  consensus: state({
    phase: "consensus",
    pendingStep: "consensus",
    complexity: "complex",
    ...withPrd(),
  }),
  awaiting_approval: state({ phase: "awaiting_approval", complexity: "simple", ...withPrd() }),
  run_gate: state({ phase: "run_gate", complexity: "simple", ...withPrd(), ...approved }),
  implementing: state({
    phase: "implementing",
    pendingStep: "implement",
    complexity: "simple",
    ...withPrd([story("US-1", { status: "running" }), story("US-2")]),
    ...approved,
    currentStory: "US-1",
  }),
  verifying: state({
    phase: "verifying",
    pendingStep: "verify",
    complexity: "simple",
    ...withPrd([story("US-1", { status: "running", attempts: 1, commit: "c1" }), story("US-2")]),
    ...approved,
    currentStory: "US-1",
  }),
  plan_invalidated: state({
    phase: "plan_invalidated",
    pendingStep: "plan",
    complexity: "simple",
    ...withPrd([story("US-1", { status: "failed", attempts: 1, commit: "c1" }), story("US-2")]),
    ...approved,
    invalidation: { reason: "wrong module", attempt: 1 },
    counters: { agentRuns: 6, replans: 1, costUsd: 0, tokens: 0 },
  }),
  done: state(allPassed("done")),
  // Every story verified and pushed; waiting for the repository's CI on the pull request's head.
  ci: state({
    ...allPassed("ci"),
    ci: { sha: CI_HEAD, since: CI_SINCE, fixes: 0, note: null },
  }),
  failed: state({
    phase: "failed",
    complexity: "simple",
    ...withPrd([story("US-1", { status: "failed", attempts: 3, commit: "c3" }), story("US-2")]),
    ...approved,
    currentStory: "US-1",
    lastError: "story US-1 failed verification 3 times",
    stopReason: "story US-1 failed verification 3 times",
    resumePhase: "implementing",
    resumeStep: "implement",
  }),
  stopped: state({
    phase: "stopped",
    complexity: "simple",
    ...withPrd([story("US-1", { status: "running" }), story("US-2")]),
    ...approved,
    currentStory: "US-1",
    stopReason: "stopped by @alice",
    resumePhase: "implementing",
    resumeStep: "implement",
  }),
};

/** One transition, under the default config unless `cfg` is given. */
export const send = (state: MachineState, event: MachineEvent, cfg: RalphConfig = config()) =>
  transition(state, event, cfg);

/** A phase's fixture with `fields` on top, checked against the schema. */
export function phaseFixture(phase: Phase, fields: Record<string, unknown> = {}): MachineState {
  return machineStateSchema.parse({ ...PHASE_FIXTURES[phase], ...fields });
}

/** One transition whose state must still parse, with its effects' types joined for a table. */
export function checkedStep(state: MachineState, event: MachineEvent, cfg: RalphConfig) {
  const out = transition(state, event, cfg);
  machineStateSchema.parse(out.state);
  return { ...out, kinds: types(out.effects).join(",") };
}

/** Every reply among `effects`, one body per line. */
/** The dispatch among a transition's effects, if any. */
export const dispatchOf = (effects: Effect[]) => effects.find((e) => e.type === "dispatch");

export function replyOf(effects: Effect[]): string {
  return effects
    .filter((e): e is Extract<Effect, { type: "reply" }> => e.type === "reply")
    .map((e) => e.body)
    .join("\n");
}
