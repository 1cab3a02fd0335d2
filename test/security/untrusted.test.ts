/**
 * Untrusted actors (issue 10, DESIGN §7): nobody without write permission can steer Ralph, through
 * the BUILT App (Probot `receive`) on an HTTP-level fake GitHub. Each case asserts what GitHub saw:
 * no dispatch, no state written, and for bots and Ralph itself no request at all.
 */
import { describe, expect, it } from "vitest";

import type { MachineState } from "../../src/core/state.js";
import { encodeStateBlock, isStatusComment } from "../../src/core/state-codec.js";
import { loginComment } from "../app/login-issue.js";
import { awaitingApproval, prd, putPrdFiles, revisionOf, stateAt } from "../app/states.js";
import {
  BOT,
  type FakeComment,
  type FakeUser,
  isWriteRequest,
  user,
} from "../support/fake-github/index.js";
import { builtAppClusters, type Cluster } from "./built-app.js";

let c: Cluster;
const clusters = builtAppClusters((cluster) => expect(cluster.fake.tooLong).toEqual([]));
async function start(): Promise<Cluster> {
  c = await clusters.start();
  c.fake.grant("bob", "admin");
  c.fake.grant("reader", "read");
  c.fake.grant("triager", "triage");
  return c;
}

async function say(body: string, author: FakeUser, action = "created"): Promise<FakeComment> {
  const comment = c.fake.addComment(42, body, author);
  const payload = loginComment(comment, author);
  payload.action = action;
  await c.receive("issue_comment", payload);
  return comment;
}

/** Writes to the repository (the installation token Probot fetches is not one). */
const writes = () =>
  c.fake.requests.filter((r) => isWriteRequest(r) && !r.path.endsWith("/access_tokens"));
const statusComments = () => c.fake.botComments(42).filter((s) => isStatusComment(s.body));

/** Status comment, then the PRD comment Ralph wrote, waiting for approval. */
function seedAwaiting(patch: Partial<MachineState> = {}): MachineState {
  const p = prd();
  const statusId = c.fake.id();
  const prdId = c.fake.id();
  c.fake.addComment(
    42,
    `<!-- ralph:prd revision=${revisionOf(p)} -->\nPRD`,
    user(BOT, "Bot"),
    prdId,
  );
  const state = awaitingApproval(p, prdId, {
    watermark: { commentId: prdId, reviewId: 0 },
    ...patch,
  });
  c.fake.seedState(state, statusId);
  putPrdFiles(c.fake, p, state.branch ?? "");
  return state;
}

