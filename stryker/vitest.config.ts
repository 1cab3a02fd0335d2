import { defineConfig } from "vitest/config";

// Mutation testing (npm run mutation): only the in-process suites that exercise src/core and
// src/reconcile. No globalSetup: these tests never run the built entries.
export default defineConfig({
  test: {
    include: ["test/core/**/*.test.ts", "test/reconcile/**/*.test.ts", "test/app/**/*.test.ts"],
    exclude: ["test/app/acceptance-npm-start.test.ts"],
    // Instrumented code is several times slower (extract-json's 4M-step pathological input took
    // over 30 s in the initial coverage run); Stryker's own timeouts catch the mutants that hang.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
