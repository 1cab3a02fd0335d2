/**
 * `engines.node` in package.json must be true to the dependency tree: every Node version it
 * admits must satisfy the `engines.node` of every package in package-lock.json (runtime and dev:
 * contributors run the tests on the same Node) and in stryker/package-lock.json (the mutation
 * tools, installed apart). A dependency that raises its floor then fails here instead of on a
 * user's machine.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

interface LockPackage {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
  os?: string[];
  cpu?: string[];
}

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  engines: { node: string };
  overrides?: Record<string, string>;
};
const LOCKFILES = ["package-lock.json", "stryker/package-lock.json"];
const locked = LOCKFILES.flatMap((lockfile) => {
  const lock = JSON.parse(readFileSync(join(ROOT, lockfile), "utf8")) as {
    packages: Record<string, LockPackage>;
  };
  return Object.entries(lock.packages).map(([path, entry]) => ({ lockfile, path, entry }));
});

/** Packages npm installs on this machine or on a CI runner (platform binaries for others skip). */
function installable(entry: LockPackage): boolean {
  if (!entry.optional) return true;
  const osOk = entry.os === undefined || entry.os.includes("linux") || entry.os.includes("darwin");
  const cpuOk = entry.cpu === undefined || entry.cpu.includes("x64") || entry.cpu.includes("arm64");
  return osOk && cpuOk;
}

describe("engines.node is true to the dependency tree", () => {
  const ours = pkg.engines.node;

  it("is a valid range that admits the Node this machine runs and the action's node24", () => {
    expect(semver.validRange(ours)).not.toBeNull();
    expect(semver.satisfies(process.versions.node, ours)).toBe(true);
    expect(semver.satisfies("24.0.0", ours)).toBe(true);
  });

  it("admits no Node version a dependency refuses", () => {
    const offenders: string[] = [];
    for (const { lockfile, path, entry } of locked) {
      if (path === "" || !installable(entry)) continue;
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (wanted === undefined || semver.validRange(wanted) === null) continue;
      if (!semver.subset(ours, wanted)) {
        const name = path.replace(/^.*node_modules\//, "");
        offenders.push(`${lockfile}: ${name}@${entry.version}: ${wanted}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("reads the mutation tools' lockfile too", () => {
    const stryker = locked.filter((p) => p.lockfile === "stryker/package-lock.json");
    expect(stryker.map((p) => p.path)).toContain("node_modules/@stryker-mutator/core");
  });

  it("fails for a floor below a dependency's (the check can fail)", () => {
    expect(semver.subset(">=20.18.1", ">=22")).toBe(false);
    expect(semver.subset(ours, ">=22")).toBe(false);
  });
});
