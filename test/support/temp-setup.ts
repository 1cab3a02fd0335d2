/**
 * vitest setupFiles: each test file gets a temp folder of its own as TMPDIR (for this process and
 * the subprocesses it starts), removed with everything in it after the file, as are the
 * temporary directories its tests made outside a test (test/support/temp.ts).
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { removeFileTempDirs } from "./temp.js";

const outer = process.env.TMPDIR;
const root = mkdtempSync(join(tmpdir(), "ralph-tests-"));
// Open like /tmp itself (sticky, world-writable): the agent-boundary suites run agents as other
// OS users, which must reach and write their own folders below it.
chmodSync(root, 0o1777);
process.env.TMPDIR = root;

afterAll(() => {
  removeFileTempDirs();
  if (outer === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = outer;
  rmSync(root, { recursive: true, force: true });
});
