/**
 * vitest globalSetup: bundles the action, the CLI and the App once for the whole test run (the
 * suites read the paths with `builtBundle`, test/support/bundles.ts). dist/ belongs to the
 * release build and is never written here; the bundles are removed after the run.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import type { TestProject } from "vitest/node";
import { buildOptions, ROOT } from "../../scripts/build-options.mjs";
import type { Bundles } from "./bundles.js";

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), "ralph-bundles-"));
  const cache = join(ROOT, "node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  const appDir = mkdtempSync(join(cache, "ralph-app-bundle-"));
  const bundles: Bundles = {
    action: join(dir, "action", "action.js"),
    cli: join(dir, "cli.mjs"),
    app: join(appDir, "app.js"),
  };
  await Promise.all([
    build(buildOptions("action", { outdir: join(dir, "action") })),
    build(buildOptions("cli", { outfile: bundles.cli })),
    build(buildOptions("app", { outfile: bundles.app })),
  ]);
  project.provide("bundles", bundles);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(appDir, { recursive: true, force: true });
  };
}
