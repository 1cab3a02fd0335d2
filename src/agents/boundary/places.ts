import { lstatSync, readdirSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * Ralph's places on a runner that the agent's account must not reach (DESIGN §7 rule 9):
 * Ralph's home (git config, credential helpers, CLI logins), the runner's temp folder
 * (`$RUNNER_TEMP`: the workflow command files, the event payload, a credentials file
 * actions/checkout may keep there, Ralph's run logs) and the runner's work folder around the
 * checkout (`_temp`, `_actions`, other checkouts). Where the workspace lies inside one of them,
 * everything beside the path down to it is closed instead.
 */
export function ralphPlaces(env: NodeJS.ProcessEnv, workspace: string): string[] {
  const places = [env.HOME || homedir(), env.RUNNER_TEMP ?? ""];
  if (env.GITHUB_WORKSPACE) places.push(dirname(dirname(resolve(env.GITHUB_WORKSPACE))));
  else places.push(dirname(dirname(resolve(workspace))));
  return [...new Set(places.filter((p) => p !== "").map(real))];
}

/** Folders everyone shares: never closed as a whole or emptied of their neighbours. */
const SHARED = new Set([
  "/",
  "/tmp",
  "/var/tmp",
  "/home",
  "/usr",
  "/opt",
  "/var",
  "/etc",
  "/dev",
  "/dev/shm",
  "/run",
  "/proc",
  "/sys",
  "/mnt",
  "/media",
  "/srv",
]);

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

function inside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === "" || (!rel.startsWith("..") && !rel.startsWith(sep) && rel !== "..");
}

function isDir(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The paths to close: each place as a whole, or, for a place that holds one of the paths to
 * keep open, every entry beside the way down to it (the way itself needs only passage).
 */
export function pathsToClose(places: readonly string[], keep: readonly string[]): string[] {
  const kept = keep.map(real);
  const out = new Set<string>();
  for (const place of places.map(real)) {
    if (SHARED.has(place) || !isDir(place)) continue;
    if (kept.some((k) => inside(place, k))) continue; // a place inside the workspace stays open
    const within = kept.filter((k) => inside(k, place));
    if (within.length === 0) {
      out.add(place);
      continue;
    }
    // Folder by folder from the place down to each kept path: the next step on a way stays.
    const ways = new Map<string, Set<string>>();
    for (const k of within) {
      const parts = relative(place, k).split(sep);
      let dir = place;
      for (const part of parts) {
        ways.set(dir, (ways.get(dir) ?? new Set()).add(part));
        dir = join(dir, part);
      }
    }
    for (const [dir, steps] of ways) {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      for (const name of names) if (!steps.has(name)) out.add(join(dir, name));
    }
  }
  // A path inside another closed one needs nothing of its own.
  const all = [...out].sort();
  return all.filter((p) => !all.some((q) => q !== p && inside(p, q)));
}

/** The directories above `path`, from the root down (the ones the account must pass). */
export function ancestorsOf(path: string): string[] {
  const out: string[] = [];
  for (let dir = dirname(real(path)); ; dir = dirname(dir)) {
    out.unshift(dir);
    if (dir === dirname(dir)) break;
  }
  return out;
}
