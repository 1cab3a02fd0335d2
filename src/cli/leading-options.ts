import type { ParseArgsConfig } from "node:util";
import { UsageError } from "./errors.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** The words that ask for the help, and for the version: `ralph help`, `ralph -V`. */
export const HELP_WORDS: ReadonlySet<string> = new Set(["help", "--help", "-h"]);
export const VERSION_WORDS: ReadonlySet<string> = new Set(["version", "--version", "-V"]);
/** What stands first on its own: these take no options, so none are moved after them. */
const STANDALONE = new Set([...HELP_WORDS, ...VERSION_WORDS]);

/** Whether `token` is an option that takes its value from the token after it. */
function takesNextToken(token: string, options: Options): boolean {
  if (token.includes("=")) return false;
  const spec = token.startsWith("--")
    ? options[token.slice(2)]
    : token.length === 2
      ? Object.values(options).find((o) => o.short === token.slice(1))
      : undefined;
  return spec?.type === "string";
}

/**
 * `ralph -C ../app status` read as `ralph status -C ../app`, as git takes `git -C ../app status`:
 * options written before the command move after it, where that command's parser judges them.
 * `options` says which of them take a value (the common ones); any other is taken as a flag, for
 * the command to accept or name. A help or version word or flag among them stands on its own:
 * what comes before it is dropped (`ralph -C ../app help run` is `ralph help run`).
 */
export function withCommandFirst(
  argv: readonly string[],
  options: Options,
  commands: readonly string[],
): readonly string[] {
  const first = argv[0];
  if (first === undefined || !first.startsWith("-") || first === "--" || STANDALONE.has(first)) {
    return argv;
  }
  let i = 0;
  while (i < argv.length && argv[i]!.startsWith("-") && argv[i] !== "--") {
    if (STANDALONE.has(argv[i]!)) return argv.slice(i);
    i += takesNextToken(argv[i]!, options) ? 2 : 1;
  }
  const command = argv[i];
  if (command === undefined || command === "--") {
    const before = argv.slice(0, i).join(" ");
    throw new UsageError(`no command after "${before}" (commands: ${commands.join(", ")})`);
  }
  if (STANDALONE.has(command)) return argv.slice(i);
  return [command, ...argv.slice(0, i), ...argv.slice(i + 1)];
}
