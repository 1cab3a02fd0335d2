import { describe, expect, it } from "vitest";
import { renderPrdComment } from "../../src/core/render/index.js";
import {
  INSTALLATION_ID,
  issueCommentCreated,
  obj,
  type Payload,
  reviewSubmitted,
  webhookExample,
} from "../fixtures/webhooks/index.js";
import { BOT, type FakeReview, type FakeUser, user } from "../support/fake-github/index.js";
import { commentAs, harnessPerTest } from "./harness.js";
import { LOGIN_ISSUE as ISSUE, seedLoginIssue } from "./login-issue.js";
import { BRANCH, PLAN_TEXT, prd, putPrdFiles, revisionOf } from "./planned.js";
import { awaitingApproval, stateAt } from "./states.js";

const HEAD_SHA = "a".repeat(40);
const OLD_SHA = "b".repeat(40);
const PULL = { number: 77, headRef: BRANCH, headSha: HEAD_SHA, body: "Closes #42" };

/** The real `pull_request_review.dismissed` example, with only the fields that matter changed. */
function reviewDismissed(review: FakeReview): Payload {
  const payload = webhookExample("pull_request_review", "dismissed");
  const pull = obj(payload, "pull_request");
  pull.number = PULL.number;
  pull.body = PULL.body;
  Object.assign(obj(pull, "head"), { ref: PULL.headRef, sha: PULL.headSha });
  const r = obj(payload, "review");
  r.id = review.id;
  r.state = "dismissed";
  r.commit_id = review.commit_id;
  r.user = { ...obj(r, "user"), login: review.user.login, type: review.user.type };
  payload.sender = { ...obj(payload, "sender"), login: "maintainer" };
  return payload;
}

describe("approvals that must not count, and must not be lost (DESIGN §3.3, §6.1)", () => {
  let prdId: number;
  const current = prd();

  function seed(patch: Parameters<typeof awaitingApproval>[2] = {}) {
    const statusId = h.fake.id();
    prdId = h.fake.id();
    h.fake.addComment(
      42,
      renderPrdComment({
        prd: current,
        planText: PLAN_TEXT,
        revision: revisionOf(current),
        revisionNumber: 1,
        concerns: [],
        approvalsRequired: 1,
      }),
      user(BOT, "Bot"),
      prdId,
    );
    h.fake.seedState(
      awaitingApproval(current, prdId, { watermark: { commentId: prdId, reviewId: 0 }, ...patch }),
      statusId,
    );
    h.fake.issueLabels.set(42, ["ralph:awaiting-approval"]);
    seedLoginIssue(h.fake, { labels: [{ name: "ralph:awaiting-approval" }] });
    putPrdFiles(h.fake, current, HEAD_SHA);
  }

  const say = (body: string, author: FakeUser) => commentAs(h, ISSUE, body, author);

  async function submitReview(
    who: FakeUser,
    state: string,
    body: string,
    sha = HEAD_SHA,
  ): Promise<FakeReview> {
    const review = h.fake.addReview(77, {
      id: h.fake.id(),
      user: who,
      body,
      state: state.toUpperCase(),
      commit_id: sha,
    });
    await h.receive(
      "pull_request_review",
      reviewSubmitted({
        pull: PULL,
        review: { id: review.id, user: who, state, body, commitId: sha },
      }),
    );
    return review;
  }

  const h = harnessPerTest(async () => {
    h.fake.grant("alice", "write");
    h.fake.grant("bob", "admin");
  });

  it("a dismissed approving review (real dismissed payload) withdraws its approval", async () => {
    h.fake.setFile(".github/ralph.yml", "approvals:\n  required: 2\n");
    seed();
    const review = await submitReview(user("alice"), "approved", "LGTM");
    expect(h.stateOf(42)?.approvals.map((a) => a.login)).toEqual(["alice"]);

    // GitHub shows the review as dismissed in the listing only a moment later: the webhook's
    // word is taken at once.
    await h.receive("pull_request_review", reviewDismissed(review));
    expect(h.stateOf(42)?.approvals).toEqual([]);

    await say("/approve", user("bob"));
    expect(h.stateOf(42)?.phase).toBe("awaiting_approval");
    expect(h.fake.dispatches).toEqual([]);
  });

  it("a dismissal seen only in the review listing withdraws too (missed webhook)", async () => {
    h.fake.setFile(".github/ralph.yml", "approvals:\n  required: 2\n");
    seed();
    const review = await submitReview(user("alice"), "approved", "LGTM");
    review.state = "DISMISSED";
    await say("/approve", user("bob"));
    const state = h.stateOf(42);
    expect(state?.phase).toBe("awaiting_approval");
    expect(state?.approvals.map((a) => `${a.login}:${a.channel}`)).toEqual(["bob:comment"]);
    expect(h.fake.dispatches).toEqual([]);
  });

  it("gates.run: a dismissal in the run gate reopens approval; /ralph run starts nothing", async () => {
    h.fake.setFile(".github/ralph.yml", "gates:\n  run: true\n");
    seed();
    const review = await submitReview(user("alice"), "approved", "LGTM");
    expect(h.stateOf(42)?.phase).toBe("run_gate");
    await h.receive("pull_request_review", reviewDismissed(review));
    expect(h.stateOf(42)?.phase).toBe("awaiting_approval");
    await say("/ralph run", user("bob"));
    expect(h.fake.dispatches).toEqual([]);
  });

  it("a removed 👍 stops counting", async () => {
    h.fake.setFile(".github/ralph.yml", "approvals:\n  required: 2\n");
    seed();
    h.fake.react(prdId, "+1", user("alice"));
    await h.ralph.sweep(INSTALLATION_ID);
    expect(h.stateOf(42)?.approvals.map((a) => a.login)).toEqual(["alice"]);
    h.fake.reactions.set(prdId, []);
    await say("/approve", user("bob"));
    expect(h.stateOf(42)?.phase).toBe("awaiting_approval");
    expect(h.stateOf(42)?.approvals.map((a) => a.login)).toEqual(["bob"]);
    expect(h.fake.dispatches).toEqual([]);
  });

  it("/approve in a review body binds to the review's head, not to the current PRD", async () => {
    seed();
    putPrdFiles(h.fake, prd("Login form, first draft"), OLD_SHA);
    await submitReview(user("alice"), "commented", "/approve", OLD_SHA);
    expect(h.stateOf(42)?.phase).toBe("awaiting_approval");
    expect(h.fake.dispatches).toEqual([]);
    expect(h.fake.botComments(42).at(-1)?.body).toMatch(/older revision/);

    await submitReview(user("alice"), "commented", "/approve", HEAD_SHA);
    expect(h.stateOf(42)?.phase).toBe("implementing");
    expect(h.fake.dispatches).toHaveLength(1);
  });

  it("/approve then /ralph stop in one comment dispatches nothing", async () => {
    seed();
    await say("/approve\n/ralph stop", user("alice"));
    expect(h.stateOf(42)?.phase).toBe("stopped");
    expect(h.fake.dispatches).toEqual([]);
  });

  it("PRDs waiting beyond the first page of the listing are swept too", async () => {
    for (let n = 1000; n < 1100; n++) {
      h.fake.issues.set(n, { number: n, title: `t${n}`, body: "", user: { login: "x" } });
      h.fake.issueLabels.set(n, ["ralph:awaiting-approval"]);
    }
    seed();
    h.fake.react(prdId, "+1", user("alice"));
    await h.ralph.sweep(INSTALLATION_ID);
    expect(h.stateOf(42)?.phase).toBe("implementing");
  });
});

