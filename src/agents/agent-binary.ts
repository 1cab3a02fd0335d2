import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join, resolve } from "node:path";
import type { RalphConfig } from "../core/config.js";

/** How to get each agent CLI, for the message when it is missing. */
export const INSTALL_HINTS: Record<"claude" | "codex", string> = {
  claude:
    "install Claude Code (npm install -g @anthropic-ai/claude-code) and set ANTHROPIC_API_KEY or CLAUDE_CODE_OAUTH_TOKEN, or point RALPH_CLAUDE_BIN at the executable",
  codex:
    "install the Codex CLI (npm install -g @openai/codex) and set OPENAI_API_KEY, or point RALPH_CODEX_BIN at the executable",
};

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `file` as the OS would find it: a path (relative to `cwd`), or a name looked up on PATH. */
export function findExecutable(file: string, cwd: string, env: NodeJS.ProcessEnv): string | null {
  if (file.includes("/")) {
    const path = isAbsolute(file) ? file : resolve(cwd, file);
    return isExecutableFile(path) ? path : null;
  }
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, file);
    if (isExecutableFile(candidate)) return candidate;
  }
  return null;
}

/**
 * The script a command line starts with, when it names one by path (`./agent.sh`), that cannot
 * run: `text` says why ("./agent.sh, which does not exist (looked in …)"). Null when it can, or
 * when the line is not a plain path (shell syntax, a program found on PATH at run time).
 */
export function missingScriptProblem(
  commandLine: string,
  cwd: string,
): { text: string; missing: boolean } | null {
  const first = commandLine.trim().split(/\s+/)[0] ?? "";
  if (!first.includes("/") || /[$`'"=;&|<>(){}*?~\\]/.test(first)) return null;
  const path = isAbsolute(first) ? first : resolve(cwd, first);
  try {
    statSync(path);
  } catch {
    return { text: `${first}, which does not exist (looked in ${cwd})`, missing: true };
  }
  return isExecutableFile(path)
    ? null
    : { text: `${first}, which is not executable: chmod +x ${first}`, missing: false };
}

/**
 * Before any agent runs: is the configured agent there at all? A missing `claude` or `codex`, or
 * an `agent_command` that names a script that does not exist, is a setup problem no retry can
 * fix. Returns the problem with what to do, or null. Commands that are not a plain path (shell
 * syntax, a program found on PATH at run time) are left to the shell.
 */
export function missingAgentProblem(
  config: Pick<RalphConfig, "agent" | "agent_command">,
  cwd: string,
  env: NodeJS.ProcessEnv,
): string | null {
  if (config.agent === "command") {
    const problem = missingScriptProblem(config.agent_command, cwd);
    if (problem === null) return null;
    const fix = problem.missing ? "; fix --agent-command / agent_command" : "";
    return `agent_command runs ${problem.text}${fix}`;
  }
  const variable = config.agent === "claude" ? "RALPH_CLAUDE_BIN" : "RALPH_CODEX_BIN";
  const bin = env[variable]?.trim() || config.agent;
  if (findExecutable(bin, cwd, env) !== null) return null;
  const where = env[variable]?.trim() ? `${variable}=${bin}` : `'${bin}' on PATH`;
  return `agent ${config.agent}: cannot find ${where}; ${INSTALL_HINTS[config.agent]} (or use --agent command with your own script)`;
}
