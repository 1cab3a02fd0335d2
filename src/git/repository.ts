import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type SimpleGit, simpleGit } from "simple-git";
import { type CommitTree, commitChanges } from "./commit.js";
import type { CommitOptions } from "./commit-message.js";
import { GitError } from "./git-errors.js";
import { readCurrentBranch, readHeadSha, readRefSha } from "./head-files.js";
import { controlLocations, restoreControl, skipper, snapshotHidden } from "./hidden-state.js";
import { isPathAllowed, normalizeRepoPath, parsePorcelainZ, splitNul } from "./paths.js";
import { refuseUnsafePush } from "./push-guard.js";
import {
  enforceReadOnly,
  type ReadOnlyOptions,
  type ReadOnlyResult,
  revertPath,
  type WorkingTree,
  type WorkingTreeSnapshot,
} from "./read-only.js";
import { askDefaultBranch, pushLeased } from "./remote.js";
import { parseTreeScan, statusArgs, TREE_SCAN_ARGS, type TreeScan } from "./tree-scan.js";

export { type CommitOptions, type GitIdentity, withCoAuthors } from "./commit-message.js";
export { GitError, PushRefusedError, PushRejectedError } from "./git-errors.js";
export type { ReadOnlyOptions, ReadOnlyResult, WorkingTreeSnapshot } from "./read-only.js";

export interface OpenOptions {
  /** Ralph's branch prefix; pushes outside it are refused. Default `ralph/`. */
  branchPrefix?: string;
  /**
   * Repo-relative paths (exact, or directories ending in `/`) Ralph never commits, never reports
   * as changed and never reverts — e.g. a run-log directory inside the checkout.
   */
  ignore?: readonly string[];
}

/** A git checkout Ralph works in (DESIGN §8 src/git). Paths are repo-relative, `/`-separated. */
export class GitRepository {
  private locations: Promise<string[]> | null = null;
  private around: <T>(fn: () => Promise<T>) => Promise<T> = (fn) => fn();
  private readonly defaultBranches = new Map<string, Promise<string | null>>();

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

  /** Read from HEAD's file when it can be (head-files.ts), else asked of git. */
  async currentBranch(): Promise<string> {
    const head = await readCurrentBranch(this.root);
    const name =
      head === null
        ? (await this.raw(["symbolic-ref", "--quiet", "--short", "HEAD"]).catch(() => "")).trim()
        : "branch" in head
          ? head.branch
          : "";
    if (name === "") throw new GitError("HEAD is detached: Ralph needs a branch checked out");
    return name;
  }

  async headSha(): Promise<string> {
    return (
      (await readHeadSha(this.root)) ?? (await this.raw(["rev-parse", "--verify", "HEAD"])).trim()
    );
  }

