import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../../src/core/canonical-json.js";
import type { RalphConfig } from "../../../src/core/config.js";
import {
  type Actor,
  type AgentResult,
  COMMAND_NAMES,
  type MachineEvent,
} from "../../../src/core/events.js";
import { transition } from "../../../src/core/machine/index.js";
import {
  AGENT_STEPS,
  type AgentStep,
  initialState,
  isAgentPhase,
  type MachineState,
  machineStateSchema,
  PHASE_LABELS,
} from "../../../src/core/state.js";
import { alice, author, bob, bot, reader, stranger } from "./actors.js";
import { choices, decision } from "./decision.js";
import { GOAL_COMPLEX, GOAL_SIMPLE } from "./events.js";
import { config } from "./fixtures.js";
import { makePrd, prdResult } from "./results.js";

const SECRET = "UNTRUSTED-5c1e";
const trusted = (a: Actor) =>
  !a.isBot && (a.permission === "write" || a.permission === "maintain" || a.permission === "admin");

/** An event built from the current state, so that sequences reach deep phases, not just noise. */
type Recipe = (s: MachineState) => MachineEvent;

const actorArb = fc.constantFrom(alice, bob, author, alice, bob, reader, stranger, bot);
const textFor = (actor: Actor, text: string) => (trusted(actor) ? text : `${text} ${SECRET}`);

const commandArb: fc.Arbitrary<Recipe> = fc
  .tuple(
    fc.constantFrom(...COMMAND_NAMES, "approve", "approve", "run", "unknown"),
    fc.constantFrom("", "use a queue", "issue-42-add-login", "issue-1-other"),
    actorArb,
    fc.constantFrom(GOAL_SIMPLE, GOAL_COMPLEX, undefined),
    fc.nat(10_000),
  )
  .map(([name, args, actor, goal, commentId]) => () => ({
    type: "command",
    command:
      name === "unknown"
        ? { name: "unknown", subcommand: "frob", args: textFor(actor, args), line: "/ralph frob" }
        : { name, args: textFor(actor, args), line: `/ralph ${name}` },
    actor,
    commentId,
    ...(goal === undefined ? {} : { goal: textFor(actor, goal) }),
  }));

const commentArb: fc.Arbitrary<Recipe> = fc
  .tuple(
    fc.constantFrom("1. Postgres\n2. No", "D1: 1", "D1: 2\nD2: 1", "sounds good", ""),
    actorArb,
    fc.nat(10_000),
  )
  .map(([body, actor, commentId]) => () => ({
    type: "comment",
    body: textFor(actor, body),
    actor,
    commentId,
  }));

const approvalArb: fc.Arbitrary<Recipe> = fc
  .tuple(fc.constantFrom("comment", "reaction", "review"), actorArb, fc.boolean())
  .map(([channel, actor, current]) => (s) => ({
    type: "approval",
    channel,
    actor,
    revision: current ? (s.prd?.revision ?? "none") : "stale-revision",
  }));

const withdrawalArb: fc.Arbitrary<Recipe> = fc
  .tuple(fc.constantFrom("reaction", "review"), actorArb)
  .map(([channel, actor]) => () => ({ type: "approval_withdrawn", channel, login: actor.login }));

const otherHumanArb: fc.Arbitrary<Recipe> = fc.oneof(
  withdrawalArb,
  actorArb.map(
    (actor): Recipe =>
      () => ({ type: "changes_requested", actor, feedback: textFor(actor, "split it") }),
  ),
  actorArb.map(
    (actor): Recipe =>
      () => ({ type: "trigger", actor, goal: textFor(actor, GOAL_SIMPLE) }),
  ),
);

const failureKinds = ["invalid_output", "timeout", "usage_limit", "crash"] as const;

