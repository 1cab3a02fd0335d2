import { PushRefusedError } from "./git-errors.js";

export interface PushTarget {
  branch: string;
  remote: string;
  /** Ralph's branch prefix. */
  prefix: string;
  /** A same-repository spec PR's own branch may lie outside the prefix. */
  allowOutsidePrefix: boolean;
  /** The remote's default branch, asked only when the prefix alone does not decide. */
  defaultBranch: () => Promise<string | null>;
}

/**
 * Throws PushRefusedError for a push Ralph must never make: a branch outside its prefix (unless
 * allowed), the remote's default branch, or an outside branch when the default is unknown.
 */
export async function refuseUnsafePush(target: PushTarget): Promise<void> {
  const { branch, remote, prefix, allowOutsidePrefix } = target;
  if (!allowOutsidePrefix && !branch.startsWith(prefix)) {
    throw new PushRefusedError(
      `refusing to push '${branch}': Ralph only pushes branches under '${prefix}'`,
      branch,
    );
  }
  const defaultBranch = await target.defaultBranch();
  if (defaultBranch === null && allowOutsidePrefix && !branch.startsWith(prefix)) {
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
}
