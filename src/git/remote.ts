import { GitError, PUSH_REJECTED, PushRejectedError } from "./git-errors.js";
import type { GitRunner } from "./hidden-state.js";

/** The remote's default branch (its HEAD symref), or null when it cannot tell. */
export async function askDefaultBranch(run: GitRunner, remote: string): Promise<string | null> {
  const out = await run(["ls-remote", "--symref", remote, "HEAD"]).catch(() => "");
  const match = /^ref: refs\/heads\/(\S+)\s+HEAD$/m.exec(out);
  if (match?.[1]) return match[1];
  const local = await run(["symbolic-ref", "--quiet", `refs/remotes/${remote}/HEAD`]).catch(
    () => "",
  );
  const prefix = `refs/remotes/${remote}/`;
  return local.trim().startsWith(prefix) ? local.trim().slice(prefix.length) : null;
}

/**
 * Pushes the local `branch` with `--force-with-lease` against the remote-tracking sha Ralph last
 * saw (absent → the remote branch must not exist yet), then moves the remote-tracking ref.
 */
export async function pushLeased(
  repo: { run: GitRunner; resolve(ref: string): Promise<string | null> },
  remote: string,
  branch: string,
): Promise<void> {
  const expected = (await repo.resolve(`refs/remotes/${remote}/${branch}`)) ?? "";
  try {
    // Not --quiet: git then names the ref it moved, and simple-git waits 50 ms after a command
    // that printed nothing (a push follows every story).
    await repo.run([
      "push",
      `--force-with-lease=refs/heads/${branch}:${expected}`,
      remote,
      `refs/heads/${branch}:refs/heads/${branch}`,
    ]);
  } catch (error) {
    const message = `push of '${branch}' to '${remote}' failed: ${messageOf(error)}`;
    if (PUSH_REJECTED.test(messageOf(error))) throw new PushRejectedError(message, branch);
    throw new GitError(message);
  }
  // git moves the remote-tracking ref itself when the remote's fetch refspec covers the branch
  // (actions/checkout's does); set it only when it did not. Both are read from git's files when
  // they tell (resolve): a push follows every story.
  const tracking = `refs/remotes/${remote}/${branch}`;
  const sha = await repo.resolve(`refs/heads/${branch}`);
  if (sha && (await repo.resolve(tracking)) !== sha) await repo.run(["update-ref", tracking, sha]);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message.trim() : String(error);
}
