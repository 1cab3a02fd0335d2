import { defineConfig } from "vitest/config";

// `npm run bench`: the benchmarks, one file at a time so they never compete for the two cores.
// Not part of `npm test` (its config includes only test/**/*.test.ts).
export default defineConfig({
  test: {
    root: new URL("..", import.meta.url).pathname,
    include: ["bench/**/*.perf.ts"],
    // The App's RSA key, as in npm test (the App benchmarks sign installation tokens with it).
    globalSetup: ["test/support/test-key.ts"],
    testTimeout: 240_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    // Benchmark 5 reads memory after a forced GC.
    execArgv: ["--expose-gc"],
  },
});
