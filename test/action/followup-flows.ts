import { reviewSubmitted } from "../fixtures/webhooks/index.js";
import { type FakeReviewComment, type FakeUser, user } from "../support/fake-github/index.js";
import { BRANCH, commentEvent, dispatchEvent, ISSUE, MAINTAINER, TITLE } from "./flows.js";
import { type ActionRun, runAction, type World } from "./harness.js";

/** Ralph's pull request in these worlds: issue #1's, opened second. */
export const PR = 2;

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

/** `/ralph plan` then `/approve` through the built action (Actions-only): two stories, done. */
export async function doneThroughAction(w: World): Promise<void> {
  await expectPhase(w, "awaiting_approval", {
    eventName: "issue_comment",
    payload: commentEvent(w, "/ralph plan"),
  });
  await expectPhase(w, "done", {
    eventName: "issue_comment",
    payload: commentEvent(w, "/approve"),
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
  const head = w.remoteGit("rev-parse", BRANCH);
  const body = options.body ?? "Two small things, see inline.";
  const review = w.fake.addReview(PR, {
    id: w.fake.id(),
    user: by,
    body,
    state,
    commit_id: head,
  });
  const comments = (options.inline ?? []).map((c) =>
    w.fake.addReviewComment(PR, { reviewId: review.id, ...c, user: by }),
  );
  const payload = reviewSubmitted({
    pull: {
      number: PR,
      headRef: BRANCH,
      headSha: head,
      body: `Closes #${ISSUE}`,
      title: `Ralph: ${TITLE}`,
    },
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
    payload: dispatchEvent(ISSUE, phase),
    inputs: { issue: String(ISSUE), phase },
  });
}

/** Inline comments on the PR Ralph wrote in reply to `threadId`. */
export function repliesIn(w: World, threadId: number): FakeReviewComment[] {
  return (w.fake.pullComments.get(PR) ?? []).filter(
    (c) => c.inReplyTo === threadId && c.user.login === w.fake.botLogin,
  );
}
