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
 * Every claim of a series is kept, so the claim is the revision check: a writer that read any
 * older revision k asks for k + 1, which exists. The status comment's id is part of the name:
 * deleting the status comment to start over starts a fresh series. Refs outside `refs/heads` and
 * `refs/tags` start no workflow, are not listed as branches and are not fetched by a clone.
 *
 * A claim whose writer died before saving (killed between the two requests) would block the
 * series forever; a writer that finds its claim taken while the comment stays at the revision it
 * read for CLAIM_GRACE moves past it (status.ts). A live claimant never writes after its
 * CLAIM_WRITE_DEADLINE, well inside the grace, so the two cannot both save.
 */

export const CLAIM_NAMESPACE = "refs/ralph/claims";

export function claimRef(issue: number, statusComment: number, revision: number): string {
  return `${CLAIM_NAMESPACE}/issue-${issue}/status-${statusComment}/rev-${revision}`;
}

/**
 * The claim to create the first status comment, after the newest human comment on the issue;
 * `skip` counts orphaned claims of the same name moved past.
 */
export function firstClaimRef(issue: number, latestHumanComment: number, skip = 0): string {
  const base = `${CLAIM_NAMESPACE}/issue-${issue}/new-after-${latestHumanComment}`;
  return skip === 0 ? base : `${base}-skip-${skip}`;
}

/**
 * A claim that can no longer be saved, marked so by its own writer: the writer's save failed in a
 * way that cannot have written the comment (nothing sent, or GitHub refused it and the comment
 * still stands at the revision the writer read). The claim itself stays (no hole below a later
 * revision); a writer that finds it taken moves past it at once instead of waiting the grace.
 */
export function releasedRef(ref: string): string {
  return `${ref}-released`;
}

/**
 * How long a writer may act on what it read (DESIGN §6.2): a claim is sent only within this time
 * of the read it follows (the status comment seen at the revision the claim is for minus one),
 * else the writer reads the revision again first. So a claim of revision r can only be asked for
 * until a little after r - 1 stopped being current, which is what makes old claims safe to delete
 * (claim-cleanup.ts).
 */
export const CLAIM_HOLD_MS = 60_000;

/**
 * How long a taken claim may stay unsaved before it counts as orphaned: long enough for a live
 * claimant's one write, including one secondary-rate-limit `retry-after` (usually 60 s) and the
 * write queue ahead of it.
 */
export const CLAIM_GRACE_MS = 150_000;
/** A claimant that could not send its write within this share of the grace gives it up. */
export const CLAIM_WRITE_SHARE = 0.6;

export interface ClaimTiming {
  graceMs: number;
  pollMs: number;
  /** CLAIM_HOLD_MS, or `RALPH_CLAIM_HOLD_SECONDS` (tests). */
  holdMs: number;
  now(): number;
  sleep(ms: number): Promise<void>;
}

/**
 * How long after a state was saved every claim up to it can no longer matter: a writer that read
 * an older revision sent its claim within the hold of its read (before that save), the request
 * took at most another hold to arrive, and the save's time was read on another machine's clock
 * (allowed five holds of difference).
 */
export function claimsSettleMs(timing: ClaimTiming): number {
  return timing.holdMs * 7;
}

function secondsFromEnv(name: string): number | null {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value * 1000 : null;
}

/**
 * The grace comes from `RALPH_CLAIM_GRACE_SECONDS` when set (tests of the built App and action),
 * else CLAIM_GRACE_MS, the hold likewise from `RALPH_CLAIM_HOLD_SECONDS`; a context may inject a
 * clock (unit tests).
 */
