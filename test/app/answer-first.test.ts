/**
 * Issue 11: the App answers a webhook first and handles it after (GitHub gives up after 10 s),
 * and the sweep recovers a command whose webhook was answered but never handled (a crash in
 * between: GitHub does not redeliver a delivery that got a 2xx).
 */
import { afterEach, describe, expect, it } from "vitest";
import { INSTALLATION_ID, issueCommentCreated } from "../fixtures/webhooks/index.js";
import { user } from "../support/fake-github/index.js";
import { type AppWorld, startAppWorld } from "./app-world.js";
import { type Harness, startHarness, stopHarness } from "./harness.js";

const ISSUE = { number: 42, author: "alice", title: "Add a login page", body: "Log in." };

describe("the App answers first", () => {
  let w: AppWorld | undefined;
  afterEach(() => w?.close());

  it("the webhook is answered before any request to GitHub completes; idle() finishes the work", async () => {
    // 150 ms per request: an answer that waited for the work would come after ~10 requests.
    w = await startAppWorld({ latencyMs: 150 });
    w.fake.grant("alice", "write");
    const comment = w.fake.addComment(42, "/ralph plan", user("alice"));
    await w.receive(
      "issue_comment",
      issueCommentCreated({ issue: ISSUE, comment: { ...comment, user: user("alice") } }),
    );
    expect(w.fake.dispatches).toEqual([]);
    expect(w.ralph.idle).toBeTypeOf("function");
    await w.ralph.idle();
    expect(w.fake.dispatches).toHaveLength(1);
    expect(w.fake.unhandled).toEqual([]);
  });
});

describe("the sweep recovers commands answered but never handled", () => {
  let h: Harness | undefined;
  afterEach(() => stopHarness(h));

  /** A command GitHub delivered while the App was down: on GitHub, never reconciled. */
  function lostCommand(harness: Harness, body: string, login = "alice") {
    harness.fake.issues.set(42, {
      number: 42,
      title: ISSUE.title,
      body: ISSUE.body,
      user: user("alice"),
      labels: [],
      state: "open",
    });
    const c = harness.fake.addComment(42, body, user(login));
    c.created_at = new Date().toISOString();
    c.updated_at = c.created_at;
    return c;
  }

  it("an unacknowledged /ralph plan is handled by the next sweep, exactly once", async () => {
    h = await startHarness();
    h.fake.grant("alice", "write");
    const c = lostCommand(h, "/ralph plan");
    await h.ralph.sweep(INSTALLATION_ID);
    await h.ralph.idle();
    expect(h.stateOf(42)?.phase).toBe("planning");
    expect(h.fake.reactions.get(c.id)?.map((r) => r.content)).toEqual(["eyes"]);
    expect(h.fake.dispatches).toHaveLength(1);

    await h.ralph.sweep(INSTALLATION_ID);
    await h.ralph.idle();
    expect(h.fake.dispatches).toHaveLength(1);
    expect(h.fake.unhandled).toEqual([]);
  });

  it("old comments, bots' comments and comments without a command are left alone", async () => {
    h = await startHarness();
    h.fake.grant("alice", "write");
    h.fake.addComment(42, "/ralph plan", user("alice")); // long before the sweep's window
    lostCommand(h, "Thanks, looks good");
    lostCommand(h, "/ralph plan", "ci[bot]");
    await h.ralph.sweep(INSTALLATION_ID);
    await h.ralph.idle();
    expect(h.stateOf(42)).toBeNull();
    expect(h.fake.requestsMatching("GET", /\/reactions$/)).toEqual([]);
  });
});
