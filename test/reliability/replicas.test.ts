/**
 * Exactly once across App replicas and writers (issue 10, known gaps): two BUILT App processes on
 * one fake GitHub, a comment GitHub lists late, and the App and the Action saving the state at the
 * same moment. Every save claims its revision with a git ref (src/github/state-claim.ts): the
 * loser gets 422, saves nothing, reloads and finds nothing left to do.
 */
import { describe, expect, it } from "vitest";
import type { MachineState } from "../../src/core/state.js";
import { decodeStateBlock, isStatusComment } from "../../src/core/state-codec.js";
import { MOVE_PAST_GRACE_SECONDS } from "../action/harness.js";
import { loginComment } from "../app/login-issue.js";
import { prd, stateAt } from "../app/states.js";
import { builtAppClusters, type Cluster } from "../security/built-app.js";
import {
  type FakeComment,
  type FakeGitHub,
  OWNER,
  REPO,
  user,
} from "../support/fake-github/index.js";
import { signal } from "../support/until.js";

let cluster: Cluster | undefined;
const clusters = builtAppClusters();
const commentPayload = loginComment;

/** The same comment delivered to both replicas at once (deliveries `<id>-a` and `<id>-b`). */
async function bothReceive(c: Cluster, comment: FakeComment, id: string): Promise<void> {
  const [a, b] = c.replicas;
  await Promise.all([
    a?.receive("issue_comment", commentPayload(comment), `${id}-a`),
    b?.receive("issue_comment", commentPayload(comment), `${id}-b`),
  ]);
}

/** The inputs of every workflow dispatch GitHub received. */
const dispatchedInputs = (c: Cluster) =>
  c.fake.dispatches.map((d) => (d.body as { inputs: unknown }).inputs);

/** Claims made for a revision another writer already holds (GitHub answers them 422). */
function lostClaims(fake: FakeGitHub): string[] {
  const lost: string[] = [];
  fake.onRequest = (request) => {
    const ref = (request.body as { ref?: string } | null)?.ref;
    // State claims only: a status pointer two readers both create is no save.
    if (
      request.method === "POST" &&
      request.path.endsWith("/git/refs") &&
      ref?.startsWith("refs/ralph/claims/") === true
    ) {
      if (fake.refs.has(ref)) lost.push(ref);
    }
  };
  return lost;
}

function implementing(): MachineState {
  const p = prd();
  return stateAt("implementing", {
    specId: "issue-42-add-login",
    branch: p.branchName,
    pendingStep: "implement",
    currentStory: "US-001",
    prd: {
      revision: "r1",
      number: 1,
      branchName: p.branchName,
      commentId: null,
      stories: [
        {
          id: "US-001",
          title: "Login form",
          status: "running",
          attempts: 0,
          commit: null,
        },
      ],
    },
  });
}

