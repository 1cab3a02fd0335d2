import type { RalphConfig } from "../core/config.js";
import type { AgentProcessOptions } from "./agent-process.js";
import { type ClaudeAgentOptions, createClaudeAgent } from "./claude-agent.js";
import { type CodexAgentOptions, createCodexAgent } from "./codex-agent.js";
import { createCommandAgent } from "./command-agent.js";
import type { Agent } from "./types.js";

export class AgentConfigError extends Error {
  override readonly name = "AgentConfigError";
}

export interface CreateAgentOptions extends AgentProcessOptions {
  /** Where RALPH_CLAUDE_BIN / RALPH_CODEX_BIN are read; `baseEnv`, else `process.env`. */
  env?: NodeJS.ProcessEnv;
  claude?: Partial<Omit<ClaudeAgentOptions, keyof AgentProcessOptions>>;
  codex?: Partial<Omit<CodexAgentOptions, keyof AgentProcessOptions>>;
}

/** The agent CLI's executable (claude, codex), as createAgent runs it; null for a command agent. */
export function agentBinaryOf(config: RalphConfig, env: NodeJS.ProcessEnv): string | null {
  if (config.agent === "claude") return env.RALPH_CLAUDE_BIN ?? "claude";
  if (config.agent === "codex") return env.RALPH_CODEX_BIN ?? "codex";
  return null;
}

/**
 * The adapter `.github/ralph.yml` asks for (`agent`, `agent_command`, `model`, and the agent
 * CLI's own options `agent_args` and, for claude, `allowed_tools`).
 */
export function createAgent(config: RalphConfig, options: CreateAgentOptions = {}): Agent {
  const { env: envOption, claude, codex, ...processOptions } = options;
  const env = envOption ?? processOptions.baseEnv ?? process.env;
  const model = config.model.trim() === "" ? undefined : config.model.trim();
  switch (config.agent) {
    case "command":
      if (config.agent_command.trim() === "") {
        throw new AgentConfigError("agent 'command' needs agent_command");
      }
      return createCommandAgent({ ...processOptions, command: config.agent_command });
    case "claude":
      return createClaudeAgent({
        ...processOptions,
        model,
        extraArgs: config.agent_args,
        allowedTools: config.allowed_tools,
        ...claude,
        bin: claude?.bin ?? agentBinaryOf(config, env) ?? "claude",
      });
    case "codex":
      return createCodexAgent({
        ...processOptions,
        model,
        extraArgs: config.agent_args,
        ...codex,
        bin: codex?.bin ?? agentBinaryOf(config, env) ?? "codex",
      });
  }
}
