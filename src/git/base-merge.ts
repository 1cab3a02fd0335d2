/**
 * A moving base (DESIGN §2.3): the default branch merged into Ralph's branch with a merge commit.
 * Never a rebase, never a rewrite: people may have reviewed the branch, and its pushes stay
 * fast-forwards.
 *
 * Conflicts are committed WITH their markers, as a merge commit whose second parent is the base.
 * Each agent step may run in a new runner that starts from the pushed branch, so nothing that
 * lives only in one checkout (MERGE_HEAD, the index's conflict stages) would reach the follow-up
 * story that resolves them. Committed, the merge is on the branch for every later runner: the
 * implementer edits the marked files into their final form, the base is already a parent (GitHub
 * then sees the pull request as mergeable), and the verifier can require that no marker is left
 * (conflict-markers.ts). Markers use git's diff3 style, so the implementer also sees the common
 * ancestor's text, i.e. what each side changed.
 */

import { byCodeUnits } from "../core/code-unit-order.js";
import { GitError } from "./git-errors.js";
import { git } from "./git-exec.js";
import type { GitIdentity } from "./repository.js";

export type ConflictKind =
  | "both_modified"
  | "both_added"
  | "both_deleted"
  | "added_by_us"
  | "added_by_them"
  | "deleted_by_us"
  | "deleted_by_them";

export interface ConflictedFile {
  path: string;
  kind: ConflictKind;
}

export type BaseMergeResult =
  /** The base adds nothing Ralph's branch lacks: no commit made. */
  | { kind: "up_to_date"; head: string; base: string }
  /** Merged without conflict: `head` is the new merge commit. */
  | { kind: "clean"; head: string; base: string }
  /** Merged with conflicts left in `files` (markers committed, see above): `head` is the merge. */
  | { kind: "conflicts"; head: string; base: string; files: ConflictedFile[] };

export interface BaseMergeOptions {
  /** The default branch's name on the remote, e.g. `main`. */
  base: string;
  remote?: string;
  /** Author and committer of the merge commit (Ralph's bot identity). */
  identity: GitIdentity;
  /** The merge commit's subject; default `Merge <base> into <branch>`. */
  message?: string;
}

// `git status --porcelain=v2` unmerged entries: the XY code says who did what to the file.
const CONFLICT_KINDS: Record<string, ConflictKind> = {
  UU: "both_modified",
  AA: "both_added",
  DD: "both_deleted",
  AU: "added_by_us",
  UA: "added_by_them",
  DU: "deleted_by_us",
  UD: "deleted_by_them",
};

/** How far a shallow checkout is deepened, step by step, to find where the branches met. */
const DEEPEN_STEPS = [50, 500, 5000];

/**
 * Fetches `base` and merges it into the checked-out branch of `root` (which must have no tracked
 * change). Up to date: nothing happens. Clean: a merge commit. Conflicts: a merge commit holding
 * the conflict markers, its message naming the files. Nothing is pushed here.
 */
export async function mergeDefaultBranch(
  root: string,
  options: BaseMergeOptions,
): Promise<BaseMergeResult> {
  const remote = options.remote ?? "origin";
  const branch = (await git(root, ["symbolic-ref", "--quiet", "--short", "HEAD"])).trim();
  // --branch: its `##` line keeps the output from being empty (simple-git's 50 ms wait).
  const status = await git(root, ["status", "--porcelain", "--branch", "--untracked-files=no"]);
  if (status.split("\n").some((line) => line.trim() !== "" && !line.startsWith("## "))) {
    throw new GitError(`cannot merge ${options.base}: ${branch} has uncommitted changes`);
  }
  const base = await fetchBase(root, remote, options.base);
  await deepenUntilMergeBase(root, remote, base);
  const before = (await git(root, ["rev-parse", "--verify", "HEAD"])).trim();
  if (await isAncestor(root, base, before)) return { kind: "up_to_date", head: before, base };

  const env = identityEnv(options.identity);
  const subject = options.message ?? `Merge ${options.base} into ${branch}`;
  const output = await git(
    root,
    [
      "-c",
      "merge.conflictStyle=diff3",
      "merge",
      "--no-ff",
      "--no-verify",
      "--no-edit",
      "-m",
      subject,
      base,
    ],
    env,
  ).catch((error: Error) => error.message);
  const head = (await git(root, ["rev-parse", "--verify", "HEAD"])).trim();
  if (head !== before && (await secondParent(root, head)) === base) {
    return { kind: "clean", head, base };
  }
  if (!(await mergeInProgress(root))) {
    throw new GitError(`merging ${options.base} into ${branch} failed: ${output.trim()}`);
  }
  const files = await conflictedFiles(root);
  await git(root, ["add", "--all", "--", ...files.map((f) => f.path)]);
  await git(root, ["commit", "--no-verify", "-m", conflictMessage(subject, files)], env);
  const merged = (await git(root, ["rev-parse", "--verify", "HEAD"])).trim();
  return { kind: "conflicts", head: merged, base, files };
}

