import { isAbsolute, join } from "node:path";
import type { ProcessBoundary } from "../agents/process-boundary.js";
import type { Agent, AgentRole, AgentRunResult, Clock } from "../agents/types.js";
import type { RalphConfig } from "../core/config.js";
import type { FeedbackFile } from "../core/followup.js";
import { specIdFromRel, specPaths } from "../core/plan-meta.js";
import { redactSecrets } from "../core/redact-secrets.js";
import type { GitIdentity, GitRepository } from "../git/repository.js";

/** One spec: `rel` is its path relative to `<ralph_home>/specs`, `file` repo-relative. */
export interface SpecRef {
  id: string;
  rel: string;
  file: string;
}

/** What each agent run reports, for budgets (runs, cost) and the status comment. */
export interface AgentRunRecord {
  role: AgentRole;
  /** Null for runs that are not about one spec (the CLI's `ralph understand`). */
  specId: string | null;
  result: AgentRunResult;
  /** Agent processes this run took: 1 plus its usage-limit retries. */
  runs?: number;
}

/**
 * Everything a step runner needs. The CLI and the GitHub Action build it; the runners never read
 * process state themselves, so tests and both entries drive them the same way.
 */
export interface PipelineContext {
  /** Absolute path of the repository checkout (the agent's working directory). */
  workspace: string;
  config: RalphConfig;
  agent: Agent;
  git: GitRepository;
  clock: Clock;
  /** Absolute directory for run logs (one sub-directory per spec and run). */
  logRoot: string;
  spec: SpecRef;
  /** Author and committer of Ralph's commits. */
  botIdentity: GitIdentity;
  /** `Co-authored-by:` trailers (the approver). */
  coAuthors: GitIdentity[];
  /** Called after every agent run (after usage-limit retries), e.g. to count runs and cost. */
  onAgentRun?: (record: AgentRunRecord) => void;
  /** Progress lines for humans (the CLI prints them; the Action logs them). */
  log?: (line: string) => void;
  /** Applied to everything written to run logs (secret masking). */
  redact?: (text: string) => string;
  signal?: AbortSignal;
  /** The config file in the checkout, protected like Ralph's own files (default `.github/ralph.yml`). */
  configPath?: string;
  /** Environment of the `verify.checks` commands (the agent's: secrets already removed). */
  checkEnv?: NodeJS.ProcessEnv;
  /** Where the checks run: the agent's boundary (they run code the agent wrote). */
  boundary?: ProcessBoundary;
  /**
   * The longest usage-limit wait worth attempting (seconds). The Action sets the time left in its
   * phase budget: a longer wait would outlive the job, so the step returns `usage_limit` and the
   * machine re-dispatches it later. Default: runWithUsageLimitRetry's own bound.
   */
  maxUsageWaitSeconds?: number;
  /** Added to a known usage-limit reset before the retry (seconds). Default: seed 001's 30 s. */
  usageLimitMarginSeconds?: number;
  /**
   * A follow-up round's feedback while the round runs (DESIGN §2.3): its implement and verify runs
   * get the file (RALPH_FEEDBACK_FILE, absolute) and the prompt the feedback their story answers.
   */
  followUp?: { file: string; data: FeedbackFile };
}

/**
 * A context for runs that are not about one spec: the codebase map belongs to `ralph_home`. The
 * CLI's `ralph understand` has no spec; the Action's `/ralph understand` runs for the issue's.
 */
export type HomeContext = Omit<PipelineContext, "spec"> & { spec?: SpecRef };

export function specRef(ralphHome: string, rel: string): SpecRef {
  return { id: specIdFromRel(rel), rel, file: specPaths(ralphHome, rel).spec };
}

/** Repo-relative → absolute. */
export function abs(ctx: Pick<PipelineContext, "workspace">, repoPath: string): string {
  return isAbsolute(repoPath) ? repoPath : join(ctx.workspace, repoPath);
}

export function pathsOf(ctx: Pick<PipelineContext, "config" | "spec">) {
  return specPaths(ctx.config.ralph_home, ctx.spec.rel);
}

export function say(ctx: Pick<PipelineContext, "log">, line: string): void {
  ctx.log?.(line);
}

/**
 * Agent-derived text bound for the branch (commit messages, plan meta): the context's redaction
 * (known secret values) plus token shapes, so a secret an agent printed is never pushed (§7.6).
 */
export function redactForBranch(ctx: Pick<PipelineContext, "redact">, text: string): string {
  return redactSecrets(ctx.redact ? ctx.redact(text) : text, []);
}
