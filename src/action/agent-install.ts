import { spawn } from "node:child_process";
import { AgentConfigError } from "../agents/create-agent.js";

/** An agent-config problem: the step is refused with the reason, not retried as a crash. */
export class AgentInstallError extends AgentConfigError {}

/** One install per command and process: a run that works on several issues installs once. */
const installs = new Map<string, Promise<void>>();

/**
 * Runs the `agent-install` input (a shell command from the workflow file, as trusted as a `run:`
 * step) once, right before the run's first agent step: an event that needs no agent never pays
 * for the install (issue 11). It gets the agent's environment (no GitHub token) and the step's
 * log; a failure stops the run with the command's exit status.
 */
export function ensureAgentInstalled(
  command: string,
  env: NodeJS.ProcessEnv,
  say: (line: string) => void,
): Promise<void> {
  if (command.trim() === "") return Promise.resolve();
  let install = installs.get(command);
  if (install === undefined) {
    say(`installing the agent CLI: ${command}`);
    install = runShell(command, env);
    installs.set(command, install);
  }
  return install;
}

function runShell(command: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    // stdout goes to stderr: the installer's output must not be read as this step's commands.
    const child = spawn("sh", ["-c", command], { env, stdio: ["ignore", 2, 2] });
    child.on("error", (error) =>
      reject(new AgentInstallError(`the agent-install command could not start: ${error.message}`)),
    );
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new AgentInstallError(
            `the agent-install command failed (${signal ?? `exit ${code}`}): ${command}`,
          ),
        );
    });
  });
}
