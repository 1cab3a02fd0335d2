/**
 * One whole issue lifecycle through the built action, as issue 11 measures it: `/ralph plan`,
 * one question round, `/approve`, two stories, one verify failure, a wait for the repository's CI
 * (pending, then green), done. Used by the API-budget
 * test and by `npm run bench` (bench/api-calls.perf.ts), so both count the same thing.
 */
import { join } from "node:path";
import { ciWorkflowRunCompleted } from "../fixtures/webhooks/index.js";
import type { RecordedRequest } from "../support/fake-github/index.js";
import { BRANCH, commentEvent, dispatchEvent, ISSUE, seedIssue } from "./flows.js";
import { seedReview } from "./followup-flows.js";
import { agentCalls, createWorld, runAction, type World } from "./harness.js";

export interface MeasuredRun {
  name: string;
  requests: RecordedRequest[];
  phase: string | undefined;
  /** Wall time of the run's process, start to exit. */
  ms: number;
}

export interface LifecycleRun {
  /** The run's name and the requests it made, in order. */
  runs: MeasuredRun[];
  /**
   * With `followUp`: the follow-up round after done (issue 17) — the review's run and the
   * dispatched run that does the round — measured apart from the lifecycle.
   */
  followUpRuns: MeasuredRun[];
  agentRuns: string[];
  world: World;
}

/** Runs the built action once and measures Ralph's own requests (a human's are not counted). */
async function measured(
  world: World,
  name: string,
  expect: string,
  options: Parameters<typeof runAction>[1],
): Promise<MeasuredRun> {
  const before = world.fake.requests.length;
  const started = performance.now();
  const run = await runAction(world, options);
  if (run.code !== 0 || run.outputs.phase !== expect) {
    throw new Error(
      `lifecycle step "${name}" ended in ${run.outputs.phase} (exit ${run.code}), expected ${expect}:\n${run.stdout}\n${run.stderr}`,
    );
  }
  return {
    name,
    // Ralph's calls only: a human's, made by the scripted agent mid-step, are not counted.
    requests: world.fake.requests.slice(before).filter((r) => r.actingAs === undefined),
    phase: run.outputs.phase,
    ms: performance.now() - started,
  };
}

/**
 * Runs the lifecycle against a fresh world; the caller stops `world.fake`. `throttle`: the
 * action's rate-limit policy stays on (the harness turns it off), to measure what it waits.
 */
export async function runLifecycle(
  bundle: string,
  options: { throttle?: boolean; env?: Record<string, string>; followUp?: boolean } = {},
): Promise<LifecycleRun> {
  const world = await createWorld(bundle);
  seedIssue(world);
  const env = {
    SCRIPTED_QUESTIONS_ONCE: join(world.base, "asked"),
    SCRIPTED_FAIL_VERIFY_ONCE: join(world.base, "failed-once"),
    ...(options.throttle === true ? { RALPH_GITHUB_THROTTLE: "on" } : {}),
    ...options.env,
  };
  const steps = [
    { name: "/ralph plan (asks a question)", body: "/ralph plan", expect: "questions" },
    { name: "answer (plans)", body: "Hello and welcome", expect: "awaiting_approval" },
    // Issue 17's CI gate: every story verified, the run ends waiting for the repository's CI.
    { name: "/approve (2 stories, 1 verify failure)", body: "/approve", expect: "ci" },
  ];
  // No check on the head yet when the run ends; then one that runs, then passes.
  world.fake.ci.passByDefault = false;
  const runs: MeasuredRun[] = [];
  for (const step of steps) {
    runs.push(
      await measured(world, step.name, step.expect, {
        eventName: "issue_comment",
        payload: commentEvent(world, step.body),
        env,
      }),
    );
  }
  runs.push(...(await ciWait(world, env)));
  world.fake.ci.passByDefault = true;
  const followUpRuns: MeasuredRun[] = [];
  if (options.followUp === true) {
    // A "changes requested" review with two inline comments on the done pull request: its run
    // starts the round, the dispatched run amends, implements and verifies, and answers.
    const review = seedReview(world, {
      inline: [
        { path: "greeting-US-1.txt", line: 1, body: "Greet the whole world." },
        { path: "greeting-US-2.txt", line: 1, body: "End with an exclamation mark." },
      ],
    });
    followUpRuns.push(
      await measured(world, "changes-requested review (starts a round)", "planning", {
        eventName: "pull_request_review",
        payload: review.payload,
        env,
      }),
      await measured(world, "follow-up round (amend, 2 stories, gate, answers)", "done", {
        eventName: "workflow_dispatch",
        payload: dispatchEvent(ISSUE, "amend"),
        inputs: { issue: String(ISSUE), phase: "amend" },
        env,
      }),
    );
  }
  return { runs, followUpRuns, agentRuns: agentCalls(world).map((c) => c.phase), world };
}

/**
 * The CI wait after the story loop (issue 17): a check starts on the pull request's head (the
 * sweep reads it pending: Ralph keeps waiting, no agent runs), then passes (its workflow run's
 * completion marks the pull request ready).
 */
async function ciWait(world: World, env: Record<string, string>): Promise<MeasuredRun[]> {
  const pull = [...world.fake.pulls.values()]
    .map((p) => p as { number: number; head: { ref: string } })
    .find((p) => p.head.ref === BRANCH);
  // The fake's pull request keeps the head it was opened with: the branch's tip is the remote's.
  const sha = world.remoteGit("rev-parse", BRANCH);
  const check = world.fake.ci.addCheckRun({
    sha,
    name: "test",
    status: "in_progress",
    conclusion: null,
  });
  // A sweep handles no issue of its own: its `phase` output is idle; the issue still waits.
  const pending = await measured(world, "sweep (CI pending: keeps waiting)", "idle", {
    eventName: "schedule",
    payload: { schedule: "*/15 * * * *" },
    env,
  });
  const phase = world.fake.stateOf(ISSUE)?.phase;
  if (phase !== "ci") throw new Error(`the sweep left the issue in ${phase}, not ci`);
  world.fake.ci.updateCheckRun(check.id, { status: "completed", conclusion: "success" });
  const green = await measured(world, "CI passed (workflow_run: ready)", "done", {
    eventName: "workflow_run",
    payload: ciWorkflowRunCompleted({
      sha,
      conclusion: "success",
      pulls: [{ number: pull?.number ?? 0, headRef: BRANCH, headSha: sha }],
    }),
    env,
  });
  return [pending, green];
}
