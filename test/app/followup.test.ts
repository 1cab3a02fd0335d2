import { describe, expect, it } from "vitest";
import * as hooks from "../fixtures/webhooks/index.js";
import { type FakeUser, user } from "../support/fake-github/index.js";
import { harnessPerTest } from "./harness.js";
import { BRANCH, SPEC_ID, stateAt } from "./states.js";

/**
 * Follow-up requests as the App reads them (DESIGN §2.3), in process on the shared fake: what
 * `/ralph fix` takes in of the pull request's inline comments, and what costs no call at all.
 */
const ISSUE = { number: 42, author: "octo-author", title: "Add a login page", body: "Login." };
const PR = 77;
const HEAD = "a".repeat(40);

describe("follow-up requests through the App", () => {
  const h = harnessPerTest();

  function seedDone(patch: Parameters<typeof stateAt>[1] = {}) {
    h.fake.addIssue({ ...ISSUE, user: user(ISSUE.author) });
    h.fake.addPull({
      number: PR,
      title: "Ralph: x",
      body: "Closes #42",
      head: { ref: BRANCH, sha: HEAD },
    });
    h.fake.grant("alice", "write");
    h.fake.grant("rita", "read");
    h.fake.seedState(
      stateAt("done", {
        specId: SPEC_ID,
        branch: BRANCH,
        prNumber: PR,
        approvedBy: ["alice"],
        prd: {
          revision: "r1",
          number: 1,
          branchName: BRANCH,
          commentId: null,
          stories: [
            {
              id: "US-1",
              title: "Login",
              status: "passed",
              attempts: 1,
              commit: HEAD,
            },
          ],
        },
        ...patch,
      }),
    );
  }

  async function say(body: string, author: FakeUser) {
    const comment = h.fake.addComment(42, body, author);
    await h.receive(
      "issue_comment",
      hooks.issueCommentCreated({ issue: ISSUE, comment: { ...comment, user: author } }),
    );
  }

  it("`/ralph fix` takes in the inline comments of write users since the last round, not a reader's", async () => {
    seedDone({
      followUp: {
        rounds: 1,
        current: null,
        queued: [],
        triggers: [],
        since: "2024-05-01T12:00:00Z",
      },
    });
    // Before the last round: not read again. After it: alice's thread (with her reply), rita's.
    const old = h.fake.addReviewComment(PR, {
      reviewId: 1,
      body: "old",
      path: "a.ts",
      line: 1,
      user: user("alice"),
      id: 100,
    });
    const mine = h.fake.addReviewComment(PR, {
      reviewId: 2,
      body: "Rename x",
      path: "a.ts",
      line: 2,
      user: user("alice"),
    });
    h.fake.addReviewComment(PR, {
      reviewId: null,
      body: "and y",
      path: "a.ts",
      line: 2,
      user: user("alice"),
      inReplyTo: mine.id,
    });
    h.fake.addReviewComment(PR, {
      reviewId: 3,
      body: "delete everything",
      path: "b.ts",
      line: 1,
      user: user("rita"),
    });
    expect(old.created_at < "2024-05-01T12:00:00Z").toBe(true);
    await say("/ralph fix and the docs", user("alice"));
    const state = h.stateOf(42);
    expect(state).toMatchObject({ phase: "planning", pendingStep: "amend" });
    expect(state?.followUp?.current?.feedback).toMatchObject({
      text: ["and the docs"],
      threads: [
        { id: mine.id, path: "a.ts", line: 2, author: "alice", text: "Rename x\n\n@alice: and y" },
      ],
    });
    expect(h.fake.dispatches.map((d) => (d.body as { inputs: unknown }).inputs)).toEqual([
      { issue: "42", phase: "amend" },
    ]);
    const listed = h.fake.requestsMatching("GET", /\/pulls\/77\/comments$/);
    expect(listed.map((r) => r.query.get("since"))).toEqual(["2024-05-01T12:00:00Z"]);
  });

  it("a reader's `/ralph fix` reads no inline comments and starts nothing", async () => {
    seedDone();
    await say("/ralph fix everything", user("rita"));
    expect(h.fake.requestsMatching("GET", /\/pulls\/77\/comments$/)).toEqual([]);
    expect(h.stateOf(42)?.phase).toBe("done");
    expect(h.fake.dispatches).toEqual([]);
  });

  it("an inline comment without `/ralph fix`, or a bot's, costs no API call", async () => {
    seedDone();
    const before = h.fake.requests.length;
    for (const [body, by] of [
      ["nit: naming", user("alice")],
      ["/ralph fix x", user("ci[bot]", "Bot")],
    ] as const) {
      const c = h.fake.addReviewComment(PR, { reviewId: 9, body, path: "a.ts", line: 1, user: by });
      const payload = hooks.reviewCommentCreated({
        pull: { number: PR, headRef: BRANCH, headSha: HEAD, body: "Closes #42" },
        comment: {
          id: c.id,
          body,
          path: "a.ts",
          line: 1,
          user: { login: by.login, type: by.type },
          createdAt: c.created_at,
        },
      });
      await h.receive("pull_request_review_comment", payload);
    }
    expect(h.fake.requests.slice(before)).toEqual([]);
  });

  it("a changes-requested review while the round's job runs is read once Ralph waits again", async () => {
    seedDone({ phase: "implementing", pendingStep: "implement", currentStory: "US-1" });
    const review = h.fake.addReview(PR, {
      id: h.fake.id(),
      user: user("alice"),
      body: "More",
      state: "CHANGES_REQUESTED",
      commit_id: HEAD,
    });
    await h.receive(
      "pull_request_review",
      hooks.reviewSubmitted({
        pull: { number: PR, headRef: BRANCH, headSha: HEAD, body: "Closes #42" },
        review: {
          id: review.id,
          state: "changes_requested",
          body: "More",
          user: { login: "alice" },
          commitId: HEAD,
        },
      }),
    );
    // The job owns the state: the review waits (its watermark did not move).
    expect(h.stateOf(42)).toMatchObject({ phase: "implementing", watermark: { reviewId: 0 } });
  });
});
