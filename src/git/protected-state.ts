import type { Stats } from "node:fs";
import {
  chmod,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { dirname, join } from "node:path";
import { isPathAllowed, normalizeRepoPath } from "./paths.js";

/**
 * Ralph's own state in the checkout (DESIGN §4.5): plans, PRDs, meta, candidates, done markers,
 * the folders holding them, the spec and the config file. An agent run may not change any of it,
 * by content or by type: a file turned into a symlink (a `done` folder pointing at another one)
 * or a changed mode is a change like any other. Compared with lstat only (never following a
 * link), so a planted link is seen as the link it is, and restored before Ralph reads a byte.
 */
export type ProtectedEntry =
  | { type: "dir"; mode: number }
  | { type: "file"; mode: number; content: Buffer }
  | { type: "symlink"; target: string }
  | { type: "other" };

export interface ProtectedSnapshot {
  /** Repo-relative roots: a file or a folder (whose whole tree is protected). */
  roots: readonly string[];
  /** Paths that may change (the planner's plan file); skipped in both directions. */
  writable: readonly string[];
  /** Every entry under the roots and the roots' own ancestors, by repo-relative path. */
  entries: ReadonlyMap<string, ProtectedEntry>;
}

async function entryOf(abs: string, info: Stats): Promise<ProtectedEntry> {
  if (info.isSymbolicLink()) return { type: "symlink", target: await readlink(abs) };
  if (info.isDirectory()) return { type: "dir", mode: info.mode & 0o7777 };
  if (info.isFile())
    return { type: "file", mode: info.mode & 0o7777, content: await readFile(abs) };
  return { type: "other" };
}

function ancestorsOf(path: string): string[] {
  const out: string[] = [];
  let dir = dirname(path);
  while (dir !== "." && dir !== "/" && dir !== "") {
    out.push(dir);
    dir = dirname(dir);
  }
  return out;
}

/** Every entry at and below `rel` (not following links), by repo-relative path. */
async function walk(root: string, rel: string, into: Map<string, ProtectedEntry>): Promise<void> {
  const abs = join(root, rel);
  const info = await lstat(abs).catch(() => null);
  if (info === null) return;
  const entry = await entryOf(abs, info);
  into.set(rel, entry);
  if (entry.type !== "dir") return;
  for (const name of await readdir(abs)) await walk(root, `${rel}/${name}`, into);
}

async function readEntries(
  root: string,
  roots: readonly string[],
): Promise<Map<string, ProtectedEntry>> {
  const entries = new Map<string, ProtectedEntry>();
  for (const r of roots.map(normalizeRepoPath)) {
    // Ancestors by type only: a `.ralph` replaced by a link would move every protected path.
    for (const dir of ancestorsOf(r)) {
      if (entries.has(dir)) continue;
      const info = await lstat(join(root, dir)).catch(() => null);
      if (info !== null)
        entries.set(
          dir,
          info.isDirectory()
            ? { type: "dir", mode: info.mode & 0o7777 }
            : await entryOf(join(root, dir), info),
        );
    }
    await walk(root, r.replace(/\/$/, ""), entries);
  }
  return entries;
}

export async function snapshotProtected(
  root: string,
  roots: readonly string[],
  writable: readonly string[] = [],
): Promise<ProtectedSnapshot> {
  return { roots, writable, entries: await readEntries(root, roots) };
}

function same(a: ProtectedEntry, b: ProtectedEntry): boolean {
  if (a.type !== b.type) return false;
  if (a.type === "dir" && b.type === "dir") return a.mode === b.mode;
  if (a.type === "file" && b.type === "file")
    return a.mode === b.mode && a.content.equals(b.content);
  if (a.type === "symlink" && b.type === "symlink") return a.target === b.target;
  return true;
}

async function recreate(abs: string, entry: ProtectedEntry): Promise<void> {
  await rm(abs, { force: true, recursive: true });
  switch (entry.type) {
    case "dir":
      await mkdir(abs, { recursive: true });
      await chmod(abs, entry.mode);
      return;
    case "file":
      await mkdir(dirname(abs), { recursive: true });
      await writeFile(abs, entry.content);
      await chmod(abs, entry.mode);
      return;
    case "symlink":
      await mkdir(dirname(abs), { recursive: true });
      await symlink(entry.target, abs);
      return;
    case "other":
      return; // a fifo or socket Ralph never makes: removing what replaced it is all it can do
  }
}

/**
 * Puts the protected state back as `before` had it: new entries removed, changed or removed ones
 * rewritten (type, mode, content, link target), parents before children so nothing is written
 * through a planted link. Uses no git (a planted hook must not run). Returns the changed paths:
 * files and links, and folders only where nothing below them changed.
 */
export async function restoreProtected(root: string, before: ProtectedSnapshot): Promise<string[]> {
  const skip = (p: string) => isPathAllowed(p, before.writable);
  const roots = before.roots.map((r) => normalizeRepoPath(r).replace(/\/$/, ""));
  const underRoot = (p: string) => roots.some((r) => p === r || p.startsWith(`${r}/`));
  // A new folder on the way to a writable path (the planner's first plan) stays.
  const holdsWritable = (p: string) =>
    before.writable.some((w) => normalizeRepoPath(w).startsWith(`${p}/`));
  const changed = new Set<string>();
  // Ancestors first, by path depth: an ancestor that is no longer a folder is made one again.
  const ordered = [...before.entries.keys()].sort(
    (a, b) => a.split("/").length - b.split("/").length || a.localeCompare(b),
  );
  let now = await readEntries(root, before.roots);
  for (const path of ordered) {
    if (skip(path)) continue;
    const want = before.entries.get(path)!;
    const have = now.get(path);
    if (have !== undefined && same(want, have)) continue;
    changed.add(path);
    await recreate(join(root, path), want);
    if (have?.type !== want.type) now = await readEntries(root, before.roots);
  }
  const added = [...now.keys()].filter(
    (p) =>
      !before.entries.has(p) &&
      underRoot(p) &&
      !skip(p) &&
      !(now.get(p)?.type === "dir" && holdsWritable(p)),
  );
  for (const path of added.sort().reverse()) {
    if (added.some((other) => other.startsWith(`${path}/`))) {
      await rm(join(root, path), { force: true, recursive: true });
      continue;
    }
    changed.add(path);
    await rm(join(root, path), { force: true, recursive: true });
  }
  // A folder counts only when nothing below it is listed (the files say more).
  const list = [...changed];
  return list.filter((p) => !list.some((o) => o.startsWith(`${p}/`))).sort();
}
