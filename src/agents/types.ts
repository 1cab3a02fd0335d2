import type { RalphConfig } from "../core/config.js";

/** `RALPH_PHASE` values of the public command-agent protocol (DESIGN §4.1; docs/agents.md). */
export const AGENT_ROLES = [
  "plan",
  // The planner in amend mode: feedback on finished work becomes follow-up stories.
  "amend",
  "implement",
  "verify",
  "understand",
  "research",
  "architect",
  "critic",
] as const;

export type AgentRole = (typeof AGENT_ROLES)[number];

export interface AgentRunRequest {
  role: AgentRole;
  prompt: string;
  /** Absolute path of the workspace root; the agent's working directory. */
  workspace: string;
  /** Extra `RALPH_*` variables: RALPH_SPEC_ID, RALPH_SPEC_FILE, RALPH_PLAN_FILE, RALPH_PRD_FILE, RALPH_STORY_ID, RALPH_ATTEMPT, RALPH_CODEBASE_MAP. */
  env: Record<string, string>;
  timeoutMs: number;
  /** Ends the run as timed out when it aborts, in place of the `timeoutMs` timer (tests). */
  deadline?: AbortSignal;
  /** Where the run log is written (directory created if missing). */
  logDir: string;
  /** Session to resume, where the CLI supports it. */
  resumeSessionId?: string;
  signal?: AbortSignal;
  /** Applied to everything written to the run log (secret masking, DESIGN §7.6). */
  redact?: (text: string) => string;
  /**
   * Live progress: one readable line at a time while the agent runs (a command agent's output
   * lines; what claude / codex say and which tools they use). Redacted like the run log.
   */
  onOutput?: (line: string) => void;
}

export interface AgentRunResult {
  /** The agent's final message (for `command`: its whole stdout). */
  finalMessage: string;
  exitCode: number | null;
  timedOut: boolean;
  /** Set when the output looks like a usage limit (seed 001); seconds until reset when known. */
  usageLimit: { resetSeconds: number | null } | null;
  sessionId: string | null;
  usage: { inputTokens?: number; outputTokens?: number; costUsd?: number } | null;
  logFile: string;
  durationMs: number;
  /** True when `request.signal` ended the run. */
  aborted?: boolean;
  /**
   * An error the agent CLI itself reported (claude `is_error` / error subtype, codex
   * `turn.failed` / `error` events), whatever its exit code was.
   */
  error?: string | null;
}

export interface Agent {
  readonly name: RalphConfig["agent"];
  run(request: AgentRunRequest): Promise<AgentRunResult>;
}

/** Injected clock so waits and timestamps are testable. */
export interface Clock {
  now(): Date;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
