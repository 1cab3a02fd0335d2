import { resolve } from "node:path";
import type { AgentProcessOptions } from "./agent-process.js";
import { type CodexEventsResult, codexEventsError, parseCodexEvents } from "./codex-events.js";
import { createJsonStreamAgent } from "./json-stream-agent.js";
import { codexProgress } from "./stream-progress.js";
import type { Agent, AgentRole, AgentRunRequest } from "./types.js";

/**
 * Codex CLI adapter: `codex exec --json ... -` (prompt from stdin), resume with
 * `codex exec resume --json ... <thread id> -`.
 *
 * Sandbox per role: `read-only` for research, amend, architect and critic; `workspace-write` for the
 * planner and understand (they write the plan file / codebase map), the implementer, and the
 * verifier (test runners write caches and temp files; a read-only sandbox would fail the
 * project's checks for reasons unrelated to the story). What read-only roles change outside
 * their allowed paths is caught and reverted by Ralph's `git status` check (DESIGN §4.4).
 * `codex exec resume` takes no `--sandbox`/`-C`, so the resumed run gets the mode through
 * `-c sandbox_mode=...` and the workspace through its cwd.
 */
export interface CodexAgentOptions extends AgentProcessOptions {
  /** Executable; `RALPH_CODEX_BIN` or `codex` via createAgent. */
  bin: string;
  model?: string;
  /** `-c key=value` overrides (model providers, network access...), in order. */
  configOverrides?: readonly string[];
  extraArgs?: readonly string[];
}

export type CodexSandbox = "read-only" | "workspace-write";

export const CODEX_ROLE_SANDBOX: Record<AgentRole, CodexSandbox> = {
  implement: "workspace-write",
  verify: "workspace-write",
  plan: "workspace-write",
  amend: "read-only",
  understand: "workspace-write",
  research: "read-only",
  architect: "read-only",
  critic: "read-only",
};

/** argv for one run (the prompt is not in it: `-` makes codex read it from stdin). */
export function codexArgs(
  request: Pick<AgentRunRequest, "role" | "resumeSessionId" | "workspace">,
  options: Pick<CodexAgentOptions, "model" | "configOverrides" | "extraArgs">,
): string[] {
  const sandbox = CODEX_ROLE_SANDBOX[request.role];
  const common = ["--json", "--skip-git-repo-check"];
  if (options.model) common.push("--model", options.model);
  for (const override of options.configOverrides ?? []) common.push("-c", override);
  common.push(...(options.extraArgs ?? []));
  if (request.resumeSessionId) {
    return [
      "exec",
      "resume",
      ...common,
      "-c",
      `sandbox_mode="${sandbox}"`,
      request.resumeSessionId,
      "-",
    ];
  }
  return ["exec", ...common, "--cd", resolve(request.workspace), "--sandbox", sandbox, "-"];
}

export function createCodexAgent(options: CodexAgentOptions): Agent {
  return createJsonStreamAgent<CodexEventsResult>(
    {
      name: "codex",
      bin: options.bin,
      args: (request) => codexArgs(request, options),
      progressOf: codexProgress,
      parse: parseCodexEvents,
      errorOf: codexEventsError,
      // A failed turn explains itself; only a stream that just stopped needs stderr.
      cutShort: (parsed) => !parsed.failed,
      reportsFailure: (parsed) => parsed.failed,
      usageLimitTexts: (parsed) => parsed.errors,
      usage: (parsed) =>
        parsed.usage
          ? { inputTokens: parsed.usage.inputTokens, outputTokens: parsed.usage.outputTokens }
          : null,
      logExtra: (parsed) => ({
        session_id: parsed.sessionId,
        cached_input_tokens: parsed.usage?.cachedInputTokens ?? null,
      }),
    },
    options,
  );
}
