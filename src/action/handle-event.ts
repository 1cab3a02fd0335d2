import { systemClock } from "../agents/types.js";
import { defaultConfig, type RalphConfig } from "../core/config.js";
import { dispatchWorkflow, isRalphWorkflowRun } from "../github/actions.js";
import type { GitHubContext } from "../github/client.js";
import type { Dispatcher, FileCommitter } from "../github/effects.js";
import { getPullRequest, isForkPullRequest } from "../github/pulls.js";
import { PhaseJournal } from "../pipeline/phase-journal.js";
import { fetchIssueInfo, type IssueInfo, pullAsIssue } from "../reconcile/issue-info.js";
import { routedIssueFor } from "../reconcile/pr-commands.js";
import { ciEventTargets } from "../reconcile/pr-events.js";
import { reconcileIssue } from "../reconcile/reconcile.js";
import { issueForPullRequest } from "../reconcile/routing.js";
import type { ReconcileReport, Signal } from "../reconcile/signals.js";
import { checkOverrides, loadConfig } from "./action-config.js";
import type { BoundaryHost } from "./boundary-host.js";
import { core, coreLogger } from "./core-logger.js";
import type { ActionEvent } from "./event.js";
import type { BotIdentity } from "./github-client.js";
import { type ActionInputs, workflowFileOf } from "./inputs.js";
import {
  createIssueCheckout,
  type IssueCheckout,
  type IssueCheckoutInput,
  issueLogRoot,
  savedStateOf,
} from "./issue-checkout.js";
import type { RunRecord } from "./report.js";
import { runIssue } from "./run-issue.js";
import { sweep } from "./sweep.js";

export interface EventContext {
  gh: GitHubContext;
  inputs: ActionInputs;
  record: RunRecord;
  secrets: readonly string[];
  startedAt: number;
  bot: BotIdentity;
  repoUrl: string;
  runUrl: string | null;
  env: NodeJS.ProcessEnv;
  /** The checkout per issue, opened on first use (by the reconcile's commits or the steps). */
  checkouts: Map<number, Promise<IssueCheckout>>;
  /** The agent's boundary (DESIGN §7 rule 9), for every issue of this run. */
  boundary: BoundaryHost;
}

/** The triggering event, handled as the App would; then the agent steps the state asks for. */
export async function handleEvent(ctx: EventContext, event: ActionEvent): Promise<void> {
  const { gh, record } = ctx;
  if (event.kind === "issue" || event.kind === "review" || event.kind === "continue") {
    await checkOverrides(ctx);
  }
  switch (event.kind) {
    case "ignored":
      core.info(event.reason);
      record.notes.push(event.reason);
      return;
    case "sweep":
      await sweep(ctx, (issue) => workflowDispatcher(ctx, issue));
      return;
    case "issue": {
      const owner =
        event.signal.kind === "comment"
          ? await routedIssueFor(gh, event.issue, event.signal.comment, () =>
              loadConfig(ctx).catch(() => defaultConfig()),
            )
          : null;
      if (owner !== null && event.signal.kind === "comment") {
        // A command on Ralph's PR: the issue's conversation, its work in the issue's own group.
        await elsewhere(ctx, owner, { ...event.signal, from: event.issue.number });
        return;
      }
      setIssue(ctx, event.issue.number);
      const report = await reconcileIssue({
        gh,
        issue: event.issue,
        signal: event.signal,
        dispatch: inProcess,
        runUrl: ctx.runUrl,
        repoUrl: ctx.repoUrl,
        commitFiles: reconcileCommitter(ctx, event.issue),
      });
      if (await accepted(ctx, event.issue, report)) {
        await continueIssue(ctx, event.issue, await reconciledPhases(ctx, event.issue, report));
      }
      return;
    }
    case "review": {
      const routingConfig = await loadConfig(ctx).catch(() => defaultConfig());
      const target = issueForPullRequest(event.pull, routingConfig);
      // The concurrency group is keyed by the PR number: work for another issue gets its own run.
      const here = target === event.group;
      if (!here) {
        await elsewhere(ctx, target, event.signal);
        return;
      }
      setIssue(ctx, target);
      const issue = pullAsIssue(event.pull);
      const report = await reconcileIssue({
        gh,
        issue,
        signal: event.signal,
        dispatch: inProcess,
        runUrl: ctx.runUrl,
        repoUrl: ctx.repoUrl,
        commitFiles: reconcileCommitter(ctx, issue),
      });
      if (await accepted(ctx, issue, report)) {
        await continueIssue(ctx, issue, await reconciledPhases(ctx, issue, report));
      }
      return;
    }
    case "continue": {
      setIssue(ctx, event.issue);
      await continueIssue(ctx, await fetchIssueInfo(gh, event.issue));
      return;
    }
    case "ci":
      await ciRun(ctx, event);
      return;
  }
}

