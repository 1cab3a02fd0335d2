import { lstat, readFile } from "node:fs/promises";
import { isAbsolute, join, resolve } from "node:path";

/**
 * HEAD and the current branch's sha read from the files git keeps them in, instead of starting a
 * git process: Ralph asks for them a dozen times per story, and every git process costs a fork of
 * the whole node process. Read afresh on every call (an agent in the same checkout may commit,
 * reset or check out at any time); anything these readers do not know for certain — a reftable
 * repository, a symbolic ref pointing at another, a ref name git would shorten otherwise, a
 * missing, odd or linked file — answers `null`, and the caller asks git.
 */

/** The layout a files-backend repository has: HEAD in the git dir, branches in the common dir. */
interface GitDirs {
  gitDir: string;
  commonDir: string;
}

export type HeadFile = { branch: string } | { detached: string };

const SHA = /^([0-9a-f]{40}|[0-9a-f]{64})\n$/;

/**
 * A branch name as git itself writes one: no component starting with `.` or ending in `.lock`,
 * no `..`, `@{`, control characters or the characters git forbids. Others are left to git.
 */
function plainBranchName(name: string): boolean {
  if (!/^[A-Za-z0-9._\-/+=,@]+$/.test(name) || name.includes("..") || name.includes("@{")) {
    return false;
  }
  return name
    .split("/")
    .every((part) => part !== "" && !part.startsWith(".") && !part.endsWith(".lock"));
}

/** Contents of a regular file, `null` when it does not exist, `undefined` for anything else. */
async function regularFile(path: string): Promise<string | null | undefined> {
  const info = await lstat(path).catch((error: NodeJS.ErrnoException) => error);
  if (info instanceof Error) return info.code === "ENOENT" ? null : undefined;
  if (!info.isFile()) return undefined;
  return readFile(path, "utf8").catch(() => undefined);
}

/** Where git run in `root` finds its directories (a `.git` folder, or a worktree's `.git` file). */
async function gitDirsOf(root: string): Promise<GitDirs | null> {
  const dotGit = join(root, ".git");
  const info = await lstat(dotGit).catch(() => null);
  let gitDir: string;
  if (info?.isDirectory()) {
    gitDir = dotGit;
  } else if (info?.isFile()) {
    const pointer = /^gitdir: ([^\n]+)\n?$/.exec(await readFile(dotGit, "utf8").catch(() => ""));
    if (!pointer?.[1] || pointer[1].trim() !== pointer[1]) return null;
    gitDir = isAbsolute(pointer[1]) ? pointer[1] : resolve(root, pointer[1]);
  } else {
    return null;
  }
  const common = await regularFile(join(gitDir, "commondir"));
  if (common === undefined) return null;
  const commonPath = common?.replace(/\n$/, "");
  if (commonPath === "" || (commonPath !== undefined && /\s/.test(commonPath))) return null;
  const commonDir = commonPath === undefined ? gitDir : resolve(gitDir, commonPath);
  // What git checks before it takes a folder for a repository (else it looks elsewhere).
  for (const folder of ["objects", "refs"]) {
    if (!(await lstat(join(commonDir, folder)).catch(() => null))?.isDirectory()) return null;
  }
  // A reftable repository keeps HEAD as `ref: refs/heads/.invalid` for older gits: ask git.
  if ((await lstat(join(commonDir, "reftable")).catch(() => null)) !== null) return null;
  return { gitDir, commonDir };
}

async function readHeadAt(dirs: GitDirs): Promise<HeadFile | null> {
  const head = await regularFile(join(dirs.gitDir, "HEAD"));
  if (head === null || head === undefined) return null;
  const detached = SHA.exec(head);
  if (detached?.[1]) return { detached: detached[1] };
  const ref = /^ref: refs\/heads\/([^\n]+)\n$/.exec(head);
  if (!ref?.[1] || !plainBranchName(ref[1])) return null;
  return { branch: ref[1] };
}

/**
 * The sha `refs/heads/<branch>` holds: its loose file, else its line in `packed-refs`. `null`
 * when git is to be asked: a symbolic ref, an odd file, or no such branch (an unborn one).
 */
async function branchSha(dirs: GitDirs, branch: string): Promise<string | null> {
  const loose = await regularFile(join(dirs.commonDir, "refs/heads", branch));
  if (loose === undefined) return null;
  if (loose !== null) return SHA.exec(loose)?.[1] ?? null;
  const packed = await packedRefs(dirs);
  return packed?.get(`refs/heads/${branch}`) ?? null;
}