describe("commands around the running job and on Ralph's own PR", () => {
  const h = harnessPerTest(async () => {
    h.fake.grant("alice", "write");
  });

  async function say(issue: number, body: string, author: FakeUser, pullRequest = false) {
    const comment = h.fake.addComment(issue, body, author);
    await h.receive(
      "issue_comment",
      issueCommentCreated({
        issue: { ...ISSUE, number: issue, pullRequest },
        comment: { ...comment, user: author },
      }),
    );
    return comment;
  }

  it("what was said before /ralph stop in an agent phase is not lost", async () => {
    const statusId = h.fake.id();
    h.fake.seedState(
      stateAt("planning", {
        pendingStep: "plan",
        watermark: { commentId: statusId, reviewId: 0 },
      }),
      statusId,
    );
    h.fake.issues.set(42, { number: 42, title: ISSUE.title, body: "", user: { login: "o" } });
    await say(42, "/ralph revise use sessions, not JWT", user("alice"));
    const stop = await say(42, "/ralph stop", user("alice"));
    const state = h.stateOf(42);
    expect(state?.phase).toBe("stopped");
    expect(state?.watermark.commentId).toBe(stop.id);
    expect(state?.feedback).toEqual(["@alice: use sessions, not JWT"]);
    expect(h.fake.dispatches).toEqual([]);
  });

  it("/ralph plan on Ralph's own PR is pointed to the issue, not planned as a spec PR", async () => {
    h.fake.pulls.set(77, {
      number: 77,
      node_id: "PR_77",
      draft: true,
      user: user(BOT, "Bot"),
      body: "Closes #42",
      head: { ref: BRANCH, sha: HEAD_SHA, repo: { full_name: "Codertocat/Hello-World" } },
      base: { ref: "main", repo: { full_name: "Codertocat/Hello-World" } },
    });
    h.fake.pullFiles.set(77, [{ filename: ".ralph/specs/issue-42-add-login.md", status: "added" }]);
    await say(77, "/ralph plan", user("alice"), true);
    await say(77, "/approve", user("alice"), true);
    expect(h.stateOf(77)).toBeNull();
    expect(h.fake.dispatches).toEqual([]);
    const replies = h.fake.botComments(77);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.body).toContain("#42");
  });

  it("a person's spec PR from a ralph/ branch that closes an issue is still a spec PR", async () => {
    h.fake.pulls.set(8, {
      number: 8,
      node_id: "PR_8",
      draft: false,
      user: user("alice"),
      body: "Closes #12",
      head: {
        ref: "ralph/login-spec",
        sha: HEAD_SHA,
        repo: { full_name: "Codertocat/Hello-World" },
      },
      base: { ref: "main", repo: { full_name: "Codertocat/Hello-World" } },
    });
    h.fake.pullFiles.set(8, [{ filename: ".ralph/specs/login.md", status: "added" }]);
    await say(8, "/ralph plan", user("alice"), true);
    expect(h.stateOf(8)?.kind).toBe("spec_pr");
    expect(h.fake.dispatches).toHaveLength(1);
  });

  it("a redelivered /ralph help on an issue Ralph never worked on replies once", async () => {
    h.fake.grant("reader", "read");
    const comment = h.fake.addComment(42, "/ralph help", user("reader"));
    const payload = issueCommentCreated({
      issue: ISSUE,
      comment: { ...comment, user: user("reader") },
    });
    await h.receive("issue_comment", payload, "delivery-1");
    await h.receive("issue_comment", payload, "delivery-1");
    expect(h.fake.botComments(42)).toHaveLength(1);
  });
});
