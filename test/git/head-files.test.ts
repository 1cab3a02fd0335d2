/**
 * HEAD and the branch's sha read from git's files (src/git/head-files.ts) answer what git answers,
 * in real repositories, and leave anything unusual to git.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { readCurrentBranch, readHeadSha, readRefSha } from "../../src/git/head-files.js";
import { GitError, GitRepository } from "../../src/git/index.js";
import { makeRepo, type TestRepo } from "../fixtures/pipeline/repo.js";
import { countGit } from "../support/git-count.js";

/** What git itself says: the short branch name ("" when detached) and HEAD's sha ("" unborn). */
function gitSays(repo: TestRepo, dir = repo.dir): { branch: string; sha: string } {
  const ask = (...args: string[]) => {
    try {
      return repo.git("-C", dir, ...args);
    } catch {
      return "";
    }
  };
  return {
    branch: ask("symbolic-ref", "--quiet", "--short", "HEAD"),
    sha: ask("rev-parse", "--verify", "--quiet", "HEAD"),
  };
}

/** The files' answers, and GitRepository's, both checked against git's. */
async function expectAsGit(repo: TestRepo, dir = repo.dir): Promise<void> {
  const git = gitSays(repo, dir);
  const ws = await GitRepository.open(dir);
  if (git.branch === "") await expect(ws.currentBranch()).rejects.toBeInstanceOf(GitError);
  else expect(await ws.currentBranch()).toBe(git.branch);
  if (git.sha === "") await expect(ws.headSha()).rejects.toThrow();
  else expect(await ws.headSha()).toBe(git.sha);
}

function commit(repo: TestRepo, path: string, dir = repo.dir): string {
  writeFileSync(join(dir, path), `${path}\n`);
  repo.git("-C", dir, "add", path);
  repo.git("-C", dir, "commit", "--quiet", "-m", path);
  return repo.git("-C", dir, "rev-parse", "HEAD");
}

describe("HEAD read from git's files", () => {
  it("a branch with slashes, loose and then packed (git pack-refs --all), with no git process", async () => {
    const repo = makeRepo();
    repo.git("checkout", "--quiet", "-b", "ralph/issue-7-a/b");
    const sha = commit(repo, "a.txt");
    const ws = await GitRepository.open(repo.dir);
    const git = countGit();
    onTestFinished(() => git.remove());
    expect(await readCurrentBranch(repo.dir)).toEqual({ branch: "ralph/issue-7-a/b" });
    expect(await readHeadSha(repo.dir)).toBe(sha);
    expect(await ws.currentBranch()).toBe("ralph/issue-7-a/b");
    expect(await ws.headSha()).toBe(sha);
    repo.git("pack-refs", "--all");
    git.reset();
    expect(await readHeadSha(repo.dir)).toBe(sha);
    expect(await ws.currentBranch()).toBe("ralph/issue-7-a/b");
    expect(await ws.headSha()).toBe(sha);
    expect(git.calls()).toEqual([]);
    await expectAsGit(repo);
  });

  it("reads afresh each time: a commit, a reset and a checkout made meanwhile are seen", async () => {
    const repo = makeRepo();
    const ws = await GitRepository.open(repo.dir);
    const first = await ws.headSha();
    const second = commit(repo, "b.txt");
    expect(await ws.headSha()).toBe(second);
    repo.git("reset", "--quiet", "--hard", first);
    expect(await ws.headSha()).toBe(first);
    repo.git("checkout", "--quiet", "-b", "other");
    expect(await ws.currentBranch()).toBe("other");
    repo.git("pack-refs", "--all");
    const third = commit(repo, "c.txt");
    // The new loose ref wins over the packed line.
    expect(await ws.headSha()).toBe(third);
    await expectAsGit(repo);
  });

  it("a detached HEAD: its sha, and no branch", async () => {
    const repo = makeRepo();
    const sha = repo.git("rev-parse", "HEAD");
    repo.git("checkout", "--quiet", "--detach");
    expect(await readCurrentBranch(repo.dir)).toEqual({ detached: sha });
    expect(await readHeadSha(repo.dir)).toBe(sha);
    await expectAsGit(repo);
  });

  it("an unborn branch: its name; its sha is git's to refuse", async () => {
    const repo = makeRepo();
    repo.git("checkout", "--quiet", "--orphan", "ralph/fresh");
    expect(await readCurrentBranch(repo.dir)).toEqual({ branch: "ralph/fresh" });
    expect(await readHeadSha(repo.dir)).toBeNull();
    await expectAsGit(repo);
  });

  it("a linked worktree: its own HEAD, the branches of the common dir, packed too", async () => {
    const repo = makeRepo();
    const tree = join(repo.dir, "..", "linked");
    repo.git("worktree", "add", "--quiet", "-b", "ralph/linked", tree);
    const sha = commit(repo, "w.txt", tree);
    expect(await readCurrentBranch(tree)).toEqual({ branch: "ralph/linked" });
    expect(await readHeadSha(tree)).toBe(sha);
    await expectAsGit(repo, tree);
    repo.git("pack-refs", "--all");
    expect(await readHeadSha(tree)).toBe(sha);
    await expectAsGit(repo, tree);
    // The main checkout still reads its own HEAD.
    expect(await readCurrentBranch(repo.dir)).toEqual({ branch: "main" });
    await expectAsGit(repo);
  });
});

