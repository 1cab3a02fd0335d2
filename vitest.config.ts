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
    // Most suites wait on git and node subprocesses: two workers keep both cores busy.
    maxWorkers: 2,
  },
});
