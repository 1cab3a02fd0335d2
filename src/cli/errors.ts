/** A bad command line: exit code 2 with the message and a hint to `--help`. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** A failure the user can act on: exit code 1 with the message, no stack trace. */
export class CliError extends Error {
  override readonly name = "CliError";
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
