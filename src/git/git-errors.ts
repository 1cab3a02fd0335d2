export class GitError extends Error {
  override readonly name: string = "GitError";
}

/**
 * The remote refused the push: the branch moved (someone else pushed), was deleted, or is
 * protected. Retrying the same push cannot help, and Ralph never overwrites commits it did not make.
 */
export class PushRejectedError extends GitError {
  override readonly name = "PushRejectedError";
  constructor(
    message: string,
    readonly branch: string,
  ) {
    super(message);
  }
}

/** git's words for a push the remote refused (lease, non-fast-forward, hooks, protection). */
export const PUSH_REJECTED =
  /stale info|non-fast-forward|fetch first|\[rejected\]|remote rejected|declined|protected branch/i;

export class PushRefusedError extends Error {
  override readonly name = "PushRefusedError";
  constructor(
    message: string,
    readonly branch: string,
  ) {
    super(message);
  }
}
