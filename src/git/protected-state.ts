import { createHash } from "node:crypto";
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
import { byCodeUnits } from "../core/code-unit-order.js";
import { isPathAllowed, normalizeRepoPath } from "./paths.js";

/**
 * Ralph's own state in the checkout (DESIGN §4.5): plans, PRDs, meta, candidates, done markers,
 * the folders holding them, the spec and the config file. An agent run may not change any of it,
 * by content or by type: a file turned into a symlink (a `done` folder pointing at another one)
 * or a changed mode is a change like any other. Compared with lstat only (never following a
 * link), so a planted link is seen as the link it is, and restored before Ralph reads a byte.
 * Files are compared by their git blob hash; only the files of the scope are read (issue 20: the
 * current spec's, not every spec ever merged — git's own status reverts the rest, pipeline).
 */
export type ProtectedEntry =
  | { type: "dir"; mode: number }
  | { type: "file"; mode: number; hash: string; content: Buffer }
  | { type: "symlink"; target: string }
  | { type: "other" };

/** What a snapshot covers. */
export interface ProtectedScope {
  /** Files or folders protected whole (a folder with everything below it). */
  roots: readonly string[];
  /** Folders whose entries named `prefix…` are protected whole; new ones are removed. */
  prefixed?: readonly { dir: string; prefix: string }[];
}

export interface ProtectedSnapshot {
  scope: ProtectedScope;
  /** Paths that may change (the planner's plan file); skipped in both directions. */
  writable: readonly string[];
  /**
   * Every entry of the scope, the scope's folders themselves (type and mode only, not what else
   * they hold) and their ancestors, by repo-relative path.
   */
  entries: ReadonlyMap<string, ProtectedEntry>;
}

/** git's blob id of `content`: what a file is compared by. */
function blobHash(content: Buffer): string {
  return createHash("sha1").update(`blob ${content.length}\0`).update(content).digest("hex");
}

async function entryOf(abs: string, info: Stats): Promise<ProtectedEntry> {
  if (info.isSymbolicLink()) return { type: "symlink", target: await readlink(abs) };
  if (info.isDirectory()) return { type: "dir", mode: info.mode & 0o7777 };
  if (info.isFile()) {
    const content = await readFile(abs);
    return { type: "file", mode: info.mode & 0o7777, hash: blobHash(content), content };
  }
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

/** A folder's own entry, by lstat: what it is, not what it holds. */
async function shellOf(root: string, dir: string): Promise<ProtectedEntry | null> {
  const info = await lstat(join(root, dir)).catch(() => null);
  if (info === null) return null;
  return info.isDirectory()
    ? { type: "dir", mode: info.mode & 0o7777 }
    : await entryOf(join(root, dir), info);
}

function scopeOf(scope: ProtectedScope | readonly string[]): ProtectedScope {
  return Array.isArray(scope) ? { roots: scope as readonly string[] } : (scope as ProtectedScope);
}

/** Roots, the prefixed folders' matching entries, and every folder on the way, by type. */
async function readEntries(
  root: string,
  scope: ProtectedScope,
): Promise<Map<string, ProtectedEntry>> {
  const entries = new Map<string, ProtectedEntry>();
  const shell = async (dir: string) => {
    if (entries.has(dir)) return;
    const entry = await shellOf(root, dir);
    if (entry !== null) entries.set(dir, entry);
  };
  const roots = scope.roots.map((r) => normalizeRepoPath(r).replace(/\/$/, ""));
  const prefixed = (scope.prefixed ?? []).map((p) => ({
    dir: normalizeRepoPath(p.dir).replace(/\/$/, ""),
    prefix: p.prefix,
  }));
  // Ancestors by type only: a `.ralph` replaced by a link would move every protected path.
  for (const r of roots) for (const dir of ancestorsOf(r)) await shell(dir);
  for (const { dir } of prefixed) {
    for (const up of ancestorsOf(dir)) await shell(up);
    await shell(dir);
  }
  // A root is walked only through real folders: lstat resolves links on the way, so a `done`
  // folder replaced by a link would make the files behind it look like the root's (and be
  // removed through it). The link itself is an entry of the scope and is restored as one.
  const throughFolders = (r: string) => ancestorsOf(r).every((d) => entries.get(d)?.type === "dir");
  for (const r of roots) if (throughFolders(r)) await walk(root, r, entries);
  for (const { dir, prefix } of prefixed) {
    if (entries.get(dir)?.type !== "dir" || !throughFolders(dir)) continue;
    for (const name of await readdir(join(root, dir)).catch(() => [] as string[])) {
      if (name.startsWith(prefix)) await walk(root, `${dir}/${name}`, entries);
    }
  }
  return entries;
}

export async function snapshotProtected(
  root: string,
  scope: ProtectedScope | readonly string[],
  writable: readonly string[] = [],
): Promise<ProtectedSnapshot> {
  const s = scopeOf(scope);
  return { scope: s, writable, entries: await readEntries(root, s) };
}

function same(a: ProtectedEntry, b: ProtectedEntry): boolean {
  if (a.type !== b.type) return false;
  if (a.type === "dir" && b.type === "dir") return a.mode === b.mode;
  if (a.type === "file" && b.type === "file") return a.mode === b.mode && a.hash === b.hash;
  if (a.type === "symlink" && b.type === "symlink") return a.target === b.target;
  return true;
}

async function recreate(
  abs: string,
  entry: ProtectedEntry,
  have: ProtectedEntry | undefined,
): Promise<void> {
  if (entry.type === "dir" && have?.type === "dir") {
    // Only its mode changed: what it holds stays (a scope's folder holds more than the scope).
    await chmod(abs, entry.mode);
    return;
  }
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
  const roots = before.scope.roots.map((r) => normalizeRepoPath(r).replace(/\/$/, ""));
  const prefixed = (before.scope.prefixed ?? []).map((p) => ({
    dir: normalizeRepoPath(p.dir).replace(/\/$/, ""),
    prefix: p.prefix,
  }));
  const underRoot = (p: string) =>
    roots.some((r) => p === r || p.startsWith(`${r}/`)) ||
    prefixed.some(({ dir, prefix }) => p.startsWith(`${dir}/${prefix}`));
  // A new folder on the way to a writable path (the planner's first plan) stays.
  const holdsWritable = (p: string) =>
    before.writable.some((w) => normalizeRepoPath(w).startsWith(`${p}/`));
  const changed = new Set<string>();
  // Ancestors first, by path depth: an ancestor that is no longer a folder is made one again.
  const ordered = [...before.entries.keys()].sort(
    (a, b) => a.split("/").length - b.split("/").length || byCodeUnits(a, b),
  );
  let now = await readEntries(root, before.scope);
  for (const path of ordered) {
    if (skip(path)) continue;
    const want = before.entries.get(path)!;
    const have = now.get(path);
    if (have !== undefined && same(want, have)) continue;
    changed.add(path);
    await recreate(join(root, path), want, have);
    if (have?.type !== want.type) now = await readEntries(root, before.scope);
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
