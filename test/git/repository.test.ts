import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { GitError, GitRepository, PushRefusedError, withCoAuthors } from "../../src/git/index.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import { countGit } from "../support/git-count.js";

const bot = { name: "ralph-bot[bot]", email: "123+ralph-bot[bot]@users.noreply.github.com" };

describe("GitRepository basics", () => {
  it("opens at the toplevel from a subdirectory and reads branch + head", async () => {
    const repo = makeRepo({ "src/a.ts": "a\n" });
    const ws = await GitRepository.open(join(repo.dir, "src"));
    expect(ws.root).toBe(repo.git("rev-parse", "--show-toplevel"));
    expect(await ws.currentBranch()).toBe("main");
    expect(await ws.headSha()).toBe(repo.git("rev-parse", "HEAD"));
  });

  it("rejects a directory outside any repository", async () => {
    await expect(GitRepository.open("/")).rejects.toBeInstanceOf(GitError);
  });

  it("ensureBranch creates from base, then reuses the local branch", async () => {
    const repo = makeRepo();
    const ws = await GitRepository.open(repo.dir);
    const base = await ws.headSha();
    await ws.ensureBranch("ralph/7-x", { base: "main" });
    expect(await ws.currentBranch()).toBe("ralph/7-x");
    repo.write("f.txt", "1");
    const sha = await ws.commitAll("on branch", { author: bot });
    repo.git("checkout", "--quiet", "main");
    await ws.ensureBranch("ralph/7-x");
    expect(await ws.headSha()).toBe(sha);
    expect(sha).not.toBe(base);
    await expect(ws.ensureBranch("bad..name")).rejects.toBeInstanceOf(GitError);
  });

  it("ensureBranch checks out an existing remote branch", async () => {
    const repo = makeRepo();
    repo.git("checkout", "--quiet", "-b", "ralph/9-remote");
    repo.write("r.txt", "remote");
    repo.git("add", "r.txt");
    repo.git("commit", "--quiet", "-m", "remote work");
    const remoteSha = repo.git("rev-parse", "HEAD");
    repo.git("push", "--quiet", "origin", "ralph/9-remote");
    repo.git("checkout", "--quiet", "main");
    repo.git("branch", "-D", "ralph/9-remote");
    const ws = await GitRepository.open(repo.dir);
    await ws.fetch("origin");
    await ws.ensureBranch("ralph/9-remote");
    expect(await ws.headSha()).toBe(remoteSha);
  });
});

describe("commitAll", () => {
  it("commits everything as the bot with Co-authored-by trailers", async () => {
    const repo = makeRepo();
    const ws = await GitRepository.open(repo.dir);
    repo.write("new/file.txt", "x");
    repo.write("README.md", "changed\n");
    const sha = await ws.commitAll("ralph(spec): S1 do it", {
      author: bot,
      coAuthors: [{ name: "alice", email: "alice@example.com" }],
    });
    expect(sha).toBe(repo.git("rev-parse", "HEAD"));
    expect(repo.git("log", "-1", "--format=%an|%ae|%cn|%ce")).toBe(
      `${bot.name}|${bot.email}|${bot.name}|${bot.email}`,
    );
    expect(repo.git("log", "-1", "--format=%B")).toBe(
      "ralph(spec): S1 do it\n\nCo-authored-by: alice <alice@example.com>",
    );
    expect(repo.git("show", "--name-only", "--format=", "HEAD").split("\n").sort()).toEqual([
      "README.md",
      "new/file.txt",
    ]);
  });

  it("returns null when nothing changed and never commits ignored paths", async () => {
    const repo = makeRepo();
    const ws = await GitRepository.open(repo.dir, { ignore: [".ralph/runs/"] });
    repo.write(".ralph/runs/log.txt", "log");
    expect(await ws.commitAll("nothing", { author: bot })).toBeNull();
    expect(repo.git("rev-list", "--count", "HEAD")).toBe("1");
    expect(await ws.workingTreeChanges()).toEqual([]);
  });

  it("with paths, commits only those changes and leaves the rest (even staged) alone", async () => {
    const repo = makeRepo({ "a.txt": "a" });
    const ws = await GitRepository.open(repo.dir);
    repo.write(".ralph/specs/plans/s.prd.json", "{}");
    repo.write(".ralph/specs/candidates/s.json", "{}");
    repo.write("user.txt", "user work");
    repo.git("add", "user.txt");
    const sha = await ws.commitAll("prd", {
      author: bot,
      paths: [".ralph/specs/"],
      exclude: [".ralph/specs/candidates/"],
    });
    expect(sha).not.toBeNull();
    expect(repo.git("show", "--name-only", "--format=", "HEAD")).toBe(
      ".ralph/specs/plans/s.prd.json",
    );
    expect(await ws.workingTreeChanges()).toEqual([".ralph/specs/candidates/s.json", "user.txt"]);
    expect(await ws.commitAll("again", { author: bot, paths: ["nothing/"] })).toBeNull();
  });

  it("withCoAuthors deduplicates and keeps existing trailers", () => {
    const a = { name: "a", email: "a@x" };
    expect(withCoAuthors("msg\n", [a, a])).toBe("msg\n\nCo-authored-by: a <a@x>");
    expect(withCoAuthors("msg\n\nCo-authored-by: a <a@x>", [a])).toBe(
      "msg\n\nCo-authored-by: a <a@x>",
    );
    expect(withCoAuthors("msg", [])).toBe("msg");
  });
});

