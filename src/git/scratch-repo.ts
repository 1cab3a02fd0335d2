import { mkdir } from "node:fs/promises";
import { git } from "./git-exec.js";
import { GitRepository, type OpenOptions } from "./repository.js";

/**
 * A new, empty repository in `dir` (created when missing) with `branch` checked out, for runs
 * that need a checkout of their own (`ralph check-agent`). Commit signing is off in its own
 * config, so Ralph's commits there work whatever the user's global git config asks for.
 */
export async function initScratchRepository(
  dir: string,
  branch: string,
  options: OpenOptions = {},
): Promise<GitRepository> {
  await mkdir(dir, { recursive: true });
  // Not --quiet: simple-git waits 50 ms after a command that printed nothing.
  await git(dir, ["init"]);
  await git(dir, ["symbolic-ref", "HEAD", `refs/heads/${branch}`]);
  await git(dir, ["config", "commit.gpgsign", "false"]);
  return GitRepository.open(dir, options);
}
