import type { GitRepository } from "../git/repository.js";
import { CliError } from "./errors.js";

/**
 * `--push`, checked before any agent runs: the push at the end would refuse a branch outside
 * `branch_prefix`, the remote's default branch, or a checkout without `origin`, and finding that
 * out after an hour of agent work wastes the hour.
 */
export async function assertCanPush(
  git: Pick<GitRepository, "remoteDefaultBranch" | "remoteUrl">,
  branch: string,
  prefix: string,
): Promise<void> {
  if (!branch.startsWith(prefix)) {
    throw new CliError(
      `--push: Ralph only pushes branches under '${prefix}', and the current branch is '${branch}'. Switch to one first (git switch -c ${prefix}<name>) or drop --push.`,
    );
  }
  const origin = await git.remoteUrl("origin");
  if (origin === null) {
    throw new CliError(
      "--push: this repository has no remote named 'origin' (git remote add origin <url>), or drop --push.",
    );
  }
  const defaultBranch = await git.remoteDefaultBranch("origin");
  if (defaultBranch !== null && defaultBranch === branch) {
    throw new CliError(
      `--push: '${branch}' is the default branch of origin; Ralph never pushes it. Switch to a branch under '${prefix}' first.`,
    );
  }
}
