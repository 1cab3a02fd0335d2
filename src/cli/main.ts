import { AgentConfigError } from "../agents/create-agent.js";
import { SpecPathError } from "../core/plan-meta.js";
import { GitError, PushRefusedError } from "../git/repository.js";
import { StopError } from "../pipeline/budget.js";
import { SpecFileError } from "../pipeline/spec-files.js";
import { parseCommandLine } from "./args.js";
import { checkAgentCommand } from "./check-agent-command.js";
import { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError } from "./errors.js";
import { execCommand, planCommand } from "./exec-command.js";
import { fixCommand } from "./fix-command.js";
import { helpText } from "./help.js";
import { initCommand } from "./init-command.js";
import type { CliIo } from "./io.js";
import { runCommand } from "./run-command.js";
import { statusCommand } from "./status-command.js";
import { understandCommand } from "./understand.js";
import { RALPH_VERSION } from "./version.js";

export const TTY_REQUIRED_MESSAGE =
  "planner requires an interactive terminal, or use --non-interactive with pre-supplied inputs";

/** `ralph <argv>`; resolves to the exit code (0 ok, 1 failure, 2 usage error). */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const command = parseCommandLine(argv);
    switch (command.name) {
      case "help":
        io.out(helpText(command.topic));
        return EXIT_OK;
      case "version":
        io.out(`ralph ${RALPH_VERSION}`);
        return EXIT_OK;
      case "init":
        return await initCommand(io, command.args);
      case "understand":
        return await understandCommand(io, command.args);
      case "check-agent":
        return await checkAgentCommand(io, command.args);
      case "status":
        return await statusCommand(io, command.args);
      case "run":
        return await runCommand(io, command.args);
      case "fix":
        return await fixCommand(io, command.args);
      case "plan":
      case "exec":
        // Seed 003: free-text answers need a terminal; without one the user must opt in.
        if (!io.isTTY && !command.args.nonInteractive) {
          io.err(`ralph ${command.name}: ${TTY_REQUIRED_MESSAGE}`);
          return EXIT_USAGE;
        }
        return command.name === "plan"
          ? await planCommand(io, command.args)
          : await execCommand(io, command.args);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`ralph: ${error.message}`);
      io.err("run `ralph --help` for usage");
      return EXIT_USAGE;
    }
    if (
      error instanceof CliError ||
      error instanceof AgentConfigError ||
      error instanceof GitError ||
      error instanceof PushRefusedError ||
      error instanceof SpecFileError ||
      error instanceof SpecPathError
    ) {
      io.err(`ralph: ${error.message}`);
      return EXIT_FAILURE;
    }
    if (error instanceof StopError) {
      io.err(`ralph: stopped (${error.reason}): ${error.message}`);
      return EXIT_FAILURE;
    }
    io.err(
      `ralph: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return EXIT_FAILURE;
  }
  return EXIT_FAILURE;
}
