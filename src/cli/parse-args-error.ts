import { didYouMean } from "../core/nearest-word.js";

/**
 * What `ralph <command>` says when Node's `parseArgs` refuses an option. Node's words are for a
 * program's author ("To specify a positional argument starting with a '-', place it at the end of
 * the command after '--', as in '-- "--nope"", its quote unbalanced); these name the command, the
 * option, the nearest known one and where the options are listed.
 */
export function parseArgsProblem(
  error: unknown,
  command: string,
  known: readonly string[],
): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const option = /^Unknown option '([^']+)'/.exec(message)?.[1] ?? message;
    const hint = didYouMean(option.replace(/^-+/, ""), known, (near) => `--${near}`);
    return `ralph ${command} has no option ${option}${hint} (\`ralph ${command} --help\` lists them)`;
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    const missing = /^Option '(-[^ ']+)(?: <value>)?' argument missing/.exec(message);
    if (missing) return `${missing[1]} needs a value`;
    const extra = /^Option '(-[^ ']+)' does not take an argument/.exec(message);
    if (extra) return `${extra[1]} takes no value`;
  }
  return message;
}

/** What `ralph <word>` and `ralph help <word>` say when no command is called `word`. */
export function unknownCommandProblem(word: string, commands: readonly string[]): string {
  const hint = didYouMean(word, commands);
  return `unknown command "${word}"${hint} (commands: ${commands.join(", ")})`;
}
