import { type GitHubContext, httpStatus, repoParams } from "./client.js";
import { errorMessage } from "./state-claim.js";

/**
 * Deletes one of Ralph's own refs (`refs/ralph/…`: a reply key, a status pointer), best effort:
 * a ref left behind costs at most one request later, so a failure is logged, never thrown.
 */
export async function deleteRalphRef(gh: GitHubContext, ref: string, what: string): Promise<void> {
  const name = ref.replace(/^refs\//, "");
  try {
    await gh.client.request("DELETE /repos/{owner}/{repo}/git/refs/{ref}", {
      ...repoParams(gh),
      ref: name,
    });
  } catch (error) {
    gh.log.warn(`could not ${what} ${name} (${httpStatus(error) ?? "?"}): ${errorMessage(error)}`);
  }
}
