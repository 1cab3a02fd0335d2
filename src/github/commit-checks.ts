/**
 * The checks on one commit as the CI gate reads them (DESIGN §2.3): check runs of every app
 * (`GET …/commits/{ref}/check-runs`, the latest run of each check) and the latest commit status
 * of every context (`GET …/commits/{ref}/status`). Ralph's own workflow's runs are marked `own`
 * so the verdict leaves them out. Every read is bounded by the number of checks on the commit
 * (pages capped), never by the repository's history.
 */
import type { CiCheck } from "../core/ci-verdict.js";
import { isRalphWorkflowRun } from "./actions.js";
import { type GitHubContext, repoParams } from "./client.js";

const PER_PAGE = 100;
/** Pages read per listing: 300 check runs and 300 status contexts on one commit. */
export const MAX_CHECK_PAGES = 3;
/** The most a check's own words (output, description) take in a CiCheck. */
const MAX_OUTPUT = 4_000;
const ACTIONS_APP = "github-actions";

export interface CheckRunData {
  id: number;
  name: string;
  status: string;
  conclusion: string | null;
  details_url?: string | null;
  html_url?: string | null;
  app?: { slug?: string } | null;
  check_suite?: { id: number } | null;
  output?: { title?: string | null; summary?: string | null; text?: string | null } | null;
}

export interface CommitStatusData {
  context: string;
  state: string;
  description?: string | null;
  target_url?: string | null;
}

interface WorkflowRunOnCommit {
  id: number;
  path?: string;
  check_suite_id?: number;
}

export interface CommitChecks {
  checks: CiCheck[];
  /** More checks exist than the capped pages hold: the verdict saw only part of them. */
  truncated: boolean;
}

/**
 * Every check on `sha`, Ralph's own workflow (`workflow`, its file name as in the config) marked.
 * Costs one call for the check runs and one for the statuses per 100, plus one listing of the
 * workflow runs on the commit when GitHub Actions made any check run (to tell Ralph's own).
 */
export async function readCommitChecks(
  gh: GitHubContext,
  sha: string,
  options: { workflow: string; maxPages?: number },
): Promise<CommitChecks> {
  const maxPages = options.maxPages ?? MAX_CHECK_PAGES;
  const runs = await listCheckRuns(gh, sha, maxPages);
  const statuses = await listCombinedStatuses(gh, sha, maxPages);
  const own = runs.items.some((r) => r.app?.slug === ACTIONS_APP)
    ? await ownCheckSuites(gh, sha, options.workflow)
    : new Set<number>();
  return {
    checks: [...runs.items.map((r) => fromCheckRun(r, own)), ...statuses.items.map(fromStatus)],
    truncated: runs.truncated || statuses.truncated,
  };
}

interface Listing<T> {
  items: T[];
  truncated: boolean;
}

export async function listCheckRuns(
  gh: GitHubContext,
  sha: string,
  maxPages = MAX_CHECK_PAGES,
): Promise<Listing<CheckRunData>> {
  return pagesOf(maxPages, async (page) => {
    const res = await gh.client.request("GET /repos/{owner}/{repo}/commits/{ref}/check-runs", {
      ...repoParams(gh),
      ref: sha,
      filter: "latest",
      per_page: PER_PAGE,
      page,
    });
    const data = res.data as { total_count: number; check_runs: CheckRunData[] };
    return { total: data.total_count, items: data.check_runs };
  });
}

/** The latest status of each context on `sha` (the combined status's list). */
export async function listCombinedStatuses(
  gh: GitHubContext,
  sha: string,
  maxPages = MAX_CHECK_PAGES,
): Promise<Listing<CommitStatusData>> {
  return pagesOf(maxPages, async (page) => {
    const res = await gh.client.request("GET /repos/{owner}/{repo}/commits/{ref}/status", {
      ...repoParams(gh),
      ref: sha,
      per_page: PER_PAGE,
      page,
    });
    const data = res.data as { total_count: number; statuses: CommitStatusData[] };
    return { total: data.total_count, items: data.statuses };
  });
}

async function pagesOf<T>(
  maxPages: number,
  read: (page: number) => Promise<{ total: number; items: T[] }>,
): Promise<Listing<T>> {
  const items: T[] = [];
  let total = 0;
  for (let page = 1; page <= maxPages; page++) {
    const got = await read(page);
    total = got.total;
    items.push(...got.items);
    if (got.items.length < PER_PAGE || items.length >= total) break;
  }
  return { items, truncated: items.length < total };
}

/**
 * The check suites of Ralph's own workflow on `sha`. A check run does not name its workflow; the
 * workflow run does, and names its check suite. One listing: the runs of one commit.
 */
export async function ownCheckSuites(
  gh: GitHubContext,
  sha: string,
  workflow: string,
): Promise<Set<number>> {
  const res = await gh.client.request("GET /repos/{owner}/{repo}/actions/runs", {
    ...repoParams(gh),
    head_sha: sha,
    per_page: PER_PAGE,
  });
  const runs = (res.data as { workflow_runs: WorkflowRunOnCommit[] }).workflow_runs;
  return new Set(
    runs
      .filter((r) => r.check_suite_id !== undefined && isRalphWorkflowRun(r, workflow))
      .map((r) => r.check_suite_id as number),
  );
}

/** An Actions check run is its job: the job's id is in its details URL (and is its own id). */
function jobIdOf(run: CheckRunData): number | null {
  if (run.app?.slug !== ACTIONS_APP) return null;
  const match = /\/job\/(\d+)/.exec(run.details_url ?? run.html_url ?? "");
  return match?.[1] === undefined ? run.id : Number(match[1]);
}

function clip(text: string): string {
  return text.length <= MAX_OUTPUT ? text : `${text.slice(0, MAX_OUTPUT - 1)}…`;
}

function fromCheckRun(run: CheckRunData, own: ReadonlySet<number>): CiCheck {
  const out = run.output ?? {};
  const output = [out.title, out.summary, out.text]
    .filter((p): p is string => typeof p === "string" && p.trim() !== "")
    .join("\n\n");
  return {
    kind: "check_run",
    name: run.name,
    app: run.app?.slug ?? null,
    status: run.status,
    conclusion: run.conclusion,
    url: run.html_url ?? run.details_url ?? null,
    jobId: jobIdOf(run),
    output: clip(output),
    own: run.check_suite != null && own.has(run.check_suite.id),
  };
}

function fromStatus(status: CommitStatusData): CiCheck {
  return {
    kind: "status",
    name: status.context,
    app: null,
    status: status.state,
    conclusion: null,
    url: status.target_url ?? null,
    jobId: null,
    output: clip(status.description ?? ""),
    own: false,
  };
}
