import type { AgentProcessOptions } from "./agent-process.js";
import { type ClaudeStreamResult, claudeStreamError, parseClaudeStream } from "./claude-stream.js";
import { createJsonStreamAgent } from "./json-stream-agent.js";
import { claudeProgress } from "./stream-progress.js";
import type { Agent, AgentRole, AgentRunRequest, AgentRunResult } from "./types.js";

/**
 * Claude Code CLI adapter: `claude -p --output-format stream-json --verbose` with the prompt on
 * stdin and the workspace as cwd.
 *
 * Permissions, per role (`--permission-mode dontAsk`: anything not allowed is denied, nothing
 * waits for a human):
 * - implement: edit tools + any Bash (it builds and tests) + web fetch/search.
 * - verify: read tools + any Bash (it runs the project's checks); edit tools denied.
 * - plan, understand: read tools, read-only git/shell commands, Write/Edit (for the plan file /
 *   codebase map only — Ralph's `git status` check reverts anything else, DESIGN §4.4).
 * - research: read tools + WebSearch/WebFetch; amend, architect, critic: read tools only.
 * Read-only roles also pass edit tools as `--disallowedTools`: deny rules beat any allow rule a
 * repository's own `.claude/settings.json` might add. `--setting-sources user` keeps project
 * settings (hooks, permission rules) out unless `projectSettings` is set.
 */
export interface ClaudeAgentOptions extends AgentProcessOptions {
  /** Executable; `RALPH_CLAUDE_BIN` or `claude` via createAgent. */
  bin: string;
  model?: string;
  /** Load the repository's `.claude/settings*.json` too. */
  projectSettings?: boolean;
  /** Appended after the flags above, for site-specific needs. */
  extraArgs?: readonly string[];
  /** Tools allowed for every role on top of the role's own list (`allowed_tools`). */
  allowedTools?: readonly string[];
}

const READ_TOOLS = ["Read", "Glob", "Grep", "LS", "TodoWrite", "Task"];
const EDIT_TOOLS = ["Edit", "Write", "NotebookEdit"];
const READ_ONLY_BASH = [
  "git log",
  "git show",
  "git diff",
  "git status",
  "git ls-files",
  "git grep",
  "git blame",
  "ls",
  "cat",
  "head",
  "tail",
  "wc",
  "grep",
  "rg",
  "tree",
].map((cmd) => `Bash(${cmd}:*)`);
const WEB_TOOLS = ["WebSearch", "WebFetch"];

export interface ClaudeRolePermissions {
  allowedTools: readonly string[];
  disallowedTools: readonly string[];
}

export const CLAUDE_ROLE_PERMISSIONS: Record<AgentRole, ClaudeRolePermissions> = {
  implement: {
    // MultiEdit: a separate tool in older CLI versions.
    allowedTools: [...READ_TOOLS, ...EDIT_TOOLS, "MultiEdit", "Bash", ...WEB_TOOLS],
    disallowedTools: [],
  },
  verify: { allowedTools: [...READ_TOOLS, "Bash"], disallowedTools: EDIT_TOOLS },
  plan: {
    allowedTools: [...READ_TOOLS, ...READ_ONLY_BASH, "Write", "Edit"],
    disallowedTools: ["NotebookEdit"],
  },
  // Amend mode writes nothing: Ralph writes the stories and the plan addendum from its envelope.
  amend: { allowedTools: [...READ_TOOLS, ...READ_ONLY_BASH], disallowedTools: EDIT_TOOLS },
  understand: {
    allowedTools: [...READ_TOOLS, ...READ_ONLY_BASH, "Write", "Edit"],
    disallowedTools: ["NotebookEdit"],
  },
  research: {
    allowedTools: [...READ_TOOLS, ...READ_ONLY_BASH, ...WEB_TOOLS],
    disallowedTools: EDIT_TOOLS,
  },
  architect: { allowedTools: [...READ_TOOLS, ...READ_ONLY_BASH], disallowedTools: EDIT_TOOLS },
  critic: { allowedTools: [...READ_TOOLS, ...READ_ONLY_BASH], disallowedTools: EDIT_TOOLS },
};

/** argv for one run (the prompt is not in it: it goes to stdin). */
export function claudeArgs(
  request: Pick<AgentRunRequest, "role" | "resumeSessionId">,
  options: Pick<ClaudeAgentOptions, "model" | "projectSettings" | "extraArgs" | "allowedTools">,
): string[] {
  const perms = CLAUDE_ROLE_PERMISSIONS[request.role];
  const args = ["-p", "--output-format", "stream-json", "--verbose"];
  args.push("--permission-mode", "dontAsk");
  const allowed = [...new Set([...perms.allowedTools, ...(options.allowedTools ?? [])])];
  args.push("--allowedTools", allowed.join(","));
  if (perms.disallowedTools.length > 0) {
    args.push("--disallowedTools", perms.disallowedTools.join(","));
  }
  if (!options.projectSettings) args.push("--setting-sources", "user");
  if (options.model) args.push("--model", options.model);
  if (request.resumeSessionId) args.push("--resume", request.resumeSessionId);
  args.push(...(options.extraArgs ?? []));
  return args;
}

export function createClaudeAgent(options: ClaudeAgentOptions): Agent {
  return createJsonStreamAgent<ClaudeStreamResult>(
    {
      name: "claude",
      bin: options.bin,
      args: (request) => claudeArgs(request, options),
      progressOf: claudeProgress,
      parse: parseClaudeStream,
      errorOf: claudeStreamError,
      cutShort: (parsed) => !parsed.complete,
      reportsFailure: (parsed) => parsed.isError,
      usageLimitTexts: (parsed) => [parsed.isError ? parsed.finalMessage : "", ...parsed.errors],
      usage: claudeUsage,
      logExtra: (parsed) => ({
        session_id: parsed.sessionId,
        subtype: parsed.subtype,
        is_error: parsed.isError,
        cost_usd: parsed.costUsd,
      }),
    },
    options,
  );
}

/** Input tokens include the cache reads and writes: they count against the same limits. */
function claudeUsage(parsed: ClaudeStreamResult): AgentRunResult["usage"] {
  if (!parsed.usage && parsed.costUsd === null) return null;
  return {
    ...(parsed.usage && {
      inputTokens:
        parsed.usage.inputTokens +
        parsed.usage.cacheCreationInputTokens +
        parsed.usage.cacheReadInputTokens,
      outputTokens: parsed.usage.outputTokens,
    }),
    ...(parsed.costUsd !== null && { costUsd: parsed.costUsd }),
  };
}
