import { describe, expect, it } from "vitest";
import { renderStatusComment } from "../../src/core/render/index.js";
import { initialState } from "../../src/core/state.js";
import { decodeStateBlock } from "../../src/core/state-codec.js";
import { listIssueComments } from "../../src/github/comments.js";
import { claimRef, firstClaimRef, releasedRef } from "../../src/github/state-claim.js";
import {
  ClaimsUnavailableError,
  findStatus,
  loadStatus,
  StateConflictError,
  saveStatus,
} from "../../src/github/status.js";
import { statusPointerRef } from "../../src/github/status-pointer.js";
import { stateAt } from "../app/states.js";
import { user } from "../support/fake-github/index.js";
import { claimed, manualClock, recordingLog, withFake } from "./helpers.js";

describe("status comment", () => {
  it("creates the status comment with revision 1 when there is none", async () => {
    const { fake, gh } = withFake();
    const lookup = await loadStatus(gh, 42);
    expect(lookup.kind).toBe("none");
    const saved = await saveStatus(gh, 42, lookup, { ...initialState(42), phase: "planning" });
    expect(saved.state.revision).toBe(1);
    expect(decodeStateBlock(fake.botComments(42)[0]?.body ?? "").phase).toBe("planning");
  });

  it("updates in place and bumps the revision", async () => {
    const { fake, gh } = withFake();
    const seeded = fake.seedState(stateAt("questions", { revision: 4 }));
    const lookup = await loadStatus(gh, 42);
    const saved = await saveStatus(gh, 42, lookup, stateAt("planning", { revision: 4 }));
    expect(saved.state.revision).toBe(5);
    expect(decodeStateBlock(fake.comments.get(seeded.id)?.body ?? "")).toMatchObject({
      phase: "planning",
      revision: 5,
    });
    expect(fake.botComments(42)).toHaveLength(1);
  });

  it("refuses to save over a newer revision (another writer saved meanwhile)", async () => {
    const { fake, gh } = withFake();
    const seeded = fake.seedState(stateAt("questions", { revision: 4 }));
    const lookup = await loadStatus(gh, 42);
    // The Action saved in between.
    const other = fake.comments.get(seeded.id);
    if (other) other.body = renderStatusComment(stateAt("planning", { revision: 5 }));
    await expect(saveStatus(gh, 42, lookup, stateAt("failed"))).rejects.toBeInstanceOf(
      StateConflictError,
    );
  });

  it("refuses to create a second status comment when one appeared meanwhile", async () => {
    const { fake, gh } = withFake();
    const lookup = await loadStatus(gh, 42);
    fake.seedState(stateAt("planning"));
    await expect(saveStatus(gh, 42, lookup, stateAt("planning"))).rejects.toBeInstanceOf(
      StateConflictError,
    );
  });

  it("trusts only Ralph's own status comment; others are listed as foreign", async () => {
    const { fake, gh } = withFake();
    const forged = fake.seedForeignState(stateAt("done"), user("mallory"));
    const lookup = findStatus(gh, await listIssueComments(gh, 42));
    expect(lookup.kind).toBe("none");
    expect(lookup.foreign.map((c) => c.id)).toEqual([forged.id]);
  });

  it("a broken block in Ralph's own comment is reported as broken, not guessed", async () => {
    const { fake, gh } = withFake();
    fake.addComment(
      42,
      "<!-- ralph:status -->\n<!-- ralph:state v1 %%% -->",
      user("ralph-app[bot]", "Bot"),
    );
    const lookup = await loadStatus(gh, 42);
    expect(lookup.kind).toBe("broken");
  });
});

const statusReads = (fake: { requests: { method: string; path: string }[] }, id: number) =>
  fake.requests.filter((r) => r.method === "GET" && r.path.endsWith(`/issues/comments/${id}`))
    .length;

