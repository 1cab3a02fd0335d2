import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/opt-in/**"],
    // A hang guard, not a speed limit: a built-entry test that takes 15 s on a quiet machine took
    // over 30 s on one loaded by other jobs. Nothing in a test waits on time for its verdict.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The action, CLI and App bundles the built-entry suites run: built once, not once per file.
    globalSetup: ["test/support/build-bundles.ts"],
    // A temp folder per test file (TMPDIR), removed after it: test/support/temp-setup.ts.
    setupFiles: ["test/support/temp-setup.ts"],
    pool: "forks",
    // Most suites wait on git and node subprocesses: a worker keeps about two thirds of a core
    // busy (a built-action file: 56 s wall, 37 s CPU), so 1.5 workers per core (3 on the 2-core
    // CI machine) keep the cores busy; with 2 workers a third of the CPU sat idle.
    maxWorkers: "150%",
  },
});
