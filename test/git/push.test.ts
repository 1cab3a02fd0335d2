import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  basicAuthHeader,
  decidePushAuth,
  extraHeaderUrls,
  withPushAuth,
} from "../../src/git/git-auth.js";
import { pushBranch } from "../../src/git/push.js";
import { GitRepository } from "../../src/git/repository.js";
import {
  dropWorkflowChanges,
  isWorkflowPushRefusal,
  renderWorkflowPatchComment,
  unpushedCommits,
} from "../../src/git/workflow-changes.js";
import { tempDir } from "../support/temp.js";

/** GitHub's answer to a push of workflow changes without the `workflows` permission. */
const REFUSAL_HOOK = `#!/bin/sh
echo attempt >> "$GIT_DIR/push-attempts"
zero=0000000000000000000000000000000000000000
while read old new ref; do
  if [ "$old" = "$zero" ]; then range="$new --not --branches"; else range="$old..$new"; fi
  for c in $(git rev-list $range); do
    f=$(git diff-tree --no-commit-id --name-only -r "$c" | grep '^.github/workflows/' | head -n 1)
    if [ -n "$f" ]; then
      echo "refusing to allow a GitHub App to create or update workflow \`$f\` without \`workflows\` permission" >&2
      exit 1
    fi
  done
done
exit 0
`;

interface Repo {
  dir: string;
  remote: string;
  git(...args: string[]): string;
  remoteGit(...args: string[]): string;
  write(path: string, content: string): void;
  commit(message: string, author?: string): string;
}

// The worker runs other files after this one (vitest `isolate: false`): its HOME comes back.
const saved = { HOME: process.env.HOME, GIT_CONFIG_NOSYSTEM: process.env.GIT_CONFIG_NOSYSTEM };
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

function makeRepo(): Repo {
  const base = tempDir("ralph-push-");
  const home = join(base, "home");
  mkdirSync(home);
  writeFileSync(
    join(home, ".gitconfig"),
    "[user]\n\tname = Runner\n\temail = runner@example.com\n[commit]\n\tgpgsign = false\n",
  );
  // simple-git drops GIT_* variables, so the isolation is HOME (restored after the file).
  process.env.HOME = home;
  process.env.GIT_CONFIG_NOSYSTEM = "1";
  const env = { PATH: process.env.PATH ?? "", HOME: home, GIT_CONFIG_NOSYSTEM: "1" };
  const remote = join(base, "remote.git");
  const dir = join(base, "work");
  const run = (cwd: string, args: string[], extra: Record<string, string> = {}) =>
    execFileSync("git", args, { cwd, env: { ...env, ...extra }, encoding: "utf8" }).trim();
  run(base, ["init", "--quiet", "--bare", "--initial-branch=main", remote]);
  run(base, ["init", "--quiet", "--initial-branch=main", dir]);
  const repo: Repo = {
    dir,
    remote,
    git: (...args) => run(dir, args),
    remoteGit: (...args) => run(remote, args),
    write: (path, content) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    },
    commit: (message, author = "ralph-app[bot] <bot@example.com>") => {
      run(dir, ["add", "--all"]);
      run(dir, ["commit", "--quiet", "--author", author, "-m", message], {
        GIT_COMMITTER_DATE: "2026-01-02T03:04:05Z",
        GIT_AUTHOR_DATE: "2026-01-02T03:04:05Z",
      });
      return run(dir, ["rev-parse", "HEAD"]);
    },
  };
  repo.write("README.md", "# demo\n");
  repo.write(".github/workflows/ci.yml", "name: ci\n");
  repo.commit("initial", "Someone <someone@example.com>");
  repo.git("remote", "add", "origin", `file://${remote}`);
  repo.git("push", "--quiet", "-u", "origin", "main");
  repo.git("checkout", "--quiet", "-b", "ralph/1-demo");
  return repo;
}

/** Three unpushed commits: code + a workflow edit, a new workflow only, code only. */
function commitMixedWork(repo: Repo): void {
  repo.write("src/a.txt", "a\n");
  repo.write(".github/workflows/ci.yml", "name: ci\non: push\n");
  repo.commit("ralph(demo): US-1 code and ci");
  repo.write(".github/workflows/new.yml", "name: new\n");
  repo.commit("ralph(demo): US-1 new workflow");
  repo.write("src/b.txt", "b\n");
  repo.commit("ralph(demo): US-2 code");
}