describe("the claim is the revision check (claims kept for the whole series)", () => {
  it("a claimed save re-reads nothing: one POST of the claim, one PATCH", async () => {
    const { fake, gh: plain } = withFake();
    const gh = claimed(plain, manualClock().timing);
    const first = await saveStatus(gh, 42, await loadStatus(gh, 42), stateAt("planning"));
    expect(first.state).toMatchObject({ revision: 1, claimed: true });
    const lookup = await loadStatus(gh, 42);
    const before = fake.requests.length;
    const saved = await saveStatus(gh, 42, lookup, stateAt("questions", { revision: 1 }));
    expect(saved.state).toMatchObject({ revision: 2, claimed: true });
    expect(fake.requests.slice(before).map((r) => r.route)).toEqual([
      "POST /repos/{owner}/{repo}/git/refs",
      "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}",
    ]);
    // No claim of the series is deleted after a save; the first save pointed at the comment.
    expect([...fake.refs.keys()]).toEqual([
      firstClaimRef(42, 0),
      statusPointerRef(42, first.comment.id),
      claimRef(42, first.comment.id, 2),
    ]);
  });

  it("a writer two or more revisions behind finds its claim taken and saves nothing", async () => {
    const { fake, gh: plain } = withFake();
    const gh = claimed(plain, manualClock().timing);
    const first = await saveStatus(gh, 42, await loadStatus(gh, 42), stateAt("planning"));
    const stale = await loadStatus(gh, 42);
    // Another writer saves three times (revisions 2, 3, 4) while the stale one works.
    for (const phase of ["questions", "planning", "awaiting_approval"] as const) {
      const now = await loadStatus(gh, 42);
      if (now.kind !== "ok") throw new Error("no status");
      await saveStatus(gh, 42, now, stateAt(phase, { revision: now.state.revision }));
    }
    expect(fake.stateOf(42)).toMatchObject({ phase: "awaiting_approval", revision: 4 });
    // Before claims were kept, rev-2 was dropped two saves later and this claim succeeded.
    await expect(
      saveStatus(gh, 42, stale, stateAt("failed", { revision: 1 })),
    ).rejects.toBeInstanceOf(StateConflictError);
    expect(fake.stateOf(42)).toMatchObject({ phase: "awaiting_approval", revision: 4 });
    expect(fake.refs.has(claimRef(42, first.comment.id, 2))).toBe(true);
  });

  it("a state saved before claims were kept is re-read after the claim", async () => {
    const { fake, gh: plain } = withFake();
    const gh = claimed(plain, manualClock().timing);
    const seeded = fake.seedState(stateAt("questions", { revision: 7 }));
    const lookup = await loadStatus(gh, 42);
    // Saved meanwhile by a writer whose claim of revision 8 was dropped since.
    const other = fake.comments.get(seeded.id);
    if (other) other.body = renderStatusComment(stateAt("planning", { revision: 9 }));
    await expect(saveStatus(gh, 42, lookup, stateAt("failed"))).rejects.toBeInstanceOf(
      StateConflictError,
    );
    expect(statusReads(fake, seeded.id)).toBe(1);
    expect(fake.stateOf(42)).toMatchObject({ phase: "planning", revision: 9 });
  });

  it("without claims (403 on the ref) it re-reads the comment; once claimed, it refuses", async () => {
    const { fake, gh: plain } = withFake();
    const gh = claimed(plain, manualClock().timing);
    fake.inject({
      route: "POST /repos/{owner}/{repo}/git/refs",
      status: 403,
      body: { message: "Resource not accessible by integration" },
    });
    const seeded = fake.seedState(stateAt("questions", { revision: 3 }));
    const saved = await saveStatus(gh, 42, await loadStatus(gh, 42), stateAt("planning"));
    expect(saved.state).toMatchObject({ revision: 4, claimed: false });
    expect(statusReads(fake, seeded.id)).toBe(1);
    // A state saved under a claim by another writer: this one cannot claim, so it saves nothing.
    const body = renderStatusComment(stateAt("planning", { revision: 5, claimed: true }));
    const comment = fake.comments.get(seeded.id);
    if (comment) comment.body = body;
    await expect(
      saveStatus(gh, 42, await loadStatus(gh, 42), stateAt("failed")),
    ).rejects.toBeInstanceOf(ClaimsUnavailableError);
    expect(fake.stateOf(42)).toMatchObject({ phase: "planning", revision: 5 });
  });
});

