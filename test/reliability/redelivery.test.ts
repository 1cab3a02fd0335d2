/**
 * Redelivery and concurrency (issue 10) through the BUILT App on one fake GitHub: the same
 * delivery 100 times has one effect; 20 comments arriving at once on one issue, spread over two
 * App replicas, are each answered exactly once and every save moves the revision up by one; 20
 * answers to one question round at once close the round once.
 */
import { describe, expect, it } from "vitest";
import { decodeStateBlock, isStatusComment } from "../../src/core/state-codec.js";
import { loginComment } from "../app/login-issue.js";
import { stateAt } from "../app/states.js";
import { builtAppClusters, type Cluster } from "../security/built-app.js";
import { type FakeComment, user } from "../support/fake-github/index.js";

let c: Cluster;
const clusters = builtAppClusters();
async function start(replicas: number): Promise<Cluster> {
  c = await clusters.start(replicas);
  for (let i = 0; i < 20; i++) c.fake.grant(`dev${i}`, "write");
  return c;
}
const payload = (comment: FakeComment) => loginComment(comment);

/** Revisions of every status-comment write GitHub received, in order. */
function savedRevisions(): number[] {
  return c.fake.requests
    .filter(
      (r) => (r.method === "PATCH" || r.method === "POST") && /\/comments(\/\d+)?$/.test(r.path),
    )
    .map((r) => String((r.body as { body?: string } | null)?.body ?? ""))
    .filter((body) => isStatusComment(body))
    .map((body) => decodeStateBlock(body).revision);
}

describe("redelivery", () => {
  it("the same delivery 100 times (50 of them at once): one status, one 👀, one dispatch", async () => {
    await start(1);
    const comment = c.fake.addComment(42, "/ralph plan", user("alice"));
    const event = payload(comment);
    await Promise.all(
      Array.from({ length: 50 }, () =>
        c.receive("issue_comment", structuredClone(event), "same-id"),
      ),
    );
    for (let i = 0; i < 50; i++)
      await c.receive("issue_comment", structuredClone(event), "same-id");
    expect(c.fake.dispatches).toHaveLength(1);
    expect(c.fake.requestsMatching("POST", /\/reactions$/)).toHaveLength(1);
    expect(c.fake.botComments(42).filter((x) => isStatusComment(x.body))).toHaveLength(1);
    expect(c.stateOf(42)?.revision).toBe(1);
    expect(savedRevisions()).toEqual([1]);
  });
});

describe("20 comments at once on one issue, two App replicas", () => {
  it("every comment is answered exactly once; each save is the previous revision + 1", async () => {
    await start(2);
    const status = c.fake.seedState(
      stateAt("done", { revision: 5, watermark: { commentId: 0, reviewId: 0 } }),
    );
    c.fake.comments.get(status.id);
    const comments = Array.from({ length: 20 }, (_, i) =>
      c.fake.addComment(42, `/ralph help\nasked by dev${i}`, user(`dev${i}`)),
    );
    await Promise.all(
      comments.map((comment, i) => c.replicas[i % 2]?.receive("issue_comment", payload(comment))),
    );
    // Each help request got its one answer (a help reply per comment), none twice.
    const answers = c.fake.botComments(42).filter((x) => !isStatusComment(x.body));
    expect(answers).toHaveLength(20);
    const state = c.stateOf(42);
    // Every comment read (Ralph's own too, issue 16: the next read stops at them).
    expect(state?.watermark.comments).toEqual(expect.arrayContaining(comments.map((x) => x.id)));
    // Saves are strictly increasing, each exactly one above the last: no two writers saved the
    // same revision and none was skipped.
    const revisions = savedRevisions();
    expect(revisions.length).toBeGreaterThan(0);
    expect(revisions).toEqual(revisions.map((_, i) => 6 + i));
    expect(state?.revision).toBe(revisions.at(-1));
  });
});

describe("20 answers at once during a question round, two App replicas", () => {
  it("the round is answered once: one planning dispatch, the first answer recorded and acknowledged once, revisions +1", async () => {
    await start(2);
    const status = c.fake.seedState(
      stateAt("questions", {
        revision: 5,
        claimed: true,
        openQuestions: ["Which identity provider should the login use?"],
        questionRounds: 1,
        watermark: { commentId: 0, reviewId: 0 },
      }),
    );
    c.fake.issueLabels.set(42, ["ralph:questions"]);
    const answers = Array.from({ length: 20 }, (_, i) =>
      c.fake.addComment(42, `Use provider ${i}, answered by dev${i}.`, user(`dev${i}`)),
    );
    await Promise.all(
      answers.map((comment, i) => c.replicas[i % 2]?.receive("issue_comment", payload(comment))),
    );
    // The first answer read ends the round (DESIGN §2.1.3): the planner is dispatched once.
    const dispatched = c.fake.dispatches.map((d) => (d.body as { inputs: unknown }).inputs);
    expect(dispatched).toEqual([{ issue: "42", phase: "plan" }]);
    const state = c.stateOf(42);
    expect(state?.phase).toBe("planning");
    // Recorded once: one Q&A entry, one of the answers given, by its author.
    expect(state?.qa).toHaveLength(1);
    const taken = answers.find((a) => a.body === state?.qa[0]?.answer);
    expect(taken).toBeDefined();
    expect(state?.qa[0]?.by).toBe(taken?.user.login);
    // … and acknowledged once. The round closed with it: the planning job owns the state now,
    // and its first checkpoint records the other answers before the planner runs (the built
    // action's questions flow in test/action/more-flows.test.ts shows a second answer reaching it).
    const acks = c.fake.requestsMatching("POST", /\/comments\/\d+\/reactions$/);
    expect(acks.map((r) => r.path)).toEqual([expect.stringContaining(`/comments/${taken?.id}/`)]);
    // Read: the answer taken (and Ralph's own status comment); the others are left for the job.
    const others = answers.filter((a) => a.id !== taken?.id).map((a) => a.id);
    expect(state?.watermark.comments).toContain(taken?.id);
    expect(state?.watermark.comments?.filter((id) => others.includes(id))).toEqual([]);
    // Saves are strictly increasing, each exactly one above the last.
    const revisions = savedRevisions();
    expect(revisions.length).toBeGreaterThan(0);
    expect(revisions).toEqual(revisions.map((_, i) => 6 + i));
    expect(state?.revision).toBe(revisions.at(-1));
    expect(c.fake.botComments(42).filter((x) => x.id !== status.id)).toEqual([]);
  });
});
