/** The issue the App suites play on, as GitHub serves it and as a comment's webhook names it. */
import { issueCommentCreated, type Payload } from "../fixtures/webhooks/index.js";
import type { FakeComment, FakeGitHub, FakeUser } from "../support/fake-github/index.js";

export const LOGIN_ISSUE = {
  number: 42,
  author: "octo-author",
  title: "Add a login page",
  body: "Login.",
};

/** LOGIN_ISSUE as GitHub serves it (its labels kept apart, as the fake keeps them). */
export function seedLoginIssue(fake: FakeGitHub, extra: Record<string, unknown> = {}): void {
  fake.issues.set(LOGIN_ISSUE.number, {
    number: LOGIN_ISSUE.number,
    title: LOGIN_ISSUE.title,
    body: LOGIN_ISSUE.body,
    user: { login: LOGIN_ISSUE.author },
    ...extra,
  });
}

/** The `issue_comment.created` webhook of `comment` on LOGIN_ISSUE, written by `author`. */
export function loginComment(comment: FakeComment, author: FakeUser = comment.user): Payload {
  return issueCommentCreated({ issue: LOGIN_ISSUE, comment: { ...comment, user: author } });
}
