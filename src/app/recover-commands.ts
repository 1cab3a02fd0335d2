import { parseCommands } from "../core/commands.js";
import { type GitHubContext, isBotUser, paginate } from "../github/client.js";
import { type IssueComment, type RawComment, toComment } from "../github/comments.js";
import { listCommentReactions } from "../github/reactions.js";

/**
 * The App answers a webhook before it handles it (in-flight.ts), so a process that dies in
 * between would drop the command: GitHub does not redeliver a delivery it got a 2xx for. The
 * sweep closes that gap: every command comment of the last `windowMs` that Ralph has not
 * acknowledged with 👀 is reconciled again, as if its webhook had just arrived. Reconciling is
 * idempotent (the state's watermark, keyed replies), so a command that was handled but never
 * acknowledged — one by a user without write access — costs a read, not a second reply.
 *
 * Cost per sweep (issue 16): one search for the installation's issues updated in the window
 * (app-runtime.ts), then per such issue one read of its comments since then, plus one reaction
 * read per recent command.
 */
export async function recoverUnacknowledgedCommands(
  gh: GitHubContext,
  issue: number,
  since: Date,
  reconcile: (issue: number, comment: IssueComment) => Promise<unknown>,
): Promise<number> {
  // `since` returns the comments updated since; an older comment edited meanwhile is skipped.
  const recent = await paginate<RawComment>(
    gh,
    "GET /repos/{owner}/{repo}/issues/{issue_number}/comments",
    { issue_number: issue, since: since.toISOString() },
  );
  let recovered = 0;
  for (const raw of recent) {
    const comment = toComment(raw);
    if (Date.parse(comment.created_at) < since.getTime()) continue;
    if (isBotUser(comment.user) || parseCommands(comment.body).length === 0) continue;
    const eyes = await listCommentReactions(gh, comment.id, "eyes");
    if (eyes.some((r) => r.user?.login.toLowerCase() === gh.botLogin.toLowerCase())) continue;
    await reconcile(issue, comment);
    recovered += 1;
  }
  return recovered;
}