describe("two App replicas on one GitHub", () => {
  it("the same comment delivered to both at once dispatches exactly once", async () => {
    cluster = await clusters.start(2);
    const comment = cluster.fake.addComment(42, "/ralph plan", user("alice"));
    const fake = cluster.fake;
    const lost = lostClaims(fake);
    await bothReceive(cluster, comment, "delivery");
    expect(fake.dispatches).toHaveLength(1);
    const status = fake.botComments(42).filter((c) => isStatusComment(c.body));
    expect(status).toHaveLength(1);
    expect(cluster.stateOf(42)).toMatchObject({ phase: "planning", revision: 1 });
    // The two really raced: both passed the re-check and asked for the same claim; the loser got
    // 422 and wrote nothing (one status comment, one dispatch).
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatch(/^refs\/ralph\/claims\/issue-42\//);
  });

  it("an /approve seen by both replicas (webhook + poller alike) starts implementation once, revision +1", async () => {
    cluster = await clusters.start(2);
    const p = prd();
    const status = cluster.fake.seedState(stateAt("idle"));
    const { awaitingApproval, putPrdFiles } = await import("../app/states.js");
    const prdComment = cluster.fake.addComment(42, "PRD", user("ralph-app[bot]", "Bot"));
    const seeded = awaitingApproval(p, prdComment.id, {
      watermark: { commentId: prdComment.id, reviewId: 0 },
    });
    cluster.fake.seedState(seeded, status.id);
    putPrdFiles(cluster.fake, p, seeded.branch ?? "");
    const approve = cluster.fake.addComment(42, "/approve", user("alice"));
    const lost = lostClaims(cluster.fake);
    await bothReceive(cluster, approve, "approve");
    const dispatched = dispatchedInputs(cluster);
    expect(dispatched).toEqual([{ issue: "42", phase: "implement" }]);
    // Both read revision r and claimed r + 1; one claim lost.
    expect(lost).toEqual([
      `refs/ralph/claims/issue-42/status-${status.id}/rev-${seeded.revision + 1}`,
    ]);
    expect(cluster.stateOf(42)).toMatchObject({
      phase: "implementing",
      revision: seeded.revision + 1,
    });
  });
});

/** Two replicas on an issue that is done, its state claimed and read from the start. */
async function twoReplicasOnDone() {
  const two = await clusters.start(2);
  cluster = two;
  const seeded = stateAt("done", { claimed: true, watermark: { commentId: 0, reviewId: 0 } });
  return { two, fake: two.fake, seeded, status: two.fake.seedState(seeded) };
}

describe("a replica three revisions behind", () => {
  it("its claim of the revision it read + 1 is taken (claims are kept): no lost update, nothing answered twice", async () => {
    const { two, fake, seeded, status } = await twoReplicasOnDone();
    const replies = () =>
      fake.botComments(42).filter((c) => c.id !== status.id && /\/ralph/.test(c.body));
    // Replica A stalls at its claim, having read revision r …
    const release = signal();
    const arrived = signal();
    fake.inject({ route: "POST /repos/{owner}/{repo}/git/refs", gate: release.happened, times: 1 });
    fake.onRequest = (request) => {
      if (request.method === "POST" && request.path.endsWith("/git/refs")) arrived.signal();
      return undefined;
    };
    const [a, b] = two.replicas;
    const first = fake.addComment(42, "/ralph help", user("alice"));
    const stalled = a?.receive("issue_comment", commentPayload(first), "help-a");
    await arrived.happened;
    // … while replica B answers it and three more, saving three times.
    const more: FakeComment[] = [];
    for (let i = 0; i < 3; i++) {
      const help = fake.addComment(42, "/ralph help", user("alice"));
      more.push(help);
      await b?.receive("issue_comment", commentPayload(help), `help-b-${i}`);
    }
    const ahead = two.stateOf(42);
    expect(ahead?.revision).toBe(seeded.revision + 3);
    release.signal();
    await stalled;
    // A's claim of r + 1 was taken: before claims were kept it was deleted two saves later, and
    // A would have saved its revision r + 1 over B's r + 3, dropping what B had read.
    expect(fake.refs.has(claimRefOf(status.id, seeded.revision + 1))).toBe(true);
    expect(two.stateOf(42)).toEqual(ahead);
    expect(replies()).toHaveLength(4);
    // Every later event finds nothing new: each help was answered exactly once.
    const chatter = fake.addComment(42, "thanks", user("alice"));
    await two.receive("issue_comment", commentPayload(chatter));
    await b?.receive("issue_comment", commentPayload(first), "help-a-again");
    expect(replies()).toHaveLength(4);
    expect(two.stateOf(42)?.watermark.comments).toEqual(
      expect.arrayContaining([first.id, ...more.map((c) => c.id), chatter.id]),
    );
  });
});

describe("a live claim: its writer is slow, not dead", () => {
  it("the other replica waits for it instead of moving past: both events saved in turn, nothing noted", async () => {
    const { two, fake, seeded, status } = await twoReplicasOnDone();
    const statusPath = `/repos/${OWNER}/${REPO}/issues/comments/${status.id}`;
    // Replica A claims revision r + 1; its write of the status comment is held …
    const release = signal();
    const aWrites = signal();
    let polls = 0;
    const bPolledTwice = signal();
    fake.inject({
      route: "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}",
      gate: release.happened,
      times: 1,
    });
    const [a, b] = two.replicas;
    const first = fake.addComment(42, "/ralph help", user("alice"));
    fake.onRequest = (request) => {
      if (request.method === "PATCH" && request.path === statusPath) aWrites.signal();
      return undefined;
    };
    const held = a?.receive("issue_comment", commentPayload(first), "help-a");
    await aWrites.happened;
    // … while replica B finds r + 1 taken and watches the comment for the holder's save.
    fake.onRequest = (request) => {
      if (request.method === "GET" && request.path === statusPath && ++polls === 2)
        bPolledTwice.signal();
      return undefined;
    };
    const second = fake.addComment(42, "/ralph help", user("alice"));
    const waiting = b?.receive("issue_comment", commentPayload(second), "help-b");
    // A's write lands once B has looked twice (B moving past at once would not wait for it).
    await Promise.race([bPolledTwice.happened, waiting]);
    release.signal();
    await Promise.all([held, waiting]);
    expect(polls).toBeGreaterThanOrEqual(2);
    const notes = fake
      .botComments(42)
      .filter((c) => c.body.includes("moved past an unfinished save"));
    expect(notes).toEqual([]);
    // A saved r + 1; B lost r + 1, reloaded and saved its own event as r + 2.
    expect(two.stateOf(42)?.revision).toBe(seeded.revision + 2);
    expect(two.stateOf(42)?.watermark.comments).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    const replies = fake
      .botComments(42)
      .filter((c) => c.id !== status.id && /\/ralph/.test(c.body));
    expect(replies).toHaveLength(2);
    expect(fake.refs.has(claimRefOf(status.id, seeded.revision + 3))).toBe(false);
  });
});

describe("a claim left behind by a writer killed between claiming and saving", () => {
  it("both replicas wait out the grace, one moves past it: one dispatch, a note on the issue, nothing lost", async () => {
    const grace = process.env.RALPH_CLAIM_GRACE_SECONDS;
    process.env.RALPH_CLAIM_GRACE_SECONDS = MOVE_PAST_GRACE_SECONDS;
    try {
      cluster = await clusters.start(2);
      const p = prd();
      const { awaitingApproval, putPrdFiles } = await import("../app/states.js");
      const prdComment = cluster.fake.addComment(42, "PRD", user("ralph-app[bot]", "Bot"));
      const seeded = {
        ...awaitingApproval(p, prdComment.id, {
          watermark: { commentId: prdComment.id, reviewId: 0 },
        }),
        claimed: true,
      };
      const status = cluster.fake.seedState(seeded);
      putPrdFiles(cluster.fake, p, seeded.branch ?? "");
      // The killed writer claimed revision r + 1 and never saved it.
      const orphan = claimRefOf(status.id, seeded.revision + 1);
      cluster.fake.refs.set(orphan, "d".repeat(40));
      const approve = cluster.fake.addComment(42, "/approve", user("alice"));
      await bothReceive(cluster, approve, "approve");
      const dispatched = dispatchedInputs(cluster);
      expect(dispatched).toEqual([{ issue: "42", phase: "implement" }]);
      const state = cluster.stateOf(42);
      expect(state).toMatchObject({
        phase: "implementing",
        revision: seeded.revision + 2,
        claimed: true,
      });
      // Nothing of the saved state is lost: the PRD and the approval are there.
      expect(state?.prd?.revision).toBe(seeded.prd?.revision);
      expect(state?.approvedBy).toEqual(["alice"]);
      const notes = cluster.fake
        .botComments(42)
        .filter((c) => c.body.includes("moved past an unfinished save"));
      expect(notes).toHaveLength(1);
      expect(notes[0]?.body).toContain(orphan);
      // The next save claims as usual, no wait.
      const stop = cluster.fake.addComment(42, "/ralph stop", user("alice"));
      await cluster.receive("issue_comment", commentPayload(stop));
      expect(cluster.stateOf(42)).toMatchObject({
        phase: "stopped",
        revision: seeded.revision + 3,
      });
    } finally {
      if (grace === undefined) delete process.env.RALPH_CLAIM_GRACE_SECONDS;
      else process.env.RALPH_CLAIM_GRACE_SECONDS = grace;
    }
  });
});

describe("a comment GitHub lists late", () => {
  it("is read exactly once, though a newer comment was read before it appeared", async () => {
    cluster = await clusters.start(1);
    const status = cluster.fake.seedState(
      stateAt("done", { watermark: { commentId: 0, reviewId: 0 } }),
    );
    const helpReplies = () =>
      cluster?.fake.botComments(42).filter((c) => c.id !== status.id && /\/ralph/.test(c.body)) ??
      [];
    // B (newer) is listed and read first …
    const b = cluster.fake.addComment(42, "/ralph help", user("alice"), status.id + 50);
    await cluster.receive("issue_comment", commentPayload(b));
    expect(helpReplies()).toHaveLength(1);
    // … A was created before B but only now shows up in the listing.
    const a = cluster.fake.addComment(42, "/ralph help", user("alice"), status.id + 10);
    const chatter = cluster.fake.addComment(42, "thanks", user("alice"), status.id + 60);
    await cluster.receive("issue_comment", commentPayload(chatter));
    expect(helpReplies()).toHaveLength(2);
    // Every later event finds nothing new: exactly once.
    await cluster.receive("issue_comment", commentPayload(a));
    await cluster.receive("issue_comment", commentPayload(chatter));
    expect(helpReplies()).toHaveLength(2);
    const w = cluster.stateOf(42)?.watermark;
    expect(w?.comments).toEqual(expect.arrayContaining([a.id, b.id, chatter.id]));
    expect(w?.commentId).toBe(chatter.id);
  });
});

describe("the App and the Action saving at the same moment", () => {
  it("no lost update: the Action's save lands between the App's read and its claim", async () => {
    cluster = await clusters.start(1);
    const fake = cluster.fake;
    // A state saved under claims: the App's claim alone is its revision check (no re-read).
    const seeded = { ...implementing(), claimed: true };
    const status = fake.seedState(seeded);
    let interleaved = false;
    fake.onRequest = (request) => {
      const ref = (request.body as { ref?: string } | null)?.ref ?? "";
      if (
        interleaved ||
        request.method !== "POST" ||
        !ref.endsWith(`/rev-${seeded.revision + 1}`)
      ) {
        return undefined;
      }
      // The Action claims revision r + 1 and saves its verified story in exactly the moment
      // between the App's read of revision r and the App's own claim of r + 1.
      interleaved = true;
      const current = decodeStateBlock(fake.comments.get(status.id)?.body ?? "");
      const next = current.revision + 1;
      fake.refs.set(ref, "a".repeat(40));
      const story = current.prd?.stories[0];
      fake.seedState(
        {
          ...current,
          revision: next,
          counters: { ...current.counters, agentRuns: current.counters.agentRuns + 1 },
          prd:
            current.prd === null || story === undefined
              ? null
              : {
                  ...current.prd,
                  stories: [{ ...story, status: "passed", commit: "c".repeat(40) }],
                },
        },
        status.id,
      );
      return undefined;
    };
    const stop = fake.addComment(42, "/ralph stop", user("alice"));
    await cluster.receive("issue_comment", commentPayload(stop));
    expect(interleaved).toBe(true);
    const state = cluster.stateOf(42);
    // The App's stop and the Action's verified story are both there.
    expect(state?.phase).toBe("stopped");
    expect(state?.prd?.stories[0]?.status).toBe("passed");
    expect(state?.counters.agentRuns).toBe(seeded.counters.agentRuns + 1);
    expect(state?.revision).toBe(seeded.revision + 2);
    expect(fake.refs.has(claimRefOf(status.id, seeded.revision + 2))).toBe(true);
  });
});

function claimRefOf(statusId: number, revision: number): string {
  return `refs/ralph/claims/issue-42/status-${statusId}/rev-${revision}`;
}
