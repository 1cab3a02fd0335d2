import { lstat, mkdir, readdir, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import {
  type GitRunner,
  type HiddenSnapshot,
  restoreControl,
  revertIgnored,
} from "./hidden-state.js";
import { isPathAllowed } from "./paths.js";
import type { TreeScan } from "./tree-scan.js";

/** What read-only enforcement needs of a repository (GitRepository gives it). */
export interface WorkingTree {
  root: string;
  /** Paths Ralph never reports or reverts (its run logs). */
  ignored: readonly string[];
  run: GitRunner;
  /** Where git's control files are (hidden-state.ts controlLocations), asked once. */
  controlLocations(): Promise<string[]>;
  currentBranch(): Promise<string>;
  headSha(): Promise<string>;
  /** One scan of the tree: the changes `git status` reports and the ignored files. */
  scan(): Promise<TreeScan>;
}

/**
 * Content of the uncommitted files before a run (null: deleted in the working tree). `hidden`
 * (set by snapshotWorkingTree) also holds what `git status` cannot see: git's own control files
 * and the ignored files.
 */
export type WorkingTreeSnapshot = ReadonlyMap<string, Buffer | null> & {
  readonly hidden?: HiddenSnapshot;
};

export interface ReadOnlyOptions {
  /** HEAD before the read-only run: a commit made by the agent is undone (its changes reverted). */
  baseSha?: string;
  /** Branch before the run: if the agent switched branches, Ralph switches back. */
  branch?: string;
  /**
   * Uncommitted files before the run (snapshotWorkingTree): they are compared with and restored to
   * this content instead of HEAD, so a user's own uncommitted work is never thrown away.
   */
  baseline?: WorkingTreeSnapshot;
}

export interface ReadOnlyResult {
  /**
   * Repo-relative paths that were changed outside the allowed paths (now reverted), symlinks
   * created anywhere (removed) and git's own files (`.git/config`, hooks, `info/`; restored).
   */
  violations: string[];
  /** The agent created commits or switched branches (undone). */
  headMoved: boolean;
  /**
   * Ignored files the agent created (deleted; a new ignored directory as `dir/`), changed or
   * deleted (reported only: Ralph keeps no copy). Needs a baseline from snapshotWorkingTree. Not
   * in `violations` because a verifier's build legitimately writes ignored outputs; phases that
   * must write nothing (planner, understand) treat them as violations.
   */
  hiddenChanges: string[];
}

/**
 * Read-only enforcement (DESIGN §4.4): every change outside `allowedPaths` is reverted —
 * tracked files checked out from HEAD, new files deleted — and reported by path.
 */
export async function enforceReadOnly(
  tree: WorkingTree,
  allowedPaths: readonly string[],
  opts: ReadOnlyOptions = {},
): Promise<ReadOnlyResult> {
  const violations = new Set<string>();
  const hidden = opts.baseline?.hidden;
  // First, before any git command that could run a planted hook or fsmonitor.
  if (hidden) {
    const locations = await tree.controlLocations();
    for (const p of await restoreControl(tree.root, locations, hidden)) violations.add(p);
  }
  let headMoved = false;
  if (opts.branch && (await tree.currentBranch().catch(() => "")) !== opts.branch) {
    headMoved = true;
    violations.add(`(checked out another branch instead of ${opts.branch})`);
    await tree.run(["checkout", "--quiet", "--force", opts.branch]);
  }
  if (opts.baseSha && (await tree.headSha()) !== opts.baseSha) {
    headMoved = true;
    // Soft reset keeps the agent's committed changes in the index, so the path check below sees
    // them and reverts those outside the allowed paths.
    await tree.run(["reset", "--quiet", "--soft", opts.baseSha]);
  }
  const baseline = opts.baseline ?? new Map<string, Buffer | null>();
  // One scan per pass; a reverted `.gitignore` (or a new one the agent added) unhides files, so a
  // pass that reverted something is followed by another look. The last scan also tells the
  // ignored files.
  let scan = await tree.scan();
  for (let pass = 0; pass < 3; pass++) {
    if (!(await revertOutside(tree, scan, allowedPaths, baseline, violations))) break;
    scan = await tree.scan();
  }
  const keep = [...allowedPaths, ...tree.ignored];
  const hiddenChanges = hidden
    ? await revertIgnored(tree.root, tree.run, keep, hidden, scan.ignored)
    : [];
  return { violations: [...violations].sort(), headMoved, hiddenChanges };
}

/** One pass over a scan's changes (+ the baseline); returns whether anything was reverted. */
async function revertOutside(
  tree: WorkingTree,
  scan: TreeScan,
  allowedPaths: readonly string[],
  baseline: WorkingTreeSnapshot,
  violations: Set<string>,
): Promise<boolean> {
  const allowed = [...allowedPaths, ...tree.ignored];
  const candidates = new Set([...scan.changes, ...baseline.keys()]);
  let reverted = false;
  for (const path of [...candidates].sort()) {
    if (isPathAllowed(path, tree.ignored)) continue;
    if (isPathAllowed(path, allowed)) {
      // Even where writing is allowed, a new symlink could make Ralph read or write anywhere.
      if (baseline.has(path) || !(await isSymlink(join(tree.root, path)))) continue;
    } else if (baseline.has(path)) {
      const before = baseline.get(path) ?? null;
      const now = await readFile(join(tree.root, path)).catch(() => null);
      if (sameContent(before, now)) continue;
      violations.add(path);
      reverted = true;
      await restoreContent(tree, path, before);
      continue;
    }
    violations.add(path);
    reverted = true;
    await revertPath(tree, path);
  }
  return reverted;
}

/** Restores a path to its HEAD state (a new file is deleted, with its emptied folders). */
export async function revertPath(tree: WorkingTree, path: string): Promise<void> {
  const inHead = await tree
    .run(["cat-file", "-t", `HEAD:${path}`])
    .then(() => true)
    .catch(() => false);
  if (inHead) {
    await tree.run(["checkout", "HEAD", "--", path]);
    return;
  }
  await tree.run(["rm", "--cached", "--ignore-unmatch", "--", path]);
  await rm(join(tree.root, path), { force: true, recursive: true });
  await removeEmptyParents(tree, path);
}

async function restoreContent(
  tree: WorkingTree,
  path: string,
  content: Buffer | null,
): Promise<void> {
  const abs = join(tree.root, path);
  if (content === null) {
    await rm(abs, { force: true, recursive: true });
    return;
  }
  await rm(abs, { force: true, recursive: true });
  await mkdir(dirname(abs), { recursive: true });
  await writeFile(abs, content);
}

async function removeEmptyParents(tree: WorkingTree, path: string): Promise<void> {
  let dir = dirname(path);
  while (dir !== "." && dir !== "/" && dir !== "") {
    const abs = join(tree.root, dir);
    const entries = await readdir(abs).catch(() => null);
    if (entries === null || entries.length > 0) return;
    await rmdir(abs).catch(() => undefined);
    dir = dirname(dir);
  }
}

async function isSymlink(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => null))?.isSymbolicLink() ?? false;
}

function sameContent(a: Buffer | null, b: Buffer | null): boolean {
  if (a === null || b === null) return a === b;
  return a.equals(b);
}
