import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tempDir } from "../temp.js";
import { GitBacking } from "./git-backing.js";

const ENV = {
  PATH: process.env.PATH ?? "",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_AUTHOR_NAME: "T",
  GIT_AUTHOR_EMAIL: "t@example.com",
  GIT_COMMITTER_NAME: "T",
  GIT_COMMITTER_EMAIL: "t@example.com",
  GIT_AUTHOR_DATE: "2026-01-02T03:04:05Z",
  GIT_COMMITTER_DATE: "2026-01-02T03:04:05Z",
};

/** A bare remote, and a repository that commits and pushes to it (`main`, or the branch named). */
function world() {
  const base = tempDir("git-backing-");
  const remote = join(base, "remote.git");
  const work = join(base, "work");
  const git = (cwd: string, ...args: string[]) =>
    execFileSync("git", args, { cwd, env: { ...process.env, ...ENV }, encoding: "utf8" }).trim();
  git(base, "init", "--quiet", "--bare", "--initial-branch=main", remote);
  git(base, "init", "--quiet", "--initial-branch=main", work);
  const commit = (file: string, text: string, branch = "main") => {
    writeFileSync(join(work, file), text);
    git(work, "add", file);
    git(work, "commit", "--quiet", "-m", `${file}: ${text}`);
    git(work, "push", "--quiet", remote, `HEAD:refs/heads/${branch}`);
    return git(work, "rev-parse", "HEAD");
  };
  return { remote, work, git, commit };
}

/** No git on PATH: an answer now comes from the files or the cache, or not at all. */
function withoutGit(): void {
  vi.stubEnv("PATH", "");
}

describe("the fake's reads of its backing repository", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("a branch's commit comes from its ref file, loose or packed, and follows pushes", () => {
    const w = world();
    const first = w.commit("a.txt", "one");
    const backing = new GitBacking(w.remote);
    withoutGit();
    expect(backing.branchSha("main")).toBe(first);
    expect(backing.branchSha("nope")).toBeUndefined();
    vi.unstubAllEnvs();

    const second = w.commit("a.txt", "two");
    w.git(w.remote, "pack-refs", "--all");
    withoutGit();
    expect(backing.branchSha("main")).toBe(second);
    expect(backing.branchSha("nope")).toBeUndefined();
  });

  it("a name the files cannot answer for goes to git, which refuses it", () => {
    const w = world();
    w.commit("a.txt", "one");
    const backing = new GitBacking(w.remote);
    expect(backing.branchSha("../HEAD")).toBeUndefined();
    expect(backing.branchSha("main.lock")).toBeUndefined();
  });

  it("a file at a branch is read again after the branch moves; at one commit, once", () => {
    const w = world();
    const first = w.commit("a.txt", "one");
    const backing = new GitBacking(w.remote);
    expect(backing.readFile("a.txt", "main")).toBe("one");
    expect(backing.readFile("missing.txt", "main")).toBeUndefined();

    w.commit("a.txt", "two");
    expect(backing.readFile("a.txt", "main")).toBe("two");
    withoutGit();
    expect(backing.readFile("a.txt", "main")).toBe("two");
    expect(backing.readFile("a.txt", first)).toBe("one");
    expect(backing.readFile("missing.txt", first)).toBeUndefined();
  });

  it("a read git could not make is not remembered as missing", () => {
    const w = world();
    const first = w.commit("a.txt", "one");
    const backing = new GitBacking(w.remote);
    withoutGit();
    expect(backing.readFile("a.txt", first)).toBeUndefined();
    vi.unstubAllEnvs();
    expect(backing.readFile("a.txt", first)).toBe("one");
  });

  it("whether two branches merge is asked once per pair of commits", () => {
    const w = world();
    const root = w.commit("a.txt", "one");
    w.commit("b.txt", "side", "side");
    w.git(w.work, "reset", "--quiet", "--hard", root);
    w.commit("a.txt", "main's change");
    const backing = new GitBacking(w.remote);
    expect(backing.mergesCleanly("main", "side")).toBe(true);
    expect(backing.mergesCleanly("main", "gone")).toBeUndefined();

    w.commit("b.txt", "conflicts with side");
    expect(backing.mergesCleanly("main", "side")).toBe(false);
    withoutGit();
    expect(backing.mergesCleanly("main", "side")).toBe(false);
  });
});
