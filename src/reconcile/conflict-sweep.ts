/**
 * A moving base noticed by the sweeps (DESIGN §2.3). Once Ralph's pull request is done, no CI
 * event may come for it while the default branch moves on: the sweeps (the Action's `schedule`
 * run and the App's poller) read Ralph's open pull requests' mergeability, and only a pull
 * request GitHub says conflicts has its issue re-read (signal `base`), which merges the default
 * branch (core/machine/base-merge.ts). The cost is flat in history: merged pull requests are no
 * longer open, and a pull request that merges cleanly costs its one read.
 */
import type { RalphConfig } from "../core/config.js";
import type { GitHubContext } from "../github/client.js";
import type { PullRequest } from "../github/pulls.js";
import { type PullPayload, ralphPullOwner } from "./issue-info.js";
import { mayBeRalphPull } from "./pr-events.js";

/** The newest open pull requests one sweep looks at (one page): the rest wait for a later one. */
export const SWEPT_PULLS = 100;

export interface ConflictTarget {
  /** The issue that owns the pull request. */
  issue: number;
  pr: number;
}

type PullWithMerge = PullPayload & { mergeable: boolean | null; mergeable_state: string };

/**
 * The repository's open pull requests of Ralph's (one listing, the newest first), with their
 * issues; `skip`: issues the sweep re-reads anyway (their reconcile reads the merge state).
 */
export async function openRalphPulls(
  gh: GitHubContext,
  config: Pick<RalphConfig, "branch_prefix">,
  skip: ReadonlySet<number> = new Set(),
): Promise<ConflictTarget[]> {
  const res = await gh.client.request("GET /repos/{owner}/{repo}/pulls", {
    owner: gh.owner,
    repo: gh.repo,
    state: "open",
    per_page: SWEPT_PULLS,
  });
  return (res.data as PullPayload[]).flatMap((p) => {
    const issue = mayBeRalphPull(gh, p) ? ralphPullOwner(gh, p, config) : null;
    return issue === null || skip.has(issue) ? [] : [{ issue, pr: p.number }];
  });
}

/**
 * Reads each pull request once (`GET …/pulls/{n}` holds its mergeability) and returns those of
 * Ralph's that GitHub says conflict with their base. A mergeability GitHub has not computed yet
 * is left to the next sweep.
 */
export async function conflictingPulls(
  gh: GitHubContext,
  pulls: readonly ConflictTarget[],
  config: Pick<RalphConfig, "branch_prefix">,
): Promise<ConflictTarget[]> {
  const out: ConflictTarget[] = [];
  for (const { pr: number } of pulls) {
    const res = await gh.client.request("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
      owner: gh.owner,
      repo: gh.repo,
      pull_number: number,
    });
    const pull = res.data as PullWithMerge & PullRequest;
    if (pull.state !== "open" || !mayBeRalphPull(gh, pull)) continue;
    const issue = ralphPullOwner(gh, pull, config);
    if (issue === null) continue;
    if (pull.mergeable === false || pull.mergeable_state === "dirty")
      out.push({ issue, pr: number });
  }
  return out;
}