/**
 * A run of the repository's CI (Actions-only mode): the issues whose Ralph pull request it ran on
 * are re-read, each reconciled for its own run (never for a run of Ralph's own workflow, should
 * the workflow list name it).
 */
async function ciRun(
  ctx: EventContext,
  event: Extract<ActionEvent, { kind: "ci" }>,
): Promise<void> {
  const workflow = await workflowName(ctx);
  const config = () => loadConfig(ctx).catch(() => defaultConfig());
  const targets = isRalphWorkflowRun({ path: event.workflowPath }, workflow)
    ? []
    : await ciEventTargets(ctx.gh, event, config);
  if (targets.length === 0) {
    ctx.record.notes.push("The workflow run is not on a pull request of Ralph's.");
  }
  for (const t of targets) await elsewhere(ctx, t.issue, { kind: "ci", pr: t.pr, sha: t.sha });
}

/**
 * An event about issue `target` handled in another concurrency group (a review or a command on
 * Ralph's PR, grouped by the PR number): reconciled here, its agent work handed to a
 * `workflow_dispatch` run for the issue. Another issue's branch belongs to that issue's run: its
 * plan step archives instead of this run committing.
 */
async function elsewhere(ctx: EventContext, target: number, signal: Signal): Promise<void> {
  setIssue(ctx, target);
  const issue = await fetchIssueInfo(ctx.gh, target);
  const report = await reconcileIssue({
    gh: ctx.gh,
    issue,
    signal,
    dispatch: await workflowDispatcher(ctx, target),
    repoUrl: ctx.repoUrl,
  });
  if (!(await accepted(ctx, issue, report))) return;
  if (report.effects.some((e) => e.type === "dispatch")) {
    ctx.record.notes.push(
      `The agent work for #${target} was handed to a new run of the workflow for that issue.`,
    );
  }
}

/** The issue's checkout, shared by the reconcile's commits and the agent steps of this run. */
function issueCheckout(
  ctx: EventContext,
  issue: IssueInfo,
  config?: RalphConfig,
): Promise<IssueCheckout> {
  let ws = ctx.checkouts.get(issue.number);
  if (ws === undefined) {
    ws = (config === undefined ? loadConfig(ctx) : Promise.resolve(config)).then((loaded) =>
      createIssueCheckout(checkoutInput(ctx, issue, loaded)),
    );
    ctx.checkouts.set(issue.number, ws);
  }
  return ws;
}

/** What the issue's checkout and its run share from this event. */
function checkoutInput(
  ctx: EventContext,
  issue: IssueInfo,
  config: RalphConfig,
): IssueCheckoutInput {
  const { gh, inputs, bot, secrets, record, boundary } = ctx;
  return { gh, config, inputs, issue, bot, secrets, record, boundary, log: coreLogger };
}

/**
 * `commit_files` effects of the shared reconcile (a `/ralph replan` from a waiting phase archives
 * the plan): made in this run's checkout and pushed to the Ralph branch.
 */
function reconcileCommitter(ctx: EventContext, issue: IssueInfo): FileCommitter {
  return async (change, message) => {
    const ws = await issueCheckout(ctx, issue);
    await ws.committer(savedStateOf(ctx.gh, issue.number))(change, message);
  };
}