const resultArb: fc.Arbitrary<Recipe> = fc
  .tuple(
    fc.constantFrom(
      "questions",
      "prd",
      "prd",
      "decisions",
      "critic",
      "implemented",
      "implemented",
      "no_progress",
      "verdict",
      "verdict",
      "verdict",
      "understood",
      "failure",
    ),
    fc.nat(5),
    fc.boolean(),
    fc.constantFrom(...failureKinds),
    fc.option(fc.constantFrom(...AGENT_STEPS), { nil: undefined }),
    fc.option(fc.double({ min: 0, max: 0.6, noNaN: true }), { nil: undefined }),
  )
  .map(([kind, n, flag, failure, step, cost]) => (s) => {
    const storyId = s.currentStory ?? "US-1";
    const story = s.prd?.stories.find((st) => st.id === storyId);
    // Mostly the commit Ralph recorded, sometimes another one (which must never pass).
    const commit = n !== 5 && story?.commit ? story.commit : `c${n}`;
    const failingStep: AgentStep = step ?? s.pendingStep ?? s.resumeStep ?? "plan";
    let r: AgentResult;
    switch (kind) {
      case "questions":
        r = {
          step: "plan",
          kind: "questions",
          questions: n === 0 ? [] : [`Q${n}?`],
          uncertainties: [],
        };
        break;
      case "prd":
        r = prdResult(makePrd(n === 0 ? ["US-1", "US-2"] : ["US-1"], flag ? "" : ` v${n}`));
        break;
      case "decisions":
        r = {
          step: "research",
          kind: "decisions",
          decisions:
            n === 0
              ? []
              : [
                  decision("D1", {
                    title: "Database",
                    critical: flag,
                    options: choices("Postgres", "SQLite"),
                    category: "architecture",
                  }),
                ],
        };
        break;
      case "critic":
        r = {
          step: "consensus",
          kind: "critic",
          verdict: flag ? "OKAY" : "REJECT",
          feedback: n > 2 ? [] : ["vague"],
        };
        break;
      case "implemented":
        r = { step: "implement", kind: "implemented", storyId, commit: `c${n}` };
        break;
      case "no_progress":
        r = { step: "implement", kind: "no_progress", storyId };
        break;
      case "verdict":
        r = {
          step: "verify",
          kind: "verdict",
          storyId,
          commit,
          verdict: n % 3 === 0 ? "FAIL" : "PASS",
          invalidation: n === 3 ? "wrong approach" : null,
          feedback: "details",
          criteria: [{ criterion: "works", pass: n % 3 !== 0 }],
        };
        break;
      case "understood":
        r = { step: "understand", kind: "understood" };
        break;
      default:
        r =
          failure === "invalid_output"
            ? { step: failingStep, kind: failure, errors: ["bad"] }
            : failure === "usage_limit"
              ? { step: failingStep, kind: failure, retryAfterSeconds: null }
              : failure === "crash"
                ? { step: failingStep, kind: failure, message: "boom" }
                : { step: failingStep, kind: failure };
    }
    return cost === undefined
      ? { type: "agent_result", result: r }
      : { type: "agent_result", result: r, usage: { costUsd: cost, tokens: n * 100 } };
  });

const internalArb: fc.Arbitrary<Recipe> = fc.oneof(
  fc.constant<Recipe>(() => ({ type: "budget_exhausted", reason: "phase timeout" })),
  fc.constantFrom("failure", "cancelled").map(
    (conclusion): Recipe =>
      () => ({ type: "run_failed", conclusion, runUrl: null }),
  ),
);

const recipeArb: fc.Arbitrary<Recipe> = fc.oneof(
  { arbitrary: commandArb, weight: 6 },
  { arbitrary: commentArb, weight: 3 },
  { arbitrary: approvalArb, weight: 4 },
  { arbitrary: otherHumanArb, weight: 1 },
  { arbitrary: resultArb, weight: 20 },
  { arbitrary: internalArb, weight: 1 },
);

const configArb: fc.Arbitrary<RalphConfig> = fc.constantFrom(
  config(),
  config({ approvals: { required: 2, allow_author: false } }),
  config({ gates: { run: true, replan: false } }),
  config({
    planning: {
      research: "always",
      consensus: "always",
      consensus_max_rounds: 2,
      max_question_rounds: 0,
    },
  }),
  config({ limits: { max_attempts: 1, max_replans: 0, max_agent_runs: 8 } }),
  config({ limits: { max_cost_usd: 1 }, approvals: { users: ["bob"] } }),
);

