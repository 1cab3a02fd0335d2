/**
 * The release bundles the built-entry suites run (the action, the CLI, the App): built ONCE per
 * test run by test/support/build-bundles.ts (vitest globalSetup) with scripts/build.mjs's options,
 * instead of once per test file (some thirty files run them).
 */
import { inject } from "vitest";

export interface Bundles {
  /** dist/action.js's entry, its chunks beside it. */
  action: string;
  cli: string;
  /** In node_modules/.cache: `probot`, external in the bundle, resolves as for dist/app.js. */
  app: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    bundles: Bundles;
  }
}

/** The path of a bundle this test run built (in beforeAll or a test, not at import time). */
export function builtBundle(name: keyof Bundles): string {
  return inject("bundles")[name];
}
