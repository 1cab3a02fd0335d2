/**
 * An issue whose PRD has many stories, driven through the built action with the cheap scripted
 * agent of test/fixtures/action/agents/many-stories-agent.sh: the acceptance test of issue 20
 * (many-stories.test.ts) and the "cost vs size" benchmark (bench/cost-vs-size-state.perf.ts) run
 * the same thing.
 */
import { join, resolve } from "node:path";
import type { RecordedRequest } from "../support/fake-github/index.js";
import { commentEvent, dispatchEvent, ISSUE, seedIssue } from "./flows.js";
import { type ActionRun, pushFiles, runAction, type World } from "./harness.js";

export const MANY_STORIES_AGENT = resolve(
  import.meta.dirname,
  "../fixtures/action/agents/many-stories-agent.sh",
);

export interface ManyStoriesOptions {
  stories: number;
  verify: "per_story" | "per_spec";
  /** Extra environment of every run (the git counter's PATH, a claim hold). */
  env?: Record<string, string>;
  /** Files on main besides the config (a big repository). */
  files?: Record<string, string>;
  /** Called after planning, before `/approve` (a counter starts there). */
  beforeApprove?: () => void;
}

export interface ManyStoriesRun {
  /** The last run (its phase `done` when all went well). */
  run: ActionRun;
  /** Runs after `/approve` (one more for each 200 steps). */
  runs: number;
  /** Ralph's requests from `/approve` to done. */
  requests: RecordedRequest[];
  /** Wall time from `/approve` to done. */
  ms: number;
  /** Where the agent wrote one line per run: `<phase> <stories>`. */
  agentLog: string;
}

/**
 * Seeds the issue and the config for `options`; returns how every run of the issue is made
 * (its event, the agent, the environment), to which a payload is added.
 */
export function seedManyStories(w: World, options: ManyStoriesOptions, agentLog?: string) {
  seedIssue(w);
  pushFiles(
    w,
    "main",
    {
      ".github/ralph.yml": `planning:\n  research: off\n  consensus: off\n  understand: never\nlimits:\n  max_agent_runs: 1000\nverify: ${options.verify}\n`,
      ...options.files,
    },
    "the config and the repository's files",
  );
  return {
    eventName: "issue_comment",
    inputs: { "agent-command": `sh ${MANY_STORIES_AGENT} ${agentLog ?? ""}`.trim() },
    env: { MANY_STORIES: String(options.stories), ...options.env },
  };
}

/** Seeds the issue and config, plans `stories` stories and approves them, to done. */
export async function manyStoriesToDone(
  w: World,
  options: ManyStoriesOptions,
): Promise<ManyStoriesRun> {
  const agentLog = join(w.base, "many-agent.log");
  const base = seedManyStories(w, options, agentLog);
  const planned = await runAction(w, { ...base, payload: commentEvent(w, "/ralph plan") });
  if (planned.code !== 0 || planned.outputs.phase !== "awaiting_approval") {
    throw new Error(`planning failed (${planned.outputs.phase}):\n${planned.stdout.slice(-4000)}`);
  }
  options.beforeApprove?.();
  const before = w.fake.requests.length;
  const started = performance.now();
  // One run takes at most 200 steps, then hands the rest to a new run as GitHub would start it
  // (a workflow_dispatch of the same issue).
  let run = await runAction(w, { ...base, payload: commentEvent(w, "/approve") });
  let runs = 1;
  while (run.code === 0 && run.outputs.phase !== "done" && runs < 5) {
    const step = w.fake.stateOf(ISSUE)?.pendingStep ?? "auto";
    run = await runAction(w, {
      ...base,
      eventName: "workflow_dispatch",
      payload: dispatchEvent(ISSUE, step),
    });
    runs += 1;
  }
  const ms = performance.now() - started;
  // Ralph's own requests: a human's, made by a scripted agent mid-step, are not counted.
  const requests = w.fake.requests.slice(before).filter((r) => r.actingAs === undefined);
  return { run, runs, requests, ms, agentLog };
}
