import type { AgentStep } from "../core/state.js";
import { type GitHubContext, httpStatus, paginate, repoParams } from "./client.js";

let defaultBranchCache = new Map<string, string>();

/** The payload's `repository.default_branch` when the context carries it, else one read per repository. */
export async function getDefaultBranch(gh: GitHubContext): Promise<string> {
  if (gh.defaultBranch !== undefined) return gh.defaultBranch;
  const key = `${gh.owner}/${gh.repo}`;
  const cached = defaultBranchCache.get(key);
  if (cached !== undefined) return cached;
  const res = await gh.client.request("GET /repos/{owner}/{repo}", repoParams(gh));
  const branch = (res.data as { default_branch: string }).default_branch;
  defaultBranchCache.set(key, branch);
  return branch;
}

export function resetDefaultBranchCache(): void {
  defaultBranchCache = new Map();
}

/**
 * App mode (DESIGN §6.3): run `workflow` on the default branch with inputs {issue, phase}.
 * workflow_dispatch returns 204 and no run id; runs are found again by their run-name.
 */
export async function dispatchWorkflow(
  gh: GitHubContext,
  workflow: string,
  issue: number,
  step: AgentStep,
  ref?: string,
): Promise<void> {
  await gh.client.request("POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches", {
    ...repoParams(gh),
    workflow_id: workflow,
    ref: ref ?? (await getDefaultBranch(gh)),
    inputs: { issue: String(issue), phase: step },
  });
}

export interface WorkflowRun {
  id: number;
  name?: string | null;
  display_title?: string;
  status: string | null;
  conclusion: string | null;
  html_url: string;
  path?: string;
  event?: string;
}

/** Statuses of a run that has not finished and can still be cancelled. */
export const ACTIVE_RUN_STATUSES = ["in_progress", "queued", "requested", "waiting", "pending"];

/**
 * The issue a Ralph run works on. The example workflow sets
 * `run-name: ralph #<issue> <phase>`, the only place a `workflow_run` payload exposes the
 * dispatch inputs, so the number is read from the display title.
 */
export function runIssueNumber(run: Pick<WorkflowRun, "display_title">): number | null {
  const match = /#(\d+)\b/.exec(run.display_title ?? "");
  return match?.[1] === undefined ? null : Number(match[1]);
}

export function runIdFromUrl(url: string | null | undefined): number | null {
  const match = /\/actions\/runs\/(\d+)/.exec(url ?? "");
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** Does a run's workflow file path name the configured workflow (`ralph.yml` or a full path)? */
export function isRalphWorkflowRun(run: Pick<WorkflowRun, "path">, workflow: string): boolean {
  const path = (run.path ?? "").split("@")[0] ?? "";
  return path === workflow || path.endsWith(`/${workflow}`);
}

/**
 * Unfinished runs of the configured workflow whose run-name names this issue: every run in each
 * unfinished status (the `status` filter takes one value: one listing per status, each read to
 * its last page). Not the newest 100 runs of the workflow: in a busy repository an issue's queued
 * run can be older than those (issue 16: no silent caps).
 */
export async function findActiveRuns(
  gh: GitHubContext,
  workflow: string,
  issue: number,
): Promise<WorkflowRun[]> {
  const found = new Map<number, WorkflowRun>();
  for (const status of ACTIVE_RUN_STATUSES) {
    const runs = await paginate<WorkflowRun>(
      gh,
      "GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs",
      { workflow_id: workflow, status },
    );
    for (const run of runs) if (runIssueNumber(run) === issue) found.set(run.id, run);
  }
  return [...found.values()].filter(
    (run) => run.status !== null && ACTIVE_RUN_STATUSES.includes(run.status),
  );
}

export async function getWorkflowRun(gh: GitHubContext, runId: number): Promise<WorkflowRun> {
  const res = await gh.client.request("GET /repos/{owner}/{repo}/actions/runs/{run_id}", {
    ...repoParams(gh),
    run_id: runId,
  });
  return res.data as WorkflowRun;
}

/** Cancels a run; 409 (already finished) is success for our purpose. */
export async function cancelWorkflowRun(gh: GitHubContext, runId: number): Promise<boolean> {
  try {
    await gh.client.request("POST /repos/{owner}/{repo}/actions/runs/{run_id}/cancel", {
      ...repoParams(gh),
      run_id: runId,
    });
    return true;
  } catch (error) {
    if (httpStatus(error) === 409) return false;
    throw error;
  }
}

/**
 * `/ralph stop` (DESIGN §3.1): cancels the unfinished runs of this issue: the run named in the
 * state's `runUrl` (if still active) plus every active run of the workflow whose run-name carries
 * `#<issue>`. Returns the cancelled run ids.
 */
export async function cancelIssueRuns(
  gh: GitHubContext,
  workflow: string,
  issue: number,
  runUrl: string | null,
): Promise<number[]> {
  const ids = new Set<number>();
  const fromState = runIdFromUrl(runUrl);
  if (fromState !== null) {
    try {
      const run = await getWorkflowRun(gh, fromState);
      if (run.status !== null && ACTIVE_RUN_STATUSES.includes(run.status)) ids.add(run.id);
    } catch (error) {
      if (httpStatus(error) !== 404) throw error;
    }
  }
  for (const run of await findActiveRuns(gh, workflow, issue)) ids.add(run.id);
  const cancelled: number[] = [];
  for (const id of ids) if (await cancelWorkflowRun(gh, id)) cancelled.push(id);
  return cancelled;
}
