import { type PushAuth, withPushAuth } from "./git-auth.js";
import type { GitRepository } from "./repository.js";
import {
  type DroppedWorkflowChanges,
  dropWorkflowChanges,
  isWorkflowPushRefusal,
} from "./workflow-changes.js";

export interface PushOptions {
  root: string;
  git: GitRepository;
  branch: string;
  auth: PushAuth;
  /** A same-repository spec PR's own branch (outside the Ralph prefix). */
  allowOutsidePrefix?: boolean;
  /**
   * origin's remote-tracking sha of the branch as the caller just resolved it (null: none), with
   * no fetch since: the first push leases from it instead of resolving it again.
   */
  leaseFrom?: string | null;
  /**
   * The token is known to be unable to push workflow files (GITHUB_TOKEN): drop such changes
   * before pushing instead of waiting for the refusal.
   */
  dropWorkflowsFirst: boolean;
  /** Hands dropped workflow changes to humans (the patch comment). */
  onWorkflowChangesDropped: (dropped: DroppedWorkflowChanges) => Promise<void>;
  log: (line: string) => void;
}

export interface PushReport {
  pushed: boolean;
  droppedWorkflowFiles: string[];
}

/**
 * Pushes Ralph's branch to `origin` with lease (GitRepository refuses the default branch and, for
 * issue branches, anything outside the prefix). A push refused because it changes workflow files
 * is retried once without those changes, which are posted as a patch.
 */
export async function pushBranch(options: PushOptions): Promise<PushReport> {
  const { root, git, branch, auth } = options;
  // A retry (after a refused push that dropped workflow changes) resolves the lease afresh.
  let leaseFrom = options.leaseFrom === undefined ? {} : { leaseFrom: options.leaseFrom };
  const push = () =>
    withPushAuth(root, auth, () => {
      const lease = leaseFrom;
      leaseFrom = {};
      return git.pushWithLease("origin", branch, {
        allowOutsidePrefix: options.allowOutsidePrefix ?? false,
        ...lease,
      });
    });
  let dropped: string[] = [];
  const drop = async (why: string): Promise<boolean> => {
    const result = await dropWorkflowChanges(root);
    if (result === null) return false;
    options.log(`dropped workflow changes (${why}): ${result.files.join(", ")}`);
    dropped = result.files;
    await options.onWorkflowChangesDropped(result);
    return true;
  };
  if (options.dropWorkflowsFirst) await drop("the token cannot push workflow files");
  try {
    await push();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!isWorkflowPushRefusal(message) || !(await drop("the push was refused"))) throw error;
    await push();
  }
  return { pushed: true, droppedWorkflowFiles: dropped };
}
