import fc from "fast-check";
import { AGENT_STEPS, type MachineState, PHASES } from "../../src/core/state.js";
import { binaryString } from "../support/binary-string.js";

/**
 * Arbitrary valid MachineState with every key present (so a decode that fills defaults gives the
 * same object back). Strings hold any code point, astral ones too, but no lone surrogate.
 */
const str = binaryString({ maxLength: 24 });
const nat = fc.nat();
const int = fc.integer();
const phase = fc.constantFrom(...PHASES);
const step = fc.constantFrom(...AGENT_STEPS);

const story = fc.record({
  id: str,
  title: str,
  status: fc.constantFrom("pending", "running", "passed", "failed" as const),
  attempts: nat,
  commit: fc.option(str, { nil: null }),
});

const decision = fc.record({
  id: str,
  title: str,
  critical: fc.boolean(),
  options: fc.array(
    fc.record({ number: fc.integer({ min: 1, max: 9 }), label: str, description: str }),
    { minLength: 1, maxLength: 4 },
  ),
  recommendation: fc.option(int, { nil: null }),
  selected: fc.option(int, { nil: null }),
  custom: fc.option(str, { nil: null }),
  category: str,
  context: str,
  rationale: str,
  followUps: fc.array(fc.record({ question: str, answer: str }), { maxLength: 2 }),
});

