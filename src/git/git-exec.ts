import { execFile } from "node:child_process";

export class GitCommandError extends Error {
  override readonly name = "GitCommandError";
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

/**
 * Plain `git` for the few plumbing commands that need their own environment (GIT_INDEX_FILE,
 * GIT_AUTHOR_*): simple-git drops every ambient GIT_* variable on purpose, so those go through
 * execFile. Output is returned untrimmed.
 */
export function git(
  root: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      [...args],
      { cwd: root, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024, encoding: "utf8" },
      (error, stdout, stderr) => {
        if (error) {
          reject(
            new GitCommandError(
              `git ${args[0] ?? ""} failed: ${stderr.trim() || error.message}`,
              stderr,
            ),
          );
          return;
        }
        resolve(stdout);
      },
    );
  });
}
