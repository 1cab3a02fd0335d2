import { createHash } from "node:crypto";
import { join } from "node:path";
import { createAgent } from "../agents/create-agent.js";
import { systemClock } from "../agents/types.js";
import type { IssueInfo } from "../app/issue-info.js";
import { type BackoffOptions, DEFAULT_BACKOFF } from "../core/completion.js";
import type { RalphConfig } from "../core/config.js";
import { redactSecrets } from "../core/sanitize.js";
import type { AgentStep, MachineState } from "../core/state.js";
import { dispatchWorkflow, getDefaultBranch } from "../github/actions.js";
import type { GitHubContext, Logger } from "../github/client.js";
import { postComment } from "../github/comments.js";
import type { FileCommitter, PrdSource } from "../github/effects.js";
import { readPrdAt } from "../github/prd-files.js";
import { applyFileChange } from "../pipeline/file-change.js";
import { readPlan, readPrd, type StoryVerdictRow } from "../pipeline/spec-files.js";
import { type DriveOptions, driveIssue } from "./drive.js";
import { type BotIdentity, coAuthorsFor } from "./github-client.js";
import type { ActionInputs } from "./inputs.js";
import type { RunRecord } from "./report.js";
import { agentEnvironment } from "./secrets.js";
import type { IssueSession } from "./session.js";
import { pushIfAhead, runStep, type StepContext } from "./steps.js";
import { type ResolvedTarget, resolveTarget } from "./target.js";
import { renderWorkflowPatchComment } from "./workflow-changes.js";
import { ActionWorkspace } from "./workspace.js";

export interface IssueRunInput {
  gh: GitHubContext;
  config: RalphConfig;
  inputs: ActionInputs;
  issue: IssueInfo;
  bot: BotIdentity;
  secrets: readonly string[];
  record: RunRecord;
  log: Logger;
  repoUrl: string;
  runUrl: string | null;
  /** The workflow file new runs are dispatched to (deadline continuation). */
  workflow: string;
  startedAt: number;
}

/** The first retry's wait; `RALPH_BACKOFF_BASE_MS` (as in the CLI) tunes it for tests and CI. */
export function backoffFromEnv(env: NodeJS.ProcessEnv): BackoffOptions {
  const raw = env.RALPH_BACKOFF_BASE_MS;
  const base = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : DEFAULT_BACKOFF.baseMs;
  return { baseMs: base, maxMs: Math.max(base, DEFAULT_BACKOFF.maxMs) };
}

/** Rows of the done marker's verification table, from the state the machine kept. */
export function doneRows(state: MachineState): StoryVerdictRow[] {
  return (state.prd?.stories ?? []).map((s) => ({
    id: s.id,
    title: s.title,
    verdict:
      s.status === "passed" ? "PASS" : s.status === "failed" ? "FAIL" : "not verified in this run",
    commit: s.commit,
    criteria: s.criteria,
  }));
}

/**
 * Runs one issue in this job: builds the workspace lazily (only when a step or a commit needs it)
 * and drives the issue until a human gate, a terminal phase or the deadline.
 */
export async function runIssue(input: IssueRunInput): Promise<void> {
  const { gh, config, inputs, issue, bot, log } = input;
  const say = (line: string) => log.info(line);
  let workspace: Promise<ActionWorkspace> | null = null;
  let defaultBranch: string | null = null;
  const openWorkspace = () => {
    workspace ??= ActionWorkspace.open({
      root: inputs.workspace,
      config,
      token: inputs.token,
      agent: createAgent(config, { baseEnv: agentEnvironment(process.env, inputs.token) }),
      clock: systemClock,
      logRoot: join(inputs.tempDir, "ralph-runs", String(issue.number)),
      botIdentity: bot.git,
      // GITHUB_TOKEN can never change workflow files; an App token may (with `workflows`).
      dropWorkflowsFirst: bot.login === "github-actions[bot]",
      onWorkflowChangesDropped: async (branch, dropped) => {
        const body = renderWorkflowPatchComment(dropped, branch);
        const key = `workflow-patch:${createHash("sha256").update(dropped.patch).digest("hex").slice(0, 16)}`;
        await postComment(gh, issue.number, body, { key });
        input.record.notes.push(
          `Workflow changes left out of the branch and posted as a patch: ${dropped.files.join(", ")}`,
        );
      },
      redact: (text) => redactSecrets(text, input.secrets),
      log: say,
    });
    return workspace;
  };
  const target = async (
    state: MachineState,
  ): Promise<{ ws: ActionWorkspace; target: ResolvedTarget; base: string }> => {
    const resolved = await resolveTarget(gh, config, issue, state);
    const ws = await openWorkspace();
    defaultBranch ??= await getDefaultBranch(gh);
    await ws.checkout(resolved, defaultBranch);
    return { ws, target: resolved, base: defaultBranch };
  };
  const prepareStep = async (state: MachineState): Promise<StepContext> => {
    const t = await target(state);
    return {
      ws: t.ws,
      config,
      issue,
      target: t.target,
      defaultBranch: t.base,
      coAuthors: await coAuthorsFor(gh.client, state.approvedBy),
      log: say,
    };
  };
  // The state being saved: effects (commits, the PRD comment) run right after it is saved.
  const latest = (): MachineState | null => input.record.state;
  const commitFiles: FileCommitter = async (change) => {
    const state = latest();
    if (state === null) throw new Error("commit_files without a state");
    const t = await target(state);
    const pipe = t.ws.pipeline(
      t.target.spec,
      await coAuthorsFor(gh.client, state.approvedBy),
      () => {},
    );
    await applyFileChange(
      pipe,
      change,
      change.kind === "done_marker" ? { rows: doneRows(state) } : {},
    );
    await pushIfAhead({ ws: t.ws, target: t.target }, pipe);
  };
  const prdSource: PrdSource = async () => {
    const state = latest();
    if (state === null) throw new Error("post_prd without a state");
    try {
      const t = await target(state);
      const pipe = t.ws.pipeline(t.target.spec, [], () => {});
      const [prd, planText] = [await readPrd(pipe), await readPlan(pipe)];
      if (prd.ok && planText !== null) return { prd: prd.prd, planText };
    } catch (error) {
      log.warn(
        `reading the PRD from the checkout failed (${(error as Error).message}); reading it from GitHub`,
      );
    }
    if (state.specId === null || state.branch === null)
      throw new Error("post_prd: no spec or branch in the state");
    return readPrdAt(gh, config, state.specId, state.branch);
  };
  const session: IssueSession = {
    gh,
    config,
    issue,
    repoUrl: input.repoUrl,
    runUrl: input.runUrl,
    clock: systemClock,
    deadline: input.startedAt + config.limits.phase_timeout_minutes * 60_000,
    backoff: backoffFromEnv(process.env),
    log,
    record: input.record,
    commitFiles,
    prdSource,
  };
  const options: DriveOptions = {
    phase: inputs.phase,
    prepareStep,
    runStep,
    continueLater: async (step: AgentStep) => {
      try {
        await dispatchWorkflow(gh, input.workflow, issue.number, step);
      } catch (error) {
        log.warn(`could not dispatch a new run for #${issue.number}: ${(error as Error).message}`);
        input.record.notes.push(
          `Could not start a new run (${(error as Error).message}); comment on the issue or run the workflow by hand to continue.`,
        );
      }
    },
  };
  await driveIssue(session, options);
}
