// Mutation testing of src/core and src/reconcile (docs/testing.md, "Mutation testing").
// Run it with `npm run mutation` (scripts/mutation.mjs), which also tests the static mutants of
// the guarantee files and prints the scores per directory.

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // Only the in-process suites that exercise src/core and src/reconcile. `related: false`: vitest
  // cannot trace Stryker's sandbox files back to the tests, so it found none.
  vitest: { configFile: "stryker/vitest.config.ts", related: false },
  // Plus the claim logic of src/github: claims are one of the guarantees (docs/testing.md).
  mutate: ["src/core/**/*.ts", "src/reconcile/**/*.ts", "src/github/state-claim.ts"],
  // Each mutant runs only the tests that reached it.
  coverageAnalysis: "perTest",
  // A static mutant (module-level code: regexes, tables, zod schemas) can only be tested by
  // reloading everything and running every test: about five minutes each here, for 910 of the
  // 7,830 mutants. They are ignored in this pass; scripts/mutation.mjs tests those of the
  // guarantee files in a second pass against the guarantee's own test files.
  ignoreStatic: true,
  // TypeScript 7 has no compiler API: no type-checking checker, and no tsconfig rewriting in the
  // sandbox (Stryker skips it when this file does not exist; tsconfig.json needs none).
  checkers: [],
  tsconfigFile: "stryker/no-tsconfig.json",
  incremental: true,
  incrementalFile: "stryker/incremental.json",
  concurrency: 2,
  reporters: ["clear-text", "progress"],
  clearTextReporter: {
    allowColor: false,
    logTests: false,
    reportTests: false,
    reportMutants: false,
  },
  thresholds: { high: 85, low: 75, break: null },
  // Inside node_modules, so vitest, Biome and git never see the sandbox.
  tempDirName: "node_modules/.stryker-tmp",
  ignorePatterns: ["dist", "bench/results", "stryker/incremental.json", "stryker/node_modules"],
};
