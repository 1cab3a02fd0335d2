import { type GitHubContext, repoParams } from "./client.js";
import { CLAIM_NAMESPACE, errorMessage } from "./state-claim.js";

/**
 * Deleting the state claims of an issue that can no longer matter (docs/security.md, "The claims
 * are cleaned once they cannot matter"). A claim is asked for only within the hold of a read that
 * showed the revision before it (state-claim.ts CLAIM_HOLD_MS), so once the state saved at
 * revision r has stood for claimsSettleMs, no request for a claim of revision r or below can still
 * arrive: deleting them opens no hole a stale writer could use. The caller (status.ts) cleans
 * after such a save: every claim of the issue except the current series' above the revision it
 * read, and the first-comment claims and other series (their comments are gone or never read).
 */

/** deleteRef mutations per GraphQL request (each counts on the secondary rate limit). */
const DELETES_PER_REQUEST = 50;
/** Pages of refs read at most (100 each on GitHub): a cleanup left unfinished resumes later. */
const MAX_PAGES = 20;

interface RefEntry {
  ref: string;
  node_id: string;
}

const SERIES = /\/status-(\d+)\/rev-(\d+)(?:-released)?$/;

/** Whether `ref` may still matter: the current series above the revision the cleaner read. */
function stillMatters(ref: string, keep: { comment: number; above: number }): boolean {
  const m = SERIES.exec(ref);
  return m !== null && Number(m[1]) === keep.comment && Number(m[2]) > keep.above;
}

/**
 * Deletes the issue's claims that can no longer matter; returns how many went. Best effort: a
 * failure is logged and leaves claims for a later cleanup, never fails the save.
 */
export async function cleanClaims(
  gh: GitHubContext,
  issue: number,
  keep: { comment: number; above: number },
): Promise<number> {
  const prefix = `${CLAIM_NAMESPACE}/issue-${issue}/`;
  try {
    const refs = await matchingRefs(gh, prefix);
    const stale = refs.filter((r) => r.ref.startsWith(prefix) && !stillMatters(r.ref, keep));
    for (let i = 0; i < stale.length; i += DELETES_PER_REQUEST) {
      await deleteRefs(gh, stale.slice(i, i + DELETES_PER_REQUEST));
    }
    if (stale.length > 0) {
      gh.log.info(`#${issue}: removed ${stale.length} state claims that can no longer matter`);
    }
    return stale.length;
  } catch (error) {
    gh.log.warn(`#${issue}: could not remove old state claims (${errorMessage(error)})`);
    return 0;
  }
}

/** Every ref under `prefix`, following GitHub's `link` pages when it sends them. */
async function matchingRefs(gh: GitHubContext, prefix: string): Promise<RefEntry[]> {
  const out: RefEntry[] = [];
  let res = await gh.client.request("GET /repos/{owner}/{repo}/git/matching-refs/{ref}", {
    ...repoParams(gh),
    ref: prefix.slice("refs/".length),
  });
  for (let page = 1; ; page++) {
    out.push(...(res.data as RefEntry[]));
    const next = /<([^>]+)>;\s*rel="next"/.exec(String(res.headers?.link ?? ""))?.[1];
    if (next === undefined || page >= MAX_PAGES) return out;
    res = await gh.client.request(`GET ${next}`);
  }
}

/** One GraphQL request deleting `refs` (REST would take one spaced write per ref). */
async function deleteRefs(gh: GitHubContext, refs: readonly RefEntry[]): Promise<void> {
  const variables = Object.fromEntries(refs.map((r, i) => [`r${i}`, r.node_id]));
  const params = refs.map((_, i) => `$r${i}: ID!`).join(", ");
  const fields = refs
    .map((_, i) => `d${i}: deleteRef(input: { refId: $r${i} }) { clientMutationId }`)
    .join("\n");
  await gh.client.graphql(`mutation (${params}) {\n${fields}\n}`, variables);
}
