import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { describe, expect, inject, it } from "vitest";
import { MIN_FREE_BYTES, type RamDirProbe, ramTempParent } from "./temp-root.js";

const TMPFS = "tmpfs /dev/shm tmpfs rw,nosuid,nodev,relatime,size=24684092k 0 0";

function probe(patch: Partial<RamDirProbe> = {}): RamDirProbe {
  return {
    mounts: `/dev/vda / ext4 rw,relatime,discard 0 0\n${TMPFS}\n`,
    freeBytes: () => MIN_FREE_BYTES,
    writable: () => true,
    ...patch,
  };
}

describe("the run's temp folder (test/support/temp-root.ts)", () => {
  it.each<[string, NodeJS.ProcessEnv, Partial<RamDirProbe>, string | null]>([
    ["a writable tmpfs with room", {}, {}, "/dev/shm"],
    ["an empty TMPDIR counts as unset", { TMPDIR: "" }, {}, "/dev/shm"],
    ["TMPDIR set by the user wins", { TMPDIR: "/var/tmp" }, {}, null],
    ["not mounted at all", {}, { mounts: "/dev/vda / ext4 rw 0 0\n" }, null],
    ["mounted, but on a disk", {}, { mounts: "/dev/vdb /dev/shm ext4 rw 0 0\n" }, null],
    [
      "noexec: hooks and scripts could not run",
      {},
      { mounts: TMPFS.replace("rw,", "rw,noexec,") },
      null,
    ],
    [
      "the last mount on the path is the one in effect",
      {},
      { mounts: `${TMPFS}\n/dev/vdb /dev/shm ext4 rw 0 0` },
      null,
    ],
    ["read-only for this user", {}, { writable: () => false }, null],
    ["a byte short of the room needed", {}, { freeBytes: () => MIN_FREE_BYTES - 1 }, null],
    ["its free space cannot be told", {}, { freeBytes: () => null }, null],
    ["/proc/mounts unreadable", {}, { mounts: "" }, null],
  ])("%s", (_name, env, patch, expected) => {
    expect(ramTempParent(env, probe(patch))).toBe(expected);
  });

  // Skipped when the run kept the system's temp folder: then nothing moved.
  const root = inject("tempRoot");
  it.skipIf(root === null)(
    "a chosen folder is every test file's TMPDIR, and what the tests start inherits it",
    () => {
      expect(tmpdir().startsWith(`${root}/`)).toBe(true);
      const child = execFileSync(process.execPath, ["-p", "require('node:os').tmpdir()"], {
        encoding: "utf8",
      });
      expect(child.trim()).toBe(tmpdir());
    },
  );
});
