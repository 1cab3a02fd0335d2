import { reviewCommentCreated, reviewSubmitted } from "../fixtures/webhooks/index.js";
import { type FakeReviewComment, type FakeUser, user } from "../support/fake-github/index.js";
import * as flows from "./flows.js";
import { BRANCH, ISSUE, MAINTAINER } from "./flows.js";
import { type ActionRun, pushFiles, runAction, type World } from "./harness.js";

/** Ralph's pull request in these worlds: issue #1's, opened second. */
export const PR = 2;

/** Ralph's pull request as its webhook payloads show it: the branch's head, `Closes #1`. */
function ralphPull(w: World) {
  const headSha = w.remoteGit("rev-parse", BRANCH);
  return {
    number: PR,
    headRef: BRANCH,
    headSha,
    body: `Closes #${ISSUE}`,
    title: `Ralph: ${flows.TITLE}`,
  };
}

/** Runs the built action once and fails with its output when it does not end in `phase`. */
export async function expectPhase(
  w: World,
  phase: string,
  options: Parameters<typeof runAction>[1],
): Promise<ActionRun> {
  const run = await runAction(w, options);
  if (run.code !== 0 || run.outputs.phase !== phase) {
    throw new Error(
      `expected ${phase}, got ${run.outputs.phase} (exit ${run.code}):\n${run.stdout}\n${run.stderr}`,
    );
  }
  return run;
}

/** `.github/ralph.yml` on the default branch, when there is one to write. */
export function pushConfig(w: World, config: string | undefined): void {
  if (config !== undefined) pushFiles(w, "main", { ".github/ralph.yml": config });
}

/** A world (from `make`) with the maintainer's issue, `config` if any, and the issue done. */
export async function doneWorld(make: () => Promise<World>, config?: string): Promise<World> {
  const w = await make();
  flows.seedIssue(w);
  pushConfig(w, config);
  await doneThroughAction(w);
  return w;
}

/** `/ralph plan` then `/approve` through the built action (Actions-only): two stories, done. */
export async function doneThroughAction(w: World): Promise<void> {
  await expectPhase(w, "awaiting_approval", {
    eventName: "issue_comment",
    payload: flows.commentEvent(w, "/ralph plan"),
  });
  await expectPhase(w, "done", {
    eventName: "issue_comment",
    payload: flows.commentEvent(w, "/approve"),
  });
}

export interface SeededReview {
  id: number;
  comments: FakeReviewComment[];
  /** The `pull_request_review.submitted` webhook payload GitHub would send. */
  payload: Record<string, unknown>;
}

/**
 * A review on Ralph's pull request, stored on the fake as GitHub would hold it (with its inline
 * comments on the branch's files), and its webhook payload.
 */
export function seedReview(
  w: World,
  options: {
    state?: "CHANGES_REQUESTED" | "COMMENTED" | "APPROVED";
    by?: FakeUser;
    body?: string;
    inline?: { path: string; line: number; body: string }[];
  } = {},
): SeededReview {
  const by = options.by ?? user(MAINTAINER);
  const state = options.state ?? "CHANGES_REQUESTED";
  const body = options.body ?? "Two small things, see inline.";
  // A review's inline comments are written before it is submitted: their ids (and times) first.
  const ids = (options.inline ?? []).map(() => w.fake.id());
  const reviewId = w.fake.id();
  const comments = (options.inline ?? []).map((c, i) =>
    w.fake.addReviewComment(PR, { id: ids[i] ?? 0, reviewId, ...c, user: by }),
  );
  const pull = ralphPull(w);
  const head = pull.headSha;
  const review = w.fake.addReview(PR, { id: reviewId, user: by, body, state, commit_id: head });
  const payload = reviewSubmitted({
    pull,
    review: {
      id: review.id,
      state: state.toLowerCase(),
      body,
      user: { login: by.login, type: by.type },
      commitId: head,
    },
  });
  return { id: review.id, comments, payload };
}

/** The workflow_dispatch run App mode (or a review's run) starts for the issue's next step. */
export function dispatchedRun(w: World, phase: string): Promise<ActionRun> {
  return runAction(w, {
    eventName: "workflow_dispatch",
    payload: flows.dispatchEvent(ISSUE, phase),
    inputs: { issue: String(ISSUE), phase },
  });
}

/** Inline comments on the PR Ralph wrote in reply to `threadId`. */
export function repliesIn(w: World, threadId: number): FakeReviewComment[] {
  return (w.fake.pullComments.get(PR) ?? []).filter(
    (c) => c.inReplyTo === threadId && c.user.login === w.fake.botLogin,
  );
}

/**
 * A reply in review thread `threadId` on Ralph's pull request by `by` (default: the maintainer),
 * stored on the fake, and its `pull_request_review_comment.created` payload.
 */
export function seedThreadReply(
  w: World,
  threadId: number,
  body: string,
  by: FakeUser = user(MAINTAINER),
): { comment: FakeReviewComment; payload: Record<string, unknown> } {
  const root = (w.fake.pullComments.get(PR) ?? []).find((c) => c.id === threadId);
  const comment = w.fake.addReviewComment(PR, {
    reviewId: null,
    body,
    path: root?.path ?? "README.md",
    line: root?.line ?? null,
    user: by,
    inReplyTo: threadId,
  });
  const payload = reviewCommentCreated({
    pull: ralphPull(w),
    comment: {
      id: comment.id,
      body,
      path: comment.path,
      line: comment.line,
      user: { login: by.login, type: by.type },
      inReplyTo: threadId,
      createdAt: comment.created_at,
    },
  });
  return { comment, payload };
}
