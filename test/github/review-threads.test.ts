import { describe, expect, it } from "vitest";
import type { StoryState } from "../../src/core/state.js";
import { applyEffects } from "../../src/github/effects.js";
import { prBodyStories } from "../../src/github/pulls.js";
import {
  listReviewComments,
  listReviewCommentsSince,
  replyInThread,
  requestReviewers,
  threadsOf,
} from "../../src/github/review-threads.js";
import { stateAt } from "../app/states.js";
import { config } from "../core/machine/fixtures.js";
import { type FakeGitHub, user } from "../support/fake-github/index.js";
import { withFake } from "./helpers.js";

/**
 * Review threads on Ralph's pull request (DESIGN §2.3), against the shared fake GitHub, which
 * checks every request and answer against GitHub's API description.
 */
const PR = 7;

/** An inline comment on the pull request by alice, on review 1, unless told otherwise. */
function inline(fake: FakeGitHub, over: Partial<Parameters<FakeGitHub["addReviewComment"]>[1]>) {
  return fake.addReviewComment(PR, {
    reviewId: 1,
    body: "x",
    path: "a",
    user: user("alice"),
    ...over,
  });
}

function seedPull() {
  const { fake, gh } = withFake();
  fake.addPull({ number: PR, title: "Ralph: x", head: { ref: "ralph/42-x" }, user: fake.bot() });
  fake.grant("alice", "write");
  fake.grant("rita", "read");
  return { fake, gh };
}

describe("reading review threads", () => {
  it("a review's inline comments, grouped into threads by their first comment", async () => {
    const { fake, gh } = seedPull();
    const first = inline(fake, {
      reviewId: 11,
      body: "Rename x",
      path: "src/a.ts",
      line: 3,
    });
    inline(fake, {
      reviewId: 11,
      body: "and y",
      path: "src/a.ts",
      line: 3,
      inReplyTo: first.id,
    });
    inline(fake, {
      reviewId: 12,
      body: "Other review",
      path: "src/b.ts",
    });
    const comments = await listReviewComments(gh, PR, 11);
    expect(comments.map((c) => c.body)).toEqual(["Rename x", "and y"]);
    expect(threadsOf(comments, () => true)).toEqual([
      {
        id: first.id,
        path: "src/a.ts",
        line: 3,
        author: "alice",
        text: "Rename x\n\n@alice: and y",
        url: expect.stringContaining(`#discussion_r${first.id}`),
      },
    ]);
  });

  it("the pull request's comments since a time: only what is new, oldest first", async () => {
    const { fake, gh } = seedPull();
    const old = inline(fake, { body: "old" });
    const fresh = inline(fake, {
      reviewId: 2,
      body: "new",
      path: "b",
      user: user("rita"),
    });
    expect((await listReviewCommentsSince(gh, PR, null)).map((c) => c.id)).toEqual([
      old.id,
      fresh.id,
    ]);
    expect((await listReviewCommentsSince(gh, PR, fresh.created_at)).map((c) => c.id)).toEqual([
      fresh.id,
    ]);
    const sent = fake.requestsMatching("GET", /\/pulls\/7\/comments$/).at(-1);
    expect(sent?.query.get("since")).toBe(fresh.created_at);
  });

  it("threadsOf keeps only the comments it is told to, and drops empty threads", () => {
    const comments = [
      { id: 1, body: "by a writer", path: "a", user: { login: "alice", type: "User" } },
      { id: 2, body: "by a reader", path: "b", user: { login: "rita", type: "User" } },
      {
        id: 3,
        body: "reply by a reader",
        path: "a",
        in_reply_to_id: 1,
        user: { login: "rita", type: "User" },
      },
    ];
    const threads = threadsOf(comments, (c) => c.user?.login === "alice");
    expect(threads.map((t) => [t.id, t.text])).toEqual([[1, "by a writer"]]);
  });
});

describe("answering", () => {
  it("a reply lands in the thread; a review is requested from collaborators only", async () => {
    const { fake, gh } = seedPull();
    const thread = inline(fake, {});
    await replyInThread(gh, PR, thread.id, "Addressed in abc");
    const replies = (fake.pullComments.get(PR) ?? []).filter((c) => c.inReplyTo === thread.id);
    expect(replies.map((r) => [r.body, r.user.login])).toEqual([
      ["Addressed in abc", fake.botLogin],
    ]);
    await requestReviewers(gh, PR, ["alice"]);
    expect(fake.requestedReviewers.get(PR)).toEqual(["alice"]);
    // GitHub answers 422 for a user who is not a collaborator.
    await expect(requestReviewers(gh, PR, ["stranger"])).rejects.toMatchObject({ status: 422 });
  });

  it("answer_threads replies once per thread with the commit, and goes on past a deleted thread", async () => {
    const { fake, gh } = seedPull();
    const a = inline(fake, { reviewId: 1, body: "x", path: "a", user: user("alice") });
    const state = { ...stateAt("done"), prNumber: PR };
    const outcome = await applyEffects(
      [
        {
          type: "answer_threads",
          answers: [
            { threadId: 999_999, storyId: "FU-1", title: "Gone", commit: "c".repeat(40) },
            { threadId: a.id, storyId: "FU-1", title: "Rename x", commit: "a".repeat(40) },
            { threadId: a.id, storyId: "FU-2", title: "Again", commit: "b".repeat(40) },
          ],
        },
        { type: "request_review", reviewers: ["alice", fake.botLogin] },
      ],
      { gh, issue: 42, state, config: config(), dispatch: async () => {} },
    );
    const replies = (fake.pullComments.get(PR) ?? []).filter((c) => c.inReplyTo === a.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.body).toContain(
      `[\`aaaaaaa\`](https://github.com/Codertocat/Hello-World/commit/${"a".repeat(40)})`,
    );
    expect(replies[0]?.body).toContain("**FU-1**: Rename x");
    expect(outcome.failures.map((f) => f.effect.type)).toEqual(["answer_threads"]);
    expect(outcome.failures[0]?.error).toContain("thread 999999");
    // Ralph never asks itself (GitHub refuses the pull request's author).
    expect(fake.requestedReviewers.get(PR)).toEqual(["alice"]);
    fake.violations.length = 0; // the 404 for the deleted thread is what GitHub answers
  });
});

describe("the pull request's body after an amendment", () => {
  it("lists the PRD's stories, then the follow-up stories with the rounds so far, each checked when verified", () => {
    const story = (id: string, title: string, status: StoryState["status"], priority: number) =>
      ({ id, title, status, priority, attempts: 0, commit: null, criteria: [] }) as StoryState;
    const stories = [
      story("US-1", "Greet", "passed", 1),
      story("FU-1", "Greet louder", "pending", 2),
    ];
    const state = {
      ...stateAt("implementing"),
      prd: { revision: "r", number: 2, branchName: "b", commentId: null, stories },
      followUp: { rounds: 1, current: null, queued: [], triggers: [], since: null },
    };
    expect(prBodyStories(state)).toBe(
      "Stories:\n- [x] US-1: Greet\n\nFollow-up stories (1 follow-up round after review, PRD revision 2):\n- [ ] FU-1: Greet louder",
    );
  });
});
