import { createHash } from "node:crypto";
import { join } from "node:path";
import { createAgent } from "../agents/create-agent.js";
import { systemClock } from "../agents/types.js";
import type { RalphConfig } from "../core/config.js";
import type { FileChange } from "../core/effects.js";
import { redactSecrets } from "../core/redact-secrets.js";
import type { MachineState } from "../core/state.js";
import { renderWorkflowPatchComment } from "../git/workflow-changes.js";
import { getDefaultBranch } from "../github/actions.js";
import type { GitHubContext, Logger } from "../github/client.js";
import { postComment } from "../github/comments.js";
import type { FileCommitter, PrdSource } from "../github/effects.js";
import { readPrdAt } from "../github/prd-files.js";
import { loadStatus } from "../github/status.js";
import type { PipelineContext } from "../pipeline/context.js";
import { applyFileChange } from "../pipeline/file-change.js";
import { readPlan, readPrd } from "../pipeline/spec-files.js";
import { doneRows } from "../pipeline/story-step-inputs.js";
import type { IssueInfo } from "../reconcile/issue-info.js";
import { ensureAgentInstalled } from "./agent-install.js";
import type { BoundaryHost } from "./boundary-host.js";
import { pushIfAhead } from "./branch-push.js";
import { type BotIdentity, coAuthorsFor } from "./github-client.js";
import type { ActionInputs } from "./inputs.js";
import { syncVerifiedStories } from "./prd-sync.js";
import type { RunRecord } from "./report.js";
import { RunnerCheckout } from "./runner-checkout.js";
import { agentEnvironment } from "./secrets.js";
import type { StepContext } from "./steps.js";
import { type ResolvedTarget, resolveTarget } from "./target.js";

export interface IssueCheckoutInput {
  gh: GitHubContext;
  config: RalphConfig;
  inputs: ActionInputs;
  issue: IssueInfo;
  bot: BotIdentity;
  secrets: readonly string[];
  record: RunRecord;
  log: Logger;
  /** The agent's boundary: its account, Ralph's places closed, its firewall. */
  boundary: BoundaryHost;
}

/** Where the state a commit belongs to comes from: the one being saved, or the status comment. */
export type StateSource = () => Promise<MachineState | null>;

/** The runner's checkout for one issue: opened lazily, shared by the steps and the committers. */
export interface IssueCheckout {
  prepareStep(state: MachineState): Promise<StepContext>;
  /** Makes `commit_files` changes on the issue's branch and pushes them. */
  committer(stateOf: StateSource): FileCommitter;
  /** The PRD and plan as committed on the branch (checkout first, the contents API as fallback). */
  prdSource(stateOf: StateSource): PrdSource;
}

/**
 * A committer for effects of the shared reconcile (App-style event handling in this run): it saves
 * the state before its effects but does not hand it over, so it is read back from the status
 * comment.
 */
export function savedStateOf(gh: GitHubContext, issue: number): StateSource {
  return async () => {
    const status = await loadStatus(gh, issue);
    return status.kind === "ok" ? status.state : null;
  };
}

/**
 * One change, committed as the bot. Before the done marker the PRD file is brought in line with
 * the verified stories: the plan step keeps `passes` of stories the machine already verified, but
 * a PRD edited by hand on the branch may not, and the branch must not claim a finished story
 * unverified.
 */
export async function commitFileChange(
  pipe: PipelineContext,
  state: MachineState,
  change: FileChange,
): Promise<void> {
  if (change.kind === "done_marker") await syncVerifiedStories(pipe, state);
  await applyFileChange(
    pipe,
    change,
    change.kind === "done_marker" ? { rows: doneRows(state) } : {},
  );
}

/** Where an issue's run logs and `ralph.log` go: outside the checkout, uploaded as an artifact. */
export function issueLogRoot(tempDir: string, issue: number): string {
  return join(tempDir, "ralph-runs", String(issue));
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one lazily opened checkout and the three closures that share it.
export function createIssueCheckout(input: IssueCheckoutInput): IssueCheckout {
  const { gh, config, inputs, issue, bot, log } = input;
  const say = (line: string) => log.info(line);
  let workspace: Promise<RunnerCheckout> | null = null;
  let defaultBranch: string | null = null;
  const openCheckout = () => {
    workspace ??= RunnerCheckout.open({
      root: inputs.workspace,
      config,
      token: inputs.token,
      agent: createAgent(config, {
        baseEnv: agentEnvironment(process.env, inputs.token),
        boundary: input.boundary.processes,
      }),
      clock: systemClock,
      logRoot: issueLogRoot(inputs.tempDir, issue.number),
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
      configPath: inputs.configPath,
      checkEnv: agentEnvironment(process.env, inputs.token),
      boundary: input.boundary.processes,
    });
    return workspace;
  };
  const target = async (
    state: MachineState,
    planning = false,
  ): Promise<{ ws: RunnerCheckout; target: ResolvedTarget; base: string }> => {
    const resolved = await resolveTarget(gh, config, issue, state, { planning });
    const ws = await openCheckout();
    defaultBranch ??= await getDefaultBranch(gh);
    await ws.checkout(resolved, defaultBranch);
    return { ws, target: resolved, base: defaultBranch };
  };
  return {
    prepareStep: async (state) => {
      await ensureAgentInstalled(
        inputs.agentInstall,
        agentEnvironment(process.env, inputs.token),
        say,
      );
      const boundary = await input.boundary.open(config, inputs.workspace);
      // A plan step of a spec PR plans the next spec not done yet (DESIGN §2.2).
      const t = await target(state, state.pendingStep === "plan");
      // The agent, another OS user, can read the checkout's config: no credentials in it.
      const restore = boundary.isolated ? await t.ws.takeCredentials() : null;
      if (restore !== null) input.boundary.onClose(restore);
      return {
        ws: t.ws,
        config,
        issue,
        target: t.target,
        defaultBranch: t.base,
        coAuthors: await coAuthorsFor(gh.client, state.approvedBy),
        log: say,
        parallel:
          inputs.mode === "combine" ? "combine" : inputs.parallelRunners ? "dispatch" : "runner",
      };
    },
    committer: (stateOf) => async (change) => {
      const state = await stateOf();
      if (state === null) throw new Error("commit_files without a state");
      const t = await target(state);
      const pipe = t.ws.pipeline(
        t.target.spec,
        await coAuthorsFor(gh.client, state.approvedBy),
        () => {},
      );
      await commitFileChange(pipe, state, change);
      await pushIfAhead({ ws: t.ws, target: t.target }, pipe);
    },
    prdSource: (stateOf) => async () => {
      const state = await stateOf();
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
    },
  };
}
