import { describe, expect, it } from "vitest";
import { issueCommentCreated } from "../fixtures/webhooks/index.js";
import { BOT, type FakeUser, user } from "../support/fake-github/index.js";
import { harnessPerTest } from "./harness.js";
import { LOGIN_ISSUE as ISSUE, seedLoginIssue } from "./login-issue.js";
import { BRANCH, stateAt } from "./states.js";

/** Issue 13: `/ralph …` commands on Ralph's own PR are routed to the issue it closes. */
const PR = 77;

describe("commands on Ralph's own PR (App)", () => {
  let statusId: number;
  const h = harnessPerTest((h) => {
    seedLoginIssue(h.fake);
    h.fake.addPull({
      number: PR,
      draft: true,
      title: `Ralph: ${ISSUE.title}`,
      body: "Closes #42\n\nStories:",
      head: { ref: BRANCH },
    });
    h.fake.grant("alice", "write");
    h.fake.grant("reader", "read");
  });

  function seed(phase: "implementing" | "stopped", routedCommands: number[] = []) {
    statusId = h.fake.id();
    h.fake.seedState(
      stateAt(phase, {
        branch: BRANCH,
        prNumber: PR,
        specId: "issue-42-add-login",
        ...(phase === "implementing" ? { pendingStep: "implement" } : {}),
        routedCommands,
        watermark: { commentId: statusId, reviewId: 0 },
      }),
      statusId,
    );
    h.fake.issueLabels.set(42, [`ralph:${phase}`]);
  }

  async function onPull(body: string, author: FakeUser) {
    const comment = h.fake.addComment(PR, body, author);
    await h.receive(
      "issue_comment",
      issueCommentCreated({
        issue: {
          number: PR,
          author: BOT,
          title: `Ralph: ${ISSUE.title}`,
          body: "Closes #42\n\nStories:",
          pullRequest: true,
        },
        comment: { ...comment, user: author },
      }),
    );
    return comment;
  }

  it("a waiting phase: the command acts on the issue; nothing is said on the PR", async () => {
    seed("stopped");
    const c = await onPull("/ralph plan keep it short", user("alice"));
    const state = h.stateOf(42)!;
    expect(state).toMatchObject({ phase: "planning", planNotes: ["keep it short"] });
    expect(state.watermark.commentId).toBe(c.id);
    expect(h.fake.dispatches.map((d) => (d.body as { inputs: unknown }).inputs)).toEqual([
      expect.objectContaining({ issue: "42" }),
    ]);
    expect(h.stateOf(PR)).toBeNull();
    expect(h.fake.commentsOn(PR).filter((x) => x.user.login === BOT)).toEqual([]);
  });

  it("an agent phase: the command is handed to the running job (routedCommands), `/ralph stop` applies at once", async () => {
    seed("implementing");
    const replan = await onPull("/ralph replan the API changed", user("alice"));
    expect(h.stateOf(42)).toMatchObject({ phase: "implementing", routedCommands: [replan.id] });
    expect(
      h.fake
        .requestsMatching("POST", new RegExp(`/comments/${replan.id}/reactions$`))
        .map((r) => r.body),
    ).toEqual([{ content: "eyes" }]);
    // A read-only user's command is neither acknowledged nor handed over.
    await onPull("/ralph replan nope", user("reader"));
    expect(h.stateOf(42)!.routedCommands).toEqual([replan.id]);

    await onPull("/ralph stop", user("alice"));
    expect(h.stateOf(42)!.phase).toBe("stopped");
    expect(h.fake.dispatches).toEqual([]);
  });

  it("commands handed to a job that died are taken in by the next reconcile", async () => {
    const notes = h.fake.addComment(PR, "/ralph plan mind the cache", user("alice"));
    seed("stopped", [notes.id]);
    const chat = h.fake.addComment(42, "any news?", user("alice"));
    await h.receive(
      "issue_comment",
      issueCommentCreated({ issue: ISSUE, comment: { ...chat, user: user("alice") } }),
    );
    expect(h.stateOf(42)).toMatchObject({
      phase: "planning",
      planNotes: ["mind the cache"],
      routedCommands: [],
    });
  });

  it("a plain comment on Ralph's PR is not routed: no look-up of the PR, the issue untouched", async () => {
    seed("stopped");
    const before = h.stateOf(42);
    await onPull("nice work", user("alice"));
    expect(h.fake.requestsMatching("GET", /\/pulls\/77$/)).toEqual([]);
    expect(h.stateOf(42)).toEqual(before);
  });
});
