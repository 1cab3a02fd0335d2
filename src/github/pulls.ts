import { FOLLOWUP_ID } from "../core/followup.js";
import { blobUrl } from "../core/links.js";
import { GITHUB_COMMENT_LIMIT, splitComment } from "../core/split-comment.js";
import type { MachineState, StoryState } from "../core/state.js";
import {
  type GitHubContext,
  type GitHubUser,
  paginate,
  repoParams,
  repoWebUrlOf,
} from "./client.js";
import { createComment, redactFor, withinLimit } from "./comments.js";

export interface PullRequest {
  number: number;
  node_id: string;
  html_url: string;
  draft: boolean;
  state: string;
  body: string | null;
  head: { ref: string; sha: string; repo: { full_name: string } | null };
  base: { ref: string; repo: { full_name: string } };
  user: GitHubUser | null;
}

export async function getPullRequest(gh: GitHubContext, pr: number): Promise<PullRequest> {
  const res = await gh.client.request("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
    ...repoParams(gh),
    pull_number: pr,
  });
  return res.data as PullRequest;
}

/** A PR whose head lives in another repository (DESIGN §2.2: never pushed to, never run). */
export function isForkPullRequest(gh: GitHubContext, pr: PullRequest): boolean {
  const head = pr.head.repo?.full_name;
  return head === undefined || head.toLowerCase() !== `${gh.owner}/${gh.repo}`.toLowerCase();
}

export function closesLine(issue: number): string {
  return `Closes #${issue}`;
}

export interface RalphPrInput {
  issue: number;
  head: string;
  base: string;
  title: string;
  /** Extra text under the `Closes #N` line. */
  summary?: string;
  /** Known PR number (from the state); otherwise an open PR for the head branch is reused. */
  existing?: number | null;
  /** The PRD file on the head branch: where a cut body's story list is whole. */
  prdPath?: string;
}

/**
 * Creates the Ralph PR as a draft (body `Closes #N`), or updates title/body of the existing one.
 * Idempotent: a rerun finds the open PR of the head branch instead of failing with 422.
 */
export async function upsertRalphPr(gh: GitHubContext, input: RalphPrInput): Promise<PullRequest> {
  // Cut, the story list still has a full copy: the PRD file on the PR's own branch, linked.
  const prd =
    input.prdPath === undefined
      ? "the PRD"
      : `[the PRD](${blobUrl(repoWebUrlOf(gh), input.head, input.prdPath)})`;
  const body = withinLimit(
    redactFor(gh, [closesLine(input.issue), input.summary ?? ""].join("\n\n").trim()),
    GITHUB_COMMENT_LIMIT,
    `\n\n… (cut at GitHub's 65,536-character limit: every story is in ${prd} on \`${input.head}\`, see this PR's files)`,
  );
  const title = redactFor(gh, input.title);
  let number = input.existing ?? null;
  if (number === null) {
    const open = await gh.client.request("GET /repos/{owner}/{repo}/pulls", {
      ...repoParams(gh),
      head: `${gh.owner}:${input.head}`,
      state: "open",
      per_page: 1,
    });
    number = (open.data as PullRequest[])[0]?.number ?? null;
  }
  if (number !== null) {
    const res = await gh.client.request("PATCH /repos/{owner}/{repo}/pulls/{pull_number}", {
      ...repoParams(gh),
      pull_number: number,
      title,
      body,
    });
    return res.data as PullRequest;
  }
  const res = await gh.client.request("POST /repos/{owner}/{repo}/pulls", {
    ...repoParams(gh),
    head: input.head,
    base: input.base,
    title,
    body,
    draft: true,
  });
  return res.data as PullRequest;
}

const MARK_READY = `mutation($id: ID!) {
  markPullRequestReadyForReview(input: { pullRequestId: $id }) {
    pullRequest { number isDraft }
  }
}`;

/** The REST API can't leave draft state; GraphQL's markPullRequestReadyForReview can. */
export async function markPullRequestReady(gh: GitHubContext, pr: number): Promise<void> {
  const current = await getPullRequest(gh, pr);
  if (!current.draft) return;
  await gh.client.graphql(MARK_READY, { id: current.node_id });
}

export type ReviewState = "APPROVED" | "CHANGES_REQUESTED" | "COMMENTED" | "DISMISSED" | "PENDING";

export interface Review {
  id: number;
  user: GitHubUser | null;
  body: string | null;
  /** Upper case in REST, lower case in webhooks: normalise with normalizeReviewState. */
  state: string;
  commit_id: string | null;
  submitted_at?: string | null;
  html_url?: string;
}

export function normalizeReviewState(state: string): ReviewState {
  return state.toUpperCase() as ReviewState;
}

export const PLAN_INVALIDATION_FLAG = "**PLAN_INVALIDATION**";

/**
 * A COMMENT review (Ralph never approves or blocks); plan invalidations carry a visible flag. A body
 * over GitHub's limit is split (issue 10): the review holds the first part, the rest follows as
 * comments on the PR conversation, each within the limit, fences and `<details>` kept balanced.
 */
export async function postReview(
  gh: GitHubContext,
  pr: number,
  body: string,
  options: { planInvalidation?: boolean; commitId?: string; limit?: number } = {},
): Promise<Review> {
  const raw = options.planInvalidation ? `${PLAN_INVALIDATION_FLAG}\n\n${body}` : body;
  const parts = splitComment(redactFor(gh, raw), options.limit ?? GITHUB_COMMENT_LIMIT);
  const res = await gh.client.request("POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews", {
    ...repoParams(gh),
    pull_number: pr,
    event: "COMMENT",
    body: parts[0] ?? "",
    ...(options.commitId === undefined ? {} : { commit_id: options.commitId }),
  });
  for (const part of parts.slice(1)) await createComment(gh, pr, part, { redacted: true });
  return res.data as Review;
}

export interface PullRequestFile {
  filename: string;
  status: string;
}

export async function listPullRequestFiles(
  gh: GitHubContext,
  pr: number,
): Promise<PullRequestFile[]> {
  return paginate<PullRequestFile>(gh, "GET /repos/{owner}/{repo}/pulls/{pull_number}/files", {
    pull_number: pr,
  });
}

/**
 * The story list of Ralph's pull request body: the PRD's stories, then the follow-up stories of
 * the rounds after the pull request opened (DESIGN §2.3), each checked once verified.
 */
export function prBodyStories(state: MachineState): string {
  const stories = state.prd?.stories ?? [];
  if (stories.length === 0) return "";
  const line = (s: StoryState) => `- [${s.status === "passed" ? "x" : " "}] ${s.id}: ${s.title}`;
  const planned = stories.filter((s) => !FOLLOWUP_ID.test(s.id));
  const followUps = stories.filter((s) => FOLLOWUP_ID.test(s.id));
  const rounds = state.followUp?.rounds ?? 0;
  return [
    "Stories:",
    ...planned.map(line),
    ...(followUps.length === 0
      ? []
      : [
          "",
          `Follow-up stories (${rounds} follow-up round${rounds === 1 ? "" : "s"} after review, PRD revision ${state.prd?.number ?? 1}):`,
          ...followUps.map(line),
        ]),
  ].join("\n");
}
