/**
 * HEAD and the branch's sha read from git's files (src/git/head-files.ts) answer what git answers,
 * in real repositories, and leave anything unusual to git.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { readCurrentBranch, readHeadSha } from "../../src/git/head-files.js";
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
