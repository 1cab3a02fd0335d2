/**
 * The repositories most tests start from (a bare remote with one commit on `main`, and for the
 * pipeline a checkout pushed to it) take six or seven git processes to make. They are made once
 * per test file and copied for each test: a copy of a few dozen small files costs a fraction of
 * those processes, and with fixed dates and identities it is the same repository, commit for
 * commit.
 */
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const templates = new Map<string, string>();

/**
 * Copies the folder `make` fills, made once per file for each `key`, into `dest`. The template
 * sits in the file's TMPDIR (test/support/temp-setup.ts), removed after the file.
 */
export function copyTemplate(key: string, make: (dir: string) => void, dest: string): void {
  let dir = templates.get(key);
  if (dir === undefined) {
    dir = mkdtempSync(join(tmpdir(), "ralph-template-"));
    make(dir);
    templates.set(key, dir);
  }
  cpSync(dir, dest, { recursive: true });
}
