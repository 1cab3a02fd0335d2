import { type AgentProcessOptions, runAgentProcess } from "./agent-process.js";
import { exitCause } from "./exit-cause.js";
import type { Agent, AgentRunRequest, AgentRunResult } from "./types.js";
import { detectUsageLimit } from "./usage-limit.js";

/**
 * The public `command` agent protocol (DESIGN §4.1), exactly:
 * `sh -c "<agent_command>"`, cwd = workspace root, prompt on stdin, RALPH_* environment,
 * stdout = final message, non-zero exit = failed run (reported; the caller decides).
 *
 * The command string comes from the repository's own config, never from issue text; the prompt is
 * only written to stdin, so nothing a user writes reaches the shell.
 */
export interface CommandAgentOptions extends AgentProcessOptions {
  command: string;
  /** The shell; `sh` per the protocol. */
  shell?: string;
}

export function createCommandAgent(options: CommandAgentOptions): Agent {
  const shell = options.shell ?? "sh";
  return {
    name: "command",
    async run(request: AgentRunRequest): Promise<AgentRunResult> {
      const now = options.now ?? (() => new Date());
      const run = await runAgentProcess(
        request,
        {
          file: shell,
          args: ["-c", options.command],
          displayCommand: `${shell} -c ${JSON.stringify(options.command)}`,
        },
        options,
      );
      const { sub } = run;
      // Only a failed run can be a usage limit: a run that exits 0 claims it did its work, and an
      // implementer legitimately writing about "rate limits" must not be retried for hours.
      const failed = sub.exitCode !== 0 && !sub.timedOut && !sub.aborted;
      const usageLimit = failed ? detectUsageLimit(`${sub.stdout}\n${sub.stderr}`, now()) : null;
      // What the user sees instead of a bare exit code: the shell's or the script's own words.
      const error = failed ? exitCause(sub.exitCode, sub.stderr, sub.stdout) : null;
      await run.finish({ usage_limit: usageLimit !== null, ...(error && { error }) });
      return {
        finalMessage: sub.stdout,
        exitCode: sub.exitCode,
        timedOut: sub.timedOut,
        aborted: sub.aborted,
        usageLimit,
        sessionId: null,
        usage: null,
        logFile: run.logFile,
        durationMs: sub.durationMs,
        error,
      };
    },
  };
}
