/**
 * vitest globalSetup: bundles the action, the CLI and the App once for the whole test run (the
 * suites read the paths with `builtBundle`, test/support/bundles.ts). dist/ belongs to the
 * release build and is never written here; the bundles are removed after the run.
 *
 * Every project of vitest.config.ts calls it (a suite in any of them may run a built entry):
 * the first call builds, the others share that build, and the last teardown removes it.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import type { TestProject } from "vitest/node";
import { buildOptions, ROOT } from "../../scripts/build-options.mjs";
import type { Bundles } from "./bundles.js";
import { sharedPerRun } from "./shared-per-run.js";

interface SharedBuild {
  bundles: Promise<Bundles>;
  dirs: string[];
}

function startBuild(): SharedBuild {
  const dir = mkdtempSync(join(tmpdir(), "ralph-bundles-"));
  const cache = join(ROOT, "node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  const appDir = mkdtempSync(join(cache, "ralph-app-bundle-"));
  const bundles: Bundles = {
    action: join(dir, "action", "action.js"),
    cli: join(dir, "cli.mjs"),
    app: join(appDir, "app.js"),
  };
  const built = Promise.all([
    build(buildOptions("action", { outdir: join(dir, "action") })),
    build(buildOptions("cli", { outfile: bundles.cli })),
    build(buildOptions("app", { outfile: bundles.app })),
  ]).then(() => bundles);
  return { bundles: built, dirs: [dir, appDir] };
}

function removeBuild(build: SharedBuild): void {
  for (const dir of build.dirs) rmSync(dir, { recursive: true, force: true });
}

export default async function setup(project: TestProject): Promise<() => void> {
  const { value: build, teardown } = sharedPerRun("bundles", startBuild, removeBuild);
  project.provide("bundles", await build.bundles);
  return teardown;
}