export function claimTiming(gh: GitHubContext): ClaimTiming {
  const graceMs =
    gh.claimTiming?.graceMs ?? secondsFromEnv("RALPH_CLAIM_GRACE_SECONDS") ?? CLAIM_GRACE_MS;
  return {
    graceMs,
    pollMs: gh.claimTiming?.pollMs ?? Math.max(graceMs / 10, 10),
    holdMs: gh.claimTiming?.holdMs ?? secondsFromEnv("RALPH_CLAIM_HOLD_SECONDS") ?? CLAIM_HOLD_MS,
    now: gh.claimTiming?.now ?? Date.now,
    sleep: gh.claimTiming?.sleep ?? ((ms) => new Promise((done) => setTimeout(done, ms))),
  };
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

export function errorMessage(error: unknown): string {
  const data = (error as { response?: { data?: { message?: unknown } } }).response?.data;
  if (typeof data?.message === "string") return data.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * `taken`: another writer holds the ref. `unavailable`: claims cannot be made at all (an empty
 * repository, a token without `contents: write`); the reason is logged and the caller falls back
 * to re-reading the comment, the guard Ralph had before claims.
 */
export type ClaimResult = "claimed" | "taken" | "unavailable";

/**
 * Claims `ref`. `until` (epoch ms on the timing's clock): the end of the hold of the read this claim
 * follows; a request not answered by then is aborted (and counts as unavailable: nothing known).
 */
export async function claim(
  gh: GitHubContext,
  ref: string,
  until: number | null = null,
  now: () => number = Date.now,
): Promise<ClaimResult> {
  let sha: string;
  try {
    sha = await claimTarget(gh);
  } catch (error) {
    gh.log.warn(`state claims unavailable (no commit to point ${ref} at): ${errorMessage(error)}`);
    return "unavailable";
  }
  const left = until === null ? null : until - now();
  if (left !== null && left <= 0) {
    throw new ClaimHoldExpiredError(`${ref}: the read it follows is too old to claim on`);
  }
  try {
    await gh.client.request("POST /repos/{owner}/{repo}/git/refs", {
      ...repoParams(gh),
      ref,
      sha,
      ...(left === null ? {} : { request: { signal: AbortSignal.timeout(left) } }),
    });
    return "claimed";
  } catch (error) {
    if (isAbort(error)) {
      throw new ClaimHoldExpiredError(`${ref}: not claimed within the hold of its read`);
    }
    const status = httpStatus(error);
    const message = errorMessage(error);
    if (status === 422 && /already exists/i.test(message)) return "taken";
    if (status === 422 && /object does not exist|not a valid|sha/i.test(message)) {
      // The cached commit is gone (a force-push): look it up again next time.
      targets.delete(`${gh.owner}/${gh.repo}`);
    }
    if (status !== null && status >= 500) throw error;
    gh.log.warn(`state claims unavailable (${ref}: ${status ?? "?"} ${message})`);
    return "unavailable";
  }
}

/** The claim request outlived the hold of the read it follows: the caller re-reads and retries. */
export class ClaimHoldExpiredError extends Error {
  override readonly name = "ClaimHoldExpiredError";
}

function isAbort(error: unknown): boolean {
  const name = (error as { name?: unknown }).name;
  const cause = (error as { cause?: { name?: unknown } }).cause?.name;
  return [name, cause].some((n) => n === "AbortError" || n === "TimeoutError");
}

/** Marks `ref` released by its own writer (see releasedRef); best effort. */
export async function releaseClaim(gh: GitHubContext, ref: string, why: string): Promise<void> {
  try {
    const sha = await claimTarget(gh);
    await gh.client.request("POST /repos/{owner}/{repo}/git/refs", {
      ...repoParams(gh),
      ref: releasedRef(ref),
      sha,
    });
    gh.log.info(`${ref} released: its save failed (${why}); the next writer need not wait for it`);
  } catch (error) {
    gh.log.warn(`could not release ${ref} after a failed save: ${errorMessage(error)}`);
  }
}

/** Whether the writer of `ref` released it (one request; an error counts as no). */
export async function isReleased(gh: GitHubContext, ref: string): Promise<boolean> {
  try {
    await gh.client.request("GET /repos/{owner}/{repo}/git/ref/{ref}", {
      ...repoParams(gh),
      ref: releasedRef(ref).replace(/^refs\//, ""),
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Polls `moved` (did the state move past what this writer read?) and `released` (did the claim's
 * own writer give it up?) for up to the grace. `moved`: the claim's holder saved (or anyone else
 * did); `released`: its writer failed to save and said so; `orphaned`: nothing moved for the
 * whole grace.
 */
const FIRST_POLL_MS = 200;

export async function awaitClaimHolder(
  timing: ClaimTiming,
  moved: () => Promise<boolean>,
  released: () => Promise<boolean> = async () => false,
): Promise<"moved" | "released" | "orphaned"> {
  const until = timing.now() + timing.graceMs;
  const look = async () => ((await moved()) ? "moved" : (await released()) ? "released" : null);
  const first = await look();
  if (first !== null) return first;
  // A live holder saves within a request or two: look again soon, then less and less often.
  let wait = Math.min(FIRST_POLL_MS, timing.pollMs);
  while (timing.now() < until) {
    await timing.sleep(Math.min(wait, Math.max(until - timing.now(), 0)));
    const seen = await look();
    if (seen !== null) return seen;
    wait = Math.min(wait * 2, timing.pollMs);
  }
  return "orphaned";
}
