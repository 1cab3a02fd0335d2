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
 * Cost per repository and sweep: one comment list, plus one reaction read per recent command.
 */
export async function recoverUnacknowledgedCommands(
  gh: GitHubContext,
  windowMs: number,
  reconcile: (issue: number, comment: IssueComment) => Promise<unknown>,
  now: Date = new Date(),
): Promise<number> {
  const since = new Date(now.getTime() - windowMs).toISOString();
  const recent = await paginate<RawComment & { issue_url?: string }>(
    gh,
    "GET /repos/{owner}/{repo}/issues/comments",
    { since, sort: "created", direction: "asc" },
  );
  let recovered = 0;
  for (const raw of recent) {
    const comment = toComment(raw);
    if (isBotUser(comment.user) || parseCommands(comment.body).length === 0) continue;
    const issue = Number(/\/issues\/(\d+)$/.exec(raw.issue_url ?? "")?.[1]);
    if (!Number.isInteger(issue) || issue < 1) continue;
    const eyes = await listCommentReactions(gh, comment.id, "eyes");
    if (eyes.some((r) => r.user?.login.toLowerCase() === gh.botLogin.toLowerCase())) continue;
    await reconcile(issue, comment);
    recovered += 1;
  }
  return recovered;
}