describe("dropWorkflowChanges", () => {
  let repo: Repo;
  beforeEach(() => {
    repo = makeRepo();
  });

  it("unpushedCommits (one git process) answers as rev-list and the first one's parent do", async () => {
    const asGit = () => {
      const commits = repo
        .git("rev-list", "--reverse", "--topo-order", "HEAD", "--not", "--remotes=origin")
        .split("\n")
        .filter((l) => l !== "");
      const first = commits[0];
      const parents = first ? repo.git("rev-list", "--parents", "-n", "1", first).split(" ") : [];
      return { base: parents[1] ?? null, commits };
    };
    expect(await unpushedCommits(repo.dir)).toEqual({ base: null, commits: [] });
    commitMixedWork(repo);
    // A merge of a side branch among them.
    repo.git("checkout", "--quiet", "-b", "side", "main");
    repo.write("side.txt", "side\n");
    repo.commit("side");
    repo.git("checkout", "--quiet", "ralph/1-demo");
    repo.git("merge", "--quiet", "--no-edit", "side");
    expect((await unpushedCommits(repo.dir)).commits).toHaveLength(5);
    expect(await unpushedCommits(repo.dir)).toEqual(asGit());
    // A branch of its own history: its root commit starts from nothing.
    repo.git("checkout", "--quiet", "--orphan", "ralph/2-root");
    repo.commit("root");
    expect(await unpushedCommits(repo.dir)).toEqual({ base: null, commits: asGit().commits });
    expect(asGit().base).toBeNull();
  });

  it("rewrites the unpushed commits without workflow changes and returns them as a patch", async () => {
    commitMixedWork(repo);
    const before = await unpushedCommits(repo.dir);
    expect(before.commits).toHaveLength(3);

    const dropped = await dropWorkflowChanges(repo.dir);
    expect(dropped?.files).toEqual([".github/workflows/ci.yml", ".github/workflows/new.yml"]);
    expect(dropped?.patch).toContain("+on: push");
    expect(dropped?.patch).toContain("+name: new");

    // The commit that only added a workflow is gone; the others keep message and author.
    expect(repo.git("log", "--format=%s|%an", "main..HEAD").split("\n")).toEqual([
      "ralph(demo): US-2 code|ralph-app[bot]",
      "ralph(demo): US-1 code and ci|ralph-app[bot]",
    ]);
    for (const sha of repo.git("rev-list", "main..HEAD").split("\n")) {
      expect(repo.git("diff-tree", "--no-commit-id", "--name-only", "-r", sha)).not.toContain(
        ".github/workflows",
      );
    }
    expect(repo.git("show", "HEAD:.github/workflows/ci.yml")).toBe("name: ci");
    expect(readFileSync(join(repo.dir, ".github/workflows/ci.yml"), "utf8")).toBe("name: ci\n");
    expect(repo.git("show", "HEAD:src/b.txt")).toBe("b");
    expect(repo.git("status", "--porcelain")).toBe("");

    // The patch applies back on top of the rewritten branch.
    const patchFile = join(repo.dir, "..", "workflows.patch");
    writeFileSync(patchFile, dropped!.patch);
    repo.git("apply", "--check", patchFile);
  });

  it("returns null and changes nothing when no workflow file changed", async () => {
    repo.write("src/a.txt", "a\n");
    const head = repo.commit("code only");
    expect(await dropWorkflowChanges(repo.dir)).toBeNull();
    expect(repo.git("rev-parse", "HEAD")).toBe(head);
  });

  it("the patch comment fences the diff so nothing in it can close the fence", () => {
    const body = renderWorkflowPatchComment(
      { files: [".github/workflows/docs.yml"], patch: "+```\n+run: echo\n" },
      "ralph/1-demo",
    );
    expect(body).toContain("````diff\n+```\n+run: echo\n````");
    expect(body).toContain("`ralph/1-demo`");
    expect(body).toContain("`.github/workflows/docs.yml`");
  });
});

