import { redactSecrets } from "../core/redact-secrets.js";
import { truncate } from "../core/sanitize.js";
import { GITHUB_COMMENT_LIMIT, splitComment } from "../core/split-comment.js";
import { type GitHubContext, type GitHubUser, paginate, repoParams } from "./client.js";
import { claimReplyKey, releaseReplyKey, windowAnswers } from "./reply-keys.js";

export interface IssueComment {
  id: number;
  /** GraphQL's id of the comment (the next read in the same process asks for it by this). */
  node_id?: string;
  body: string;
  user: GitHubUser | null;
  created_at: string;
  html_url: string;
}

export interface RawComment {
  id: number;
  node_id?: string;
  body?: string | null;
  user?: { login: string; type: string } | null;
  created_at: string;
  html_url: string;
}

/** Also turns a webhook payload's `comment` into the adapter's shape. */
export function toComment(raw: RawComment): IssueComment {
  return {
    id: raw.id,
    ...(typeof raw.node_id === "string" && raw.node_id !== "" ? { node_id: raw.node_id } : {}),
    body: raw.body ?? "",
    user: raw.user ? { login: raw.user.login, type: raw.user.type } : null,
    created_at: raw.created_at,
    html_url: raw.html_url,
  };
}

/**
 * The comments of an issue that a read covered (issue 16: reads go back only as far as the state's
 * watermark, github/issue-read.ts): every comment with an id above `from` is in `list`, oldest
 * first; `from` 0 means the whole conversation. Comments posted since are appended.
 */
export interface KnownComments {
  list: IssueComment[];
  from: number;
}

/**
 * All comments of an issue or PR conversation, oldest first (the API's order): the whole history,
 * so only where nothing cheaper can answer (a keyed reply's check without state claims).
 */
export async function listIssueComments(gh: GitHubContext, issue: number): Promise<IssueComment[]> {
  const raw = await paginate<RawComment>(
    gh,
    "GET /repos/{owner}/{repo}/issues/{issue_number}/comments",
    { issue_number: issue },
  );
  return raw.map(toComment).sort((a, b) => a.id - b.id);
}

export async function getComment(gh: GitHubContext, commentId: number): Promise<IssueComment> {
  const res = await gh.client.request("GET /repos/{owner}/{repo}/issues/comments/{comment_id}", {
    ...repoParams(gh),
    comment_id: commentId,
  });
  return toComment(res.data as RawComment);
}

/**
 * DESIGN §7.6: every text Ralph writes to GitHub passes here, whichever path writes it (new and
 * edited comments, reviews, PR bodies, the state block). Known secrets and token shapes go.
 */
export function redactFor(gh: GitHubContext, text: string): string {
  return redactSecrets(text, gh.secrets ?? []);
}

/** Every string inside `value` redacted (the state travels base64, where text redaction is blind). */
export function redactDeep<T>(gh: GitHubContext, value: T): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return redactFor(gh, v);
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === "object" && v !== null) {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, walk(inner)]));
    }
    return v;
  };
  return walk(value) as T;
}

/**
 * `redacted`: the caller already redacted what it renders (the status comment, whose base64 state
 * block a text replacement could cut into an unreadable state).
 */
export interface WriteOptions {
  redacted?: boolean;
  /** Aborts the write if it could not be sent in time (a state claim's deadline, state-claim.ts). */
  signal?: AbortSignal;
}

const CLIPPED_NOTE = "\n\n… (cut at GitHub's 65,536-character limit)";

/**
 * The last guard before GitHub (issue 10: never a 422 "Body is too long"): callers split long
 * bodies into parts (postComment, postReview); anything still over the limit is cut with a note.
 */
export function withinLimit(
  body: string,
  limit = GITHUB_COMMENT_LIMIT,
  note = CLIPPED_NOTE,
): string {
  return body.length <= limit ? body : truncate(body, limit, note);
}

export function createComment(
  gh: GitHubContext,
  issue: number,
  body: string,
  options: WriteOptions = {},
): Promise<IssueComment> {
  const route = "POST /repos/{owner}/{repo}/issues/{issue_number}/comments";
  return writeComment(gh, route, { issue_number: issue }, body, options);
}

