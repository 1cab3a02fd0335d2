/**
 * vitest globalSetup: where the run's temporary folders go. The suites make and remove tens of
 * thousands of small files (repositories, clones, pushes); on a disk mounted with `discard` each
 * removal costs the kernel, and git syncs every pack it writes. With them on a RAM-backed tmpfs,
 * a whole `npx vitest run` took 429-432 s instead of 518 s, and 190 s of system CPU instead of
 * 318 s (docs/testing.md, "How long it takes"). So, unless TMPDIR already names a place, the run's
 * TMPDIR is a folder in /dev/shm when that is a tmpfs that allows executables and has room;
 * otherwise the system's temp folder, as before. test/support/temp-setup.ts then gives each
 * test file its own folder below it.
 *
 * Both projects of vitest.config.ts call it: the first call chooses, the last teardown removes
 * (test/support/shared-per-run.ts).
 */
import {
  accessSync,
  chmodSync,
  constants,
  mkdtempSync,
  readFileSync,
  rmSync,
  statfsSync,
} from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { sharedPerRun } from "./shared-per-run.js";

/**
 * Room to ask for: a whole run used at most 40 MB there at once (sampled each second), so 1 GiB
 * leaves a wide margin and still turns down a container's default 64 MB /dev/shm.
 */
export const MIN_FREE_BYTES = 1024 ** 3;
export const RAM_DIR = "/dev/shm";

export interface RamDirProbe {
  /** /proc/mounts (or "" when unreadable). */
  mounts: string;
  /** Bytes a non-root user may still write there, or null when it cannot be told. */
  freeBytes: (dir: string) => number | null;
  writable: (dir: string) => boolean;
}

/**
 * The RAM-backed folder to hold the run's temp folder, or null to keep the system's: only when
 * TMPDIR is unset, and `dir` is mounted as tmpfs without `noexec` (scripts and hooks run from the
 * temp folders), writable, with at least MIN_FREE_BYTES free.
 */
export function ramTempParent(
  env: NodeJS.ProcessEnv,
  probe: RamDirProbe,
  dir = RAM_DIR,
): string | null {
  if ((env.TMPDIR ?? "") !== "") return null;
  // The last line for a mount point is the mount in effect there.
  const mount = probe.mounts
    .split("\n")
    .map((line) => line.split(" "))
    .filter((fields) => fields[1] === dir)
    .at(-1);
  if (mount === undefined || mount[2] !== "tmpfs") return null;
  if ((mount[3] ?? "").split(",").includes("noexec")) return null;
  if (!probe.writable(dir)) return null;
  const free = probe.freeBytes(dir);
  return free !== null && free >= MIN_FREE_BYTES ? dir : null;
}

export const systemProbe: RamDirProbe = {
  mounts: readOr("/proc/mounts", ""),
  freeBytes(dir) {
    try {
      const stats = statfsSync(dir);
      return stats.bavail * stats.bsize;
    } catch {
      return null;
    }
  },
  writable(dir) {
    try {
      accessSync(dir, constants.W_OK | constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
};

function readOr(path: string, fallback: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return fallback;
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The RAM-backed folder this run's TMPDIR is, or null when it kept the system's. */
    tempRoot: string | null;
  }
}

interface TempRoot {
  dir: string | null;
  outer: string | undefined;
}

function choose(): TempRoot {
  const outer = process.env.TMPDIR;
  const parent = ramTempParent(process.env, systemProbe);
  if (parent === null) return { dir: null, outer };
  const dir = mkdtempSync(join(parent, "ralph-tests-"));
  // Open like /tmp itself: the agent-boundary suites run agents as other OS users.
  chmodSync(dir, 0o1777);
  // Set before any worker starts: the workers and everything they spawn inherit it.
  process.env.TMPDIR = dir;
  return { dir, outer };
}

function release(root: TempRoot): void {
  if (root.dir === null) return;
  rmSync(root.dir, { recursive: true, force: true });
  if (root.outer === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = root.outer;
}

export default function setup(project: TestProject): () => void {
  const { value: root, teardown } = sharedPerRun("temp-root", choose, release);
  project.provide("tempRoot", root.dir);
  return teardown;
}
