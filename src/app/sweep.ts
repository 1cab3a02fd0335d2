import type { GitHubClient, Logger } from "../github/client.js";
import { SWEPT_LABELS } from "../github/labels.js";
import { type IssueInfo, toIssueInfo } from "../reconcile/issue-info.js";

/**
 * What one approval sweep of an installation reads (DESIGN §3.3, issue 16): one search for the
 * installation's open issues labelled `ralph:awaiting-approval`, across all its repositories,
 * instead of a repository listing and one issue listing per repository. GitHub's search answers
 * at most 1,000 results; past that (or when GitHub says the results are incomplete) the sweep
 * says so in the log instead of stopping silently. An installation given selected repositories
 * is also asked which (search sees public repositories it was not given).
 */

/** GitHub's search returns at most this many results per query. */
export const SEARCH_RESULT_LIMIT = 1_000;
const PER_PAGE = 100;

export interface InstallationAccount {
  login: string;
  type: string;
  /** `all` or `selected` repositories. */
  selection: string;
}

interface RawInstallation {
  account?: { login?: string; type?: string } | null;
  repository_selection?: string;
}

export function accountOf(raw: RawInstallation): InstallationAccount | null {
  const login = raw.account?.login;
  if (typeof login !== "string") return null;
  return {
    login,
    type: raw.account?.type ?? "User",
    selection: raw.repository_selection ?? "all",
  };
}

/** The search qualifier for an installation's repositories. */
function ownerQualifier(account: InstallationAccount): string {
  return `${account.type === "Organization" ? "org" : "user"}:${account.login}`;
}

export interface FoundIssue {
  owner: string;
  repo: string;
  repoUrl: string;
  issue: IssueInfo;
  raw: unknown;
}

interface SearchItem {
  number: number;
  title: string;
  body?: string | null;
  user?: { login: string } | null;
  pull_request?: unknown;
  labels?: { name?: string }[];
  repository_url: string;
  html_url: string;
}

/** Every result of one issue search (all pages, at most GitHub's 1,000), the bound said. */
export async function searchIssues(
  client: GitHubClient,
  query: string,
  log: Logger,
): Promise<FoundIssue[]> {
  const out: FoundIssue[] = [];
  let total = 0;
  let incomplete = false;
  for (let page = 1; page * PER_PAGE <= SEARCH_RESULT_LIMIT + PER_PAGE - 1; page++) {
    const res = await client.request("GET /search/issues", { q: query, per_page: PER_PAGE, page });
    const data = res.data as {
      total_count: number;
      incomplete_results: boolean;
      items: SearchItem[];
    };
    total = data.total_count;
    incomplete ||= data.incomplete_results;
    for (const item of data.items) {
      const [owner, repo] = item.repository_url.split("/").slice(-2);
      if (owner === undefined || repo === undefined) continue;
      out.push({
        owner,
        repo,
        repoUrl: item.html_url.replace(/\/(issues|pull)\/\d+$/, ""),
        issue: toIssueInfo(item),
        raw: item,
      });
    }
    if (data.items.length < PER_PAGE || out.length >= total) break;
  }
  if (total > out.length || incomplete) {
    log.warn(
      `the search "${query}" found ${total} results${incomplete ? " (GitHub says incomplete)" : ""}; the sweep read ${out.length}: the rest are read by their next event or a later sweep`,
    );
  }
  return out;
}

/** The installation's repositories (`owner/name`, lower case), when it was given selected ones. */
async function selectedRepositories(client: GitHubClient): Promise<Set<string>> {
  const names = new Set<string>();
  for (let page = 1; ; page++) {
    const res = await client.request("GET /installation/repositories", {
      per_page: PER_PAGE,
      page,
    });
    const repos = (res.data as { repositories: { full_name: string }[] }).repositories;
    for (const r of repos) names.add(r.full_name.toLowerCase());
    if (repos.length < PER_PAGE) return names;
  }
}

/** An installation's open issues matching `terms`: one search (and its repositories if selected). */
async function installationSearch(
  client: GitHubClient,
  account: InstallationAccount,
  terms: string,
  log: Logger,
): Promise<FoundIssue[]> {
  const found = await searchIssues(client, `is:open ${terms} ${ownerQualifier(account)}`, log);
  if (account.selection !== "selected" || found.length === 0) return found;
  const allowed = await selectedRepositories(client);
  return found.filter((f) => allowed.has(`${f.owner}/${f.repo}`.toLowerCase()));
}

/** Open issues whose pull request Ralph finished: the sweep reads their pull requests' merge state. */
export const DONE_LABEL = "ralph:done";

/**
 * The installation's issues awaiting approval, and those waiting for the repository's CI (a CI
 * that is not GitHub Actions, or the end of verify.ci_wait_minutes, brings no event of its own),
 * and those done whose pull request is still open (a moved base brings no event of its own):
 * one search, the labels as GitHub's comma list (any label).
 */
export function awaitingApproval(
  client: GitHubClient,
  account: InstallationAccount,
  log: Logger,
): Promise<FoundIssue[]> {
  const labels = [...SWEPT_LABELS, DONE_LABEL].map((l) => `"${l}"`).join(",");
  return installationSearch(client, account, `label:${labels}`, log);
}

/** The installation's open issues updated since `since` (a new comment updates its issue). */
export function updatedSince(
  client: GitHubClient,
  account: InstallationAccount,
  since: Date,
  log: Logger,
): Promise<FoundIssue[]> {
  const at = since.toISOString().replace(/\.\d{3}Z$/, "Z");
  return installationSearch(client, account, `updated:>=${at}`, log);
}
