import { defineConfig } from "vitest/config";

// Mutation testing (npm run mutation): only the in-process suites that exercise src/core and
// src/reconcile (and the claim logic of src/github). One globalSetup, the App's RSA key
// (test/support/test-key.ts); none for the bundles: these tests never run the built entries.
// Besides test/core, test/reconcile and test/app, the in-process files of other folders that test
// a src/core file or a guarantee directly: the GitHub adapters on the fake behind nock (claims,
// the status comment, split comments), secret redaction, terminal text (invisible characters),
// long bodies and the quality gates. test/security/fuzz.test.ts is left out: its last part
// starts the built App.
export default defineConfig({
  test: {
    globalSetup: ["test/support/test-key.ts"],
    include: [
      "test/core/**/*.test.ts",
      "test/reconcile/**/*.test.ts",
      "test/app/**/*.test.ts",
      "test/github/**/*.test.ts",
      "test/security/redaction.test.ts",
      "test/agents/terminal-text.test.ts",
      "test/reliability/long-bodies.test.ts",
      // The quality gates' table of cases lives with the depth suites, but runs nothing outside.
      "test/depth/quality-gates.test.ts",
    ],
    // The last three start the built App (test/support/build-bundles.ts hands them its path): a
    // mutant in src/ never reaches that bundle, and without that global setup they fail before
    // their first test, which stops Stryker's initial test run and scripts/mutation-recheck.mjs.
    exclude: [
      "test/app/acceptance-npm-start.test.ts",
      "test/app/after-pr.test.ts",
      "test/app/big-history.test.ts",
      "test/app/installation-pacing.test.ts",
    ],
    // Instrumented code is several times slower (extract-json's 4M-step pathological input took
    // over 30 s in the initial coverage run); Stryker's own timeouts catch the mutants that hang.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
