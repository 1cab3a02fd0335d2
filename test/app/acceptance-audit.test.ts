/**
 * Acceptance checks of issue 4 that the other App suites prove only at the adapter level or only
 * sequentially: a redelivery racing the first delivery, a >65,536-character body written by a
 * real App path, `issues.opened` with `trigger.on_open`, and a read-only `/ralph plan` on an issue
 * that already has a state.
 */
import { describe, expect, it } from "vitest";
import { GITHUB_COMMENT_LIMIT } from "../../src/core/split-comment.js";
import {
  issueCommentCreated,
  obj,
  type Payload,
  webhookExample,
} from "../fixtures/webhooks/index.js";
import { BOT, type FakeUser, user } from "../support/fake-github/index.js";
import { harnessPerTest } from "./harness.js";
import { LOGIN_ISSUE as ISSUE } from "./login-issue.js";
import { awaitingApproval, prd } from "./states.js";

const PLAN_DISPATCH = { ref: "main", inputs: { issue: "42", phase: "plan" } };

function issuesOpened(sender: FakeUser): Payload {
  const payload = webhookExample("issues", "opened");
  const issue = obj(payload, "issue");
  issue.number = ISSUE.number;
  issue.title = ISSUE.title;
  issue.body = ISSUE.body;
  issue.labels = [];
  delete issue.pull_request;
  issue.user = { ...obj(issue, "user"), login: sender.login, type: sender.type };
  payload.sender = { ...obj(payload, "sender"), login: sender.login, type: sender.type };
  return payload;
}

describe("issue 4 acceptance, App paths", () => {
  const h = harnessPerTest();

  function commentEvent(body: string, author: FakeUser): Payload {
    const comment = h.fake.addComment(42, body, author);
    return issueCommentCreated({ issue: ISSUE, comment: { ...comment, user: author } });
  }

  it("the same delivery arriving twice at once (still in flight) dispatches exactly once", async () => {
    h.fake.grant("alice", "write");
    const payload = commentEvent("/ralph plan", user("alice"));
    await Promise.all([
      h.receive("issue_comment", payload, "delivery-race"),
      h.receive("issue_comment", structuredClone(payload), "delivery-race"),
    ]);
    expect(h.fake.dispatches.map((d) => d.body)).toEqual([PLAN_DISPATCH]);
    expect(h.fake.requestsMatching("POST", /\/reactions$/)).toHaveLength(1);
    expect(h.fake.botComments(42)).toHaveLength(1);
    expect(h.stateOf(42)?.phase).toBe("planning");
  });

  it("a body over 70,000 characters written by the App is posted in parts of at most 65,536", async () => {
    // 3,000 unknown keys: the App's config-error reply names every one (about 74,000 characters).
    const keys = Array.from({ length: 3000 }, (_, i) => `unknown_key_number_${i}`);
    h.fake.setFile(".github/ralph.yml", keys.map((k) => `${k}: 1`).join("\n"));
    h.fake.grant("alice", "write");
    await h.receive("issue_comment", commentEvent("/ralph plan", user("alice")));

    const parts = h.fake.botComments(42).map((c) => c.body);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    const total = parts.reduce((n, p) => n + p.length, 0);
    expect(total).toBeGreaterThan(70_000);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    // Nothing lost across the cut: every key is named in some part.
    const named = new Set(parts.join("\n").match(/\bunknown_key_number_\d+\b/g));
    expect(named).toEqual(new Set(keys));
    expect(parts[0]).toMatch(/<!-- ralph:key=config-error:[0-9a-f]{64} -->/);
    expect(h.fake.dispatches).toEqual([]);
    expect(h.stateOf(42)).toBeNull();

    // The split reply still counts as "already reported": a second event adds nothing.
    await h.receive("issue_comment", commentEvent("/ralph plan", user("alice")));
    expect(h.fake.botComments(42).map((c) => c.body)).toEqual(parts);
    expect(h.fake.dispatches).toEqual([]);
  });

  it("issues.opened plans only when trigger.on_open is set", async () => {
    h.fake.grant("alice", "write");
    await h.receive("issues", issuesOpened(user("alice")));
    expect(h.fake.dispatches).toEqual([]);
    expect(h.stateOf(42)).toBeNull();

    h.fake.setFile(".github/ralph.yml", "trigger:\n  on_open: true\n");
    await h.receive("issues", issuesOpened(user("alice")));
    expect(h.fake.dispatches.map((d) => d.body)).toEqual([PLAN_DISPATCH]);
    expect(h.stateOf(42)?.phase).toBe("planning");
    expect(h.fake.issueLabels.get(42)).toEqual(["ralph:planning"]);
  });

  it("issues.opened by a read-only user with trigger.on_open: no dispatch, no state", async () => {
    h.fake.setFile(".github/ralph.yml", "trigger:\n  on_open: true\n");
    h.fake.grant("reader", "read");
    await h.receive("issues", issuesOpened(user("reader")));
    expect(h.fake.dispatches).toEqual([]);
    expect(h.stateOf(42)).toBeNull();
  });

  it("a read-only /ralph plan on an issue awaiting approval changes no state and dispatches nothing", async () => {
    const prdId = h.fake.id();
    const statusId = h.fake.id();
    h.fake.addComment(42, "PRD", user(BOT, "Bot"), prdId);
    h.fake.seedState(
      awaitingApproval(prd(), prdId, { watermark: { commentId: statusId, reviewId: 0 } }),
      statusId,
    );
    h.fake.issueLabels.set(42, ["ralph:awaiting-approval"]);
    h.fake.grant("reader", "read");
    const before = h.stateOf(42);

    await h.receive("issue_comment", commentEvent("/ralph plan", user("reader")));

    expect(h.fake.dispatches).toEqual([]);
    const after = h.stateOf(42);
    // Only the watermark may move past the ignored comment (and the save's revision, claim and
    // time bookkeeping with it); phase, PRD and approvals stay.
    const bookkeeping = { watermark: null, revision: 0, claimed: undefined, savedAt: null };
    expect({ ...after, ...bookkeeping }).toEqual({ ...before, ...bookkeeping });
    expect(h.fake.issueLabels.get(42)).toEqual(["ralph:awaiting-approval"]);
  });
});
