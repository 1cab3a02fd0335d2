import { getDefaultBranch } from "./actions.js";
import { type GitHubContext, httpStatus, repoParams } from "./client.js";

/**
 * The compare-and-set behind every save of the state (DESIGN §6.2). A comment edit is not
 * conditional on GitHub, so two writers that both read revision r (two App replicas, the poller
 * and a webhook, the App and the Action) would both save r + 1 and one update would be lost — or
 * both would dispatch the same step. Creating a git ref is atomic: the first writer to create
 * `refs/ralph/claims/issue-<n>/status-<comment>/rev-<r+1>` may save revision r + 1; the second gets
 * 422 "Reference already exists", saves nothing and reloads. Check runs, comments and labels are
 * not unique and cannot serve.
 *
 * The status comment's id is part of the name: deleting the status comment to start over starts a
 * fresh series instead of colliding with the old claims. Refs outside `refs/heads` and `refs/tags`
 * start no workflow and are not fetched by a clone.
 */

export const CLAIM_NAMESPACE = "refs/ralph/claims";

/** Claims older than this many revisions are deleted after a save (a writer that far behind fails its re-check of the comment first). */
export const CLAIMS_KEPT = 2;

export class ClaimTakenError extends Error {
  override readonly name = "ClaimTakenError";
}

export function claimRef(issue: number, statusComment: number, revision: number): string {
  return `${CLAIM_NAMESPACE}/issue-${issue}/status-${statusComment}/rev-${revision}`;
}

/** The claim to create the first status comment, after the newest human comment on the issue. */
export function firstClaimRef(issue: number, latestHumanComment: number): string {
  return `${CLAIM_NAMESPACE}/issue-${issue}/new-after-${latestHumanComment}`;
}

/** Any commit of the repository will do as the ref's target; one lookup per repository and process. */
const targets = new Map<string, Promise<string>>();

export function resetClaimTargetCache(): void {
  targets.clear();
}

async function lookupTarget(gh: GitHubContext): Promise<string> {
  const branch = await getDefaultBranch(gh);
  const res = await gh.client.request("GET /repos/{owner}/{repo}/git/ref/{ref}", {
    ...repoParams(gh),
    ref: `heads/${branch}`,
  });
  return (res.data as { object: { sha: string } }).object.sha;
}

function claimTarget(gh: GitHubContext): Promise<string> {
  if (gh.claimSha !== undefined) return Promise.resolve(gh.claimSha);
  const key = `${gh.owner}/${gh.repo}`;
  let target = targets.get(key);
  if (target === undefined) {
    target = lookupTarget(gh);
    targets.set(key, target);
    // A failed lookup is retried at the next save instead of being cached.
    target.catch(() => targets.delete(key));
  }
  return target;
}

function errorMessage(error: unknown): string {
  const data = (error as { response?: { data?: { message?: unknown } } }).response?.data;
  if (typeof data?.message === "string") return data.message;
  return error instanceof Error ? error.message : String(error);
}

export type ClaimResult = "claimed" | "unavailable";

/**
 * Claims `ref`. Throws ClaimTakenError when another writer holds it. When claims cannot be made at
 * all (an empty repository, a token without `contents: write`), returns "unavailable": the caller
 * still has its revision re-check, the guard Ralph had before claims, and the reason is logged.
 */
export async function claim(gh: GitHubContext, ref: string): Promise<ClaimResult> {
  let sha: string;
  try {
    sha = await claimTarget(gh);
  } catch (error) {
    gh.log.warn(`state claims unavailable (no commit to point ${ref} at): ${errorMessage(error)}`);
    return "unavailable";
  }
  try {
    await gh.client.request("POST /repos/{owner}/{repo}/git/refs", { ...repoParams(gh), ref, sha });
    return "claimed";
  } catch (error) {
    const status = httpStatus(error);
    const message = errorMessage(error);
    if (status === 422 && /already exists/i.test(message)) {
      throw new ClaimTakenError(`${ref} is already claimed by another writer`);
    }
    if (status === 422 && /object does not exist|not a valid|sha/i.test(message)) {
      // The cached commit is gone (a force-push): look it up again next time.
      targets.delete(`${gh.owner}/${gh.repo}`);
    }
    if (status !== null && status >= 500) throw error;
    gh.log.warn(`state claims unavailable (${ref}: ${status ?? "?"} ${message})`);
    return "unavailable";
  }
}

/** Best effort: a claim left behind costs one ref, never correctness. */
export async function releaseClaim(gh: GitHubContext, ref: string): Promise<void> {
  try {
    await gh.client.request("DELETE /repos/{owner}/{repo}/git/refs/{ref}", {
      ...repoParams(gh),
      ref: ref.replace(/^refs\//, ""),
    });
  } catch (error) {
    if (httpStatus(error) !== 404 && httpStatus(error) !== 422) {
      gh.log.debug(`could not delete ${ref}: ${errorMessage(error)}`);
    }
  }
}
