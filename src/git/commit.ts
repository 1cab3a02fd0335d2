import { type CommitOptions, withCoAuthors } from "./commit-message.js";
import { isPathAllowed, normalizeRepoPath, splitNul } from "./paths.js";

/** What a commit needs of a repository (GitRepository gives it). */
export interface CommitTree {
  run(args: string[]): Promise<string>;
  /** Paths Ralph never commits (its run logs). */
  ignored: readonly string[];
  /** `git status` paths, only under `pathspec` when given (a scan of those paths alone). */
  statusPaths(pathspec?: readonly string[]): Promise<string[]>;
  headSha(): Promise<string>;
}

/** Above this many known changes `git add` gets `.` instead of the list (argument length). */
const MAX_LISTED = 500;

function dirSpec(path: string): string {
  const p = normalizeRepoPath(path);
  return p.endsWith("/") ? p.slice(0, -1) : p;
}

/** A path as itself (a `*` or `[` in a file name is no glob). */
const literal = (path: string) => `:(literal)${path}`;

/**
 * Stages and commits as `author` with `Co-authored-by:` trailers; returns the new sha, or null
 * when there was nothing to commit. With `paths`, only those that changed are committed
 * (`--only`), whatever else sits in the index, found by a status of those paths alone. Without,
 * everything (but the excluded and ignored paths) is staged: the paths of `options.changed` when
 * the caller already scanned the tree, else the whole tree.
 */
export async function commitChanges(
  tree: CommitTree,
  message: string,
  options: CommitOptions,
): Promise<string | null> {
  const excluded = [...tree.ignored, ...(options.exclude ?? [])];
  let only: string[] = [];
  if (options.paths) {
    const wanted = options.paths.map(normalizeRepoPath);
    only = (await tree.statusPaths(wanted.map((p) => literal(dirSpec(p))))).filter(
      (p) => isPathAllowed(p, wanted) && !isPathAllowed(p, excluded),
    );
    if (only.length === 0) return null;
    await tree.run(["add", "--all", "--verbose", "--", ...only.map(literal)]);
  } else {
    const listed = options.changed?.filter((p) => !isPathAllowed(p, excluded));
    if (listed !== undefined && listed.length === 0) return null;
    const everything = [".", ...excluded.map((p) => `:(exclude)${dirSpec(p)}`)];
    if (listed !== undefined && listed.length <= MAX_LISTED) {
      // A deletion already staged (an agent's `reset`) matches no path any more: then the tree.
      await tree
        .run(["add", "--all", "--verbose", "--", ...listed.map(literal)])
        .catch(() => tree.run(["add", "--all", "--verbose", "--", ...everything]));
    } else {
      await tree.run(["add", "--all", "--verbose", "--", ...everything]);
    }
    const staged = splitNul(await tree.run(["diff", "--cached", "--name-only", "-z"]));
    if (staged.length === 0) return null;
  }
  const { author } = options;
  await tree.run([
    "-c",
    `user.name=${author.name}`,
    "-c",
    `user.email=${author.email}`,
    // No `git maintenance` / `gc --auto` process after each of Ralph's many small commits.
    "-c",
    "maintenance.auto=false",
    "-c",
    "gc.auto=0",
    "commit",
    "--author",
    `${author.name} <${author.email}>`,
    "-m",
    withCoAuthors(message, options.coAuthors ?? []),
    ...(only.length > 0 ? ["--only", "--", ...only.map(literal)] : []),
  ]);
  return tree.headSha();
}
