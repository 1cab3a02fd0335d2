export class GitError extends Error {
  override readonly name = "GitError";
}

export class PushRefusedError extends Error {
  override readonly name = "PushRefusedError";
  constructor(
    message: string,
    readonly branch: string,
  ) {
    super(message);
  }
}