describe("what the files cannot tell for certain is asked of git", () => {
  it("a symbolic ref chain: HEAD → alias → main", async () => {
    const repo = makeRepo();
    repo.git("symbolic-ref", "refs/heads/alias", "refs/heads/main");
    repo.git("symbolic-ref", "HEAD", "refs/heads/alias");
    expect(await readCurrentBranch(repo.dir)).toBeNull();
    expect(await readHeadSha(repo.dir)).toBeNull();
    expect(gitSays(repo).branch).toBe("main");
    await expectAsGit(repo);
  });

  it("a tag named as the branch (git says heads/<branch>)", async () => {
    const repo = makeRepo();
    repo.git("checkout", "--quiet", "-b", "ralph/7");
    repo.git("tag", "ralph/7");
    expect(await readCurrentBranch(repo.dir)).toBeNull();
    expect(gitSays(repo).branch).toBe("heads/ralph/7");
    await expectAsGit(repo);
    // Packed, the tag is still seen.
    repo.git("pack-refs", "--all");
    expect(await readCurrentBranch(repo.dir)).toBeNull();
    await expectAsGit(repo);
  });

  it("a HEAD git did not write itself, a linked HEAD, a reftable folder", async () => {
    const repo = makeRepo();
    const head = join(repo.dir, ".git", "HEAD");
    writeFileSync(head, "ref:refs/heads/main\n");
    expect(await readCurrentBranch(repo.dir)).toBeNull();
    await expectAsGit(repo);
    rmSync(head);
    symlinkSync("refs/heads/main", head);
    expect(await readCurrentBranch(repo.dir)).toBeNull();
    expect(await readHeadSha(repo.dir)).toBeNull();
    await expectAsGit(repo);
    rmSync(head);
    writeFileSync(head, "ref: refs/heads/main\n");
    mkdirSync(join(repo.dir, ".git", "reftable"));
    expect(await readCurrentBranch(repo.dir)).toBeNull();
    expect(await readHeadSha(repo.dir)).toBeNull();
  });

  it("a branch file that is not a sha, and a packed-refs file git would not write", async () => {
    const repo = makeRepo();
    const sha = repo.git("rev-parse", "HEAD");
    writeFileSync(join(repo.dir, ".git/refs/heads/main"), `${sha} trailing\n`);
    expect(await readHeadSha(repo.dir)).toBeNull();
    writeFileSync(join(repo.dir, ".git/refs/heads/main"), `${sha}\n`);
    repo.git("pack-refs", "--all");
    writeFileSync(join(repo.dir, ".git/packed-refs"), `garbage\n${sha} refs/heads/main\n`);
    expect(await readHeadSha(repo.dir)).toBeNull();
  });
});

