import { defineConfig } from "vitest/config";
import { LongestFirst } from "./test/support/longest-first.js";

/** Suites that run (almost) everything in their own process: no git, no agent. */
const IN_PROCESS = ["core", "github", "reconcile", "architecture", "support", "app"];

export default defineConfig({
  test: {
    exclude: ["test/opt-in/**", "**/node_modules/**"],
    // A hang guard, not a speed limit: a built-entry test that takes 15 s on a quiet machine took
    // over 30 s on one loaded by other jobs. Nothing in a test waits on time for its verdict.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The action, CLI and App bundles the built-entry suites run: built once for the run (both
    // projects share the build), not once per file.
    globalSetup: ["test/support/build-bundles.ts"],
    // A temp folder per test file (TMPDIR), removed after it: test/support/temp-setup.ts.
    setupFiles: ["test/support/temp-setup.ts"],
    // The longest files first (test/support/longest-first.ts): on a fresh clone vitest would
    // start them by size, and the slowest file, a short one, finished last on its own.
    sequence: { sequencer: LongestFirst },
    // Most suites wait on git and node subprocesses: a worker keeps about two thirds of a core
    // busy (a built-action file: 56 s wall, 37 s CPU), so 1.5 workers per core (3 on the 2-core
    // CI machine) keep the cores busy; with 2 workers a third of the CPU sat idle.
    maxWorkers: "150%",
    projects: [
      {
        extends: true,
        test: {
          name: "in-process",
          include: IN_PROCESS.map((dir) => `test/${dir}/**/*.test.ts`),
          // A worker thread starts faster than a forked process (core, github and reconcile:
          // 75 s → 55 s in one run). Still one module graph per file (isolation stays on).
          pool: "threads",
        },
      },
      {
        extends: true,
        test: {
          name: "subprocesses",
          include: ["test/**/*.test.ts"],
          exclude: ["test/opt-in/**", ...IN_PROCESS.map((dir) => `test/${dir}/**`)],
          // Each starts git, agents or the built entries: from a small forked worker, not from
          // the one big process that hosts the threads (spawning from it cost twice the system
          // time: test/pipeline, 15 s → 31 s).
          pool: "forks",
        },
      },
    ],
  },
});
