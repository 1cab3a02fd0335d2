/**
 * The fake's review-thread routes (follow-up rounds, DESIGN §2.3): the inline comments of a pull
 * request, a reply in a thread, a review request. Answers are checked against GitHub's
 * description like every other route (index.ts).
 */
import { type FakeUser, type RepoModel, reviewCommentJson } from "./model.js";
import type { Reply, RestHandler, RestRequest } from "./rest-routes.js";

/** The reply helpers of rest-routes.ts, handed in so both files answer alike. */
export interface Answers {
  created: (body: unknown) => Reply;
  notFound: () => Reply;
  /** One page of a list with GitHub's `link` header (rest-routes.ts). */
  paged: <T>(r: RestRequest, items: T[]) => Reply;
}

const REPO_ROUTE = "/repos/{owner}/{repo}";

/** Review threads: a pull request's inline comments, replies in a thread, review requests. */
export function reviewThreadRoutes(m: RepoModel, answer: Answers): Record<string, RestHandler> {
  const { created, notFound, paged } = answer;
  const pulls = `${REPO_ROUTE}/pulls/{pull_number}`;
  const pr = (r: RestRequest) => Number(r.params.pull_number);
  return {
    [`GET ${pulls}/comments`]: (r) => {
      // `since`: created or edited at or after it, as GitHub compares `updated_at`.
      const since = r.query.get("since");
      const desc = r.query.get("direction") === "desc";
      const list = (m.pullComments.get(pr(r)) ?? [])
        .filter((c) => since === null || c.updated_at >= since)
        .sort((a, b) => (desc ? b.id - a.id : a.id - b.id))
        .map(reviewCommentJson);
      return paged(r, list);
    },
    [`POST ${pulls}/comments/{comment_id}/replies`]: (r) => {
      const target = (m.pullComments.get(pr(r)) ?? []).find(
        (c) => c.id === Number(r.params.comment_id),
      );
      if (target === undefined) return notFound();
      const reply = m.addReviewComment(pr(r), {
        reviewId: null,
        body: String(r.body.body),
        path: target.path,
        line: target.line,
        user: r.actor,
        inReplyTo: target.inReplyTo ?? target.id,
      });
      return created(reviewCommentJson(reply));
    },
    [`POST ${pulls}/requested_reviewers`]: (r) => {
      const pull = m.pulls.get(pr(r));
      if (pull === undefined) return notFound();
      const wanted = (r.body.reviewers as string[] | undefined) ?? [];
      const author = (pull.user as FakeUser | undefined)?.login ?? "";
      // GitHub refuses the pull request's author and users who are not collaborators (its
      // description gives this 422 no body).
      if (wanted.some((w) => w.toLowerCase() === author.toLowerCase())) {
        return { status: 422 };
      }
      if (wanted.some((w) => !m.permissions.has(w.toLowerCase()))) {
        return { status: 422 };
      }
      const list = [...new Set([...(m.requestedReviewers.get(pr(r)) ?? []), ...wanted])];
      m.requestedReviewers.set(pr(r), list);
      return created({
        ...pull,
        requested_reviewers: list.map((login) => ({ login, type: "User" })),
      });
    },
  };
}
