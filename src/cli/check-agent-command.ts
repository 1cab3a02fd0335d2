import { existsSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { missingScriptProblem } from "../agents/agent-binary.js";
import { redactSecrets } from "../core/redact-secrets.js";
import {
  CHECK_PHASE_NAMES,
  type CheckPhaseName,
  checkAgent,
  isCheckPhase,
  reportLine,
} from "../pipeline/agent-check.js";
import type { CheckAgentArgs } from "./check-agent-args.js";
import { EXIT_FAILURE, EXIT_OK, UsageError } from "./errors.js";
import type { CliIo } from "./io.js";
import { secretValuesFrom } from "./setup.js";

/** A word as `sh` reads it back: single-quoted, its own single quotes closed and escaped. */
function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The agent's command line. The agent runs in a temporary repository, so a word that names a
 * file or folder in the current directory becomes its absolute path; a single word with spaces
 * is a shell command line already, taken as `agent_command` would be.
 */
export function agentCommandLine(words: readonly string[], cwd: string): string {
  if (words.length === 1 && /\s/.test(words[0]!)) return words[0]!;
  return words
    .map((w) =>
      !w.startsWith("-") && !isAbsolute(w) && existsSync(resolve(cwd, w)) ? resolve(cwd, w) : w,
    )
    .map(shellQuote)
    .join(" ");
}

function phasesOf(names: readonly string[]): CheckPhaseName[] {
  if (names.length === 0) return CHECK_PHASE_NAMES;
  for (const name of names) {
    if (!isCheckPhase(name)) {
      throw new UsageError(`--phase must be one of ${CHECK_PHASE_NAMES.join(", ")}, got "${name}"`);
    }
  }
  return CHECK_PHASE_NAMES.filter((p) => names.includes(p));
}

/** `ralph check-agent -- <command>`: one line per phase, exit 0 only when every phase conforms. */
export async function checkAgentCommand(io: CliIo, args: CheckAgentArgs): Promise<number> {
  const phases = phasesOf(args.phases);
  const command = agentCommandLine(args.command, io.cwd);
  io.out(`ralph check-agent: sh -c ${JSON.stringify(command)}`);
  // A script that is not there fails every phase the same way: said once, nothing run.
  const script = missingScriptProblem(command, io.cwd);
  if (script !== null) {
    io.err(`ralph: the agent's command runs ${script.text}; no phase was run`);
    return EXIT_FAILURE;
  }
  const { reports, dir } = await checkAgent({
    command,
    env: io.env,
    redact: (text) => redactSecrets(text, secretValuesFrom(io.env)),
    phases,
    timeoutMinutes: args.timeoutMinutes,
    clock: io.clock,
    keep: args.keep,
    onReport: (report) => io.out(reportLine(report)),
  });
  const rejected = reports.filter((r) => !r.ok).map((r) => r.phase);
  if (args.keep) io.out(`the temporary repositories and run logs are in ${dir}`);
  if (rejected.length === 0) {
    io.out(`the agent conforms: ${reports.length} of ${reports.length} phases accepted`);
    return EXIT_OK;
  }
  io.out(
    `the agent does not conform: ${rejected.length} of ${reports.length} phases rejected (${rejected.join(", ")})`,
  );
  return EXIT_FAILURE;
}
