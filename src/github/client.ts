import { webUrlFromApiUrl } from "../core/links.js";
import type { PhaseLabelSwitch } from "./phase-label-switch.js";

/**
 * The narrow slice of Octokit the adapter needs. Both Probot's `context.octokit` and the Action's
 * `createOctokit()` satisfy it structurally, so this package never depends on Probot.
 */
export interface GitHubResponse {
  status: number;
  data: unknown;
  headers: Record<string, string | number | undefined>;
}

export interface GitHubClient {
  request(route: string, params?: Record<string, unknown>): Promise<GitHubResponse>;
  graphql(query: string, params?: Record<string, unknown>): Promise<unknown>;
}

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  debug(message: string): void;
}

export const silentLogger: Logger = {
  info: () => {},
  warn: () => {},
  error: () => {},
  debug: () => {},
};

/** One repository as seen by one token, plus Ralph's own login (to trust only its own comments). */
export interface GitHubContext {
  client: GitHubClient;
  owner: string;
  repo: string;
  /** e.g. `ralph-for-github[bot]` (App) or `github-actions[bot]` (Action with GITHUB_TOKEN). */
  botLogin: string;
  log: Logger;
  /** Secret values to redact from every comment and review Ralph posts (DESIGN §7.6). */
  secrets?: readonly string[];
  /** A commit the state-claim refs may point at (the Action's checkout); looked up when absent. */
  claimSha?: string;
  /** Tests: the clock and grace of a stale state claim (github/state-claim.ts claimTiming). */
  claimTiming?: {
    graceMs?: number;
    pollMs?: number;
    holdMs?: number;
    now?: () => number;
    sleep?: (ms: number) => Promise<void>;
  };
  /**
   * The repository's web address (`https://github.com/o/r`, a GHES server's for GHES): links to
   * files on Ralph's branch. The Action passes GITHUB_SERVER_URL's; without it, the API client's
   * base URL tells (api.github.com → github.com, `<server>/api/v3` → `<server>`).
   */
  repoWebUrl?: string;
  /** The repository's default branch when the event's payload named it; looked up when absent. */
  defaultBranch?: string;
  /**
   * Phase-label changes in one GraphQL call each (the Action's run, which changes one issue's
   * label many times); absent: the REST read and `PUT` (src/github/labels.ts).
   */
  phaseLabels?: PhaseLabelSwitch;
}

/** The repository's web address (see GitHubContext.repoWebUrl). */
export function repoWebUrlOf(gh: GitHubContext): string {
  if (gh.repoWebUrl !== undefined) return gh.repoWebUrl.replace(/\/+$/, "");
  const request = gh.client.request as { endpoint?: { DEFAULTS?: { baseUrl?: unknown } } };
  const baseUrl = request.endpoint?.DEFAULTS?.baseUrl;
  const server = webUrlFromApiUrl(typeof baseUrl === "string" ? baseUrl : "https://api.github.com");
  return `${server}/${gh.owner}/${gh.repo}`;
}

export function repoParams(gh: GitHubContext): { owner: string; repo: string } {
  return { owner: gh.owner, repo: gh.repo };
}

/** Octokit's RequestError carries `status`; anything else is not an HTTP error. */
export function httpStatus(error: unknown): number | null {
  if (typeof error === "object" && error !== null && "status" in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === "number" ? status : null;
  }
  return null;
}

export function isNotFound(error: unknown): boolean {
  return httpStatus(error) === 404;
}

const PER_PAGE = 100;

/**
 * A listing reached its bound with more pages left (issue 16: no listing stops silently). The
 * items read so far are kept, so a caller that can act on part of a list says so and goes on.
 */
export class ListingBoundError extends Error {
  override readonly name = "ListingBoundError";
  constructor(
    readonly route: string,
    readonly pages: number,
    readonly items: unknown[],
  ) {
    super(`${route} has more than ${pages} pages of ${PER_PAGE}; stopped after ${items.length}`);
  }
}

/** Whether GitHub says there is a next page: its `link` header, else a full page. */
function hasNextPage(res: GitHubResponse, items: readonly unknown[]): boolean {
  const link = res.headers?.link;
  if (typeof link === "string") return /rel="next"/.test(link);
  return items.length >= PER_PAGE;
}

/**
 * Follows the pages GitHub's `link` header names (`page=` in turn) to the last one. Hand-rolled
 * (instead of `octokit.paginate`) so the adapter only needs `request`, which every Octokit flavour
 * has. Past `maxPages` it throws ListingBoundError with what it read.
 */
export async function paginate<T>(
  gh: GitHubContext,
  route: string,
  params: Record<string, unknown> = {},
  maxPages = 50,
): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const res = await gh.client.request(route, {
      ...repoParams(gh),
      ...params,
      per_page: PER_PAGE,
      page,
    });
    const items = pageItems<T>(res.data);
    out.push(...items);
    if (!hasNextPage(res, items)) return out;
    if (page >= maxPages) throw new ListingBoundError(route, maxPages, out);
  }
}

/** A listing read to its last page or to `maxPages`: `more` says which (never silent, issue 16). */
export async function paginateUpTo<T>(
  gh: GitHubContext,
  route: string,
  params: Record<string, unknown>,
  maxPages: number,
): Promise<{ items: T[]; more: boolean }> {
  try {
    return { items: await paginate<T>(gh, route, params, maxPages), more: false };
  } catch (error) {
    if (!(error instanceof ListingBoundError)) throw error;
    return { items: error.items as T[], more: true };
  }
}

/** Most list endpoints return an array; a few (workflow runs, installation repos) wrap it. */
function pageItems<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  if (typeof data === "object" && data !== null) {
    for (const key of ["workflow_runs", "repositories", "installations", "items"]) {
      const value = (data as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value as T[];
    }
  }
  return [];
}

export interface GitHubUser {
  login: string;
  type: string;
}

export function isBotUser(user: GitHubUser | null | undefined): boolean {
  if (!user) return true;
  return user.type === "Bot" || user.login.endsWith("[bot]");
}
