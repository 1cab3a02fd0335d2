export {
  type AgentProcessOptions,
  AgentSpawnError,
  ralphEnvFor,
} from "./agent-process.js";
export {
  CLAUDE_ROLE_PERMISSIONS,
  type ClaudeAgentOptions,
  claudeArgs,
  createClaudeAgent,
} from "./claude-agent.js";
export { type ClaudeStreamResult, claudeStreamError, parseClaudeStream } from "./claude-stream.js";
export {
  CODEX_ROLE_SANDBOX,
  type CodexAgentOptions,
  codexArgs,
  createCodexAgent,
} from "./codex-agent.js";
export { type CodexEventsResult, codexEventsError, parseCodexEvents } from "./codex-events.js";
export { type CommandAgentOptions, createCommandAgent } from "./command-agent.js";
export { AgentConfigError, type CreateAgentOptions, createAgent } from "./create-agent.js";
export * from "./prompts/index.js";
export { runSubprocess, type SubprocessOptions, type SubprocessResult } from "./subprocess.js";
export * from "./types.js";
export {
  detectUsageLimit,
  runWithUsageLimitRetry,
  type UsageLimitRetryOptions,
  type UsageLimitRetryResult,
  type UsageLimitWait,
} from "./usage-limit.js";
