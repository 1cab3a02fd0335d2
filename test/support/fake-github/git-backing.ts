/**
 * The fake's reads of the bare repository that stands for GitHub's copy (a world's remote): a
 * branch's commit, a file at a ref, whether two branches merge cleanly. Each answers a request
 * while the test process that serves it waits, so each git process here held up every request
 * and the run under test with it. A branch's commit is read from the files git keeps it in; what
 * git says about a commit (a file's text, a merge of two commits) is asked once, since a commit
 * never changes. Anything the files do not say for certain is left to git.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const SHA = /^[0-9a-f]{40}$/;

/** A branch name whose ref file git would write at `refs/heads/<name>`; others go to git. */
function plainBranch(name: string): boolean {
  return (
    /^[A-Za-z0-9._\-/]+$/.test(name) &&
    !name.includes("..") &&
    name.split("/").every((part) => part !== "" && !part.startsWith(".") && !part.endsWith(".lock"))
  );
}

function fileText(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

export class GitBacking {
  private readonly files = new Map<string, string | undefined>();
  private readonly merges = new Map<string, boolean | undefined>();

  constructor(readonly dir: string) {}

  private git(args: string[], stdout: "pipe" | "ignore" = "pipe"): string {
    return execFileSync("git", args, {
      cwd: this.dir,
      encoding: "utf8",
      stdio: ["ignore", stdout, "ignore"],
    });
  }

  /** The commit `refs/heads/<branch>` points at, or undefined when there is no such branch. */
  branchSha(branch: string): string | undefined {
    if (plainBranch(branch)) {
      const loose = fileText(join(this.dir, "refs/heads", branch))?.trim();
      if (loose !== undefined && SHA.test(loose)) return loose;
      if (loose === undefined) {
        const packed = (fileText(join(this.dir, "packed-refs")) ?? "")
          .split("\n")
          .find((line) => line.endsWith(` refs/heads/${branch}`))
          ?.slice(0, 40);
        if (packed !== undefined && SHA.test(packed)) return packed;
        // No loose ref and none packed: git has no such branch either (a files-backend repo).
        if (fileText(join(this.dir, "HEAD")) !== null) return undefined;
      }
    }
    try {
      return this.git(["rev-parse", "--verify", `refs/heads/${branch}`]).trim();
    } catch {
      return undefined;
    }
  }

  /** The text of `path` at `ref` (a branch or a commit), or undefined when it is not there. */
  readFile(path: string, ref: string): string | undefined {
    const commit = SHA.test(ref) ? ref : this.branchSha(ref);
    const key = `${commit ?? ref}:${path}`;
    if (commit !== undefined && this.files.has(key)) return this.files.get(key);
    let text: string | undefined;
    try {
      text = this.git(["show", key]);
    } catch (error) {
      // Not there at that commit (git said so), or git could not start: only the first is kept.
      if (typeof (error as { status?: unknown }).status !== "number") return undefined;
      text = undefined;
    }
    if (commit !== undefined) this.files.set(key, text);
    return text;
  }

  /** Whether `head` merges into `base` without conflict; undefined when a branch is missing. */
  mergesCleanly(base: string, head: string): boolean | undefined {
    const baseSha = this.branchSha(base);
    const headSha = this.branchSha(head);
    if (baseSha === undefined || headSha === undefined) return undefined;
    const key = `${baseSha}..${headSha}`;
    if (this.merges.has(key)) return this.merges.get(key);
    let clean: boolean | undefined;
    try {
      this.git(["merge-tree", "--write-tree", baseSha, headSha], "ignore");
      clean = true;
    } catch (error) {
      clean = (error as { status?: number }).status === 1 ? false : undefined;
    }
    if (clean !== undefined) this.merges.set(key, clean);
    return clean;
  }
}