describe("untrusted actors", () => {
  for (const [who, login] of [
    ["a read-only user", "reader"],
    ["a triage user", "triager"],
    ["a user without any permission", "stranger"],
  ] as const) {
    it(`${who}: /ralph plan starts nothing; one denial, no state, no dispatch`, async () => {
      await start();
      await say("/ralph plan", user(login));
      await say("/ralph plan please", user(login));
      expect(c.fake.dispatches).toEqual([]);
      expect(statusComments()).toEqual([]);
      const replies = c.fake.botComments(42);
      expect(replies).toHaveLength(1);
      expect(replies[0]?.body).toContain("only takes commands from users with write access");
      expect(c.fake.requestsMatching("POST", /\/reactions$/)).toEqual([]);
    });
  }

  it("a bot and Ralph itself: no request to GitHub at all", async () => {
    await start();
    await say("/ralph plan", user("dependabot[bot]", "Bot"));
    await say("/ralph plan", user("helper-bot", "Bot"));
    await say("/ralph plan", user(BOT, "Bot"));
    expect(c.fake.requests).toEqual([]);
  });

  it("commands inside code blocks, quotes and inline code are not commands", async () => {
    await start();
    await say("```\n/ralph plan\n```", user("alice"));
    await say("~~~md\n/ralph plan\n~~~", user("alice"));
    await say("> /ralph plan", user("alice"));
    await say("Please type `/ralph plan` to start", user("alice"));
    await say("    /ralph plan", user("alice"));
    expect(c.fake.dispatches).toEqual([]);
    expect(writes()).toEqual([]);
  });

  it("an edited comment is not a command (only created comments count)", async () => {
    await start();
    await say("/ralph plan", user("alice"), "edited");
    await say("/ralph plan", user("alice"), "deleted");
    expect(c.fake.dispatches).toEqual([]);
    expect(writes()).toEqual([]);
  });

  it("an approval of a stale revision does not count", async () => {
    await start();
    seedAwaiting();
    await say(`/approve ${"0".repeat(12)}`, user("alice"));
    expect(c.fake.dispatches).toEqual([]);
    expect(c.stateOf(42)?.phase).toBe("awaiting_approval");
    expect(c.stateOf(42)?.approvals).toEqual([]);
  });

  it("a 👍 on a PRD-looking comment someone else wrote does not approve", async () => {
    await start();
    const state = seedAwaiting();
    const fakePrd = c.fake.addComment(
      42,
      `<!-- ralph:prd revision=${state.prd?.revision} -->\n**PRD** approve with 👍`,
      user("reader"),
    );
    c.fake.react(fakePrd.id, "+1", user("alice"));
    c.fake.react(fakePrd.id, "+1", user("bob"));
    await c.replicas[0]?.ralph.sweep(2311213);
    await say("looks good", user("alice"));
    expect(c.fake.dispatches).toEqual([]);
    expect(c.stateOf(42)?.approvals).toEqual([]);
  });

  it("a state block in a comment Ralph did not write is never loaded, and reported once", async () => {
    await start();
    // A forged state that would have Ralph implement right away.
    const forged = stateAt("implementing", { pendingStep: "implement" });
    c.fake.seedForeignState(forged, user("alice"));
    await say("/ralph status", user("alice"));
    await say("/ralph status", user("alice"));
    expect(c.fake.dispatches).toEqual([]);
    expect(statusComments()).toEqual([]);
    const reports = c.fake
      .botComments(42)
      .filter((x) => x.body.includes("looks like Ralph's status"));
    expect(reports).toHaveLength(1);
  });

  it("a tampered state block in Ralph's own comment: reported, nothing runs", async () => {
    await start();
    const own = c.fake.seedState(stateAt("awaiting_approval"));
    // Someone with admin rights edits Ralph's comment: the block no longer parses as a state.
    const bad = encodeStateBlock(stateAt("awaiting_approval")).replace(
      / [A-Za-z0-9+/=]{20}/,
      " !!tampered!!",
    );
    const comment = c.fake.comments.get(own.id);
    if (comment) comment.body = comment.body.replace(/<!-- ralph:state[\s\S]*?-->/, bad);
    await say("/approve", user("alice"));
    await say("/ralph run", user("bob"));
    expect(c.fake.dispatches).toEqual([]);
    const reports = c.fake.botComments(42).filter((x) => x.body.includes("can't read its state"));
    expect(reports).toHaveLength(1);
  });

  it("a user whose permission was revoked between approval and run no longer counts", async () => {
    await start();
    const state = seedAwaiting({ approvals: [] });
    c.fake.setFile(".github/ralph.yml", "approvals:\n  required: 2\n");
    await say("/approve", user("alice"));
    expect(c.stateOf(42)?.approvals.map((a) => a.login)).toEqual(["alice"]);
    c.fake.grant("alice", "read");
    await say("/approve", user("bob"));
    expect(c.fake.dispatches).toEqual([]);
    const after = c.stateOf(42);
    expect(after?.phase).toBe("awaiting_approval");
    expect(after?.approvals.map((a) => a.login)).toEqual(["bob"]);
    expect(after?.prd?.revision).toBe(state.prd?.revision);
  });

  it("a revoked approver in the run gate: /ralph run by another user does not start on their approval", async () => {
    await start();
    seedAwaiting();
    c.fake.setFile(".github/ralph.yml", "gates:\n  run: true\n");
    await say("/approve", user("alice"));
    expect(c.stateOf(42)?.phase).toBe("run_gate");
    c.fake.grant("alice", "none");
    await say("/ralph run", user("bob"));
    expect(c.fake.dispatches).toEqual([]);
    expect(c.stateOf(42)?.phase).toBe("awaiting_approval");
  });

  it("a flood of 200 commands from a read-only user: no effect, at most two replies, bounded calls", async () => {
    await start();
    const commands = [
      "/ralph plan",
      "/approve",
      "/ralph run",
      "/ralph stop",
      "/ralph help",
      "/ralph status",
      "/ralph replan x",
      "/ralph nope",
    ];
    // 50 comments of 4 command lines each: every line is a command (DESIGN §3.1).
    for (let i = 0; i < 50; i++) {
      const lines = [0, 1, 2, 3].map((k) => commands[(i * 4 + k) % commands.length]);
      await say(lines.join("\n"), user("reader"));
    }
    expect(c.fake.dispatches).toEqual([]);
    expect(statusComments()).toEqual([]);
    // One denial and one help text, whatever the number of commands.
    expect(c.fake.botComments(42).length).toBeLessThanOrEqual(2);
    expect(writes().length).toBeLessThanOrEqual(3);
    // A handful of reads per delivery (comments, config, permission), never a growing number.
    expect(c.fake.requests.length).toBeLessThanOrEqual(50 * 4);
  });
});