export const machineStateArb: fc.Arbitrary<MachineState> = fc.record({
  version: fc.constant(1 as const),
  issue: fc.integer({ min: 1 }),
  kind: fc.constantFrom("issue", "spec_pr" as const),
  phase,
  revision: nat,
  claimed: fc.boolean(),
  routedCommands: fc.array(fc.integer({ min: 1 }), { maxLength: 2 }),
  watermark: fc.record({ commentId: nat, reviewId: nat }),
  pendingStep: fc.option(step, { nil: null }),
  planNotes: fc.array(str, { maxLength: 3 }),
  feedback: fc.array(str, { maxLength: 3 }),
  complexity: fc.constantFrom("simple", "complex", null),
  researchDone: fc.boolean(),
  questionRounds: nat,
  openQuestions: fc.array(str, { maxLength: 3 }),
  qa: fc.array(fc.record({ question: str, answer: str, by: str }), { maxLength: 3 }),
  decisions: fc.array(decision, { maxLength: 3 }),
  consensusRounds: nat,
  concerns: fc.array(str, { maxLength: 3 }),
  understandAdvice: fc.option(
    fc.record({
      reasons: fc.array(str, { maxLength: 2 }),
      iterations: fc.integer({ min: 0, max: 9 }),
      topics: fc.array(str, { maxLength: 2 }),
    }),
    { nil: null },
  ),
  prd: fc.option(
    fc.record({
      revision: str,
      number: fc.integer({ min: 1 }),
      branchName: str,
      commentId: fc.option(int, { nil: null }),
      stories: fc.array(story, { maxLength: 5 }),
    }),
    { nil: null },
  ),
  approvals: fc.array(
    fc.record({
      login: str,
      revision: str,
      channel: fc.constantFrom("comment", "reaction", "review" as const),
    }),
    { maxLength: 3 },
  ),
  approvedBy: fc.array(str, { maxLength: 3 }),
  runGatePassed: fc.boolean(),
  branch: fc.option(str, { nil: null }),
  prNumber: fc.option(int, { nil: null }),
  specId: fc.option(str, { nil: null }),
  specsDone: fc.array(str, { maxLength: 3 }),
  specsLeft: fc.array(str, { maxLength: 3 }),
  currentStory: fc.option(str, { nil: null }),
  verifierFeedback: fc.option(str, { nil: null }),
  finalCheck: fc.boolean(),
  verdictProblem: fc.option(str, { nil: null }),
  invalidation: fc.option(fc.record({ reason: str, attempt: fc.integer({ min: 1 }) }), {
    nil: null,
  }),
  counters: fc.record({
    agentRuns: nat,
    replans: nat,
    // `+ 0` turns -0 into 0: JSON has no negative zero.
    costUsd: fc.double({ min: 0, max: 1e9, noNaN: true }).map((x) => x + 0),
    tokens: nat,
  }),
  breaker: fc.record({ signature: fc.option(str, { nil: null }), count: nat }),
  lastError: fc.option(str, { nil: null }),
  stopReason: fc.option(str, { nil: null }),
  resumePhase: fc.option(phase, { nil: null }),
  resumeStep: fc.option(step, { nil: null }),
  returnPhase: fc.option(phase, { nil: null }),
  runUrl: fc.option(str, { nil: null }),
  phaseSince: fc.option(str, { nil: null }),
  prClosed: fc.option(fc.record({ number: fc.integer({ min: 1 }), merged: fc.boolean() }), {
    nil: null,
  }),
  triggeredAt: fc.option(str, { nil: null }),
  ci: fc.option(
    fc.record({
      sha: fc.option(str, { nil: null }),
      since: fc.option(str, { nil: null }),
      fixes: nat,
      note: fc.option(str, { nil: null }),
    }),
    { nil: null },
  ),
  baseMerge: fc.option(
    fc.record({
      reason: fc.constantFrom("command", "unmergeable" as const),
      from: fc.constantFrom("done", "ci" as const),
      report: fc.option(str, { nil: null }),
    }),
    { nil: null },
  ),
  followUp: fc.option(
    fc.record({
      rounds: nat,
      current: fc.option(
        fc.record({
          source: fc.constantFrom("review", "fix", "ci", "conflict" as const),
          by: fc.option(str, { nil: null }),
          feedback: fc.record({
            text: fc.array(str, { maxLength: 2 }),
            threads: fc.array(
              fc.record({
                id: fc.integer({ min: 1 }),
                path: str,
                line: fc.option(fc.integer({ min: 1 }), { nil: null }),
                author: str,
                text: str,
                url: fc.option(str, { nil: null }),
              }),
              { maxLength: 2 },
            ),
            ciFailures: fc.array(
              fc.record({
                check: str,
                conclusion: str,
                logTail: str,
                url: fc.option(str, { nil: null }),
              }),
              { maxLength: 1 },
            ),
            conflicts: fc.array(str, { maxLength: 2 }),
          }),
          drafts: fc.array(
            fc.record({
              title: str.map((t) => `t${t}`),
              acceptanceCriteria: fc.array(
                str.map((c) => `c${c}`),
                { minLength: 1, maxLength: 2 },
              ),
              notes: str,
              threads: fc.array(fc.integer({ min: 1 }), { maxLength: 2 }),
            }),
            { maxLength: 1 },
          ),
          reviewers: fc.array(str, { maxLength: 2 }),
          at: fc.option(str, { nil: null }),
          number: fc.integer({ min: 1 }),
          stories: fc.array(fc.record({ id: str, threads: fc.array(int, { maxLength: 2 }) }), {
            maxLength: 2,
          }),
        }),
        { nil: null },
      ),
      queued: fc.constant([]),
      triggers: fc.array(str, { maxLength: 3 }),
      since: fc.option(str, { nil: null }),
    }),
    { nil: null },
  ),
  approvalReads: fc.option(
    fc.record({
      revision: str,
      commentId: int,
      commentNode: fc.option(str, { nil: null }),
      reactionId: nat,
      denied: fc.array(str, { maxLength: 3 }),
      counted: fc.array(fc.record({ login: str, node: str }), { maxLength: 2 }),
    }),
    { nil: undefined },
  ),
  savedAt: fc.option(str, { nil: null }),
  parallelDispatch: fc.option(
    fc.record({
      stories: fc.array(str, { minLength: 2, maxLength: 3 }),
      base: fc.stringMatching(/^[0-9a-f]{40}$/),
      runUrl: fc.option(str, { nil: null }),
    }),
    { nil: undefined },
  ),
});