describe("pushBranch", () => {
  let repo: Repo;
  beforeEach(() => {
    repo = makeRepo();
  });

  function installRefusalHook(): string {
    const hook = join(repo.remote, "hooks", "pre-receive");
    writeFileSync(hook, REFUSAL_HOOK);
    chmodSync(hook, 0o755);
    return join(repo.remote, "push-attempts");
  }

  async function push(dropWorkflowsFirst: boolean) {
    const posted: string[][] = [];
    const git = await GitRepository.open(repo.dir);
    const report = await pushBranch({
      root: repo.dir,
      git,
      branch: "ralph/1-demo",
      auth: { mode: "none" },
      dropWorkflowsFirst,
      onWorkflowChangesDropped: async (d) => {
        posted.push(d.files);
      },
      log: () => {},
    });
    return { report, posted };
  }

  it("a push refused for workflow files is retried without them; the patch goes to the callback", async () => {
    const attempts = installRefusalHook();
    commitMixedWork(repo);
    const { report, posted } = await push(false);
    expect(report.droppedWorkflowFiles).toEqual([
      ".github/workflows/ci.yml",
      ".github/workflows/new.yml",
    ]);
    expect(posted).toEqual([[".github/workflows/ci.yml", ".github/workflows/new.yml"]]);
    expect(readFileSync(attempts, "utf8").trim().split("\n")).toHaveLength(2);
    expect(repo.remoteGit("show", "ralph/1-demo:src/b.txt")).toBe("b");
    expect(repo.remoteGit("show", "ralph/1-demo:.github/workflows/ci.yml")).toBe("name: ci");
  });

  it("with a token known unable to push workflows, they are dropped before the first attempt", async () => {
    const attempts = installRefusalHook();
    commitMixedWork(repo);
    const { posted } = await push(true);
    expect(posted).toHaveLength(1);
    expect(readFileSync(attempts, "utf8").trim().split("\n")).toHaveLength(1);
  });

  it("an App token that may push workflows pushes them as they are", async () => {
    commitMixedWork(repo);
    const { report, posted } = await push(false);
    expect(report.droppedWorkflowFiles).toEqual([]);
    expect(posted).toEqual([]);
    expect(repo.remoteGit("show", "ralph/1-demo:.github/workflows/new.yml")).toBe("name: new");
  });

  it("other push errors are not swallowed, and the default branch is never pushed", async () => {
    repo.git("checkout", "--quiet", "main");
    repo.write("src/x.txt", "x\n");
    repo.commit("on main");
    const git = await GitRepository.open(repo.dir);
    await expect(
      pushBranch({
        root: repo.dir,
        git,
        branch: "main",
        auth: { mode: "none" },
        allowOutsidePrefix: true,
        dropWorkflowsFirst: false,
        onWorkflowChangesDropped: async () => {},
        log: () => {},
      }),
    ).rejects.toThrow(/default branch/);
  });
});

describe("push authentication", () => {
  it.each([
    ["https origin, nothing configured", "https://github.com/o/r", [], "extraheader"],
    [
      "checkout persisted a header for the host",
      "https://github.com/o/r",
      ["https://github.com/"],
      "checkout",
    ],
    [
      "a header for another host does not count",
      "https://github.com/o/r",
      ["https://ghes.example.com/"],
      "extraheader",
    ],
    ["GHES https origin", "https://ghes.example.com/o/r.git", [], "extraheader"],
    ["ssh origin", "git@github.com:o/r.git", [], "none"],
    ["file origin", "file:///tmp/remote.git", [], "none"],
    ["credentials in the URL", "https://x-access-token:abc@github.com/o/r", [], "none"],
  ])("%s → %s", (_name, origin, configured, mode) => {
    expect(decidePushAuth(origin, configured, "tok").mode).toBe(mode);
  });

  it("the header is scoped to the origin's host and carries the token as basic auth", () => {
    const auth = decidePushAuth("https://ghes.example.com/o/r.git", [], "tok");
    expect(auth.header).toEqual({
      key: "http.https://ghes.example.com/.extraheader",
      value: `AUTHORIZATION: basic ${Buffer.from("x-access-token:tok").toString("base64")}`,
    });
    expect(basicAuthHeader("tok")).toBe(auth.header?.value);
  });

  it("reads checkout's configured header URLs", () => {
    expect(
      extraHeaderUrls(
        "http.https://github.com/.extraheader AUTHORIZATION: basic ***\ncore.bare false\n",
      ),
    ).toEqual(["https://github.com/"]);
  });

  it("configures the header only while the push runs", async () => {
    const repo = makeRepo();
    const auth = decidePushAuth("https://github.com/o/r", [], "tok");
    const key = auth.header!.key;
    const during = await withPushAuth(repo.dir, auth, async () =>
      repo.git("config", "--local", "--get", key),
    );
    expect(during).toBe(auth.header!.value);
    expect(() => repo.git("config", "--local", "--get", key)).toThrow();
    await expect(
      withPushAuth(repo.dir, auth, async () => {
        throw new Error("push failed");
      }),
    ).rejects.toThrow("push failed");
    expect(() => repo.git("config", "--local", "--get", key)).toThrow();
  });

  it.each([
    [
      "refusing to allow a GitHub App to create or update workflow `.github/workflows/ci.yml` without `workflows` permission",
      true,
    ],
    [
      "refusing to allow an OAuth App to create or update workflow `.github/workflows/ci.yml` without `workflow` scope",
      true,
    ],
    ["! [rejected] ralph/1 -> ralph/1 (stale info)", false],
    ["remote: Permission to o/r.git denied to github-actions[bot].", false],
  ])("isWorkflowPushRefusal(%s) = %s", (message, expected) => {
    expect(isWorkflowPushRefusal(message)).toBe(expected);
  });
});
