import { type GitError as SimpleGitError, simpleGit } from "simple-git";

export class GitCommandError extends Error {
  override readonly name = "GitCommandError";
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

/** The variables the plumbing below sets itself: a private index, and a rewritten commit's people. */
const PLUMBING_ENVIRONMENT = [
  "GIT_INDEX_FILE",
  "GIT_AUTHOR_NAME",
  "GIT_AUTHOR_EMAIL",
  "GIT_AUTHOR_DATE",
  "GIT_COMMITTER_NAME",
  "GIT_COMMITTER_EMAIL",
  "GIT_COMMITTER_DATE",
];

/**
 * simple-git drops every ambient GIT_* variable and a few others that make git run programs
 * (EDITOR, PAGER, …) and refuses them when passed on purpose; the same names are left out here,
 * so a run with extra variables sees the environment every other git call sees.
 */
const GUARDED = /^(git_.*|editor|visual|pager|prefix|ssh_askpass)$/i;

/**
 * `git` for the few plumbing commands that need their own environment (GIT_INDEX_FILE,
 * GIT_AUTHOR_*), through simple-git like every other git call. Output is returned untrimmed.
 */
export async function git(
  root: string,
  args: readonly string[],
  env: Partial<Record<(typeof PLUMBING_ENVIRONMENT)[number], string>> = {},
): Promise<string> {
  const client = simpleGit({
    baseDir: root,
    trimmed: false,
    allowEnvironment: PLUMBING_ENVIRONMENT,
  });
  if (Object.keys(env).length > 0) {
    const ambient = Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !GUARDED.test(entry[0]),
    );
    client.env({ ...Object.fromEntries(ambient), ...env });
  }
  try {
    return await client.raw([...args]);
  } catch (error) {
    const stderr = (error as SimpleGitError).message ?? String(error);
    throw new GitCommandError(`git ${args[0] ?? ""} failed: ${stderr.trim()}`, stderr);
  }
}
