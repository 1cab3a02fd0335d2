/**
 * Which conversation an event about a pull request belongs to, for the events that arrive after
 * Ralph's pull request opened (DESIGN §2.3): its merge or close, and the repository's CI on it
 * (`check_suite`, `check_run`, `status`, and in Actions-only mode `workflow_run`). Shared by the
 * App's handlers and the Action. Cheap by design: an event about a pull request that is not
 * Ralph's costs at most one call (the config, to know `branch_prefix`), often none.
 */
import type { RalphConfig } from "../core/config.js";
import type { MachineEvent } from "../core/events.js";
import { PHASE_LABELS } from "../core/state.js";
import { type GitHubContext, isBotUser, paginate } from "../github/client.js";
import { getPullRequest, isForkPullRequest } from "../github/pulls.js";
import { type PullPayload, ralphPullOwner } from "./issue-info.js";
import type { Signal } from "./signals.js";

/**
 * Ralph's pull request merged, closed or reopened, as the machine's event: a fact, taken in
 * whatever the phase (a job running then is cancelled), before anything said alongside it.
 */
export function pullRequestEndEvent(signal: Signal): MachineEvent | null {
  if (signal.kind === "pr_closed")
    return { type: "pr_closed", pr: signal.pr, merged: signal.merged };
  if (signal.kind === "pr_reopened") return { type: "pr_reopened", pr: signal.pr };
  return null;
}

const PHASE_LABEL_NAMES = new Set(Object.values(PHASE_LABELS).filter((l) => l !== null));

/**
 * The conversation a closed or reopened pull request belongs to: Ralph's own pull request → the
 * issue it closes; a pull request that carries a Ralph phase label (a spec PR Ralph works on) →
 * itself; any other → null (nothing to do, no call made).
 */
export function closedPullOwner(
  gh: GitHubContext,
  pull: PullPayload,
  config: Pick<RalphConfig, "branch_prefix">,
): number | null {
  const owner = ralphPullOwner(gh, pull, config);
  if (owner !== null) return owner;
  const labels = (pull.labels ?? []).map((l) => l.name ?? "");
  return labels.some((l) => PHASE_LABEL_NAMES.has(l)) ? pull.number : null;
}

/**
 * Could this be Ralph's pull request, judged without a call: opened by a bot (or Ralph itself)
 * with a body that closes an issue. ralphPullOwner then decides with the config.
 */
export function mayBeRalphPull(gh: GitHubContext, pull: PullPayload): boolean {
  const byBot = isBotUser(pull.user) || pull.user?.login === gh.botLogin;
  return byBot && /\bCloses #\d+\b/i.test(pull.body ?? "");
}

/** A pull request as check payloads name it: number, head branch and head commit. */
export interface PullRef {
  number: number;
  head: { ref: string; sha: string };
}

/** One of Ralph's pull requests a CI event is about, and the issue that owns it. */
export interface CiEventTarget {
  issue: number;
  pr: number;
  sha: string;
}

/**
 * The issues whose Ralph pull request a CI event is about, its `sha` being that pull request's
 * head. `pulls`: the pull requests the payload names (check suites and workflow runs name those
 * of the same repository); `branches`: branch names a `status` payload names instead. Nothing
 * named on Ralph's `branch_prefix` → no call but the config's; one call per candidate after.
 */
export async function ciEventTargets(
  gh: GitHubContext,
  event: { sha: string; pulls?: readonly PullRef[]; branches?: readonly string[] },
  config: () => Promise<Pick<RalphConfig, "branch_prefix">>,
): Promise<CiEventTarget[]> {
  const pulls = event.pulls ?? [];
  const branches = event.branches ?? [];
  if (pulls.length === 0 && branches.length === 0) return [];
  const { branch_prefix: prefix } = await config();
  const candidates = new Map<number, number | null>();
  for (const p of pulls) {
    if (p.head.ref.startsWith(prefix) && p.head.sha === event.sha) candidates.set(p.number, null);
  }
  for (const branch of branches.filter((b) => b.startsWith(prefix)).slice(0, 5)) {
    const open = await paginate<{ number: number; head: { sha: string } }>(
      gh,
      "GET /repos/{owner}/{repo}/pulls",
      { head: `${gh.owner}:${branch}`, state: "open" },
      1,
    );
    for (const p of open) if (p.head.sha === event.sha) candidates.set(p.number, null);
  }
  const targets: CiEventTarget[] = [];
  for (const number of candidates.keys()) {
    const pull = await getPullRequest(gh, number);
    // Closed, a fork's, or the checks of a commit the pull request has moved past: nothing to do.
    if (isForkPullRequest(gh, pull) || pull.state !== "open" || pull.head.sha !== event.sha) {
      continue;
    }
    const issue = ralphPullOwner(gh, pull, await config());
    if (issue !== null) targets.push({ issue, pr: number, sha: event.sha });
  }
  return targets;
}
