import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { LongestFirst } from "./test/support/longest-first.js";

// Packages each test file imports afresh (isolation: one module graph per file) whose ESM is spread
// over many files: Node's loader reads, compiles and links each of them in every worker (zod: ~100
// modules, ~145 ms of each test file's imports; graphql ~150 ms). vitest's optimizer bundles each
// into one file, once (kept in node_modules/.vite until the lockfile or this list changes): a whole
// run's imports 121 → 80 s. Not nock: bundled, its scopes no longer matched the in-process suites'
// requests (317 tests failed, "Disallowed net connect").
const PREBUNDLED = [
  "zod",
  "graphql",
  "yaml",
  "fast-check",
  "probot",
  "@octokit/rest",
  "mdast-util-from-markdown",
  "simple-git",
];
/**
 * zod's `locales` export (~40 translations, 270 of the 650 KB vitest's optimizer bundles) is never
 * used: Ralph's own bundles leave it out (esbuild drops what is not used), and every test file
 * that imports zod parsed it, ~13 ms a file. The English messages zod uses by default are loaded
 * apart (zod/v4/locales/en.js), so they stay. The optimizer's cache does not notice a plugin
 * change: a checkout that had the old bundle keeps it until node_modules/.vite is removed.
 */
const withoutZodLocales = {
  name: "without-zod-locales",
  load(id: string) {
    return id.replace(/\\/g, "/").endsWith("/zod/v4/locales/index.js") ? "export {};" : null;
  },
};
/** Suites that run (almost) everything in their own process: no git, no agent. */
const IN_PROCESS = ["core", "github", "reconcile", "architecture", "support", "app"];

export default defineConfig({
  test: {
    exclude: ["test/opt-in/**", "**/node_modules/**"],
    // A hang guard, not a speed limit: a built-entry test that takes 15 s on a quiet machine took
    // over 30 s on one loaded by other jobs. Nothing in a test waits on time for its verdict.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The run's temp folder, in RAM (/dev/shm) when it can be (test/support/temp-root.ts); the
    // action, CLI and App bundles the built-entry suites run: built once for the run (both
    // projects share the build), not once per file; the App's RSA key, made once too; and no
    // NODE_EXTRA_CA_CERTS for the offline suites' processes to parse at start.
    globalSetup: [
      "test/support/temp-root.ts",
      "test/support/build-bundles.ts",
      "test/support/test-key.ts",
      "test/support/offline-env.ts",
    ],
    // A temp folder per test file (TMPDIR), removed after it: test/support/temp-setup.ts.
    setupFiles: ["test/support/temp-setup.ts"],
    deps: {
      optimizer: {
        ssr: {
          enabled: true,
          include: PREBUNDLED,
          rolldownOptions: { plugins: [withoutZodLocales] },
        },
      },
    },
    // The longest files first (test/support/longest-first.ts): on a fresh clone vitest would
    // start them by size, and the slowest file, a short one, finished last on its own.
    sequence: { sequencer: LongestFirst },
    // Most suites wait on git and node subprocesses, so one worker per core leaves CPU idle: two
    // per core. A number, not "200%": vitest caps a percentage at the number of cores, so the
    // "150%" this said before ran 2 workers on the 2-core CI machine, not 3 (a fresh-clone run
    // used 58 % of its two cores). Fresh clone, same machine and load: 2 workers 491 s, 3
    // workers 464 s, 4 workers 412 s, 6 workers 396 s (docs/testing.md, "How long it takes").
    // `--maxWorkers` or VITEST_MAX_WORKERS still override it.
    maxWorkers: 2 * availableParallelism(),
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