describe("change detection", () => {
  it("reports changed paths since a sha, including untracked files", async () => {
    const repo = makeRepo({ "a.txt": "a", "b.txt": "b" });
    const ws = await GitRepository.open(repo.dir);
    const start = await ws.headSha();
    expect(await ws.hasChangesSince(start)).toBe(false);
    repo.write("a.txt", "A");
    repo.write("dir/new.txt", "n");
    expect(await ws.changedPathsSince(start)).toEqual(["a.txt", "dir/new.txt"]);
    expect(await ws.hasChangesSince(start)).toBe(true);
    await ws.commitAll("c", { author: bot });
    expect(await ws.workingTreeChanges()).toEqual([]);
    // A new commit is progress even with a clean tree.
    expect(await ws.hasChangesSince(start)).toBe(true);
    expect(await ws.changedPathsSince(start)).toEqual(["a.txt", "dir/new.txt"]);
  });
});

describe("history helpers", () => {
  it("containsCommit, diff and parentOf", async () => {
    const repo = makeRepo({ "a.txt": "one\n" });
    const ws = await GitRepository.open(repo.dir);
    const root = await ws.headSha();
    repo.write("a.txt", "two\n");
    const second = (await ws.commitAll("second", { author: bot }))!;
    expect(await ws.containsCommit(root)).toBe(true);
    expect(await ws.containsCommit(second)).toBe(true);
    expect(await ws.containsCommit("0".repeat(40))).toBe(false);
    expect(await ws.containsCommit("--all")).toBe(false);
    // As before the one-process path: short, upper-case, an annotated tag's own sha, off-branch.
    expect(await ws.containsCommit(second.slice(0, 7))).toBe(true);
    expect(await ws.containsCommit(second.toUpperCase())).toBe(true);
    repo.git("tag", "-a", "-m", "tagged", "v1", root);
    expect(await ws.containsCommit(repo.git("rev-parse", "v1"))).toBe(true);
    repo.git("checkout", "--quiet", "-b", "side", root);
    repo.write("side.txt", "side\n");
    const side = (await ws.commitAll("side", { author: bot }))!;
    repo.git("checkout", "--quiet", "main");
    expect(await ws.containsCommit(side)).toBe(false);
    const git = countGit();
    onTestFinished(() => git.remove());
    expect(await ws.containsCommit(second)).toBe(true);
    expect(git.calls()).toEqual([`merge-base ${second} HEAD`]);
    expect(await ws.parentOf(second)).toBe(root);
    const diff = await ws.diff(await ws.parentOf(second), second);
    expect(diff).toContain("-one");
    expect(diff).toContain("+two");
    expect(await ws.diff(await ws.parentOf(root), root)).toContain("+one");
    expect(await ws.diff(root, second, 10)).toMatch(/diff cut at 10 characters/);
  });
});

