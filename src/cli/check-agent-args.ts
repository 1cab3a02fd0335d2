import type { ParseArgsConfig } from "node:util";
import { UsageError } from "./errors.js";

export interface CheckAgentArgs {
  /** The agent's command words (after `--`). */
  command: string[];
  /** `--phase` (repeatable); empty: every phase. */
  phases: string[];
  timeoutMinutes: number;
  keep: boolean;
}

export const CHECK_AGENT_OPTIONS: NonNullable<ParseArgsConfig["options"]> = {
  phase: { type: "string", multiple: true },
  "timeout-minutes": { type: "string" },
  keep: { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

/**
 * `ralph check-agent [options] -- <command>`: `afterDashes` is everything from the `--` on (null
 * without one: then the positionals are the command). Words before a `--` are a mistake.
 */
export function checkAgentArgs(
  values: Record<string, unknown>,
  positionals: readonly string[],
  afterDashes: readonly string[] | null,
): CheckAgentArgs {
  if (afterDashes !== null && positionals.length > 0) {
    throw new UsageError(`ralph check-agent: "${positionals.join(" ")}" before "--"`);
  }
  const command = afterDashes === null ? [...positionals] : afterDashes.slice(1);
  if (command.length === 0) {
    throw new UsageError(
      "ralph check-agent needs the agent's command: ralph check-agent -- <command>",
    );
  }
  const timeout = typeof values["timeout-minutes"] === "string" ? values["timeout-minutes"] : "10";
  const minutes = Number(timeout);
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 360) {
    throw new UsageError(
      `--timeout-minutes must be a positive number of minutes, at most 360, got "${timeout}"`,
    );
  }
  const phases = values.phase;
  return {
    command,
    phases: Array.isArray(phases) ? phases.map(String) : [],
    timeoutMinutes: minutes,
    keep: values.keep === true,
  };
}