function checkStep(before: MachineState, event: MachineEvent, cfg: RalphConfig): MachineState {
  const snapshot = structuredClone(before);
  const out = transition(before, event, cfg);
  // Deterministic and pure.
  expect(transition(before, event, cfg)).toEqual(out);
  expect(before).toEqual(snapshot);
  // Schema-valid exactly as returned (nothing missing, nothing extra).
  expect(machineStateSchema.parse(out.state)).toEqual(out.state);
  // Revision bumps iff the state changed.
  const changed =
    canonicalJson({ ...out.state, revision: 0 }) !== canonicalJson({ ...before, revision: 0 });
  expect(out.state.revision).toBe(before.revision + (changed ? 1 : 0));

  const kinds = out.effects.map((e) => e.type);
  // Acknowledgements first, at most one dispatch and it is last.
  const firstOther = kinds.findIndex((k) => k !== "acknowledge");
  if (firstOther >= 0) expect(kinds.slice(firstOther)).not.toContain("acknowledge");
  const dispatches = out.effects.filter((e) => e.type === "dispatch");
  expect(dispatches.length).toBeLessThanOrEqual(1);
  if (dispatches[0] !== undefined) {
    expect(kinds.at(-1)).toBe("dispatch");
    expect(isAgentPhase(out.state.phase)).toBe(true);
    expect(out.state.pendingStep).toBe(dispatches[0].step);
  }
  // One set_label exactly when the label changes.
  const labels = out.effects.flatMap((e) => (e.type === "set_label" ? [e.label] : []));
  const labelChanged = PHASE_LABELS[out.state.phase] !== PHASE_LABELS[before.phase];
  expect(labels).toEqual(labelChanged ? [PHASE_LABELS[out.state.phase]] : []);
  // Phase invariants.
  const s = out.state;
  expect(s.pendingStep !== null).toBe(isAgentPhase(s.phase));
  if (s.phase === "failed") expect(s.lastError).not.toBeNull();
  if (s.phase === "done") expect(s.prd?.stories.every((st) => st.status === "passed")).toBe(true);
  for (const st of s.prd?.stories ?? [])
    if (st.status === "passed") expect(st.commit).not.toBeNull();
  expect(s.counters.agentRuns).toBeGreaterThanOrEqual(before.counters.agentRuns);
  expect(s.counters.replans).toBeLessThanOrEqual(cfg.limits.max_replans);
  expect(s.approvedBy.length === 0 || s.approvedBy.length >= cfg.approvals.required).toBe(true);
  // Untrusted text never lands in the state; no internal-error fallback fired.
  expect(JSON.stringify(s)).not.toContain(SECRET);
  for (const e of out.effects) if (e.type === "reply") expect(e.body).not.toMatch(/internal error/);
  return s;
}

/**
 * Plays up to 60 events, each built from the state `step` returned for the one before, from a
 * fresh issue under a random config.
 */
function forEverySequence(
  params: fc.Parameters<[RalphConfig, Recipe[]]>,
  step: (state: MachineState, event: MachineEvent, cfg: RalphConfig) => MachineState,
): void {
  fc.assert(
    fc.property(
      configArb,
      fc.array(recipeArb, { minLength: 1, maxLength: 60, size: "max" }),
      (cfg, recipes) => {
        let state = initialState(42);
        for (const recipe of recipes) state = step(state, recipe(state), cfg);
      },
    ),
    params,
  );
}

describe("random event sequences", () => {
  it("keep the machine total, pure, schema-valid and consistent", () => {
    forEverySequence({ numRuns: 150 }, (state, event, cfg) => {
      const s = checkStep(state, event, cfg);
      // The adapter records the PR and PRD comment after open_pr / post_prd.
      return s.prd !== null && s.prNumber === null ? { ...s, prNumber: 7 } : s;
    });
  });

  it("reach the deep phases (the generator is not just noise)", () => {
    const seen = new Set<string>();
    forEverySequence({ numRuns: 400, seed: 42 }, (state, event, cfg) => {
      const next = transition(state, event, cfg).state;
      seen.add(next.phase);
      return next;
    });
    expect([...seen].sort()).toEqual(
      [
        "awaiting_approval",
        "consensus",
        "decisions",
        "done",
        "failed",
        "idle",
        "implementing",
        "plan_invalidated",
        "planning",
        "questions",
        "run_gate",
        "stopped",
        "verifying",
      ].sort(),
    );
  });
});
