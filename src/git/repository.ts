import { lstat, mkdir, readdir, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { type SimpleGit, simpleGit } from "simple-git";
import {
  type HiddenSnapshot,
  restoreControl,
  revertIgnored,
  skipper,
  snapshotHidden,
} from "./hidden-state.js";
import { isPathAllowed, normalizeRepoPath, parsePorcelainZ, splitNul } from "./paths.js";

export interface GitIdentity {
  name: string;
  email: string;
}

export interface CommitOptions {
  /** Author and committer of the commit (Ralph's bot identity). */
  author: GitIdentity;
  /** Each becomes a `Co-authored-by:` trailer (DESIGN §3.2: the approver). */
  coAuthors?: readonly GitIdentity[];
  /** Stage only these paths (exact or `dir/`); default: everything. */
  paths?: readonly string[];
  /** Never stage these paths (exact or `dir/`), on top of the workspace's ignored paths. */
  exclude?: readonly string[];
}

/**
 * Content of the uncommitted files before a run (null: deleted in the working tree). `hidden`
 * (set by snapshotWorkingTree) also holds what `git status` cannot see: git's own control files
 * and the ignored files.
 */
export type WorkingTreeSnapshot = ReadonlyMap<string, Buffer | null> & {
  readonly hidden?: HiddenSnapshot;
};

export interface OpenOptions {
  /** Ralph's branch prefix; pushes outside it are refused. Default `ralph/`. */
  branchPrefix?: string;
  /**
   * Repo-relative paths (exact, or directories ending in `/`) Ralph never commits, never reports
   * as changed and never reverts — e.g. a run-log directory inside the checkout.
   */
  ignore?: readonly string[];
}

export interface ReadOnlyOptions {
  /** HEAD before the read-only run: a commit made by the agent is undone (its changes reverted). */
  baseSha?: string;
  /** Branch before the run: if the agent switched branches, Ralph switches back. */
  branch?: string;
  /**
   * Uncommitted files before the run (snapshotWorkingTree): they are compared with and restored to
   * this content instead of HEAD, so a user's own uncommitted work is never thrown away.
   */
  baseline?: WorkingTreeSnapshot;
}

export interface ReadOnlyResult {
  /**
   * Repo-relative paths that were changed outside the allowed paths (now reverted), symlinks
   * created anywhere (removed) and git's own files (`.git/config`, hooks, `info/`; restored).
   */
  violations: string[];
  /** The agent created commits or switched branches (undone). */
  headMoved: boolean;
  /**
   * Ignored files the agent created (deleted; a new ignored directory as `dir/`), changed or
   * deleted (reported only: Ralph keeps no copy). Needs a baseline from snapshotWorkingTree. Not
   * in `violations` because a verifier's build legitimately writes ignored outputs; phases that
   * must write nothing (planner, understand) treat them as violations.
   */
  hiddenChanges: string[];
}

export class GitError extends Error {
  override readonly name = "GitError";
}

export class PushRefusedError extends Error {
  override readonly name = "PushRefusedError";
  constructor(
    message: string,
    readonly branch: string,
  ) {
    super(message);
  }
}

/** A git checkout Ralph works in (DESIGN §8 src/git). Paths are repo-relative, `/`-separated. */
export class GitRepository {
  private constructor(
    readonly root: string,
    private readonly git: SimpleGit,
    readonly branchPrefix: string,
    readonly ignored: readonly string[],
  ) {}

  static async open(dir: string, options: OpenOptions = {}): Promise<GitRepository> {
    let root: string;
    try {
      root = (await simpleGit({ baseDir: dir }).revparse(["--show-toplevel"])).trim();
    } catch (error) {
      throw new GitError(`${dir} is not inside a git repository: ${messageOf(error)}`);
    }
    return new GitRepository(
      root,
      simpleGit({ baseDir: root, trimmed: false }),
      options.branchPrefix ?? "ralph/",
      (options.ignore ?? []).map(normalizeRepoPath),
    );
  }

  async currentBranch(): Promise<string> {
    const name = (await this.raw(["symbolic-ref", "--quiet", "--short", "HEAD"]).catch(() => ""))
      .toString()
      .trim();
    if (name === "") throw new GitError("HEAD is detached: Ralph needs a branch checked out");
    return name;
  }

  /**
   * A config value as the user's own git resolves it here, or null when it is not set. Unlike
   * every other call this one honours GIT_CONFIG_GLOBAL / _SYSTEM / _NOSYSTEM (simple-git drops
   * them by default): it reads who the user is, not what the repository does.
   */
  async configValue(key: string): Promise<string | null> {
    const reader = simpleGit({
      baseDir: this.root,
      allowEnvironment: ["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_NOSYSTEM"],
      unsafe: { allowUnsafeConfigPaths: true },
    });
    const value = (await reader.raw(["config", "--get", key]).catch(() => "")).trim();
    return value === "" ? null : value;
  }

  async headSha(): Promise<string> {
    return (await this.raw(["rev-parse", "--verify", "HEAD"])).trim();
  }

  /** Resolves a ref to a sha, or null when it does not exist. */
  async resolve(ref: string): Promise<string | null> {
    try {
      return (
        (await this.raw(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`])).trim() || null
      );
    } catch {
      return null;
    }
  }

  /** Checks out `name`: the local branch, else the remote one, else a new branch from `base`. */
  async ensureBranch(name: string, opts: { base?: string; remote?: string } = {}): Promise<void> {
    await this.raw(["check-ref-format", "--branch", name]).catch(() => {
      throw new GitError(`invalid branch name: ${name}`);
    });
    if ((await this.currentBranch().catch(() => "")) === name) return;
    if (await this.resolve(`refs/heads/${name}`)) {
      await this.raw(["checkout", "--quiet", name]);
      return;
    }
    const remoteRef = `refs/remotes/${opts.remote ?? "origin"}/${name}`;
    if (await this.resolve(remoteRef)) {
      await this.raw(["checkout", "--quiet", "-b", name, remoteRef]);
      return;
    }
    await this.raw(["checkout", "--quiet", "-b", name, opts.base ?? "HEAD"]);
  }

  /**
   * Stages everything (except ignored paths) and commits as `author` with `Co-authored-by:`
   * trailers. Returns the new sha, or null when there was nothing to commit.
   */
  async commitAll(message: string, options: CommitOptions): Promise<string | null> {
    const exclude = [...this.ignored, ...(options.exclude ?? [])].map(
      (p) => `:(exclude)${dirSpec(p)}`,
    );
    // With `paths`, only the requested paths that changed are committed (`--only`), whatever
    // else sits in the index; a pathspec that matches nothing would be an error.
    let only: string[] = [];
    if (options.paths) {
      const wanted = options.paths.map(normalizeRepoPath);
      const excluded = [...this.ignored, ...(options.exclude ?? [])];
      only = (await this.workingTreeChanges()).filter(
        (p) => isPathAllowed(p, wanted) && !isPathAllowed(p, excluded),
      );
      if (only.length === 0) return null;
      await this.raw(["add", "--all", "--verbose", "--", ...only]);
    } else {
      await this.raw(["add", "--all", "--verbose", "--", ".", ...exclude]);
      const staged = splitNul(await this.raw(["diff", "--cached", "--name-only", "-z"]));
      if (staged.length === 0) return null;
    }
    const { author } = options;
    await this.raw([
      "-c",
      `user.name=${author.name}`,
      "-c",
      `user.email=${author.email}`,
      "commit",
      "--author",
      `${author.name} <${author.email}>`,
      "-m",
      withCoAuthors(message, options.coAuthors ?? []),
      ...(only.length > 0 ? ["--only", "--", ...only] : []),
    ]);
    return this.headSha();
  }

  /** Paths that differ between `sha` and the working tree, untracked files included. */
  async changedPathsSince(sha: string): Promise<string[]> {
    const diff = splitNul(await this.raw(["diff", "--name-only", "--no-renames", "-z", sha]));
    const untracked = splitNul(
      await this.raw(["ls-files", "--others", "--exclude-standard", "-z"]),
    );
    return this.withoutIgnored([...new Set([...diff, ...untracked])]).sort();
  }

  /** True when `sha` is a commit reachable from HEAD (it exists on the current branch). */
  async containsCommit(sha: string): Promise<boolean> {
    if (!/^[0-9a-f]{7,40}$/i.test(sha)) return false;
    const full = await this.resolve(sha);
    if (full === null) return false;
    // `merge-base A HEAD` = A exactly when A is an ancestor of HEAD (and it prints, unlike
    // `--is-ancestor`: see raw).
    const base = await this.raw(["merge-base", full, "HEAD"]).catch(() => "");
    return base.trim() === full;
  }

  /** Unified diff of `from..to` (to defaults to HEAD), cut to `maxChars`. */
  async diff(from: string, to = "HEAD", maxChars = 60_000): Promise<string> {
    const text = await this.raw(["diff", "--no-color", "--stat", "--patch", `${from}..${to}`]);
    return text.length <= maxChars
      ? text
      : `${text.slice(0, maxChars)}\n… (diff cut at ${maxChars} characters)\n`;
  }

  /** The parent of `sha`, or the empty tree for a root commit (so `diff` always works). */
  async parentOf(sha: string): Promise<string> {
    return (
      (await this.resolve(`${sha}^`)) ??
      (await this.raw(["hash-object", "-t", "tree", "/dev/null"])).trim()
    );
  }

  /**
   * Uncommitted files and their content, plus git's control files and the ignored files, to give
   * enforceReadOnly a baseline.
   */
  async snapshotWorkingTree(): Promise<WorkingTreeSnapshot> {
    const snapshot = new Map<string, Buffer | null>();
    for (const path of await this.workingTreeChanges()) {
      snapshot.set(path, await readFile(join(this.root, path)).catch(() => null));
    }
    const hidden = await snapshotHidden(this.root, this.runner, skipper(this.ignored));
    return Object.assign(snapshot, { hidden });
  }

  /**
   * Puts git's control files (config, hooks, info/) back as they were in `snapshot`; returns the
   * paths that had changed. For runs that may edit the tree but must not plant a hook or a config
   * entry that runs code inside Ralph's own git commands (the implementer).
   */
  async restoreGitControl(snapshot: WorkingTreeSnapshot): Promise<string[]> {
    return snapshot.hidden ? restoreControl(this.root, this.runner, snapshot.hidden) : [];
  }

  /**
   * Moves HEAD back to `branch` at `sha` keeping the index and working tree as they are, so
   * whatever an agent committed, reset or checked out becomes uncommitted changes on top of `sha`.
   * Returns true when HEAD had moved.
   */
  async reattachHead(branch: string, sha: string): Promise<boolean> {
    const onBranch = (await this.currentBranch().catch(() => "")) === branch;
    if (onBranch && (await this.headSha()) === sha) return false;
    await this.raw(["symbolic-ref", "HEAD", `refs/heads/${branch}`]);
    await this.raw(["reset", "--quiet", "--soft", sha]);
    return true;
  }

  /** Restores paths to their HEAD state (new files are deleted). */
  async revertPaths(paths: readonly string[]): Promise<void> {
    for (const path of paths) await this.revertPath(normalizeRepoPath(path));
  }

  /** Uncommitted changes (staged, unstaged, untracked) relative to HEAD. */
  async workingTreeChanges(): Promise<string[]> {
    return this.withoutIgnored(await this.statusPaths()).sort();
  }

  /** Progress since the run began (FIELD-NOTES): a new commit, or any uncommitted change. */
  async hasChangesSince(sha: string): Promise<boolean> {
    if ((await this.headSha()) !== sha) return true;
    return (await this.workingTreeChanges()).length > 0;
  }

  async fetch(remote = "origin", branch?: string): Promise<void> {
    const args = ["fetch", "--quiet", remote];
    if (branch) args.push(`+refs/heads/${branch}:refs/remotes/${remote}/${branch}`);
    await this.raw(args);
  }

  /** The remote's default branch (its HEAD symref), or null when it cannot tell. */
  async remoteDefaultBranch(remote = "origin"): Promise<string | null> {
    const out = await this.raw(["ls-remote", "--symref", remote, "HEAD"]).catch(() => "");
    const match = /^ref: refs\/heads\/(\S+)\s+HEAD$/m.exec(out);
    if (match?.[1]) return match[1];
    const local = await this.raw(["symbolic-ref", "--quiet", `refs/remotes/${remote}/HEAD`]).catch(
      () => "",
    );
    const prefix = `refs/remotes/${remote}/`;
    return local.trim().startsWith(prefix) ? local.trim().slice(prefix.length) : null;
  }

  /**
   * Pushes the local `branch` with `--force-with-lease` against the remote-tracking sha Ralph last
   * saw (absent → the remote branch must not exist yet). Refuses the remote's default branch and,
   * unless `allowOutsidePrefix` (a same-repo spec PR branch), any branch outside the Ralph prefix.
   */
  async pushWithLease(
    remote: string,
    branch: string,
    opts: { allowOutsidePrefix?: boolean } = {},
  ): Promise<void> {
    if (!opts.allowOutsidePrefix && !branch.startsWith(this.branchPrefix)) {
      throw new PushRefusedError(
        `refusing to push '${branch}': Ralph only pushes branches under '${this.branchPrefix}'`,
        branch,
      );
    }
    const defaultBranch = await this.remoteDefaultBranch(remote);
    if (
      defaultBranch === null &&
      opts.allowOutsidePrefix &&
      !branch.startsWith(this.branchPrefix)
    ) {
      // A branch outside the prefix could be the default branch Ralph failed to identify.
      throw new PushRefusedError(
        `refusing to push '${branch}': cannot tell the default branch of '${remote}'`,
        branch,
      );
    }
    if (defaultBranch !== null && branch === defaultBranch) {
      throw new PushRefusedError(
        `refusing to push '${branch}': it is the default branch of '${remote}'`,
        branch,
      );
    }
    const expected = (await this.resolve(`refs/remotes/${remote}/${branch}`)) ?? "";
    try {
      await this.raw([
        "push",
        "--quiet",
        `--force-with-lease=refs/heads/${branch}:${expected}`,
        remote,
        `refs/heads/${branch}:refs/heads/${branch}`,
      ]);
    } catch (error) {
      throw new GitError(`push of '${branch}' to '${remote}' failed: ${messageOf(error)}`);
    }
    const sha = await this.resolve(`refs/heads/${branch}`);
    if (sha) await this.raw(["update-ref", `refs/remotes/${remote}/${branch}`, sha]);
  }

  /**
   * Read-only enforcement (DESIGN §4.4): every change outside `allowedPaths` is reverted —
   * tracked files checked out from HEAD, new files deleted — and reported by path.
   */
  async enforceReadOnly(
    allowedPaths: readonly string[],
    opts: ReadOnlyOptions = {},
  ): Promise<ReadOnlyResult> {
    const violations = new Set<string>();
    const hidden = opts.baseline?.hidden;
    // First, before any git command that could run a planted hook or fsmonitor.
    if (hidden) {
      for (const p of await restoreControl(this.root, this.runner, hidden)) violations.add(p);
    }
    let headMoved = false;
    if (opts.branch && (await this.currentBranch().catch(() => "")) !== opts.branch) {
      headMoved = true;
      violations.add(`(checked out another branch instead of ${opts.branch})`);
      await this.raw(["checkout", "--quiet", "--force", opts.branch]);
    }
    if (opts.baseSha && (await this.headSha()) !== opts.baseSha) {
      headMoved = true;
      // Soft reset keeps the agent's committed changes in the index, so the path check below sees
      // them and reverts those outside the allowed paths.
      await this.raw(["reset", "--quiet", "--soft", opts.baseSha]);
    }
    const baseline = opts.baseline ?? new Map<string, Buffer | null>();
    // A reverted `.gitignore` (or a new one the agent added) unhides files: look again.
    for (let pass = 0; pass < 3; pass++) {
      if (!(await this.revertOutside(allowedPaths, baseline, violations))) break;
    }
    const hiddenChanges = hidden
      ? await revertIgnored(this.root, this.runner, [...allowedPaths, ...this.ignored], hidden)
      : [];
    return { violations: [...violations].sort(), headMoved, hiddenChanges };
  }

  /** One pass over `git status` (+ the baseline); returns whether anything was reverted. */
  private async revertOutside(
    allowedPaths: readonly string[],
    baseline: WorkingTreeSnapshot,
    violations: Set<string>,
  ): Promise<boolean> {
    const allowed = [...allowedPaths, ...this.ignored];
    const candidates = new Set([...(await this.statusPaths()), ...baseline.keys()]);
    let reverted = false;
    for (const path of [...candidates].sort()) {
      if (isPathAllowed(path, this.ignored)) continue;
      if (isPathAllowed(path, allowed)) {
        // Even where writing is allowed, a new symlink could make Ralph read or write anywhere.
        if (baseline.has(path) || !(await isSymlink(join(this.root, path)))) continue;
      } else if (baseline.has(path)) {
        const before = baseline.get(path) ?? null;
        const now = await readFile(join(this.root, path)).catch(() => null);
        if (sameContent(before, now)) continue;
        violations.add(path);
        reverted = true;
        await this.restoreContent(path, before);
        continue;
      }
      violations.add(path);
      reverted = true;
      await this.revertPath(path);
    }
    return reverted;
  }

  private async revertPath(path: string): Promise<void> {
    const inHead = await this.raw(["cat-file", "-t", `HEAD:${path}`])
      .then(() => true)
      .catch(() => false);
    if (inHead) {
      await this.raw(["checkout", "HEAD", "--", path]);
      return;
    }
    await this.raw(["rm", "--cached", "--ignore-unmatch", "--", path]);
    await rm(join(this.root, path), { force: true, recursive: true });
    await this.removeEmptyParents(path);
  }

  private async restoreContent(path: string, content: Buffer | null): Promise<void> {
    const abs = join(this.root, path);
    if (content === null) {
      await rm(abs, { force: true, recursive: true });
      return;
    }
    await rm(abs, { force: true, recursive: true });
    await mkdir(dirname(abs), { recursive: true });
    await writeFile(abs, content);
  }

  private async removeEmptyParents(path: string): Promise<void> {
    let dir = dirname(path);
    while (dir !== "." && dir !== "/" && dir !== "") {
      const abs = join(this.root, dir);
      const entries = await readdir(abs).catch(() => null);
      if (entries === null || entries.length > 0) return;
      await rmdir(abs).catch(() => undefined);
      dir = dirname(dir);
    }
  }

  private async statusPaths(): Promise<string[]> {
    // `--branch` so the output is never empty (see raw).
    const out = await this.raw([
      "status",
      "--porcelain=v1",
      "-z",
      "--branch",
      "--untracked-files=all",
      "--no-renames",
    ]);
    return parsePorcelainZ(out);
  }

  private withoutIgnored(paths: string[]): string[] {
    return this.ignored.length === 0 ? paths : paths.filter((p) => !isPathAllowed(p, this.ignored));
  }

  /**
   * simple-git waits 50 ms after a command that printed nothing (completion detection), so the
   * frequent commands here are asked for output (`status --branch`, `commit`, `add --verbose`...).
   */
  private async raw(args: string[]): Promise<string> {
    return this.git.raw(args);
  }

  private readonly runner = (args: string[]) => this.raw(args);
}

/** Appends `Co-authored-by:` trailers after one blank line (GitHub's co-author format). */
export function withCoAuthors(message: string, coAuthors: readonly GitIdentity[]): string {
  const body = message.replace(/\s+$/, "");
  const trailers = [
    ...new Set(coAuthors.map((c) => `Co-authored-by: ${c.name} <${c.email}>`)),
  ].filter((t) => !body.includes(t));
  return trailers.length === 0 ? body : `${body}\n\n${trailers.join("\n")}`;
}

function dirSpec(path: string): string {
  const p = normalizeRepoPath(path);
  return p.endsWith("/") ? p.slice(0, -1) : p;
}

async function isSymlink(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => null))?.isSymbolicLink() ?? false;
}

function sameContent(a: Buffer | null, b: Buffer | null): boolean {
  if (a === null || b === null) return a === b;
  return a.equals(b);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message.trim() : String(error);
}
