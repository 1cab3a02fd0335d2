import { splitNul } from "./paths.js";

/**
 * One look at the whole working tree (issue 20: Ralph's git work per story scans the tree no more
 * than it needs): `git status` with the untracked files one by one and the ignored ones too, so a
 * single scan tells what a read-only check needs before and after a run — the changes (staged,
 * unstaged, untracked) and the ignored files (which `git status` alone would not show).
 */
export interface TreeScan {
  /** Repo-relative paths that differ from HEAD, untracked files included. */
  changes: string[];
  /** Ignored untracked files, one by one. */
  ignored: string[];
}

/** `--branch` so the output is never empty (simple-git waits 50 ms after a silent command). */
const STATUS = ["status", "--porcelain=v1", "-z", "--branch", "--untracked-files=all"];

export const TREE_SCAN_ARGS = [...STATUS, "--ignored=traditional", "--no-renames"];

/** `git status` of the changes alone; with `pathspec`, of those paths alone. */
export function statusArgs(pathspec: readonly string[] = []): string[] {
  return [...STATUS, "--no-renames", ...(pathspec.length > 0 ? ["--", ...pathspec] : [])];
}

export function parseTreeScan(output: string): TreeScan {
  const changes: string[] = [];
  const ignored: string[] = [];
  for (const entry of splitNul(output)) {
    if (entry.length <= 3 || entry.startsWith("## ")) continue;
    if (entry.startsWith("!! ")) ignored.push(entry.slice(3));
    else changes.push(entry.slice(3));
  }
  return { changes, ignored };
}
