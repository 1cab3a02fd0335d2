/**
 * A built-action world played by a runner user that is not root (test/support/os-users.ts):
 * the world, the action's bundle and each run's checkout are that user's, the action runs as it.
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, cpSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { onTestFinished } from "vitest";
import type { World } from "../action/harness.js";
import { makeRunnerUser, type RunnerUser, removeRunnerUser } from "../support/os-users.js";

/** A runner user for one test (with or without passwordless sudo), removed when it ends. */
export function runnerUser(sudo: boolean): RunnerUser {
  const runner = makeRunnerUser({ sudo });
  onTestFinished(() => removeRunnerUser(runner));
  return runner;
}

export function chownTo(runner: RunnerUser, path: string): void {
  execFileSync("chown", ["-R", `${runner.uid}:${runner.gid}`, path]);
}

/** Hands the world to the runner: its files, a copy of the bundle it can read. */
export function handWorldTo(runner: RunnerUser, w: World): void {
  // The test's own git (root) keeps working in what becomes the runner's.
  appendFileSync(join(w.home, ".gitconfig"), "[safe]\n\tdirectory = *\n");
  const bundle = join(w.base, "bundle");
  cpSync(dirname(w.bundle), bundle, { recursive: true });
  w.bundle = join(bundle, basename(w.bundle));
  chownTo(runner, w.base);
}
