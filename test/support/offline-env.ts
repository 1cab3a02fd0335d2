/**
 * vitest globalSetup: the suites never make a TLS connection (nock refuses the network; the fake
 * GitHub is plain HTTP), yet every node process started with NODE_EXTRA_CA_CERTS set parses that
 * CA bundle before its first line: `node -e 0` took ~72 ms of CPU with this machine's bundle and
 * ~24 ms without. The workers, the CLI runs and the agents all inherit the run's environment, so it
 * is removed for the run, before any worker starts, and put back after.
 *
 * Both projects of vitest.config.ts call it: the first call removes, the last teardown restores
 * (test/support/shared-per-run.ts).
 */
import { sharedPerRun } from "./shared-per-run.js";

const NAME = "NODE_EXTRA_CA_CERTS";

function remove(): string | undefined {
  const outer = process.env[NAME];
  delete process.env[NAME];
  return outer;
}

function restore(outer: string | undefined): void {
  if (outer !== undefined) process.env[NAME] = outer;
}

export default function setup(): () => void {
  return sharedPerRun("offline-env", remove, restore).teardown;
}
