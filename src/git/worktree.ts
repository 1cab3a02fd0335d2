import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { git } from "./git-exec.js";
import type { GitIdentity } from "./repository.js";

/** A second checkout of the repository on its own short-lived branch (`git worktree`). */
export interface Worktree {
  dir: string;
  branch: string;
}

/**
 * git's worktree commands read every entry of `.git/worktrees`: one that runs while another adds
 * or removes an entry can find it half made or half gone and fail ("failed to read
 * .git/worktrees/…/commondir"). Parallel lanes add and remove their worktrees at the same time,
 * so the worktree commands of one repository take turns (within this process, which is the only
 * one adding lanes to its checkout).
 */
const turns = new Map<string, Promise<unknown>>();

function inTurn<T>(root: string, work: () => Promise<T>): Promise<T> {
  const next = (turns.get(root) ?? Promise.resolve()).catch(() => {}).then(work);
  turns.set(root, next);
  next
    .finally(() => {
      if (turns.get(root) === next) turns.delete(root);
    })
    .catch(() => {});
  return next;
}

/** A worktree of `root` at `base` on a new (or reset) branch, in a fresh temporary directory. */
export async function addWorktree(root: string, branch: string, base: string): Promise<Worktree> {
  const dir = await mkdtemp(join(tmpdir(), "ralph-lane-"));
  await inTurn(root, () => git(root, ["worktree", "add", "-B", branch, dir, base]));
  return { dir, branch };
}

/** Removes the worktree and its branch; best effort, so a failed clean-up never hides a result. */
export async function removeWorktree(root: string, tree: Worktree): Promise<void> {
  await inTurn(root, async () => {
    await git(root, ["worktree", "remove", "--force", tree.dir]).catch(() => "");
    await rm(tree.dir, { recursive: true, force: true }).catch(() => {});
    await git(root, ["worktree", "prune"]).catch(() => "");
    await git(root, ["branch", "-D", tree.branch]).catch(() => "");
  });
}

export type MergeResult = { ok: true; commit: string } | { ok: false; conflicts: string[] };

/**
 * A real merge (`--no-ff`, a merge commit by `identity`) of `branch` into the checked-out branch
 * of `root`. A conflict is aborted, leaving the branch as it was, and names the files. The
 * commit hooks are skipped (`--no-verify`); the caller restores git's own files (hooks, config)
 * an agent may have changed before merging (restoreGitControl).
 *
 * Success is read from the result, not from git's exit: a conflicting merge prints to stdout
 * only, which simple-git does not count as a failure. It merged when HEAD is a new commit whose
 * second parent is the branch's tip.
 */
export async function mergeBranch(
  root: string,
  branch: string,
  message: string,
  identity: GitIdentity,
): Promise<MergeResult> {
  const env = {
    GIT_AUTHOR_NAME: identity.name,
    GIT_AUTHOR_EMAIL: identity.email,
    GIT_COMMITTER_NAME: identity.name,
    GIT_COMMITTER_EMAIL: identity.email,
  };
  const tip = (await git(root, ["rev-parse", "--verify", `${branch}^{commit}`])).trim();
  await git(
    root,
    ["merge", "--no-ff", "--no-verify", "--no-edit", "-m", message, branch],
    env,
  ).catch(() => "");
  const [head, , second] = (await git(root, ["rev-list", "--parents", "-n", "1", "HEAD"]))
    .trim()
    .split(" ");
  if (head !== undefined && second === tip) return { ok: true, commit: head };
  const conflicts = (await git(root, ["diff", "--name-only", "--diff-filter=U"]).catch(() => ""))
    .split("\n")
    .filter((l) => l !== "");
  await git(root, ["merge", "--abort"]).catch(() => "");
  return { ok: false, conflicts };
}

/** Takes the checked-out branch of `root` back to `sha`, tree and index included. */
export async function resetBranchTo(root: string, sha: string): Promise<void> {
  await git(root, ["reset", "--hard", "--quiet", sha]);
}
