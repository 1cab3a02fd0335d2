/**
 * Issue 17 (part 1) through the BUILT App with the dispatched BUILT action, on one shared fake
 * GitHub: the App takes the review on Ralph's finished pull request and dispatches the amend step;
 * the action's workflow_dispatch run does the round. The same review delivered again starts
 * nothing; `/ralph fix` in an inline comment starts the next round, answered in its thread.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { commentEvent, ISSUE, MAINTAINER } from "../action/flows.js";
import { PR, repliesIn, seedReview, seedThreadReply } from "../action/followup-flows.js";
import { agentCalls, pushFiles, type World } from "../action/harness.js";
import { user } from "../support/fake-github/index.js";
import { type AppWithAction, appWithAction } from "./app-dispatch.js";

describe("follow-up rounds: the built App dispatches, the built action runs", {
  timeout: 300_000,
}, () => {
  const world = appWithAction();
  const { appThenAction, dispatched } = world;
  let cluster: AppWithAction["cluster"];
  let w: World;
  beforeAll(() => {
    ({ cluster, w } = world);
  });

  it("plan and approve through the App: done on Ralph's pull request", async () => {
    await appThenAction("issue_comment", commentEvent(w, "/ralph plan"), "awaiting_approval");
    await appThenAction("issue_comment", commentEvent(w, "/approve"), "done");
    expect(cluster.stateOf(ISSUE)).toMatchObject({ phase: "done", prNumber: PR });
  });

  let threads: number[] = [];

  it("a changes-requested review with two inline comments: one round, both threads answered, the review asked again", async () => {
    const review = seedReview(w, {
      inline: [
        { path: "greeting-US-1.txt", line: 1, body: "Greet the world." },
        { path: "greeting-US-2.txt", line: 1, body: "Add an exclamation mark." },
      ],
    });
    threads = review.comments.map((c) => c.id);
    const calls = agentCalls(w).length;
    expect(await appThenAction("pull_request_review", review.payload, "done")).toBe("amend");
    expect(
      agentCalls(w)
        .slice(calls)
        .map((c) => c.phase),
    ).toEqual(["amend", "implement", "verify", "implement", "verify", "verify"]);
    for (const id of threads) expect(repliesIn(w, id)).toHaveLength(1);
    expect(cluster.fake.requestedReviewers.get(PR)).toEqual([MAINTAINER]);
    expect([...cluster.fake.pulls.keys()]).toEqual([PR]);
    expect(cluster.stateOf(ISSUE)).toMatchObject({ phase: "done", followUp: { rounds: 1 } });

    // The same delivery again (a redelivery from GitHub's settings): nothing starts.
    const before = dispatched().length;
    await cluster.receive("pull_request_review", review.payload);
    expect(dispatched()).toHaveLength(before);
    expect(cluster.stateOf(ISSUE)?.followUp?.rounds).toBe(1);
  });

  it("`/ralph fix` in an inline reply starts the next round; its thread is answered, FU numbers go on", async () => {
    const thread = threads[0] ?? 0;
    const reply = seedThreadReply(w, thread, "/ralph fix make it shout: HELLO");
    expect(await appThenAction("pull_request_review_comment", reply.payload, "done")).toBe("amend");
    const state = cluster.stateOf(ISSUE);
    expect(state?.followUp).toMatchObject({ rounds: 2, current: null });
    expect(state?.prd?.stories.map((s) => s.id)).toEqual(["US-1", "US-2", "FU-1", "FU-2", "FU-3"]);
    expect(repliesIn(w, thread)).toHaveLength(2);
    expect(repliesIn(w, thread).at(-1)?.body).toContain("**FU-3**");
    // Delivered again: the comment's trigger was taken; nothing more.
    const before = dispatched().length;
    await cluster.receive("pull_request_review_comment", reply.payload);
    expect(dispatched()).toHaveLength(before);
  });

  it("a reader's review, a bot's and a comment-only review start nothing", async () => {
    cluster.fake.grant("rita", "read");
    const before = cluster.stateOf(ISSUE);
    const dispatches = dispatched().length;
    const inline = [{ path: "greeting-US-1.txt", line: 1, body: "Louder!" }];
    for (const review of [
      seedReview(w, { by: user("rita"), inline }),
      seedReview(w, { by: user("helper[bot]", "Bot"), inline }),
      seedReview(w, { state: "COMMENTED", body: "Nice work", inline }),
    ]) {
      await cluster.receive("pull_request_review", review.payload);
    }
    expect(dispatched()).toHaveLength(dispatches);
    const after = cluster.stateOf(ISSUE);
    expect(after).toMatchObject({ phase: "done", followUp: { rounds: 2, current: null } });
    expect(after?.prd).toEqual(before?.prd);
  });

  it("gates.followup: approve waits for /approve; past limits.max_followups the named stop", async () => {
    pushFiles(w, "main", {
      ".github/ralph.yml": "gates:\n  followup: approve\nlimits:\n  max_followups: 3\n",
    });
    const third = seedReview(w, {
      inline: [{ path: "greeting-US-2.txt", line: 1, body: "Wave." }],
    });
    expect(await appThenAction("pull_request_review", third.payload, "awaiting_approval")).toBe(
      "amend",
    );
    expect(cluster.fake.labelsOf(ISSUE)).toContain("ralph:awaiting-approval");
    expect(await appThenAction("issue_comment", commentEvent(w, "/approve"), "done")).toBe(
      "implement",
    );
    expect(repliesIn(w, third.comments[0]?.id ?? 0)).toHaveLength(1);
    // A fourth round is one past the limit: the named stop, no work dispatched.
    const before = dispatched().length;
    await cluster.receive("issue_comment", commentEvent(w, "/ralph fix one more thing"));
    expect(dispatched()).toHaveLength(before);
    expect(cluster.stateOf(ISSUE)).toMatchObject({
      phase: "failed",
      stopReason:
        "follow-up limit reached: 3 of 3 follow-up rounds used on this pull request (limits.max_followups)",
    });
  });
});
