/**
 * Can Ralph's pull request merge into its base (DESIGN §2.3, a moving base)? GitHub computes
 * `mergeable` in the background after a push to either branch: it reads `null` until then, so
 * the pull request is read again after a pause, a bounded number of times.
 * `mergeable_state: dirty` (or `mergeable: false`) means conflicts.
 */
import { type GitHubContext, repoParams } from "./client.js";

export type Mergeability =
  /** No conflict. `behind`: the base moved on (GitHub says so when branch protection asks for it). */
  | { kind: "mergeable"; state: string; behind: boolean; headSha: string }
  /** `baseSha`: the base branch's commit GitHub compared with (empty when it did not say). */
  | { kind: "conflicts"; headSha: string; baseSha: string }
  /** GitHub had not computed it after every read: try again at the next event. */
  | { kind: "unknown"; headSha: string }
  /** Merged or closed: nothing to merge any more. */
  | { kind: "closed"; merged: boolean; headSha: string };

interface PullMergeData {
  state: string;
  merged?: boolean;
  mergeable: boolean | null;
  mergeable_state: string;
  head: { sha: string };
  base: { sha?: string };
}

export interface MergeabilityOptions {
  /** Pauses before each re-read while `mergeable` is null (milliseconds); their count bounds it. */
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

export const MERGEABILITY_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000];

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function readMergeability(
  gh: GitHubContext,
  pr: number,
  options: MergeabilityOptions = {},
): Promise<Mergeability> {
  const delays = options.retryDelaysMs ?? MERGEABILITY_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? realSleep;
  for (let attempt = 0; ; attempt++) {
    const res = await gh.client.request("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
      ...repoParams(gh),
      pull_number: pr,
    });
    const pull = res.data as PullMergeData;
    const headSha = pull.head.sha;
    if (pull.state === "closed") return { kind: "closed", merged: pull.merged === true, headSha };
    if (pull.mergeable === false || pull.mergeable_state === "dirty") {
      return { kind: "conflicts", headSha, baseSha: pull.base.sha ?? "" };
    }
    if (pull.mergeable === true) {
      return {
        kind: "mergeable",
        state: pull.mergeable_state,
        behind: pull.mergeable_state === "behind",
        headSha,
      };
    }
    const delay = delays[attempt];
    if (delay === undefined) return { kind: "unknown", headSha };
    await sleep(delay);
  }
}
