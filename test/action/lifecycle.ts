/**
 * One whole issue lifecycle through the built action, as issue 11 measures it: `/ralph plan`,
 * one question round, `/approve`, two stories, one verify failure, done. Used by the API-budget
 * test and by `npm run bench` (bench/api-calls.perf.ts), so both count the same thing.
 */
import { join } from "node:path";
import type { RecordedRequest } from "../support/fake-github/index.js";
import { commentEvent, seedIssue } from "./flows.js";
import { agentCalls, createWorld, runAction, type World } from "./harness.js";

export interface LifecycleRun {
  /** The run's name and the requests it made, in order. */
  runs: {
    name: string;
    requests: RecordedRequest[];
    phase: string | undefined;
    /** Wall time of the run's process, start to exit. */
    ms: number;
  }[];
  agentRuns: string[];
  world: World;
}

/**
 * Runs the lifecycle against a fresh world; the caller stops `world.fake`. `throttle`: the
 * action's rate-limit policy stays on (the harness turns it off), to measure what it waits.
 */
export async function runLifecycle(
  bundle: string,
  options: { throttle?: boolean; env?: Record<string, string> } = {},
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
    { name: "/approve (2 stories, 1 verify failure)", body: "/approve", expect: "done" },
  ];
  const runs: LifecycleRun["runs"] = [];
  for (const step of steps) {
    const before = world.fake.requests.length;
    const started = performance.now();
    const run = await runAction(world, {
      eventName: "issue_comment",
      payload: commentEvent(world, step.body),
      env,
    });
    if (run.code !== 0 || run.outputs.phase !== step.expect) {
      throw new Error(
        `lifecycle step "${step.name}" ended in ${run.outputs.phase} (exit ${run.code}), expected ${step.expect}:\n${run.stdout}\n${run.stderr}`,
      );
    }
    runs.push({
      name: step.name,
      // Ralph's calls only: a human's, made by the scripted agent mid-step, are not counted.
      requests: world.fake.requests.slice(before).filter((r) => r.actingAs === undefined),
      phase: run.outputs.phase,
      ms: performance.now() - started,
    });
  }
  return { runs, agentRuns: agentCalls(world).map((c) => c.phase), world };
}
