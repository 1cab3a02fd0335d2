import { chmod, lstat, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, relative } from "node:path";
import { isPathAllowed, normalizeRepoPath, splitNul } from "./paths.js";

/**
 * What `git status` cannot show (DESIGN §4.4 read-only enforcement): git's own control files and
 * the ignored files. An agent that edits `.git/config` or drops a hook gets code run inside
 * Ralph's later git commands (which hold push credentials); one that writes `.git/info/exclude`
 * or an ignored file changes the checkout where no status check looks.
 */
export interface HiddenSnapshot {
  /** config, config.worktree and every file under hooks/ and info/, by report path. */
  control: ReadonlyMap<string, ControlFile>;
  /**
   * Ignored untracked files: path → lstat signature (size, times, inode, mode); null when the
   * snapshot did not look (a run that may change ignored files: only git's control files count).
   */
  ignored: ReadonlyMap<string, string> | null;
}

interface ControlFile {
  abs: string;
  content: Buffer;
  mode: number;
}

export type GitRunner = (args: string[]) => Promise<string>;

/** Paths Ralph skips here: its own ignored folders and the caller's allowed paths. */
export type Skip = (path: string) => boolean;

/** Repo-relative when inside the checkout (`.git/config`), else absolute (linked worktrees). */
function reportPath(root: string, abs: string): string {
  const rel = relative(root, abs);
  return rel.startsWith("..") || isAbsolute(rel) ? abs : rel.split("\\").join("/");
}

async function walkFiles(abs: string): Promise<string[]> {
  const info = await lstat(abs).catch(() => null);
  if (info === null) return [];
  if (!info.isDirectory()) return [abs];
  const out: string[] = [];
  for (const entry of await readdir(abs)) out.push(...(await walkFiles(join(abs, entry))));
  return out;
}

/**
 * Where git's control files are: fixed locations, not `--git-path` (that follows
 * `core.hooksPath`, which the agent may have just pointed at a folder of the checkout). Asked
 * once per repository, before any agent ran (GitRepository keeps the answer).
 */
export async function controlLocations(root: string, git: GitRunner): Promise<string[]> {
  const [gitDir = ".git", commonDir = gitDir] = (
    await git(["rev-parse", "--git-dir", "--git-common-dir"])
  )
    .split(/\r?\n/)
    .filter((l) => l !== "")
    .map((p) => (isAbsolute(p) ? p : join(root, p)));
  return [
    join(commonDir, "config"),
    join(gitDir, "config.worktree"),
    join(commonDir, "hooks"),
    join(commonDir, "info"),
  ];
}

async function controlFiles(
  root: string,
  locations: readonly string[],
): Promise<Map<string, ControlFile>> {
  const files = new Map<string, ControlFile>();
  for (const location of locations) {
    for (const abs of await walkFiles(location)) {
      // A symlink to a directory (an agent replacing `info/`) is not readable as a file: it still
      // differs from what was there, which is all that matters.
      const [content, info] = await Promise.all([
        readFile(abs).catch(() => Buffer.from("\0unreadable")),
        lstat(abs),
      ]);
      files.set(reportPath(root, abs), { abs, content, mode: info.mode & 0o7777 });
    }
  }
  return files;
}

function signature(info: {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  mode: number;
}): string {
  return `${info.size}:${info.mtimeMs}:${info.ctimeMs}:${info.ino}:${info.mode}`;
}

/**
 * Wholly ignored directories (`dir/`) as `git status --ignored=traditional
 * --untracked-files=normal` collapses them: asked only when a run left new ignored files, to
 * delete a new ignored folder at once. Status, not `ls-files`, because `--branch` makes it print
 * even when nothing is ignored: simple-git waits 50 ms after a silent command.
 */
async function ignoredDirs(git: GitRunner, skip: Skip): Promise<Set<string>> {
  const out = await git([
    "status",
    "--porcelain=v1",
    "-z",
    "--branch",
    "--untracked-files=normal",
    "--ignored=traditional",
  ]);
  const entries = splitNul(out)
    .filter((entry) => entry.startsWith("!! "))
    .map((entry) => entry.slice(3));
  return new Set(entries.filter((p) => p.endsWith("/") && !skip(p)));
}

