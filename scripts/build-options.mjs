// esbuild options for the three dist/ entries. Shared by scripts/build.mjs and the tests that
// bundle an entry to a temp file, so a test never runs a bundle built differently from dist/.
// Importing this module has no side effects.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The repository root: entry points and outfiles below are relative to it. */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));

// @actions/core and friends are CommonJS inside; an ESM bundle needs `require` defined.
export const requireBanner = [
  'import { createRequire as __ralphCreateRequire } from "node:module";',
  "const require = __ralphCreateRequire(import.meta.url);",
].join("\n");

export const commonOptions = {
  // Paths in the bundle's comments are relative to this, whatever the caller's cwd.
  absWorkingDir: ROOT,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  legalComments: "none",
  logLevel: "warning",
  sourcemap: false,
  minify: false,
};

export const entryOptions = {
  // Runs in Actions runners with no node_modules: everything bundled.
  // Split: dist/action.js holds only the payload-only check for events Ralph ignores; the full
  // run is a chunk it imports when needed, so an ignored event never parses the rest (issue 11).
  action: {
    entryPoints: { action: "src/action/index.ts" },
    outdir: "dist",
    splitting: true,
    chunkNames: "action-chunks/[name]-[hash]",
    banner: { js: requireBanner },
    // Whitespace only (issue 11: the bundle ≤ 1.2 MB, and less for a runner to parse): names and
    // statements stay as written, so stack traces still name the functions.
    minifyWhitespace: true,
  },
  // Loaded by `probot run`, which brings probot itself.
  app: {
    entryPoints: ["src/app/index.ts"],
    outfile: "dist/app.js",
    banner: { js: requireBanner },
    external: ["probot"],
  },
  cli: {
    entryPoints: ["src/cli/index.ts"],
    outfile: "dist/cli.js",
    banner: { js: `#!/usr/bin/env node\n${requireBanner}` },
    // Whitespace only, as for the action: 1.27 → 0.95 MB, and each start ~10 ms of CPU sooner
    // (`ralph --version`, 20 runs, three rounds alternated); names stay for stack traces.
    minifyWhitespace: true,
  },
};

/**
 * `ralph init` writes examples/ralph.yml: the CLI bundle carries it as a constant, read when the
 * options are built, so the bundle needs no file next to it.
 */
function cliDefines() {
  const workflow = readFileSync(new URL("../examples/ralph.yml", import.meta.url), "utf8");
  return { define: { __RALPH_WORKFLOW_TEMPLATE__: JSON.stringify(workflow) } };
}

/**
 * Full options for one entry; `overrides` is for tests (an outfile outside dist/, or an outdir
 * for the split action entry).
 */
export function buildOptions(entry, overrides = {}) {
  const extra = entry === "cli" ? cliDefines() : {};
  return { ...commonOptions, ...entryOptions[entry], ...extra, ...overrides };
}
