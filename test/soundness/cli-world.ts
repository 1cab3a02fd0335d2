/**
 * The built CLI in a world of its own per case: a repo with a two-story spec and a config whose
 * agent is the adversary, the agent's log and prompts outside the workspace (a read-only run must
 * not write), and the checks of issue 9 applied to what every run leaves behind.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, expect } from "vitest";
import { bundleCli, type CliRun, runCli } from "../fixtures/pipeline/cli.js";
import { makeRepo, type TestRepo } from "../fixtures/pipeline/repo.js";
import { tempDir } from "../support/temp.js";
import { ADVERSARY, type Adversary, agentLog, assertSound, type LogEntry } from "./world.js";

let cli: string;

/**
 * Bundles the CLI with the release options once per test file. RALPH_SOUNDNESS_CLI names another
 * bundle instead (an older commit's build: which of the breaks of issue 9 does it have?).
 */
export function useBuiltCli(): void {
  beforeAll(async () => {
    cli = process.env.RALPH_SOUNDNESS_CLI || (await bundleCli());
  });
}

export const MAX_RUNS = 14;
export const CONFIG = (extra = "") =>
  `agent: command\nagent_command: ${JSON.stringify(`node ${ADVERSARY}`)}\nlimits:\n  max_attempts: 2\n  max_agent_runs: ${MAX_RUNS}\n${extra}`;

export interface Case {
  repo: TestRepo;
  run: CliRun;
  log: LogEntry[];
}

const logDirs = new WeakMap<TestRepo, string>();
export const logDirOf = (repo: TestRepo): string => logDirs.get(repo)!;

/** `files`: more files in the first commit (e.g. an earlier spec's done marker). */
export function world(config = CONFIG(), files: Record<string, string> = {}): TestRepo {
  const repo = makeRepo({
    ".ralph/specs/greet.md": "# Greet\n\nAdd two greeting files.\n",
    ".github/ralph.yml": config,
    ...files,
  });
  const dir = tempDir("ralph-adversary-");
  writeFileSync(join(dir, "log.jsonl"), "");
  logDirs.set(repo, dir);
  return repo;
}

export function ralph(
  repo: TestRepo,
  adversary: Adversary,
  args: string[] = ["run"],
): Promise<CliRun> {
  return runCli(cli, args, {
    cwd: repo.dir,
    env: {
      ...repo.env,
      RALPH_BOT_NAME: "ralph-soundness[bot]",
      RALPH_BOT_EMAIL: "bot@soundness.test",
      RALPH_BACKOFF_BASE_MS: "0",
      // A usage limit's reset is waited out with no margin (the real one is 30 s).
      RALPH_USAGE_LIMIT_MARGIN_SECONDS: "0",
      ADVERSARY: adversary,
      ADVERSARY_LOG: join(logDirOf(repo), "log.jsonl"),
    },
  });
}

export async function play(
  adversary: Adversary,
  config?: string,
  files?: Record<string, string>,
): Promise<Case> {
  const repo = world(config, files);
  const run = await ralph(repo, adversary);
  expect(run.stderr).toBe("");
  const log = agentLog(logDirOf(repo));
  assertSound(repo, run.stdout, log, { maxRuns: MAX_RUNS, spec: "greet" });
  return { repo, run, log };
}

export const calls = (log: readonly LogEntry[]): string[] =>
  log.map((e) => `${e.phase}:${e.story}`);

/** The n-th agent run's prompt (1-based, as the adversary numbers them). */
export function promptOf(repo: TestRepo, n: number, phase: string): string {
  return readFileSync(
    join(logDirOf(repo), `prompt-${String(n).padStart(3, "0")}-${phase}.txt`),
    "utf8",
  );
}