  /** A ref's sha, or null: a branch's from git's files when they tell (head-files.ts). */
  async resolve(ref: string): Promise<string | null> {
    const read = await readRefSha(this.root, ref);
    if (read !== undefined) return read;
    const args = ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`];
    return (await this.raw(args).catch(() => "")).trim() || null;
  }

  /**
   * In a blobless clone (`filter: blob:none`, docs/action.md) Ralph's checkouts, diffs and merges
   * fetch the blobs they lack: `around` gives them the remote's credentials (the runner's push
   * auth, set around the command only; no agent runs meanwhile). onDemand runs such work.
   */
  fetchBlobsWith(around: <T>(fn: () => Promise<T>) => Promise<T>): void {
    this.around = around;
  }

  onDemand<T>(fn: () => Promise<T>): Promise<T> {
    return this.around(fn);
  }

  /** Checks out `name`: the local branch, else the remote one, else a new branch from `base`. */
  async ensureBranch(name: string, opts: { base?: string; remote?: string } = {}): Promise<void> {
    await this.raw(["check-ref-format", "--branch", name]).catch(() => {
      throw new GitError(`invalid branch name: ${name}`);
    });
    if ((await this.currentBranch().catch(() => "")) === name) return;
    const remoteRef = `refs/remotes/${opts.remote ?? "origin"}/${name}`;
    const from = (await this.resolve(`refs/heads/${name}`))
      ? [name]
      : (await this.resolve(remoteRef))
        ? ["-b", name, remoteRef]
        : ["-b", name, opts.base ?? "HEAD"];
    // Not --quiet: git says which branch it switched to (no 50 ms wait in simple-git).
    await this.onDemand(() => this.raw(["checkout", ...from]));
  }

  /** Commits as the bot (commit.ts): the new sha, or null when there was nothing to commit. */
  async commitAll(message: string, options: CommitOptions): Promise<string | null> {
    return commitChanges(this.commitTree, message, options);
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
    // `merge-base A HEAD` = A exactly when A is an ancestor of HEAD (and it prints, unlike
    // `--is-ancestor`: see isAncestor in base-merge.ts). A full sha is tried as it is first
    // (one process; a tag's sha, peeled by both, is not its own merge base), else its commit.
    const isBase = async (a: string) =>
      (await this.raw(["merge-base", a, "HEAD"]).catch(() => "")).trim() === a;
    if (/^[0-9a-f]{40}$/.test(sha) && (await isBase(sha))) return true;
    const full = await this.resolve(sha);
    return full !== null && (await isBase(full));
  }

  /** Unified diff of `from..to` (to defaults to HEAD), cut to `maxChars`. */
  async diff(from: string, to = "HEAD", maxChars = 60_000): Promise<string> {
    const text = await this.onDemand(() =>
      this.raw(["diff", "--no-color", "--stat", "--patch", `${from}..${to}`]),
    );
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
    const scan = await this.scan();
    return this.snapshotOf(scan.changes, scan.ignored);
  }

  /**
   * The uncommitted files and git's control files, not the ignored files: for a run that may
   * write anything (the implementer) but must not plant a hook or a config entry
   * (restoreGitControl). Not a baseline for enforceReadOnly, which needs the ignored files.
   */
  async snapshotGitControl(): Promise<WorkingTreeSnapshot> {
    return this.snapshotOf(await this.workingTreeChanges(), null);
  }

  private async snapshotOf(
    changes: readonly string[],
    ignored: readonly string[] | null,
  ): Promise<WorkingTreeSnapshot> {
    const snapshot = new Map<string, Buffer | null>();
    for (const path of changes) {
      snapshot.set(path, await readFile(join(this.root, path)).catch(() => null));
    }
    const locations = await this.controlLocations();
    const hidden = await snapshotHidden(this.root, locations, skipper(this.ignored), ignored);
    return Object.assign(snapshot, { hidden });
  }

  /**
   * Puts git's control files (config, hooks, info/) back as they were in `snapshot`; returns the
   * paths that had changed. For runs that may edit the tree but must not plant a hook or a config
   * entry that runs code inside Ralph's own git commands (the implementer).
   */
  async restoreGitControl(snapshot: WorkingTreeSnapshot): Promise<string[]> {
    if (!snapshot.hidden) return [];
    return restoreControl(this.root, await this.controlLocations(), snapshot.hidden);
  }

  /** One scan of the whole tree: its changes and its ignored files (tree-scan.ts). */
  async scan(): Promise<TreeScan> {
    const scan = parseTreeScan(await this.raw(TREE_SCAN_ARGS));
    return { changes: this.withoutIgnored(scan.changes).sort(), ignored: scan.ignored };
  }

  /** Where git's control files are, asked once (before any agent could point them elsewhere). */
  controlLocations(): Promise<string[]> {
    this.locations ??= controlLocations(this.root, this.runner);
    return this.locations;
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
    for (const path of paths) await revertPath(this.tree, normalizeRepoPath(path));
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

  /** `branches` into the remote's tracking refs in one fetch (its configured refspecs if none). */
  async fetch(remote = "origin", ...branches: string[]): Promise<void> {
    const refspecs = branches.map((b) => `+refs/heads/${b}:refs/remotes/${remote}/${b}`);
    // --verbose: an up-to-date fetch says so (simple-git waits 50 ms after a silent command).
    await this.raw(["fetch", "--verbose", remote, ...refspecs]);
  }

  /** The URL of `remote`, or null when there is no such remote. */
  async remoteUrl(remote = "origin"): Promise<string | null> {
    const url = (await this.raw(["remote", "get-url", remote]).catch(() => "")).trim();
    return url === "" ? null : url;
  }

  /**
   * The remote's default branch (its HEAD symref), or null when it cannot tell: asked once per
   * remote (a network round trip; it does not change while Ralph runs).
   */
  remoteDefaultBranch(remote = "origin"): Promise<string | null> {
    let known = this.defaultBranches.get(remote);
    if (known === undefined) {
      known = askDefaultBranch(this.runner, remote);
      this.defaultBranches.set(remote, known);
    }
    return known;
  }

  /**
   * Pushes the local `branch` with `--force-with-lease` against the remote-tracking sha Ralph last
   * saw (absent → the remote branch must not exist yet; `leaseFrom`: as the caller just read it).
   * Refuses the default branch and, unless `allowOutsidePrefix`, any branch outside the prefix.
   */
  async pushWithLease(
    remote: string,
    branch: string,
    opts: { allowOutsidePrefix?: boolean; leaseFrom?: string | null } = {},
  ): Promise<void> {
    await refuseUnsafePush({
      branch,
      remote,
      prefix: this.branchPrefix,
      allowOutsidePrefix: opts.allowOutsidePrefix ?? false,
      defaultBranch: () => this.remoteDefaultBranch(remote),
    });
    const resolve = (ref: string) =>
      opts.leaseFrom === undefined ? this.resolve(ref) : Promise.resolve(opts.leaseFrom);
    await pushLeased({ run: this.runner, resolve }, remote, branch);
  }

  /**
   * Read-only enforcement (DESIGN §4.4): every change outside `allowedPaths` is reverted —
   * tracked files checked out from HEAD, new files deleted — and reported by path.
   */
  enforceReadOnly(
    allowedPaths: readonly string[],
    opts: ReadOnlyOptions = {},
  ): Promise<ReadOnlyResult> {
    return enforceReadOnly(this.tree, allowedPaths, opts);
  }

  private get tree(): WorkingTree {
    return {
      root: this.root,
      ignored: this.ignored,
      run: this.runner,
      controlLocations: () => this.controlLocations(),
      currentBranch: () => this.currentBranch(),
      headSha: () => this.headSha(),
      scan: () => this.scan(),
    };
  }

  private get commitTree(): CommitTree {
    return {
      run: this.runner,
      ignored: this.ignored,
      statusPaths: (pathspec) => this.statusPaths(pathspec),
      headSha: () => this.headSha(),
    };
  }

  /** `git status` paths; with `pathspec`, of those paths alone (no scan of the whole tree). */
  private async statusPaths(pathspec: readonly string[] = []): Promise<string[]> {
    return parsePorcelainZ(await this.raw(statusArgs(pathspec)));
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message.trim() : String(error);
}
