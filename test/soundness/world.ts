import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import type { TestRepo } from "../fixtures/pipeline/repo.js";

/** The adversarial scripted agent (see its header for the misbehaviours). */
export const ADVERSARY = join(dirname(fileURLToPath(import.meta.url)), "agents/adversary.cjs");

export type Adversary = string;

export interface LogEntry {
  n: number;
  phase: string;
  story: string;
  attempt: string | null;
}

export function agentLog(dir: string): LogEntry[] {
  const file = join(dir, "log.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as LogEntry);
}

const NAMED =
  /\[(max_attempts_exhausted|max_replans_exhausted|planner_failed|planner_questions|invalid_prd|max_agent_runs_reached|max_cost_reached|circuit_breaker_open|max_run_iterations_reached|usage_limit|aborted|failed)\]/;

/**
 * The four promises of issue 9, checked on the branch the CLI left: a done marker only when every
 * story's work is in the tree, a named stop reason otherwise, no more agent runs than the budget,
 * and every story the PRD calls verified still present.
 */
export function assertSound(
  repo: TestRepo,
  stdout: string,
  log: readonly LogEntry[],
  opts: { maxRuns: number; spec: string },
): void {
  const tree = repo.git("ls-tree", "-r", "--name-only", "HEAD").split("\n");
  assertSoundTree(tree, (path) => repo.git("show", `HEAD:${path}`), log, {
    ...opts,
    stopNamed: NAMED.test(stdout),
  });
}

/**
 * The same promises on any branch (the CLI's checkout, the action's remote): `tree` lists its
 * files, `show` reads one, `stopNamed` says whether the entry named why it stopped.
 */
export function assertSoundTree(
  tree: readonly string[],
  show: (path: string) => string,
  log: readonly LogEntry[],
  opts: { maxRuns: number; spec: string; stopNamed: boolean },
): void {
  if (tree.includes(`.ralph/specs/done/${opts.spec}.md`)) {
    expect(tree).toEqual(expect.arrayContaining(["greeting-US-1.txt", "greeting-US-2.txt"]));
  } else {
    expect(opts.stopNamed, "stopped without a named reason").toBe(true);
  }
  expect(log.length).toBeLessThanOrEqual(opts.maxRuns);
  const prdPath = `.ralph/specs/plans/${opts.spec}.prd.json`;
  if (tree.includes(prdPath)) {
    const prd = JSON.parse(show(prdPath)) as { userStories: { id: string; passes: boolean }[] };
    for (const story of prd.userStories.filter((s) => s.passes)) {
      expect(tree).toContain(`greeting-${story.id}.txt`);
    }
  }
}

/**
 * The agent runs (`phase:stories`, as agentLog's callers write them) of a two-story spec where
 * each story passes its first verification: the plan, then each story implemented and verified.
 */
export const BOTH_STORIES_ONCE = [
  "plan:",
  "implement:US-1",
  "verify:US-1",
  "implement:US-2",
  "verify:US-2",
] as const;

/** The regression gate's run: every story verified once more on the final tree. */
export const FINAL_GATE = "verify:US-1,US-2";

/** Both stories pass, the gate finds US-1 gone and sends it back; it passes again, and the gate. */
export const US1_SENT_BACK_BY_THE_GATE = [
  ...BOTH_STORIES_ONCE,
  FINAL_GATE,
  "implement:US-1",
  "verify:US-1",
  FINAL_GATE,
];

/** Both stories pass, then US-2 invalidates the plan: re-planned, only US-2 done again. */
export const REPLANNED_AT_US2 = [
  ...BOTH_STORIES_ONCE,
  "plan:",
  "implement:US-2",
  "verify:US-2",
  FINAL_GATE,
];

/** The adversaries that delete verified work in the next story, and how they do it. */
export const VERIFIED_WORK_DELETERS = [
  ["rm-verified", "a plain rm"],
  ["reset-hard", "git reset --hard HEAD~3"],
  ["amend", "git commit --amend"],
] as const;

/** US-1 fails its first verification and passes the second; then US-2 and the gate. */
export const US1_FAILS_ONCE = [
  "plan:",
  "implement:US-1",
  "verify:US-1",
  "implement:US-1",
  "verify:US-1",
  "implement:US-2",
  "verify:US-2",
  FINAL_GATE,
];