describe("branch and remote-tracking refs read from git's files", () => {
  /** What `git rev-parse --verify --quiet <ref>^{commit}` prints ("" for nothing). */
  const gitResolves = (repo: TestRepo, ref: string) => {
    try {
      return repo.git("rev-parse", "--verify", "--quiet", `${ref}^{commit}`);
    } catch {
      return "";
    }
  };

  /** The files' answer is git's, and so is GitRepository.resolve's. */
  async function expectResolvedAsGit(repo: TestRepo, ref: string): Promise<void> {
    const git = gitResolves(repo, ref);
    const ws = await GitRepository.open(repo.dir);
    expect(await ws.resolve(ref)).toBe(git === "" ? null : git);
  }

  it("origin's branch and a local one, loose and then packed, and one that is not there, with no git process", async () => {
    const repo = makeRepo();
    repo.git("fetch", "--quiet", "origin");
    repo.git("branch", "ralph/7-a");
    const sha = repo.git("rev-parse", "HEAD");
    const git = countGit();
    onTestFinished(() => git.remove());
    const refs = [
      "refs/remotes/origin/main",
      "refs/heads/ralph/7-a",
      "refs/remotes/origin/ralph/7-a",
    ];
    const read = async () => Promise.all(refs.map((ref) => readRefSha(repo.dir, ref)));
    expect(await read()).toEqual([sha, sha, null]);
    repo.git("pack-refs", "--all");
    expect(await read()).toEqual([sha, sha, null]);
    const ws = await GitRepository.open(repo.dir);
    git.reset();
    expect(await Promise.all(refs.map((ref) => ws.resolve(ref)))).toEqual([sha, sha, null]);
    expect(git.calls()).toEqual([]);
    git.remove();
    for (const ref of refs) await expectResolvedAsGit(repo, ref);
  });

  it("a missing ref whose name git would find elsewhere (a branch, a tag, packed or not) is git's to resolve", async () => {
    const repo = makeRepo();
    const ref = "refs/remotes/origin/ralph/9";
    for (const other of [`refs/heads/${ref}`, `refs/tags/${ref}`, `refs/${ref}`]) {
      repo.git("update-ref", other, "HEAD");
      expect(await readRefSha(repo.dir, ref)).toBeUndefined();
      await expectResolvedAsGit(repo, ref);
      repo.git("pack-refs", "--all");
      expect(await readRefSha(repo.dir, ref)).toBeUndefined();
      await expectResolvedAsGit(repo, ref);
      repo.git("update-ref", "-d", other);
      expect(await readRefSha(repo.dir, ref)).toBeNull();
      await expectResolvedAsGit(repo, ref);
    }
  });

  it("anything else is git's: other refs, shas, a symbolic ref, a file that is not a sha, a reftable folder", async () => {
    const repo = makeRepo();
    repo.git("fetch", "--quiet", "origin");
    const sha = repo.git("rev-parse", "HEAD");
    repo.git("tag", "v1");
    for (const ref of ["HEAD", sha, "refs/tags/v1", "main", "refs/heads/a..b", `${sha}^`]) {
      expect(await readRefSha(repo.dir, ref)).toBeUndefined();
    }
    repo.git("symbolic-ref", "refs/remotes/origin/alias", "refs/remotes/origin/main");
    expect(await readRefSha(repo.dir, "refs/remotes/origin/alias")).toBeUndefined();
    await expectResolvedAsGit(repo, "refs/remotes/origin/alias");
    // A loose file, whatever the template packed.
    repo.git("update-ref", "refs/remotes/origin/main", sha);
    const loose = join(repo.dir, ".git/refs/remotes/origin/main");
    writeFileSync(loose, `${sha} trailing\n`);
    expect(await readRefSha(repo.dir, "refs/remotes/origin/main")).toBeUndefined();
    writeFileSync(loose, `${sha}\n`);
    expect(await readRefSha(repo.dir, "refs/remotes/origin/main")).toBe(sha);
    mkdirSync(join(repo.dir, ".git", "reftable"));
    expect(await readRefSha(repo.dir, "refs/remotes/origin/main")).toBeUndefined();
  });
});