/** Fetches the default branch `name` from `remote`; returns its head. */
async function fetchBase(root: string, remote: string, name: string): Promise<string> {
  const tracking = `refs/remotes/${remote}/${name}`;
  // --verbose: an up-to-date fetch says so (simple-git waits 50 ms after a silent command).
  await git(root, ["fetch", "--verbose", "--no-tags", remote, `+refs/heads/${name}:${tracking}`]);
  return (await git(root, ["rev-parse", "--verify", `${tracking}^{commit}`])).trim();
}

/**
 * Has the default branch moved past the checked-out branch? Its head when it holds a commit the
 * branch lacks, null when the branch holds all of it: one fetch, no merge, nothing written. A
 * shallow checkout may answer "moved" for a base it holds; the merge then finds it up to date.
 */
export async function baseAhead(
  root: string,
  options: { base: string; remote?: string },
): Promise<string | null> {
  const base = await fetchBase(root, options.remote ?? "origin", options.base);
  return (await isAncestor(root, base, "HEAD")) ? null : base;
}

/** The merge commit's message: its subject, then one line per conflicted file. */
export function conflictMessage(subject: string, files: readonly ConflictedFile[]): string {
  const lines = files.map((f) => `- ${f.path} (${f.kind.replace(/_/g, " ")})`);
  return `${subject}\n\nConflicts left for a follow-up story to resolve (markers committed):\n${lines.join("\n")}`;
}

function identityEnv(identity: GitIdentity) {
  return {
    GIT_AUTHOR_NAME: identity.name,
    GIT_AUTHOR_EMAIL: identity.email,
    GIT_COMMITTER_NAME: identity.name,
    GIT_COMMITTER_EMAIL: identity.email,
  };
}

/**
 * Whether `ancestor` is `of` or one of its ancestors. Not `merge-base --is-ancestor`: simple-git
 * resolves a non-zero exit without stderr, so its "no" (exit 1, silent) read as yes; the answer is
 * read from the output (which also spares simple-git's 50 ms wait after a silent command).
 */
export async function isAncestor(root: string, ancestor: string, of: string): Promise<boolean> {
  const out = await git(root, ["rev-list", "--count", "--max-count=1", `${ancestor}`, `^${of}`]);
  return out.trim() === "0";
}

async function secondParent(root: string, commit: string): Promise<string | null> {
  const [, , second] = (await git(root, ["rev-list", "--parents", "-n", "1", commit]))
    .trim()
    .split(" ");
  return second ?? null;
}

async function mergeInProgress(root: string): Promise<boolean> {
  const out = await git(root, ["rev-parse", "-q", "--verify", "MERGE_HEAD"]).catch(() => "");
  return out.trim() !== "";
}

async function conflictedFiles(root: string): Promise<ConflictedFile[]> {
  const out = await git(root, ["status", "--porcelain=v2", "-z", "--untracked-files=no"]);
  const files: ConflictedFile[] = [];
  for (const entry of out.split("\0")) {
    // u <XY> <sub> <m1> <m2> <m3> <mW> <h1> <h2> <h3> <path>
    if (!entry.startsWith("u ")) continue;
    const fields = entry.split(" ");
    const path = fields.slice(10).join(" ");
    files.push({ path, kind: CONFLICT_KINDS[fields[1] ?? ""] ?? "both_modified" });
  }
  return files.sort((a, b) => byCodeUnits(a.path, b.path));
}

/**
 * A shallow checkout may hold too little history to find where the branch and the base met; it
 * is deepened in steps (bounded), and only then made whole.
 */
async function deepenUntilMergeBase(root: string, remote: string, base: string): Promise<void> {
  const shallow = async () =>
    (await git(root, ["rev-parse", "--is-shallow-repository"])).trim() === "true";
  const found = async () =>
    (await git(root, ["merge-base", "HEAD", base]).catch(() => "")).trim() !== "";
  if (!(await shallow()) || (await found())) return;
  for (const depth of DEEPEN_STEPS) {
    await git(root, ["fetch", "--verbose", "--no-tags", `--deepen=${depth}`, remote]);
    if ((await found()) || !(await shallow())) return;
  }
  await git(root, ["fetch", "--verbose", "--no-tags", "--unshallow", remote]);
}
