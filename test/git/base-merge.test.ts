/**
 * A moving base through real git: a temp repository, a bare remote over file://, isolated config
 * and fixed dates (test/fixtures/pipeline/repo.ts). The default branch moves in a second clone,
 * as another person's merge would move it on GitHub.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { baseAhead, mergeDefaultBranch } from "../../src/git/base-merge.js";
import { findConflictMarkers, GitError } from "../../src/git/index.js";
import { makeRepo, type TestRepo } from "../fixtures/pipeline/repo.js";

const bot = { name: "ralph-app[bot]", email: "1+ralph-app[bot]@users.noreply.github.com" };
const BRANCH = "ralph/7-greeting";

/** A repository with Ralph's branch one commit ahead of main, removed after the test. */
function ralphBranch(files: Record<string, string> = {}): TestRepo {
  const repo = makeRepo({ "README.md": "# demo\nline two\n", "keep.txt": "keep\n", ...files });
  onTestFinished(() => rmSync(dirname(repo.dir), { recursive: true, force: true }));
  repo.git("checkout", "--quiet", "-b", BRANCH);
  repo.write("greeting.txt", "hello\n");
  repo.git("add", "--all");
  repo.git("commit", "--quiet", "-m", "ralph: greeting");
  repo.git("push", "--quiet", "origin", BRANCH);
  return repo;
}

