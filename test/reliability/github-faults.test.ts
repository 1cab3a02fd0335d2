/**
 * GitHub faults seen by the BUILT App (issue 10): a dispatch refused with 5xx or 422, a 5xx while
 * reading the issue, and the config made invalid mid-run. Each ends in a clear message on the
 * issue (or, when GitHub cannot be read at all, a failed delivery that wrote nothing), nothing
 * is lost, and a later event resumes from where it stopped.
 */
import { describe, expect, it } from "vitest";
import { isStatusComment } from "../../src/core/state-codec.js";
import { loginComment } from "../app/login-issue.js";
import { stateAt } from "../app/states.js";
import { builtAppClusters, type Cluster } from "../security/built-app.js";
import { type FakeComment, type RecordedRequest, user } from "../support/fake-github/index.js";

let c: Cluster;
const clusters = builtAppClusters();
const start = async () => {
  c = await clusters.start();
  return c;
};
const payload = loginComment;

/** The read of an issue's comments and status (one GraphQL query, github/issue-read.ts). */
function isIssueRead(r: RecordedRequest): boolean {
  const query = (r.body as { query?: unknown } | null)?.query;
  return r.path === "/graphql" && typeof query === "string" && query.includes("RalphIssueRead");
}

async function say(body: string): Promise<FakeComment> {
  const comment = c.fake.addComment(42, body, user("alice"));
  await c.receive("issue_comment", payload(comment));
  return comment;
}

const statusText = () => c.fake.botComments(42).find((x) => isStatusComment(x.body))?.body ?? "";

/** GitHub answers `status` to every read of the issue (isIssueRead) until `end()`. */
function issueReadsFail(c: Cluster, status: number, message: string): { end(): void } {
  let down = true;
  c.fake.onRequest = (r) => (down && isIssueRead(r) ? [status, { message }] : undefined);
  return {
    end: () => {
      down = false;
    },
  };
}

describe("GitHub faults", () => {
  for (const [status, message] of [
    [500, "Server Error"],
    [422, "Workflow does not have 'workflow_dispatch' trigger"],
  ] as const) {
    it(`a dispatch refused with ${status}: the issue fails with GitHub's reason; /ralph run resumes`, async () => {
      await start();
      let refuse = true;
      c.fake.onRequest = (r) =>
        refuse && r.method === "POST" && r.path.endsWith("/dispatches")
          ? [status, { message }]
          : undefined;
      await say("/ralph plan");
      expect(c.stateOf(42)?.phase).toBe("failed");
      expect(c.stateOf(42)?.lastError).toContain(message);
      expect(statusText()).toContain(message);
      refuse = false;
      await say("/ralph run");
      expect(c.stateOf(42)?.phase).toBe("planning");
      // The refused dispatch and the one that went through; nothing ran twice.
      expect(c.fake.dispatches).toHaveLength(2);
    });
  }

  it("a 5xx while reading the issue: the delivery fails having written nothing; the next event reads the missed command once", async () => {
    await start();
    c.fake.seedState(stateAt("done", { watermark: { commentId: 0, reviewId: 0 } }));
    const outage = issueReadsFail(c, 502, "Bad Gateway");
    const missed = c.fake.addComment(42, "/ralph plan", user("alice"));
    await expect(c.receive("issue_comment", payload(missed))).rejects.toThrow();
    const writes = () =>
      c.fake.requests.filter(
        (r) => r.method !== "GET" && !isIssueRead(r) && !r.path.endsWith("/access_tokens"),
      );
    expect(writes()).toEqual([]);
    outage.end();
    // Any later event (here a plain comment) reconciles: the missed command is read, once.
    await say("any news?");
    await say("still there?");
    expect(c.fake.dispatches).toHaveLength(1);
    expect(c.stateOf(42)?.phase).toBe("planning");
  });

  it("a 5xx on an issue Ralph never engaged with: redelivering the failed delivery does the work once", async () => {
    await start();
    const outage = issueReadsFail(c, 503, "Service Unavailable");
    const comment = c.fake.addComment(42, "/ralph plan", user("alice"));
    await expect(c.receive("issue_comment", payload(comment), "delivery-1")).rejects.toThrow();
    outage.end();
    await c.receive("issue_comment", payload(comment), "delivery-1");
    await c.receive("issue_comment", payload(comment), "delivery-1");
    expect(c.fake.dispatches).toHaveLength(1);
  });

  it("the config made invalid mid-run: one clear comment, the state untouched; once fixed, what was said meanwhile applies", async () => {
    await start();
    const seeded = stateAt("awaiting_approval", { watermark: { commentId: 0, reviewId: 0 } });
    c.fake.seedState(seeded);
    c.fake.setFile(".github/ralph.yml", "approvals:\n  required: zero\n");
    await say("/ralph stop");
    await say("/ralph stop");
    const reports = c.fake.botComments(42).filter((x) => x.body.includes("ralph.yml"));
    expect(reports).toHaveLength(1);
    expect(reports[0]?.body).toMatch(/approvals\.required/);
    expect(c.stateOf(42)).toMatchObject({ phase: "awaiting_approval", revision: seeded.revision });
    c.fake.setFile(".github/ralph.yml", "approvals:\n  required: 1\n");
    await say("thanks");
    expect(c.stateOf(42)?.phase).toBe("stopped");
  });
});
