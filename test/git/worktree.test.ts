/**
 * Parallel lanes add and remove their worktrees at the same time. git's worktree commands read
 * every entry of .git/worktrees, and one that ran while another was adding or removing an entry
 * failed ("failed to read .git/worktrees/ralph-lane-…/commondir: Success"): a lane then ran in
 * sequence, and a lane waiting for its partner waited for good (seen in two built-action tests
 * of a fresh-clone run). A `git` on PATH notes when two worktree commands of one repository run
 * at once: each holds a lock folder for 50 ms and notes an overlap if the folder is taken.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addWorktree, removeWorktree } from "../../src/git/worktree.js";
import { tempDir } from "../support/temp.js";

const REAL_GIT = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
const before = process.env.PATH;

function overlapShim(dir: string): string {
  const log = join(dir, "overlaps.log");
  writeFileSync(
    join(dir, "git"),
    [
      "#!/bin/sh",
      'case "$1 $2" in',
      '"worktree "*|"branch -D")',
      `  if mkdir '${dir}/busy' 2>/dev/null; then`,
      `    sleep 0.05; '${REAL_GIT}' "$@"; rc=$?; rmdir '${dir}/busy'; exit $rc`,
      "  fi",
      `  echo "$*" >> '${log}'`,
      ";;",
      "esac",
      `exec '${REAL_GIT}' "$@"`,
      "",
    ].join("\n"),
  );
  chmodSync(join(dir, "git"), 0o755);
  process.env.PATH = `${dir}:${before ?? ""}`;
  return log;
}

afterEach(() => {
  process.env.PATH = before;
});

describe("worktrees of one repository", () => {
  it("are added and removed one git command at a time, however many lanes start at once", async () => {
    const root = tempDir("ralph-worktrees-");
    const run = (...args: string[]) => execFileSync(REAL_GIT, args, { cwd: root });
    run("init", "--quiet", "--initial-branch=main");
    run(
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@example.com",
      "commit",
      "--quiet",
      "--allow-empty",
      "-m",
      "base",
    );
    const log = overlapShim(tempDir("ralph-git-shim-"));

    const lanes = ["a", "b", "c", "d"].map((name) => `ralph-parallel/${name}`);
    const trees = await Promise.all(lanes.map((branch) => addWorktree(root, branch, "HEAD")));
    expect(trees.every((t) => existsSync(join(t.dir, ".git")))).toBe(true);
    await Promise.all(trees.map((tree) => removeWorktree(root, tree)));

    expect(existsSync(log) ? readFileSync(log, "utf8") : "").toBe("");
    expect(run("worktree", "list").toString().trim().split("\n")).toHaveLength(1);
    expect(run("branch", "--list", "ralph-parallel/*").toString()).toBe("");
  });
});
