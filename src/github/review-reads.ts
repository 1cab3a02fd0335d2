import { type GitHubContext, isNotFound, repoParams } from "./client.js";
import { type GraphqlActor, restUser } from "./graphql-comment.js";
import type { Review } from "./pulls.js";

/**
 * A PR's reviews newest first, down to the newest one already taken in (issue 16: a reconcile
 * reads what is new, not every review on every event): one GraphQL query for the newest 100, more
 * only while they are all new. Reviews that approvals rest on but that are older than that are
 * read by id (a dismissal withdraws their approval).
 */
export const MAX_REVIEW_PAGES = 50;
const PAGE = 100;

const QUERY = `query RalphReviews($owner: String!, $repo: String!, $pr: Int!, $before: String) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $pr) {
      reviews(last: ${PAGE}, before: $before) {
        pageInfo { hasPreviousPage startCursor }
        nodes { databaseId state body submittedAt commit { oid } author { __typename login } }
      }
    }
  }
}`;

interface Node {
  databaseId: number | null;
  state: string;
  body: string | null;
  submittedAt: string | null;
  commit: { oid: string } | null;
  author: GraphqlActor | null;
}

interface Answer {
  repository?: {
    pullRequest?: {
      reviews?: {
        pageInfo: { hasPreviousPage: boolean; startCursor: string | null };
        nodes: (Node | null)[] | null;
      };
    } | null;
  } | null;
}

function toReview(n: Node): Review | null {
  if (typeof n.databaseId !== "number") return null;
  return {
    id: n.databaseId,
    user: restUser(n.author),
    body: n.body,
    state: n.state,
    commit_id: n.commit?.oid ?? null,
    submitted_at: n.submittedAt,
  };
}

async function reviewById(gh: GitHubContext, pr: number, id: number): Promise<Review | null> {
  try {
    const res = await gh.client.request(
      "GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}",
      { ...repoParams(gh), pull_number: pr, review_id: id },
    );
    return res.data as Review;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * The PR's reviews newer than `sinceId` (all when 0), oldest first, plus the reviews `wanted`
 * (those approvals rest on) wherever they are. MAX_REVIEW_PAGES bounds the reading back: past it
 * the older new reviews are left to GitHub's webhook of each (logged, never silent).
 */
export async function readNewReviews(
  gh: GitHubContext,
  pr: number,
  sinceId: number,
  wanted: readonly number[],
): Promise<Review[]> {
  const read: Review[] = [];
  let before: string | null = null;
  for (let page = 1; ; page++) {
    const answer = (await gh.client.graphql(QUERY, { ...repoParams(gh), pr, before })) as Answer;
    const reviews = answer.repository?.pullRequest?.reviews;
    const nodes = (reviews?.nodes ?? []).flatMap((n) => {
      const r = n === null ? null : toReview(n);
      return r === null ? [] : [r];
    });
    read.push(...nodes);
    const oldest = Math.min(...nodes.map((r) => r.id));
    if (!reviews?.pageInfo.hasPreviousPage || oldest <= sinceId) break;
    if (page >= MAX_REVIEW_PAGES) {
      gh.log.warn(
        `pull request #${pr} has more than ${MAX_REVIEW_PAGES * PAGE} reviews since the last read; read the newest ${read.length}`,
      );
      break;
    }
    before = reviews.pageInfo.startCursor;
  }
  for (const id of wanted) {
    if (read.some((r) => r.id === id)) continue;
    const review = await reviewById(gh, pr, id);
    if (review !== null) read.push(review);
  }
  return read.sort((a, b) => a.id - b.id);
}