/** `packed-refs` by ref name; null when it holds a line git would not have written. */
async function packedRefs(dirs: GitDirs): Promise<Map<string, string> | null> {
  const text = await regularFile(join(dirs.commonDir, "packed-refs"));
  if (text === undefined) return null;
  const refs = new Map<string, string>();
  const lines = (text ?? "").split("\n");
  if (lines.at(-1) === "") lines.pop();
  for (const line of lines) {
    const match = /^([0-9a-f]{40}|[0-9a-f]{64}) (refs\/\S+)$/.exec(line);
    if (match?.[1] && match[2]) refs.set(match[2], match[1]);
    else if (!/^(# pack-refs with:.*|\^([0-9a-f]{40}|[0-9a-f]{64}))$/.test(line)) return null;
  }
  return refs;
}

/**
 * True when `git symbolic-ref --short` would print `<branch>` as it is: it writes `heads/<branch>`
 * when `<branch>`, `refs/<branch>` or `refs/tags/<branch>` also names a ref. Any file at those
 * places (or packed line) counts here, so git decides whenever there could be doubt.
 */
async function shortNameIsBranch(dirs: GitDirs, branch: string): Promise<boolean> {
  const others = [branch, `refs/${branch}`, `refs/tags/${branch}`];
  for (const dir of new Set([dirs.gitDir, dirs.commonDir])) {
    for (const other of others) {
      if ((await lstat(join(dir, other)).catch(() => null)) !== null) return false;
    }
  }
  const packed = await packedRefs(dirs);
  return packed !== null && !others.some((other) => packed.has(other));
}

/**
 * The branch HEAD is on, as `git symbolic-ref --quiet --short HEAD` prints it (an unborn branch
 * included); `{ detached }` when HEAD holds a sha; null when git is to be asked.
 */
export async function readCurrentBranch(root: string): Promise<HeadFile | null> {
  const dirs = await gitDirsOf(root);
  if (dirs === null) return null;
  const head = await readHeadAt(dirs);
  if (head === null || "detached" in head) return head;
  // A loose branch file holding `ref: …` is a symbolic ref chain: git follows it.
  const loose = await regularFile(join(dirs.commonDir, "refs/heads", head.branch));
  if (loose === undefined || (loose !== null && !SHA.test(loose))) return null;
  return (await shortNameIsBranch(dirs, head.branch)) ? head : null;
}

/** The sha HEAD resolves to, as `git rev-parse --verify HEAD` prints it; null: ask git. */
export async function readHeadSha(root: string): Promise<string | null> {
  const dirs = await gitDirsOf(root);
  if (dirs === null) return null;
  const head = await readHeadAt(dirs);
  if (head === null) return null;
  if ("detached" in head) return head.detached;
  return branchSha(dirs, head.branch);
}

/**
 * The sha a branch or remote-tracking ref (`refs/heads/…`, `refs/remotes/…`, a full name) holds,
 * as `git rev-parse --verify --quiet <ref>^{commit}` prints it: its loose file, else its line in
 * `packed-refs`. null only when neither holds it nor any of the names git tries after it
 * (`refs/<ref>`, `refs/tags/<ref>`, `refs/heads/<ref>`, `refs/remotes/<ref>`, `…/HEAD`);
 * undefined: ask git. Such refs hold commits (git writes nothing else to a branch, and a fetch
 * copies branches), so the sha is what `^{commit}` gives.
 */
export async function readRefSha(root: string, ref: string): Promise<string | null | undefined> {
  const name = /^refs\/(?:heads|remotes)\/(.+)$/.exec(ref)?.[1];
  if (name === undefined || !plainBranchName(name)) return undefined;
  const dirs = await gitDirsOf(root);
  if (dirs === null) return undefined;
  const candidates = [
    ref,
    `refs/${ref}`,
    `refs/tags/${ref}`,
    `refs/heads/${ref}`,
    `refs/remotes/${ref}`,
    `refs/remotes/${ref}/HEAD`,
  ];
  // Each loose file before packed-refs, as git reads them: `git pack-refs` writes the packed line
  // before it deletes the loose file, so a ref being packed meanwhile is seen in one or the other.
  let packed: Map<string, string> | null | undefined;
  for (const [i, candidate] of candidates.entries()) {
    const loose = await regularFile(join(dirs.commonDir, candidate));
    if (loose === undefined) return undefined;
    let sha: string | undefined;
    if (loose !== null) {
      sha = SHA.exec(loose)?.[1];
      if (sha === undefined) return undefined;
    } else {
      packed ??= await packedRefs(dirs);
      if (packed === null) return undefined;
      sha = packed.get(candidate);
    }
    if (sha !== undefined) return i === 0 ? sha : undefined;
  }
  return null;
}
