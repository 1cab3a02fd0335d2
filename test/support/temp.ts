/**
 * Temporary directories of the tests, removed when the test that made them finishes; one made
 * outside a test (a beforeAll) is removed after its file. Every test file also runs with its own
 * TMPDIR (test/support/temp-setup.ts), removed after the file: what subprocesses leave in their
 * temp folder goes with it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";

const afterFile: string[] = [];

function remove(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Removes `dir` (and all below it) after the running test, or after the file outside a test. */
export function removeAfterTest(dir: string): string {
  try {
    onTestFinished(() => remove(dir));
  } catch {
    afterFile.push(dir);
  }
  return dir;
}

/** A new directory `<parent>/<prefix>XXXXXX` (parent: the temp folder), removed after the test. */
export function tempDir(prefix: string, parent = tmpdir()): string {
  return removeAfterTest(mkdtempSync(join(parent, prefix)));
}

/** Removes what tests made outside a test (the setup's afterAll). */
export function removeFileTempDirs(): void {
  for (const dir of afterFile.splice(0)) remove(dir);
}