/** The lstat signatures of `paths` (ignored files a tree scan listed). */
async function signatures(
  root: string,
  paths: readonly string[],
  skip: Skip,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const path of paths) {
    if (skip(path)) continue;
    const info = await lstat(join(root, path)).catch(() => null);
    if (info !== null) out.set(path, signature(info));
  }
  return out;
}

/**
 * git's control files at `locations`, and with `ignored` (the ignored files of a tree scan,
 * tree-scan.ts) their signatures too.
 */
export async function snapshotHidden(
  root: string,
  locations: readonly string[],
  skip: Skip,
  ignored: readonly string[] | null,
): Promise<HiddenSnapshot> {
  return {
    control: await controlFiles(root, locations),
    ignored: ignored === null ? null : await signatures(root, ignored, skip),
  };
}

/**
 * Puts git's control files back as they were (new ones deleted, changed or deleted ones
 * rewritten with their mode). Returns the paths that differed.
 */
export async function restoreControl(
  root: string,
  locations: readonly string[],
  before: HiddenSnapshot,
): Promise<string[]> {
  const now = await controlFiles(root, locations);
  const changed: string[] = [];
  for (const [path, file] of now) {
    if (before.control.has(path)) continue;
    changed.push(path);
    await rm(file.abs, { force: true, recursive: true });
  }
  for (const [path, file] of before.control) {
    const current = now.get(path);
    if (current?.content.equals(file.content) && current.mode === file.mode) continue;
    changed.push(path);
    await rm(file.abs, { force: true, recursive: true });
    await mkdir(dirname(file.abs), { recursive: true });
    await writeFile(file.abs, file.content);
    await chmod(file.abs, file.mode);
  }
  return changed.sort();
}

/**
 * Ignored files the agent created are deleted (a new wholly ignored directory at once); ignored
 * files it changed or deleted cannot be restored (Ralph keeps no copy) and are only reported.
 * `nowIgnored`: the ignored files of the tree scan after the run.
 */
export async function revertIgnored(
  root: string,
  git: GitRunner,
  keep: readonly string[],
  before: HiddenSnapshot,
  nowIgnored: readonly string[],
): Promise<string[]> {
  if (before.ignored === null) return [];
  const was = before.ignored;
  const skip = skipper(keep);
  const changed = new Set<string>();
  let now = await signatures(root, nowIgnored, skip);
  const created = [...now.keys()].filter((p) => !was.has(p));
  if (created.length > 0) {
    // A new directory holding a kept path (Ralph's run logs) is checked file by file instead.
    const existedBefore = (dir: string) => [...was.keys()].some((p) => p.startsWith(dir));
    const holdsKept = (dir: string) => keep.some((k) => normalizeRepoPath(k).startsWith(dir));
    const removed: string[] = [];
    // Sorted, so a new parent goes before its (listed too) sub-directories.
    for (const dir of [...(await ignoredDirs(git, skip))].sort()) {
      if (!created.some((p) => p.startsWith(dir))) continue;
      if (existedBefore(dir) || holdsKept(dir) || removed.some((r) => dir.startsWith(r))) continue;
      removed.push(dir);
      changed.add(dir);
      await rm(join(root, dir), { force: true, recursive: true });
    }
    now = new Map([...now].filter(([p]) => !removed.some((r) => p.startsWith(r))));
  }
  for (const [path, sig] of now) {
    const previous = was.get(path);
    if (previous === sig) continue;
    changed.add(path);
    if (previous === undefined) await removeWithEmptyParents(root, path);
  }
  for (const path of was.keys()) {
    if (!skip(path) && !now.has(path)) changed.add(path);
  }
  return [...changed].sort();
}

async function removeWithEmptyParents(root: string, path: string): Promise<void> {
  await rm(join(root, path), { force: true, recursive: true });
  let dir = dirname(path);
  while (dir !== "." && dir !== "/" && dir !== "") {
    const entries = await readdir(join(root, dir)).catch(() => null);
    if (entries === null || entries.length > 0) return;
    await rm(join(root, dir), { force: true, recursive: true });
    dir = dirname(dir);
  }
}

/** `skip` for a workspace: Ralph's ignored paths plus the caller's allowed ones. */
export function skipper(allowed: readonly string[]): Skip {
  return (path) => isPathAllowed(path, allowed);
}