describe("enforceReadOnly", () => {
  it("with a baseline, keeps the user's own uncommitted work and restores what the agent touched", async () => {
    const repo = makeRepo({ "a.txt": "a\n", "b.txt": "b\n" });
    const ws = await GitRepository.open(repo.dir);
    repo.write("a.txt", "user edit\n");
    repo.write("notes.txt", "user notes\n");
    repo.write("b.txt", "user b\n");
    const baseline = await ws.snapshotWorkingTree();
    // The agent: leaves a.txt alone, rewrites b.txt, deletes notes.txt, adds c.txt.
    repo.write("b.txt", "agent b\n");
    rmSync(join(repo.dir, "notes.txt"));
    repo.write("c.txt", "agent\n");
    const result = await ws.enforceReadOnly([], { baseline });
    expect(result.violations).toEqual(["b.txt", "c.txt", "notes.txt"]);
    expect(readFileSync(join(repo.dir, "a.txt"), "utf8")).toBe("user edit\n");
    expect(readFileSync(join(repo.dir, "b.txt"), "utf8")).toBe("user b\n");
    expect(readFileSync(join(repo.dir, "notes.txt"), "utf8")).toBe("user notes\n");
    expect(existsSync(join(repo.dir, "c.txt"))).toBe(false);
  });

  it("revertPaths restores tracked files and deletes new ones", async () => {
    const repo = makeRepo({ "a.txt": "a\n" });
    const ws = await GitRepository.open(repo.dir);
    repo.write("a.txt", "x\n");
    repo.write("new/n.txt", "n");
    await ws.revertPaths(["a.txt", "new/n.txt"]);
    expect(await ws.workingTreeChanges()).toEqual([]);
    expect(existsSync(join(repo.dir, "new"))).toBe(false);
  });

  it("reverts modified, deleted and new files outside the allowed paths", async () => {
    const repo = makeRepo({ "src/app.ts": "original\n", "docs/keep.md": "k\n" });
    const ws = await GitRepository.open(repo.dir);
    repo.write("src/app.ts", "hacked\n");
    repo.git("rm", "--quiet", "docs/keep.md");
    repo.write("stray/deep/new.txt", "stray");
    repo.write(".ralph/specs/plans/s.md", "# plan");
    repo.write(".ralph/progress.md", "learned");
    repo.write("staged.txt", "s");
    repo.git("add", "staged.txt");
    const result = await ws.enforceReadOnly([".ralph/specs/plans/", ".ralph/progress.md"]);
    expect(result).toEqual({
      violations: ["docs/keep.md", "src/app.ts", "staged.txt", "stray/deep/new.txt"],
      headMoved: false,
      hiddenChanges: [],
    });
    expect(readFileSync(join(repo.dir, "src/app.ts"), "utf8")).toBe("original\n");
    expect(readFileSync(join(repo.dir, "docs/keep.md"), "utf8")).toBe("k\n");
    expect(existsSync(join(repo.dir, "stray"))).toBe(false);
    expect(existsSync(join(repo.dir, "staged.txt"))).toBe(false);
    expect(await ws.workingTreeChanges()).toEqual([
      ".ralph/progress.md",
      ".ralph/specs/plans/s.md",
    ]);
  });

  it("an exact entry does not allow its siblings or a same-prefix file", async () => {
    const repo = makeRepo();
    const ws = await GitRepository.open(repo.dir);
    repo.write(".ralph/progress.md", "ok");
    repo.write(".ralph/progress.md.bak", "no");
    const result = await ws.enforceReadOnly([".ralph/progress.md"]);
    expect(result.violations).toEqual([".ralph/progress.md.bak"]);
  });

  it("undoes commits made by a read-only agent and reverts their out-of-bounds files", async () => {
    const repo = makeRepo({ "a.txt": "a\n" });
    const ws = await GitRepository.open(repo.dir);
    const base = await ws.headSha();
    repo.write("a.txt", "changed\n");
    repo.write("plan.md", "plan");
    repo.git("add", "--all");
    repo.git("commit", "--quiet", "-m", "sneaky");
    const result = await ws.enforceReadOnly(["plan.md"], { baseSha: base, branch: "main" });
    expect(result).toEqual({ violations: ["a.txt"], headMoved: true, hiddenChanges: [] });
    expect(await ws.headSha()).toBe(base);
    expect(readFileSync(join(repo.dir, "a.txt"), "utf8")).toBe("a\n");
    expect(existsSync(join(repo.dir, "plan.md"))).toBe(true);
  });

  it("restores git's own files (config, hooks, info/exclude) and reports them by path", async () => {
    const repo = makeRepo();
    const ws = await GitRepository.open(repo.dir);
    const configBefore = readFileSync(join(repo.dir, ".git/config"), "utf8");
    const baseline = await ws.snapshotWorkingTree();
    // The agent: a hook that would run inside Ralph's next git command, a config change, and an
    // exclude entry that hides a new file from `git status`.
    repo.git("config", "core.hooksPath", ".evil-hooks");
    repo.write(".git/hooks/pre-push", "#!/bin/sh\ncurl evil\n");
    repo.write(".git/info/exclude", "hidden.txt\n");
    repo.write("hidden.txt", "smuggled");
    const result = await ws.enforceReadOnly([], { baseline });
    // The exclude entry is undone first, so the file it hid is caught as an ordinary new file.
    expect(result.violations).toEqual([
      ".git/config",
      ".git/hooks/pre-push",
      ".git/info/exclude",
      "hidden.txt",
    ]);
    expect(result.hiddenChanges).toEqual([]);
    expect(readFileSync(join(repo.dir, ".git/config"), "utf8")).toBe(configBefore);
    expect(existsSync(join(repo.dir, ".git/hooks/pre-push"))).toBe(false);
    expect(existsSync(join(repo.dir, "hidden.txt"))).toBe(false);
  });

  it("deletes new git-ignored files and reports changed ones (git status cannot see them)", async () => {
    const repo = makeRepo({ ".gitignore": "*.log\nbuild/\n.env\n", "a.txt": "a\n" });
    repo.write("old.log", "kept\n");
    repo.write("build/keep.txt", "k\n");
    const ws = await GitRepository.open(repo.dir, { ignore: [".ralph/runs/"] });
    const baseline = await ws.snapshotWorkingTree();
    repo.write(".env", "TOKEN=stolen\n");
    repo.write("build/new.txt", "n\n");
    repo.write("fresh/out/deep.log", "d\n");
    repo.write("old.log", "rewritten by the agent\n");
    repo.write(".ralph/runs/x/run.log", "Ralph's own log\n");
    const result = await ws.enforceReadOnly([], { baseline });
    expect(result.violations).toEqual([]);
    expect(result.hiddenChanges).toEqual([".env", "build/new.txt", "fresh/", "old.log"]);
    expect(existsSync(join(repo.dir, ".env"))).toBe(false);
    expect(existsSync(join(repo.dir, "build/new.txt"))).toBe(false);
    expect(existsSync(join(repo.dir, "build/keep.txt"))).toBe(true);
    expect(existsSync(join(repo.dir, "fresh"))).toBe(false);
    expect(existsSync(join(repo.dir, ".ralph/runs/x/run.log"))).toBe(true);
  });

  it("a symlink is a violation even inside the allowed paths (it could point anywhere)", async () => {
    const repo = makeRepo();
    const ws = await GitRepository.open(repo.dir);
    const baseline = await ws.snapshotWorkingTree();
    mkdirSync(join(repo.dir, ".ralph/specs/plans"), { recursive: true });
    symlinkSync("/etc/hostname", join(repo.dir, ".ralph/specs/plans/s.md"));
    symlinkSync("/", join(repo.dir, "root-link"));
    repo.write(".ralph/specs/plans/ok.md", "# plan\n");
    const result = await ws.enforceReadOnly([".ralph/specs/plans/"], { baseline });
    expect(result.violations).toEqual([".ralph/specs/plans/s.md", "root-link"]);
    expect(existsSync(join(repo.dir, "root-link"))).toBe(false);
    expect(() => lstatSync(join(repo.dir, ".ralph/specs/plans/s.md"))).toThrow();
    expect(existsSync(join(repo.dir, ".ralph/specs/plans/ok.md"))).toBe(true);
  });

  it("a read-only agent that switched branch and deleted a tracked file is undone", async () => {
    const repo = makeRepo({ "a.txt": "a\n" });
    const ws = await GitRepository.open(repo.dir);
    const baseSha = await ws.headSha();
    const baseline = await ws.snapshotWorkingTree();
    repo.git("checkout", "--quiet", "-b", "elsewhere");
    repo.git("rm", "--quiet", "a.txt");
    repo.git("commit", "--quiet", "-m", "gone");
    const result = await ws.enforceReadOnly([], { baseSha, branch: "main", baseline });
    expect(result.headMoved).toBe(true);
    expect(result.violations).toContain("(checked out another branch instead of main)");
    expect(await ws.currentBranch()).toBe("main");
    expect(await ws.headSha()).toBe(baseSha);
    expect(readFileSync(join(repo.dir, "a.txt"), "utf8")).toBe("a\n");
  });

  it("ignored paths are neither violations nor reverted", async () => {
    const repo = makeRepo();
    const ws = await GitRepository.open(repo.dir, { ignore: [".ralph/runs/"] });
    repo.write(".ralph/runs/x/log.txt", "log");
    expect((await ws.enforceReadOnly([])).violations).toEqual([]);
    expect(existsSync(join(repo.dir, ".ralph/runs/x/log.txt"))).toBe(true);
  });
});