describe("a claim whose writer was killed before saving (issue 10)", () => {
  it("is moved past after the grace: saved as the next revision, logged and noted on the issue", async () => {
    const { fake, gh: plain } = withFake();
    const { clock, timing } = manualClock();
    const log = recordingLog();
    const gh = claimed(plain, timing, log);
    const status = fake.seedState(stateAt("questions", { revision: 3, claimed: true }));
    const orphan = claimRef(42, status.id, 4);
    fake.refs.set(orphan, "b".repeat(40));
    const saved = await saveStatus(gh, 42, await loadStatus(gh, 42), stateAt("planning"));
    expect(saved.state).toMatchObject({ revision: 5, claimed: true });
    expect(fake.stateOf(42)).toMatchObject({ phase: "planning", revision: 5 });
    // It waited the whole grace (polling the comment), no longer.
    expect(clock.t).toBeGreaterThanOrEqual(timing.graceMs);
    expect(clock.t).toBeLessThan(timing.graceMs + timing.pollMs);
    expect(log.warnings.join("\n")).toContain(`${orphan} was claimed but not saved`);
    const note = fake.botComments(42).find((c) => c.id !== status.id);
    expect(note?.body).toContain(orphan);
    expect(note?.body).toMatch(/Nothing saved before is lost/);
    // A later writer at the new revision claims as usual.
    const next = await saveStatus(gh, 42, await loadStatus(gh, 42), stateAt("questions"));
    expect(next.state.revision).toBe(6);
  });

  it("a live holder that saves during the grace wins; the waiter saves nothing", async () => {
    const { fake, gh: plain } = withFake();
    const { clock, timing } = manualClock();
    const gh = claimed(plain, timing);
    const status = fake.seedState(stateAt("questions", { revision: 3, claimed: true }));
    fake.refs.set(claimRef(42, status.id, 4), "b".repeat(40));
    const lookup = await loadStatus(gh, 42);
    clock.onSleep = () => {
      if (clock.sleeps.length === 3) {
        fake.seedState(stateAt("planning", { revision: 4, claimed: true }), status.id);
      }
    };
    await expect(saveStatus(gh, 42, lookup, stateAt("failed"))).rejects.toBeInstanceOf(
      StateConflictError,
    );
    expect(fake.stateOf(42)).toMatchObject({ phase: "planning", revision: 4 });
    expect(fake.refs.has(claimRef(42, status.id, 5))).toBe(false);
    expect(fake.botComments(42)).toHaveLength(1);
  });

  it("the first status comment's claim left behind is moved past too", async () => {
    const { fake, gh: plain } = withFake();
    const { timing } = manualClock();
    const gh = claimed(plain, timing);
    const human = fake.addComment(42, "/ralph plan", user("alice"));
    fake.refs.set(firstClaimRef(42, human.id), "b".repeat(40));
    const saved = await saveStatus(gh, 42, await loadStatus(gh, 42), stateAt("planning"));
    expect(saved.state).toMatchObject({ revision: 1, claimed: true });
    expect(fake.refs.has(firstClaimRef(42, human.id, 1))).toBe(true);
    expect(fake.stateOf(42)).toMatchObject({ phase: "planning" });
  });

  it("a claimant that could not send its write by the deadline sends nothing; its claim is moved past later", async () => {
    const { fake, gh: plain } = withFake();
    const { clock, timing } = manualClock();
    const status = fake.seedState(stateAt("questions", { revision: 3, claimed: true }));
    const gh = claimed(plain, {
      ...timing,
      // The claim takes longer than the write's share of the grace (a stalled process).
      now: () => {
        const t = clock.t;
        clock.t += timing.graceMs;
        return t;
      },
    });
    await expect(saveStatus(gh, 42, await loadStatus(gh, 42), stateAt("planning"))).rejects.toThrow(
      /expired before its write/,
    );
    expect(fake.requests.filter((r) => r.method === "PATCH")).toHaveLength(0);
    expect(fake.stateOf(42)).toMatchObject({ phase: "questions", revision: 3 });
    // Never deleted (a writer may already be moving past it), but released: nothing was sent, so
    // the retry moves past it at once instead of waiting out the grace.
    expect(fake.refs.has(claimRef(42, status.id, 4))).toBe(true);
    expect(fake.refs.has(releasedRef(claimRef(42, status.id, 4)))).toBe(true);
    const { clock: retryClock, timing: retryTiming } = manualClock();
    const retry = claimed(plain, retryTiming);
    const saved = await saveStatus(retry, 42, await loadStatus(retry, 42), stateAt("planning"));
    expect(saved.state.revision).toBe(5);
    expect(retryClock.sleeps).toEqual([]);
    expect(fake.stateOf(42)).toMatchObject({ phase: "planning", revision: 5 });
  });
});