export function updateComment(
  gh: GitHubContext,
  commentId: number,
  body: string,
  options: WriteOptions = {},
): Promise<IssueComment> {
  const route = "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}";
  return writeComment(gh, route, { comment_id: commentId }, body, options);
}

/** Creating and editing differ only in the route and the id; both redact and bound the body. */
async function writeComment(
  gh: GitHubContext,
  route: string,
  target: { issue_number: number } | { comment_id: number },
  body: string,
  options: WriteOptions,
): Promise<IssueComment> {
  const res = await gh.client.request(route, {
    ...repoParams(gh),
    ...target,
    body: withinLimit(options.redacted ? body : redactFor(gh, body)),
    ...(options.signal === undefined ? {} : { request: { signal: options.signal } }),
  });
  return toComment(res.data as RawComment);
}

/** Authored by the login this adapter runs as: the only comments whose hidden blocks are trusted. */
export function isOwnComment(gh: GitHubContext, comment: IssueComment): boolean {
  return comment.user?.login === gh.botLogin;
}

/** Keys become part of an HTML comment: keep them to a safe alphabet so `-->` can't appear. */
export function keyMarker(key: string): string {
  return `<!-- ralph:key=${key.replace(/[^A-Za-z0-9:._@/-]/g, "_")} -->`;
}

export function hasKeyedComment(
  gh: GitHubContext,
  comments: readonly IssueComment[],
  key: string,
): boolean {
  const marker = keyMarker(key);
  return comments.some((c) => isOwnComment(gh, c) && c.body.includes(marker));
}

export interface PostOptions {
  /**
   * Dedupe key: nothing is posted when Ralph already posted a comment with this key on the issue
   * (reply-keys.ts says how that is known without reading the whole history).
   */
  key?: string;
  /** Comments already read for this issue (saves a read; posted parts are appended). */
  known?: KnownComments;
  limit?: number;
}

/**
 * Posts a body as one or more comments, each within GitHub's limit (DESIGN §3.2). The key marker
 * goes into the first part so the dedupe check finds it. Returns the posted comments (empty when
 * deduplicated).
 */
export async function postComment(
  gh: GitHubContext,
  issue: number,
  body: string,
  options: PostOptions = {},
): Promise<IssueComment[]> {
  const limit = options.limit ?? GITHUB_COMMENT_LIMIT;
  let prefix = "";
  let claimed: string | null = null;
  if (options.key !== undefined) {
    const key = options.key;
    if (options.known !== undefined && hasKeyedComment(gh, options.known.list, key)) return [];
    if (!windowAnswers(key, options.known)) {
      const claim = await claimReplyKey(gh, issue, key);
      if (claim === "taken") return [];
      if (claim === "claimed") claimed = key;
      else if (hasKeyedComment(gh, await listIssueComments(gh, issue), key)) return [];
    }
    prefix = `${keyMarker(key)}\n`;
  }
  const parts = splitComment(redactFor(gh, body), limit - prefix.length);
  const posted: IssueComment[] = [];
  try {
    for (const [index, part] of parts.entries()) {
      const comment = await createComment(gh, issue, index === 0 ? prefix + part : part);
      posted.push(comment);
      options.known?.list.push(comment);
    }
  } catch (error) {
    // Nothing of it reached the issue: the key is free again for the next try.
    if (claimed !== null && posted.length === 0) await releaseReplyKey(gh, issue, claimed);
    throw error;
  }
  return posted;
}

/**
 * Edits a comment in place; a body over the limit keeps its first part there (markers included)
 * and the rest follows as new comments, like postComment's parts.
 */
export async function editComment(
  gh: GitHubContext,
  issue: number,
  commentId: number,
  body: string,
  options: { known?: KnownComments; limit?: number } = {},
): Promise<IssueComment> {
  const parts = splitComment(redactFor(gh, body), options.limit ?? GITHUB_COMMENT_LIMIT);
  const edited = await updateComment(gh, commentId, parts[0] ?? "", { redacted: true });
  for (const part of parts.slice(1)) {
    const comment = await createComment(gh, issue, part, { redacted: true });
    options.known?.list.push(comment);
  }
  return edited;
}
