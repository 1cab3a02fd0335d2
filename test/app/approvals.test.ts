import { describe, expect, it } from "vitest";
import { prdMarker } from "../../src/core/render/index.js";
import {
  INSTALLATION_ID,
  issueCommentCreated,
  reviewSubmitted,
} from "../fixtures/webhooks/index.js";
import { BOT, type FakeUser, user } from "../support/fake-github/index.js";
import { harnessPerTest, POLL_MS } from "./harness.js";
import { LOGIN_ISSUE as ISSUE, seedLoginIssue } from "./login-issue.js";
import { BRANCH, prd, putPrdFiles, revisionOf } from "./planned.js";
import { awaitingApproval, prdCommentBody } from "./states.js";

const HEAD_SHA = "a".repeat(40);
const OLD_SHA = "b".repeat(40);

const prdBody = prdCommentBody;

describe("approvals (DESIGN §3.3)", () => {
  let statusId: number;
  let prdId: number;
  const current = prd();

  /** Status comment, then the PRD comment; the watermark sits on the PRD comment. */
  function seed(patch: Parameters<typeof awaitingApproval>[2] = {}) {
    statusId = h.fake.id();
    prdId = h.fake.id();
    h.fake.addComment(42, prdBody(current), user(BOT, "Bot"), prdId);
    h.fake.seedState(
      awaitingApproval(current, prdId, { watermark: { commentId: prdId, reviewId: 0 }, ...patch }),
      statusId,
    );
    h.fake.issueLabels.set(42, ["ralph:awaiting-approval"]);
    seedLoginIssue(h.fake, { labels: [{ name: "ralph:awaiting-approval" }] });
  }

  async function say(body: string, author: FakeUser, id?: number) {
    const comment = h.fake.addComment(42, body, author, id);
    await h.receive(
      "issue_comment",
      issueCommentCreated({ issue: ISSUE, comment: { ...comment, user: author } }),
    );
    return comment;
  }

  const implementDispatch = {
    ref: "main",
    inputs: { issue: "42", phase: "implement" },
  };

  const h = harnessPerTest(async () => {
    h.fake.grant("alice", "write");
    h.fake.grant("bob", "admin");
    h.fake.grant("reader", "read");
  });

  /** alice approves Ralph's PR (#77, head HEAD_SHA) in a review given on `sha`. */
  async function approvingReview(body: string, sha: string) {
    const review = h.fake.addReview(77, {
      id: h.fake.id(),
      user: user("alice"),
      body,
      state: "APPROVED",
      commit_id: sha,
    });
    await h.receive(
      "pull_request_review",
      reviewSubmitted({
        pull: { number: 77, headRef: BRANCH, headSha: HEAD_SHA, body: "Closes #42" },
        review: { ...review, state: "approved", body, commitId: sha },
      }),
    );
    return review;
  }

  it("/approve by a write user on the current revision dispatches implementation", async () => {
    seed();
    await say("/approve", user("alice"));
    const state = h.stateOf(42);
    expect(state?.phase).toBe("implementing");
    expect(state?.approvedBy).toEqual(["alice"]);
    expect(state?.approvals).toEqual([
      { login: "alice", revision: revisionOf(current), channel: "comment" },
    ]);
    expect(h.fake.dispatches.map((d) => d.body)).toEqual([implementDispatch]);
    expect(h.fake.issueLabels.get(42)).toEqual(["ralph:implementing"]);
  });

  it("/approve by a read-only user does not count", async () => {
    seed();
    await say("/approve", user("reader"));
    expect(h.fake.dispatches).toEqual([]);
    expect(h.stateOf(42)?.approvals).toEqual([]);
  });

  it("an /approve written before the current PRD comment was for an earlier revision", async () => {
    // The approval was typed while Ralph re-planned (the App left it to the job); the PRD it saw
    // is not the one waiting now.
    statusId = h.fake.id();
    const early = h.fake.addComment(42, "/approve", user("alice"));
    prdId = h.fake.id();
    h.fake.addComment(42, prdBody(current), user(BOT, "Bot"), prdId);
    h.fake.seedState(
      awaitingApproval(current, prdId, { watermark: { commentId: statusId, reviewId: 0 } }),
      statusId,
    );
    await h.receive(
      "issue_comment",
      issueCommentCreated({ issue: ISSUE, comment: { ...early, user: user("alice") } }),
    );
    expect(h.fake.dispatches).toEqual([]);
    const state = h.stateOf(42);
    expect(state?.phase).toBe("awaiting_approval");
    expect(state?.approvals).toEqual([]);
    expect(h.fake.botComments(42).at(-1)?.body).toMatch(/older revision/);
  });

  it("approvals.required: 2 needs two distinct approvers", async () => {
    h.fake.setFile(".github/ralph.yml", "approvals:\n  required: 2\n");
    seed();
    await say("/approve", user("alice"));
    await say("/ralph approve", user("alice"));
    expect(h.fake.dispatches).toEqual([]);
    expect(h.stateOf(42)?.approvals.map((a) => a.login)).toEqual(["alice"]);
    expect(h.stateOf(42)?.phase).toBe("awaiting_approval");

    await say("/approve", user("bob"));
    expect(h.fake.dispatches.map((d) => d.body)).toEqual([implementDispatch]);
    expect(h.stateOf(42)?.approvedBy).toEqual(["alice", "bob"]);
  });

  it("👍 on the PRD comment, found by the poller, approves", async () => {
    seed();
    // Any webhook from the installation starts its poller timer.
    await say("Thanks, reading it now", user("alice"));
    expect(h.scheduler.active.map((t) => t.ms)).toEqual([POLL_MS]);
    expect(h.fake.dispatches).toEqual([]);

    h.fake.react(prdId, "+1", user("alice"));
    h.fake.react(prdId, "+1", user("renovate[bot]", "Bot"));
    await h.scheduler.tickAll();

    const state = h.stateOf(42);
    expect(state?.phase).toBe("implementing");
    expect(state?.approvals).toEqual([
      { login: "alice", revision: revisionOf(current), channel: "reaction" },
    ]);
    expect(h.fake.dispatches.map((d) => d.body)).toEqual([implementDispatch]);

    // The next tick finds nothing awaiting approval any more.
    await h.scheduler.tickAll();
    expect(h.fake.dispatches).toHaveLength(1);
  });

  it("👍 by a read-only user does not count", async () => {
    seed();
    h.fake.react(prdId, "+1", user("reader"));
    await h.ralph.sweep(INSTALLATION_ID);
    expect(h.fake.dispatches).toEqual([]);
    expect(h.stateOf(42)?.approvals).toEqual([]);
  });

  it("👍 on a PRD-looking comment not authored by Ralph is ignored", async () => {
    seed();
    const forged = h.fake.addComment(
      42,
      `${prdMarker(revisionOf(current))}\n## Ralph: PRD revision 1\nLooks legit.`,
      user("mallory"),
    );
    h.fake.react(forged.id, "+1", user("alice"));
    await h.ralph.sweep(INSTALLATION_ID);
    expect(h.fake.dispatches).toEqual([]);
    const state = h.stateOf(42);
    expect(state?.phase).toBe("awaiting_approval");
    expect(state?.approvals).toEqual([]);
    // Only the PRD comment the state names was read.
    expect(h.fake.requestsMatching("GET", new RegExp(`/comments/${forged.id}/reactions$`))).toEqual(
      [],
    );
  });

  it("an approving review on the Ralph PR approves the revision at its head SHA", async () => {
    seed();
    putPrdFiles(h.fake, current, HEAD_SHA);
    const review = await approvingReview("LGTM", HEAD_SHA);
    const state = h.stateOf(42);
    expect(state?.phase).toBe("implementing");
    expect(state?.approvals).toEqual([
      { login: "alice", revision: revisionOf(current), channel: "review", reviewId: review.id },
    ]);
    expect(state?.watermark.reviewId).toBe(review.id);
    expect(h.fake.dispatches.map((d) => d.body)).toEqual([implementDispatch]);
  });

  it("an approving review given on an older head (older PRD) does not count", async () => {
    seed();
    const older = prd("Login form, first draft");
    putPrdFiles(h.fake, older, OLD_SHA);
    const review = await approvingReview("ok", OLD_SHA);
    expect(h.fake.dispatches).toEqual([]);
    const state = h.stateOf(42);
    expect(state?.phase).toBe("awaiting_approval");
    expect(state?.approvals).toEqual([]);
    // Consumed: the same review is not evaluated again.
    expect(state?.watermark.reviewId).toBe(review.id);
  });

  it("a review on some other PR that closes the issue is not an approval", async () => {
    seed();
    putPrdFiles(h.fake, current, HEAD_SHA);
    const review = h.fake.addReview(99, {
      id: h.fake.id(),
      user: user("alice"),
      body: "",
      state: "APPROVED",
      commit_id: HEAD_SHA,
    });
    await h.receive(
      "pull_request_review",
      reviewSubmitted({
        pull: { number: 99, headRef: `${BRANCH}-copy`, headSha: HEAD_SHA, body: "Closes #42" },
        review: { ...review, state: "approved", commitId: HEAD_SHA },
      }),
    );
    expect(h.fake.dispatches).toEqual([]);
    expect(h.stateOf(42)?.approvals).toEqual([]);
  });

  it("changes requested: review body and inline comments go back to the planner", async () => {
    seed();
    const review = h.fake.addReview(77, {
      id: h.fake.id(),
      user: user("alice"),
      body: "Please use sessions, not JWT.",
      state: "CHANGES_REQUESTED",
      commit_id: HEAD_SHA,
    });
    h.fake.reviewComments.set(review.id, [
      {
        id: 1,
        body: "Rename this story",
        path: ".ralph/specs/plans/x.md",
        line: 3,
        user: user("alice"),
      },
    ]);
    await h.receive(
      "pull_request_review",
      reviewSubmitted({
        pull: { number: 77, headRef: BRANCH, headSha: HEAD_SHA, body: "Closes #42" },
        review: {
          id: review.id,
          user: review.user,
          state: "changes_requested",
          body: review.body ?? "",
          commitId: HEAD_SHA,
        },
      }),
    );
    const state = h.stateOf(42);
    expect(state?.phase).toBe("planning");
    const feedback = JSON.stringify(state?.feedback);
    expect(feedback).toContain("Please use sessions, not JWT.");
    expect(feedback).toContain("Rename this story");
    expect(h.fake.dispatches.map((d) => d.body)).toEqual([
      { ref: "main", inputs: { issue: "42", phase: "plan" } },
    ]);
  });
});