/** A repository whose Ralph branch `branch` has one commit, pushed to origin. */
async function pushedBranch(branch: string) {
  const repo = makeRepo();
  const ws = await GitRepository.open(repo.dir);
  await ws.ensureBranch(branch);
  repo.write("x.txt", "1");
  await ws.commitAll("one", { author: bot });
  await ws.pushWithLease("origin", branch);
  return { repo, ws };
}

describe("pushWithLease", () => {
  it("pushes a Ralph branch and force-pushes it with lease after a rewrite", async () => {
    const repo = makeRepo();
    const ws = await GitRepository.open(repo.dir);
    await ws.ensureBranch("ralph/1-demo");
    repo.write("x.txt", "1");
    const first = await ws.commitAll("one", { author: bot });
    await ws.pushWithLease("origin", "ralph/1-demo");
    const remoteHead = () =>
      repo.git("ls-remote", "origin", "refs/heads/ralph/1-demo").split("\t")[0];
    expect(remoteHead()).toBe(first);
    // Rewrite history (amend): plain push would be rejected, lease push succeeds.
    repo.git("commit", "--quiet", "--amend", "-m", "one amended");
    await ws.pushWithLease("origin", "ralph/1-demo");
    expect(remoteHead()).toBe(await ws.headSha());
  });

  it("moves the remote-tracking ref itself when the fetch refspec does not cover the branch", async () => {
    const repo = makeRepo();
    // A checkout that fetches main only: git leaves refs/remotes/origin/ralph/... alone on push.
    repo.git("config", "remote.origin.fetch", "+refs/heads/main:refs/remotes/origin/main");
    const ws = await GitRepository.open(repo.dir);
    await ws.ensureBranch("ralph/4-narrow");
    repo.write("x.txt", "1");
    const first = await ws.commitAll("one", { author: bot });
    await ws.pushWithLease("origin", "ralph/4-narrow");
    expect(repo.git("rev-parse", "refs/remotes/origin/ralph/4-narrow")).toBe(first);
    // The next push's lease is that ref: without it the push would be refused.
    repo.write("x.txt", "2");
    const second = await ws.commitAll("two", { author: bot });
    await ws.pushWithLease("origin", "ralph/4-narrow");
    expect(repo.git("ls-remote", "origin", "refs/heads/ralph/4-narrow").split("\t")[0]).toBe(
      second,
    );
    expect(repo.git("rev-parse", "refs/remotes/origin/ralph/4-narrow")).toBe(second);
  });

  it("leaseFrom: the lease is the sha the caller just read, with no second look", async () => {
    const { repo, ws } = await pushedBranch("ralph/5-lease");
    const pushed = await ws.resolve("refs/remotes/origin/ralph/5-lease");
    repo.write("x.txt", "2");
    await ws.commitAll("two", { author: bot });
    // A lease the remote does not match (null: "no such branch yet") is refused.
    await expect(
      ws.pushWithLease("origin", "ralph/5-lease", { leaseFrom: null }),
    ).rejects.toBeInstanceOf(GitError);
    const git = countGit();
    onTestFinished(() => git.remove());
    await ws.pushWithLease("origin", "ralph/5-lease", { leaseFrom: pushed });
    expect(git.calls().filter((c) => c.startsWith("rev-parse"))).toEqual([]);
    expect(repo.git("ls-remote", "origin", "refs/heads/ralph/5-lease").split("\t")[0]).toBe(
      await ws.headSha(),
    );
  });

  it("fails when the remote moved since Ralph last saw it", async () => {
    const { repo, ws } = await pushedBranch("ralph/2-lease");
    // Someone else pushes to the remote branch (a second clone).
    const other = `${repo.dir}-other`;
    repo.git("clone", "--quiet", "--branch", "ralph/2-lease", `file://${repo.remote}`, other);
    const runOther = (...args: string[]) => repo.git("-C", other, ...args);
    runOther("commit", "--quiet", "--allow-empty", "-m", "theirs");
    runOther("push", "--quiet", "origin", "ralph/2-lease");
    const theirs = runOther("rev-parse", "HEAD");
    repo.git("commit", "--quiet", "--amend", "-m", "ours rewritten");
    await expect(ws.pushWithLease("origin", "ralph/2-lease")).rejects.toBeInstanceOf(GitError);
    expect(repo.git("ls-remote", "origin", "refs/heads/ralph/2-lease").split("\t")[0]).toBe(theirs);
  });

  it("outside the prefix, refuses when the remote's default branch cannot be told", async () => {
    const repo = makeRepo();
    const ws = await GitRepository.open(repo.dir);
    // The remote's HEAD names no existing branch: ls-remote shows no HEAD symref.
    repo.git("--git-dir", repo.remote, "symbolic-ref", "HEAD", "refs/heads/gone");
    repo.write("x.txt", "1");
    await ws.commitAll("on main", { author: bot });
    await expect(ws.pushWithLease("origin", "main", { allowOutsidePrefix: true })).rejects.toThrow(
      /cannot tell the default branch/,
    );
    expect(repo.git("ls-remote", "origin", "refs/heads/main").split("\t")[0]).not.toBe(
      await ws.headSha(),
    );
    // A branch under the prefix is never the default branch it could not identify: pushed.
    await ws.ensureBranch("ralph/3-x");
    await ws.pushWithLease("origin", "ralph/3-x");
    expect(repo.git("ls-remote", "origin", "refs/heads/ralph/3-x")).not.toBe("");
  });

  it("refuses the default branch and branches outside the prefix", async () => {
    const repo = makeRepo();
    const ws = await GitRepository.open(repo.dir);
    await expect(ws.pushWithLease("origin", "main")).rejects.toBeInstanceOf(PushRefusedError);
    await expect(ws.pushWithLease("origin", "main", { allowOutsidePrefix: true })).rejects.toThrow(
      /default branch/,
    );
    repo.git("checkout", "--quiet", "-b", "feature");
    await expect(ws.pushWithLease("origin", "feature")).rejects.toThrow(/only pushes branches/);
    const custom = await GitRepository.open(repo.dir, { branchPrefix: "bot/" });
    await expect(custom.pushWithLease("origin", "ralph/1-x")).rejects.toThrow(/'bot\/'/);
    expect(repo.git("ls-remote", "--heads", "origin")).not.toMatch(/feature/);
  });
});
