import { describe, expect, it } from "vitest";
import { issueCommentCreated, issuesLabeled, type Payload } from "../fixtures/webhooks/index.js";
import { type FakeUser, user } from "../support/fake-github/index.js";
import { type Harness, harnessPerTest } from "./harness.js";

const ISSUE = {
  number: 42,
  author: "octo-author",
  title: "Add a login page",
  body: "Users need to log in.",
};

function commentEvent(
  h: Harness,
  body: string,
  author: FakeUser,
): { payload: Payload; id: number } {
  const comment = h.fake.addComment(42, body, author);
  return {
    id: comment.id,
    payload: issueCommentCreated({ issue: ISSUE, comment: { ...comment, user: author } }),
  };
}

describe("/ralph plan on an issue", () => {
  const h = harnessPerTest();

  it("by a write user: 👀, status comment in planning, phase label, exactly one dispatch", async () => {
    h.fake.grant("alice", "write");
    const { payload, id } = commentEvent(h, "/ralph plan", user("alice"));
    await h.receive("issue_comment", payload);

    const reactions = h.fake.requestsMatching(
      "POST",
      new RegExp(`/issues/comments/${id}/reactions$`),
    );
    expect(reactions.map((r) => r.body)).toEqual([{ content: "eyes" }]);
    const state = h.stateOf(42);
    expect(state?.phase).toBe("planning");
    expect(state?.pendingStep).toBe("plan");
    expect(state?.revision).toBe(1);
    expect(state?.watermark.commentId).toBe(id);
    expect(h.fake.issueLabels.get(42)).toEqual(["ralph:planning"]);
    expect(h.fake.repoLabels.get("ralph:planning")?.color).toMatch(/^[0-9a-f]{6}$/);
    expect(h.fake.dispatches.map((d) => [d.path, d.body])).toEqual([
      [
        "/repos/Codertocat/Hello-World/actions/workflows/ralph.yml/dispatches",
        { ref: "main", inputs: { issue: "42", phase: "plan" } },
      ],
    ]);
    // The status comment is the only comment Ralph wrote.
    expect(h.fake.botComments(42)).toHaveLength(1);
  });

  it("by a read-only user: no dispatch, no state, at most one short reply", async () => {
    h.fake.grant("reader", "read");
    await h.receive("issue_comment", commentEvent(h, "/ralph plan", user("reader")).payload);
    await h.receive("issue_comment", commentEvent(h, "/ralph plan please", user("reader")).payload);

    expect(h.fake.dispatches).toEqual([]);
    expect(h.stateOf(42)).toBeNull();
    expect(h.fake.issueLabels.get(42)).toBeUndefined();
    const replies = h.fake.botComments(42);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.body).toContain("@reader");
    expect(h.fake.requestsMatching("POST", /\/reactions$/)).toEqual([]);
  });

  it("by a user without access (permission API 404): treated as none", async () => {
    await h.receive("issue_comment", commentEvent(h, "/ralph plan", user("stranger")).payload);
    expect(h.fake.dispatches).toEqual([]);
    expect(h.stateOf(42)).toBeNull();
  });

  it("by a bot: nothing at all, not even a read", async () => {
    const { payload } = commentEvent(h, "/ralph plan", user("dependabot[bot]", "Bot"));
    await h.receive("issue_comment", payload);
    expect(h.fake.dispatches).toEqual([]);
    expect(h.fake.requests.filter((r) => !r.path.endsWith("/access_tokens"))).toEqual([]);
  });

  it("Ralph's own comment never triggers anything", async () => {
    const { payload } = commentEvent(h, "/ralph plan", user("ralph-app[bot]", "Bot"));
    await h.receive("issue_comment", payload);
    expect(h.fake.requests.filter((r) => !r.path.endsWith("/access_tokens"))).toEqual([]);
  });

  it("the same delivery received twice dispatches exactly once", async () => {
    h.fake.grant("alice", "admin");
    const { payload } = commentEvent(h, "/ralph plan", user("alice"));
    await h.receive("issue_comment", payload, "delivery-1");
    await h.receive("issue_comment", structuredClone(payload), "delivery-1");

    expect(h.fake.dispatches).toHaveLength(1);
    expect(h.stateOf(42)?.revision).toBe(1);
    expect(h.fake.botComments(42)).toHaveLength(1);
  });

  it("a comment without a command on an issue Ralph never touched costs one read only", async () => {
    await h.receive("issue_comment", commentEvent(h, "Looks good to me", user("alice")).payload);
    const calls = h.fake.requests.filter((r) => !r.path.endsWith("/access_tokens"));
    // The newest comments and the status pointer, in one GraphQL query (issue 16).
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /graphql"]);
  });

  it("the trigger label starts planning like /ralph plan", async () => {
    h.fake.grant("alice", "maintain");
    await h.receive(
      "issues",
      issuesLabeled({ issue: ISSUE, label: "ralph", sender: user("alice") }),
    );
    expect(h.stateOf(42)?.phase).toBe("planning");
    expect(h.fake.dispatches.map((d) => d.body)).toEqual([
      { ref: "main", inputs: { issue: "42", phase: "plan" } },
    ]);
  });

  it("another label does nothing", async () => {
    h.fake.grant("alice", "write");
    await h.receive("issues", issuesLabeled({ issue: ISSUE, label: "bug", sender: user("alice") }));
    expect(h.fake.dispatches).toEqual([]);
    expect(h.stateOf(42)).toBeNull();
  });

  it("a configured workflow name is dispatched", async () => {
    h.fake.setFile(".github/ralph.yml", "workflow: agent.yml\n");
    h.fake.grant("alice", "write");
    await h.receive("issue_comment", commentEvent(h, "/ralph plan", user("alice")).payload);
    expect(h.fake.dispatches.map((d) => d.path)).toEqual([
      "/repos/Codertocat/Hello-World/actions/workflows/agent.yml/dispatches",
    ]);
  });

  it("an invalid .github/ralph.yml: one comment naming the bad key, nothing dispatched, never repeated", async () => {
    h.fake.setFile(".github/ralph.yml", "limits:\n  max_attempts: lots\nagentt: claude\n");
    h.fake.grant("alice", "write");
    await h.receive("issue_comment", commentEvent(h, "/ralph plan", user("alice")).payload);
    await h.receive("issue_comment", commentEvent(h, "/ralph plan again", user("alice")).payload);

    expect(h.fake.dispatches).toEqual([]);
    expect(h.stateOf(42)).toBeNull();
    const replies = h.fake.botComments(42);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.body).toContain("limits.max_attempts");
    expect(replies[0]?.body).toContain("agentt");
    expect(replies[0]?.body).toMatch(/<!-- ralph:key=config-error:[0-9a-f]{64} -->/);
  });

  it("invalid YAML is reported the same way", async () => {
    h.fake.setFile(".github/ralph.yml", "trigger: [unclosed\n");
    h.fake.grant("alice", "write");
    await h.receive("issue_comment", commentEvent(h, "/ralph plan", user("alice")).payload);
    expect(h.fake.dispatches).toEqual([]);
    expect(h.fake.botComments(42)[0]?.body).toContain("not valid YAML");
  });

  it("a typo in .github/ralph.yml: the reply names the key it most likely meant", async () => {
    h.fake.setFile(".github/ralph.yml", "limits:\n  max_attemps: 2\n");
    h.fake.grant("alice", "write");
    await h.receive("issue_comment", commentEvent(h, "/ralph plan", user("alice")).payload);
    expect(h.fake.dispatches).toEqual([]);
    expect(h.fake.botComments(42)[0]?.body).toContain(
      "limits.max_attemps: unknown key; did you mean max_attempts?",
    );
  });

  it("/ralph aprove: the command it most likely meant, then the list; nothing else", async () => {
    h.fake.grant("reader", "read");
    await h.receive("issue_comment", commentEvent(h, "/ralph aprove", user("reader")).payload);
    const replies = h.fake.botComments(42).map((c) => c.body);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatch(
      /^<!-- ralph:key=help:reader -->\nUnknown command `\/ralph aprove`\. Did you mean `\/ralph approve`\?\n\n\*\*Ralph commands\*\*/,
    );
    expect(h.fake.dispatches).toEqual([]);
  });

  it("/ralph help replies with the command list", async () => {
    h.fake.grant("reader", "read");
    await h.receive("issue_comment", commentEvent(h, "/ralph help", user("reader")).payload);
    expect(
      h.fake
        .botComments(42)
        .map((c) => c.body)
        .join("\n"),
    ).toContain("/ralph plan");
    expect(h.fake.dispatches).toEqual([]);
  });
});
