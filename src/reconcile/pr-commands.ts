import { parseCommands } from "../core/commands.js";
import type { RalphConfig } from "../core/config.js";
import type { GitHubContext } from "../github/client.js";
import { getComment, type IssueComment } from "../github/comments.js";
import { getPullRequest, isForkPullRequest } from "../github/pulls.js";
import { type IssueInfo, ralphPullOwner } from "./issue-info.js";

/**
 * `/ralph …` commands on Ralph's own pull request belong to the issue it closes (issue 13): the
 * issue holds the state and the conversation. This says which issue, or null when the comment
 * stays where it was written. Only a command comment on a pull request whose body closes an
 * issue can qualify, so ordinary comments cost no API call; the pull request itself (one call)
 * then confirms it is Ralph's.
 */
export async function routedIssueFor(
  gh: GitHubContext,
  issue: IssueInfo,
  comment: Pick<IssueComment, "body">,
  config: () => Promise<Pick<RalphConfig, "branch_prefix">>,
): Promise<number | null> {
  if (!issue.isPullRequest || !/\bCloses #\d+\b/i.test(issue.body)) return null;
  if (parseCommands(comment.body).length === 0) return null;
  const pull = await getPullRequest(gh, issue.number);
  if (isForkPullRequest(gh, pull)) return null;
  return ralphPullOwner(gh, pull, await config());
}

function isNotFound(error: unknown): boolean {
  return (error as { status?: number } | null)?.status === 404;
}

/**
 * The comments a state's `routedCommands` names, oldest first. A deleted one is skipped: what
 * nobody can read any more commands nothing.
 */
export async function loadRoutedComments(
  gh: GitHubContext,
  ids: readonly number[],
): Promise<IssueComment[]> {
  const comments: IssueComment[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    try {
      comments.push(await getComment(gh, id));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  return comments;
}
