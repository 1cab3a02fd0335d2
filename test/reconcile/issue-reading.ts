/**
 * What the tests of src/reconcile/read-issue.ts share: LOGIN_ISSUE (#42) as the read sees it, a
 * comment written by hand (no fake needed), and a reading of the issue for the steps after the
 * read (`reportStatusTrouble`, `startingState`), each field changed by a patch.
 */
import type { GitHubUser } from "../../src/github/client.js";
import type { IssueComment } from "../../src/github/comments.js";
import type { IssueInfo } from "../../src/github/issue-read.js";
import type { IssueReading } from "../../src/reconcile/read-issue.js";
import { LOGIN_ISSUE } from "../app/login-issue.js";
import { OWNER, REPO, SERVER_URL } from "../support/fake-github/index.js";

/** LOGIN_ISSUE as the read gives it. */
export const LOGIN_INFO: IssueInfo = {
  number: LOGIN_ISSUE.number,
  author: LOGIN_ISSUE.author,
  title: LOGIN_ISSUE.title,
  body: LOGIN_ISSUE.body,
  isPullRequest: false,
  labels: [],
};

/** A comment `id` on #42 by `author` (null: a deleted account). */
export function issueComment(id: number, body: string, author: GitHubUser | null): IssueComment {
  return {
    id,
    body,
    user: author,
    created_at: new Date(Date.UTC(2024, 4, 1, 10, 0, id)).toISOString(),
    html_url: `${SERVER_URL}/${OWNER}/${REPO}/issues/42#issuecomment-${id}`,
  };
}

/** Nothing read, no status comment, nothing cut, LOGIN_INFO; `patch` changes any of it. */
export function reading(patch: Partial<IssueReading> = {}): IssueReading {
  return {
    comments: { list: [], from: 0 },
    status: { kind: "none", foreign: [] },
    loaded: null,
    items: [],
    hasCommands: false,
    issue: LOGIN_INFO,
    cutAt: null,
    others: [],
    ...patch,
  };
}
