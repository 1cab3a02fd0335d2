import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/opt-in/**"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The action, CLI and App bundles the built-entry suites run: built once, not once per file.
    globalSetup: ["test/support/build-bundles.ts"],
    pool: "forks",
    // A worker runs its files one after another in one module graph: the source, the fake GitHub
    // and GitHub's API descriptions are loaded once per worker, not once per file (the built-action
    // suites: 195 s → 149 s). The price: a suite that changes process-wide state (process.env, nock,
    // a module's cache) puts it back when it is done, as test/git/push.test.ts does with HOME.
    isolate: false,
    // Most suites wait on git and node subprocesses: a worker keeps about two thirds of a core
    // busy (a built-action file: 56 s wall, 37 s CPU), so 1.5 workers per core (3 on the 2-core
    // CI machine) keep the cores busy; with 2 workers a third of the CPU sat idle.
    maxWorkers: "150%",
  },
});