/** In-process: the state's pending step is what the loop runs next; nothing to send anywhere. */
const inProcess: Dispatcher = async () => {};

function setIssue(ctx: EventContext, issue: number): void {
  ctx.record.issue = issue;
  ctx.record.links.issue = `${ctx.repoUrl}/issues/${issue}`;
}

/** The configured workflow run for an issue (App-mode style dispatch) when it is not this run. */
async function workflowDispatcher(ctx: EventContext, issue: number): Promise<Dispatcher> {
  const workflow = await workflowName(ctx);
  return (step) => dispatchWorkflow(ctx.gh, workflow, issue, step);
}

async function workflowName(ctx: EventContext): Promise<string> {
  return (
    workflowFileOf(ctx.inputs.workflowRef) ??
    (await loadConfig(ctx).catch(() => defaultConfig())).workflow
  );
}

/** Whether the reconcile left a state to work on; otherwise why not, for outputs and summary. */
async function accepted(
  ctx: EventContext,
  issue: IssueInfo,
  report: ReconcileReport,
): Promise<boolean> {
  const { record } = ctx;
  record.state = report.state ?? record.state;
  switch (report.outcome) {
    case "reconciled":
      return true;
    case "ignored":
      record.notes.push("Nothing in this event is for Ralph.");
      return false;
    case "config_error":
      record.refusal = `the Ralph configuration (${ctx.inputs.configPath}) is invalid; the issue has a comment naming the problem`;
      return false;
    case "broken_state":
      record.refusal =
        "Ralph's state in the status comment is unreadable; the issue has a comment explaining it";
      return false;
    case "refused":
      record.refusal = await refusalReason(ctx, issue);
      return false;
  }
}

/** Why the reconcile refused a pull request conversation (it explained it there too). */
async function refusalReason(ctx: EventContext, issue: IssueInfo): Promise<string> {
  if (!issue.isPullRequest) return "Ralph refused this issue; see its comment";
  const pull = await getPullRequest(ctx.gh, issue.number);
  if (isForkPullRequest(ctx.gh, pull)) {
    return "the pull request comes from a fork: Ralph never pushes to or runs fork branches (nothing was pushed)";
  }
  const config = await loadConfig(ctx).catch(() => defaultConfig());
  const owner = issueForPullRequest(pull, config);
  if (owner !== issue.number) {
    return `this is Ralph's pull request for #${owner}; Ralph's conversation lives on the issue`;
  }
  return "the pull request changes no spec file, so there is nothing for Ralph to plan";
}

/**
 * The phase lines of this run's `ralph.log`, started with the event's own change (an approval
 * moving awaiting_approval to implementing, a `/ralph plan` starting planning).
 */
async function reconciledPhases(
  ctx: EventContext,
  issue: IssueInfo,
  report: ReconcileReport,
): Promise<PhaseJournal> {
  const phases = new PhaseJournal(issueLogRoot(ctx.inputs.tempDir, issue.number), systemClock);
  if (report.initial !== undefined) await phases.observe(report.initial);
  if (report.state !== null) await phases.observe(report.state);
  return phases;
}

async function continueIssue(
  ctx: EventContext,
  issue: IssueInfo,
  phases?: PhaseJournal,
): Promise<void> {
  // An invalid config (or input override) fails the run with the message naming the bad key.
  const config = await loadConfig(ctx);
  await runIssue({
    ...checkoutInput(ctx, issue, config),
    repoUrl: ctx.repoUrl,
    runUrl: ctx.runUrl,
    workflow: workflowFileOf(ctx.inputs.workflowRef) ?? config.workflow,
    startedAt: ctx.startedAt,
    workspace: await issueCheckout(ctx, issue, config),
    ...(phases === undefined ? {} : { phases }),
  });
  const pr = ctx.record.state?.prNumber ?? null;
  if (pr !== null) ctx.record.links.pr = `${ctx.repoUrl}/pull/${pr}`;
}