/** Someone else's commit on main, pushed from a clone of its own. */
function moveMain(repo: TestRepo, files: Record<string, string | null>, name = "other"): string {
  const dir = mkdtempSync(join(dirname(repo.dir), `${name}-`));
  const run = (...args: string[]) =>
    execFileSync("git", args, {
      cwd: dir,
      env: { ...process.env, ...repo.env },
      encoding: "utf8",
    }).trim();
  run("clone", "--quiet", `file://${repo.remote}`, ".");
  for (const [path, content] of Object.entries(files)) {
    if (content === null) run("rm", "--quiet", path);
    else {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
  }
  run("add", "--all");
  run("commit", "--quiet", "-m", `${name} moves main`);
  run("push", "--quiet", "origin", "main");
  return run("rev-parse", "HEAD");
}

const merge = (dir: string) => mergeDefaultBranch(dir, { base: "main", identity: bot });

describe("baseAhead", () => {
  it("null while the branch holds main; main's head once it moved; nothing written either way", async () => {
    const repo = ralphBranch();
    const head = repo.git("rev-parse", "HEAD");
    expect(await baseAhead(repo.dir, { base: "main" })).toBeNull();
    const base = moveMain(repo, { "other.txt": "from main\n" });
    expect(await baseAhead(repo.dir, { base: "main" })).toBe(base);
    expect(repo.git("rev-parse", "HEAD")).toBe(head);
    await merge(repo.dir);
    expect(await baseAhead(repo.dir, { base: "main" })).toBeNull();
  });
});

describe("mergeDefaultBranch", () => {
  it("up to date: no commit when main added nothing", async () => {
    const repo = ralphBranch();
    const head = repo.git("rev-parse", "HEAD");
    const result = await merge(repo.dir);
    expect(result).toEqual({ kind: "up_to_date", head, base: repo.git("rev-parse", "main") });
    expect(repo.git("rev-parse", "HEAD")).toBe(head);
  });

  it("clean: a merge commit by Ralph on top of the reviewed branch, pushed as a fast-forward", async () => {
    const repo = ralphBranch();
    const before = repo.git("rev-parse", "HEAD");
    const base = moveMain(repo, { "other.txt": "from main\n" });
    const result = await merge(repo.dir);
    expect(result).toMatchObject({ kind: "clean", base });
    const head = repo.git("rev-parse", "HEAD");
    expect(result.head).toBe(head);
    // The old head stays the first parent (no rebase), the base is the second.
    expect(repo.git("rev-list", "--parents", "-n", "1", "HEAD")).toBe(`${head} ${before} ${base}`);
    expect(repo.git("log", "-1", "--format=%an|%cn|%s")).toBe(
      `${bot.name}|${bot.name}|Merge main into ${BRANCH}`,
    );
    expect(readFileSync(join(repo.dir, "other.txt"), "utf8")).toBe("from main\n");
    // A plain push (no force) is accepted: the branch only moved forward.
    repo.git("push", "--quiet", "origin", BRANCH);
    expect(repo.git("ls-remote", "origin", `refs/heads/${BRANCH}`).split("\t")[0]).toBe(head);
  });

  it("conflicts: the merge is committed with diff3 markers, its message names the files, and a fresh clone of the pushed branch sees it all", async () => {
    const repo = ralphBranch();
    repo.write("README.md", "# demo\nline two, as Ralph wrote it\n");
    repo.git("commit", "--quiet", "-am", "ralph: readme");
    const base = moveMain(repo, { "README.md": "# demo\nline two, as main wrote it\n" });
    const result = await merge(repo.dir);
    expect(result).toMatchObject({
      kind: "conflicts",
      base,
      files: [{ path: "README.md", kind: "both_modified" }],
    });
    // Nothing half-done is left in the checkout: no MERGE_HEAD, a clean tree, a real merge.
    expect(repo.git("status", "--porcelain")).toBe("");
    expect(() => repo.git("rev-parse", "-q", "--verify", "MERGE_HEAD")).toThrow();
    expect(repo.git("rev-parse", "HEAD^2")).toBe(base);
    expect(repo.git("log", "-1", "--format=%B")).toContain("- README.md (both modified)");
    const text = readFileSync(join(repo.dir, "README.md"), "utf8");
    expect(text).toContain("<<<<<<< HEAD\nline two, as Ralph wrote it\n||||||| ");
    expect(text).toContain("=======\nline two, as main wrote it\n>>>>>>> ");

    repo.git("push", "--quiet", "origin", BRANCH);
    const runner = join(dirname(repo.dir), "next-runner");
    execFileSync("git", ["clone", "--quiet", "--branch", BRANCH, `file://${repo.remote}`, runner], {
      env: { ...process.env, ...repo.env },
    });
    const markers = await findConflictMarkers(runner);
    expect(markers.map((m) => [m.path, m.line, m.text.slice(0, 7)])).toEqual([
      ["README.md", 2, "<<<<<<<"],
      ["README.md", 4, "|||||||"],
      ["README.md", 6, "======="],
      ["README.md", 8, ">>>>>>>"],
    ]);
    // The follow-up's implementer resolves them; then nothing is left.
    writeFileSync(join(runner, "README.md"), "# demo\nline two, as both wanted it\n");
    expect(await findConflictMarkers(runner)).toEqual([]);
  });

  it("a file main deleted and Ralph changed is kept and named", async () => {
    const repo = ralphBranch();
    repo.write("keep.txt", "keep, changed by Ralph\n");
    repo.git("commit", "--quiet", "-am", "ralph: keep");
    moveMain(repo, { "keep.txt": null });
    const result = await merge(repo.dir);
    expect(result).toMatchObject({
      kind: "conflicts",
      files: [{ path: "keep.txt", kind: "deleted_by_them" }],
    });
    expect(readFileSync(join(repo.dir, "keep.txt"), "utf8")).toBe("keep, changed by Ralph\n");
    expect(repo.git("status", "--porcelain")).toBe("");
  });

  it("works in a shallow checkout: it deepens until the branches meet", async () => {
    const repo = ralphBranch();
    for (let i = 0; i < 3; i++) moveMain(repo, { [`main-${i}.txt`]: `${i}\n` }, `m${i}`);
    const shallow = join(dirname(repo.dir), "shallow");
    execFileSync(
      "git",
      ["clone", "--quiet", "--depth", "1", "--branch", BRANCH, `file://${repo.remote}`, shallow],
      { env: { ...process.env, ...repo.env } },
    );
    const result = await merge(shallow);
    expect(result.kind).toBe("clean");
    expect(readFileSync(join(shallow, "main-2.txt"), "utf8")).toBe("2\n");
  });

  it("refuses a checkout with uncommitted changes, and changes nothing", async () => {
    const repo = ralphBranch();
    moveMain(repo, { "other.txt": "x\n" });
    const head = repo.git("rev-parse", "HEAD");
    repo.write("greeting.txt", "half-done\n");
    await expect(merge(repo.dir)).rejects.toBeInstanceOf(GitError);
    expect(repo.git("rev-parse", "HEAD")).toBe(head);
  });
});

describe("findConflictMarkers", () => {
  it("finds markers at line starts only, skips binary files, and reads a lone ======= as a heading", async () => {
    const repo = makeRepo({
      "README.md": "Install\n=======\n\nRun it.\n",
      "docs/quoted.md": "Git writes `<<<<<<< HEAD` in a file.\n  >>>>>>> indented is no marker\n",
      "src/a.ts": "const a = 1;\n<<<<<<< HEAD\nconst b = 2;\n=======\nconst b = 3;\n>>>>>>> main\n",
      "src/half.ts": "x\n>>>>>>>\n",
    });
    onTestFinished(() => rmSync(dirname(repo.dir), { recursive: true, force: true }));
    writeFileSync(join(repo.dir, "image.bin"), Buffer.from("\0\0<<<<<<< HEAD\n", "utf8"));
    repo.git("add", "--all");
    repo.git("commit", "--quiet", "-m", "files");
    const markers = await findConflictMarkers(repo.dir);
    expect(markers.map((m) => `${m.path}:${m.line}`)).toEqual([
      "src/a.ts:2",
      "src/a.ts:4",
      "src/a.ts:6",
      "src/half.ts:2",
    ]);
    expect(await findConflictMarkers(repo.dir, { paths: ["src/half.ts"] })).toHaveLength(1);
    expect(await findConflictMarkers(repo.dir, { paths: [] })).toEqual([]);
    expect(await findConflictMarkers(repo.dir, { max: 2 })).toHaveLength(2);
  });
});
