import type { RalphConfig } from "../core/config.js";
import { AGENT_PHASES, PHASE_LABELS } from "../core/state.js";
import {
  findActiveRuns,
  isRalphWorkflowRun,
  runIdFromUrl,
  runIssueNumber,
  type WorkflowRun,
} from "../github/actions.js";
import { type GitHubContext, paginate } from "../github/client.js";
import { loadStatus } from "../github/status.js";

interface PullLike {
  number: number;
  body?: string | null;
  head: { ref: string };
}

/**
 * The conversation a PR event belongs to. Ralph's own PR (head on `branch_prefix`, body
 * `Closes #N`) belongs to issue N; any other PR (a spec PR) is its own conversation. Reconcile
 * then only counts a review when the PR is the one the issue's state names.
 */
export function issueForPullRequest(
  pr: PullLike,
  config: Pick<RalphConfig, "branch_prefix">,
): number {
  if (pr.head.ref.startsWith(config.branch_prefix)) {
    const match = /\bCloses #(\d+)\b/i.exec(pr.body ?? "");
    if (match?.[1] !== undefined) return Number(match[1]);
  }
  return pr.number;
}

export const FAILED_CONCLUSIONS = ["failure", "cancelled", "timed_out", "startup_failure"];

/**
 * The issue a finished Ralph run worked on: from its run-name (`ralph #<issue> <phase>`, set by
 * the example workflow), else the open issue in an agent phase whose state names this run.
 */
export async function issueForRun(gh: GitHubContext, run: WorkflowRun): Promise<number | null> {
  const fromTitle = runIssueNumber(run);
  if (fromTitle !== null) return fromTitle;
  const labels = [
    ...new Set(AGENT_PHASES.map((phase) => PHASE_LABELS[phase]).filter((l) => l !== null)),
  ];
  for (const label of labels) {
    const issues = await paginate<{ number: number }>(gh, "GET /repos/{owner}/{repo}/issues", {
      labels: label,
      state: "open",
    });
    for (const issue of issues) {
      const status = await loadStatus(gh, issue.number);
      if (status.kind === "ok" && runIdFromUrl(status.state.runUrl) === run.id) return issue.number;
    }
  }
  return null;
}

/**
 * Should this `workflow_run.completed` become a `run_failed` event? Only failed runs of the
 * configured workflow count; a cancelled run while another run of the same issue is queued or
 * running was replaced by the concurrency group (a newer pending run cancels the older one), which
 * is not a failure.
 */
export async function runFailureFor(
  gh: GitHubContext,
  config: Pick<RalphConfig, "workflow">,
  run: WorkflowRun,
  issue: number,
): Promise<boolean> {
  if (!FAILED_CONCLUSIONS.includes(run.conclusion ?? "")) return false;
  if (!isRalphWorkflowRun(run, config.workflow)) return false;
  if (run.conclusion === "cancelled") {
    const others = await findActiveRuns(gh, config.workflow, issue);
    if (others.some((r) => r.id !== run.id)) return false;
  }
  return true;
}
