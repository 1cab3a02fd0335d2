/**
 * A save that fails never leaves a claim that blocks the next writer for a grace period, and the
 * claims of an issue are cleaned once they can no longer matter (docs/security.md).
 */
import { describe, expect, it } from "vitest";
import { initialState } from "../../src/core/state.js";
import { StateBlockError } from "../../src/core/state-codec.js";
import {
  CLAIM_HOLD_MS,
  claimRef,
  firstClaimRef,
  releasedRef,
} from "../../src/github/state-claim.js";
import { loadStatus, StateConflictError, saveStatus } from "../../src/github/status.js";
import { stateAt } from "../app/states.js";
import { claimed, manualClock, recordingLog, withFake } from "./helpers.js";

const PATCH = "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}";
const refs = (fake: { refs: Map<string, string> }) => [...fake.refs.keys()].sort();

/** Issue 42 at revision 3, saved under claims (the claim refs left out), with a manual clock. */
function issueAtRevision3(graceMs?: number) {
  const { fake, gh: plain } = withFake();
  const { clock, timing } = manualClock(graceMs);
  const log = recordingLog();
  const gh = claimed(plain, timing, log);
  const status = fake.seedState(stateAt("questions", { revision: 3, claimed: true }));
  fake.refs.clear();
  return { fake, gh, clock, log, status };
}

/** A claimed write answered `code` with the comment left unwritten: released, no grace to wait. */
async function refusedWrite(code: number): Promise<void> {
  const { fake, gh, clock, log, status } = issueAtRevision3();
  const stale = await loadStatus(gh, 42);
  fake.inject({ route: PATCH, status: code, times: 1 });
  await expect(saveStatus(gh, 42, await loadStatus(gh, 42), stateAt("planning"))).rejects.toThrow();
  expect(fake.stateOf(42)).toMatchObject({ phase: "questions", revision: 3 });
  // The claim stays (no hole below a later revision), marked released by its own writer.
  const claim = claimRef(42, status.id, 4);
  expect(refs(fake)).toEqual([claim, releasedRef(claim)]);
  const saved = await saveStatus(gh, 42, stale, stateAt("failed"));
  expect(saved.state.revision).toBe(5);
  expect(clock.sleeps).toEqual([]);
  // Released, not orphaned: nothing to tell the issue.
  expect(fake.botComments(42)).toHaveLength(1);
  expect(log.warnings.join("\n")).not.toContain("was claimed but not saved");
}

describe("a save that fails leaves no claim to wait for", () => {
  it("a state that cannot be written claims nothing; the next writer saves at once", async () => {
    const { fake, gh, clock, status } = issueAtRevision3();
    const tooLarge = { ...stateAt("planning"), planNotes: ["n".repeat(70_000)] };
    await expect(saveStatus(gh, 42, await loadStatus(gh, 42), tooLarge)).rejects.toBeInstanceOf(
      StateBlockError,
    );
    expect(refs(fake)).toEqual([]);
    const saved = await saveStatus(gh, 42, await loadStatus(gh, 42), stateAt("planning"));
    expect(saved.state.revision).toBe(4);
    expect(clock.sleeps).toEqual([]);
    expect(refs(fake)).toEqual([claimRef(42, status.id, 4)]);
  });

  it("a write answered 422 (GitHub refused the edit) releases its claim: the next writer moves past it at once", () =>
    refusedWrite(422));

  it("a write answered 500 (GitHub failed and the comment stands unwritten) releases its claim: the next writer moves past it at once", () =>
    refusedWrite(500));

  it("a write whose outcome nobody can know (no answer before its deadline) keeps its claim for the grace", async () => {
    const { fake, gh, status } = issueAtRevision3(100);
    let open = () => {};
    fake.inject({
      route: PATCH,
      gate: new Promise<void>((r) => {
        open = r;
      }),
      times: 1,
    });
    await expect(
      saveStatus(gh, 42, await loadStatus(gh, 42), stateAt("planning")),
    ).rejects.toThrow();
    open();
    expect(refs(fake)).toEqual([claimRef(42, status.id, 4)]);
  });

  it("the first status comment: a refused create releases its claim too", async () => {
    const { fake, gh: plain } = withFake();
    const { clock, timing } = manualClock();
    const gh = claimed(plain, timing);
    fake.inject({
      route: "POST /repos/{owner}/{repo}/issues/{issue_number}/comments",
      status: 403,
      times: 1,
    });
    await expect(
      saveStatus(gh, 42, await loadStatus(gh, 42), stateAt("planning")),
    ).rejects.toThrow();
    expect(refs(fake)).toEqual([firstClaimRef(42, 0), releasedRef(firstClaimRef(42, 0))]);
    const saved = await saveStatus(gh, 42, await loadStatus(gh, 42), stateAt("planning"));
    expect(saved.state.revision).toBe(1);
    expect(clock.sleeps).toEqual([]);
    expect(fake.refs.has(firstClaimRef(42, 0, 1))).toBe(true);
  });
});

describe("a claim is sent only within the hold of the read it follows", () => {
  it("a writer whose read is older than the hold reads the revision again first", async () => {
    const { fake, gh, clock, status } = issueAtRevision3();
    const lookup = await loadStatus(gh, 42);
    clock.t += CLAIM_HOLD_MS + 1;
    const before = fake.requests.length;
    const saved = await saveStatus(gh, 42, lookup, stateAt("planning"));
    expect(saved.state.revision).toBe(4);
    expect(fake.requests.slice(before).map((r) => r.route)).toEqual([
      "GET /repos/{owner}/{repo}/issues/comments/{comment_id}",
      "POST /repos/{owner}/{repo}/git/refs",
      PATCH,
    ]);
    // After its own save the writer knows the revision afresh: no re-read.
    const again = fake.requests.length;
    await saveStatus(
      gh,
      42,
      { kind: "ok", comment: saved.comment, state: saved.state, foreign: [], readAt: clock.t },
      stateAt("failed", { revision: 4 }),
    );
    expect(fake.requests.slice(again).map((r) => r.method)).toEqual(["POST", "PATCH"]);
    expect(status.id).toBe(saved.comment.id);
  });

  it("and finds a newer revision there without claiming anything", async () => {
    const { fake, gh, clock, status } = issueAtRevision3();
    const stale = await loadStatus(gh, 42);
    await saveStatus(gh, 42, await loadStatus(gh, 42), stateAt("planning"));
    clock.t += CLAIM_HOLD_MS + 1;
    await expect(saveStatus(gh, 42, stale, stateAt("failed"))).rejects.toBeInstanceOf(
      StateConflictError,
    );
    expect(refs(fake)).toEqual([claimRef(42, status.id, 4)]);
  });
});

describe("claims are cleaned once they can no longer matter", () => {
  function seedClaims(fake: { refs: Map<string, string> }, comment: number) {
    const sha = "b".repeat(40);
    for (const ref of [
      firstClaimRef(42, 7),
      ...[2, 3, 4, 5, 6, 7].map((r) => claimRef(42, comment, r)),
      releasedRef(claimRef(42, comment, 5)),
      claimRef(42, 999, 3),
      claimRef(43, 1234, 2),
    ]) {
      fake.refs.set(ref, sha);
    }
  }

  /** An issue at revision 7 saved at `savedAt`, its claims seeded, the clock at 12:00. */
  function issueSavedAt(savedAt: string, phase: "done" | "failed" = "done") {
    const { fake, gh: plain } = withFake();
    const { clock, timing } = manualClock();
    const log = recordingLog();
    const gh = claimed(plain, timing, log);
    clock.t = Date.parse("2026-01-02T12:00:00Z");
    const status = fake.seedState(stateAt(phase, { revision: 7, claimed: true, savedAt }));
    seedClaims(fake, status.id);
    return { fake, gh, log, status };
  }

  it("the first save after the state rested removes every claim up to what it read, in one GraphQL request", async () => {
    const { fake, gh, status } = issueSavedAt("2026-01-02T11:50:00.000Z");
    const lookup = await loadStatus(gh, 42);
    const before = fake.requests.length;
    const saved = await saveStatus(gh, 42, lookup, stateAt("done", { revision: 7 }));
    expect(saved.state).toMatchObject({ revision: 8, savedAt: "2026-01-02T12:00:00.000Z" });
    expect(refs(fake)).toEqual([claimRef(42, status.id, 8), claimRef(43, 1234, 2)].sort());
    expect(fake.requests.slice(before).map((r) => r.route)).toEqual([
      "POST /repos/{owner}/{repo}/git/refs",
      PATCH,
      "GET /repos/{owner}/{repo}/git/matching-refs/{ref}",
      "POST /graphql",
    ]);
  });

  it("a save soon after the last one keeps them all and asks nothing more", async () => {
    const { fake, gh } = issueSavedAt("2026-01-02T11:55:00.000Z");
    const count = fake.refs.size;
    await saveStatus(gh, 42, await loadStatus(gh, 42), stateAt("done", { revision: 7 }));
    expect(fake.refs.size).toBe(count + 1);
    expect(fake.count("GET /repos/{owner}/{repo}/git/matching-refs/{ref}")).toBe(0);
  });

  it("a cleanup that fails is logged and the save stands", async () => {
    const { fake, gh, log } = issueSavedAt("2026-01-01T00:00:00.000Z", "failed");
    // Loaded first: the load reads by GraphQL too (github/issue-read.ts).
    const lookup = await loadStatus(gh, 42);
    fake.inject({ route: "POST /graphql", status: 502, times: 1 });
    const saved = await saveStatus(gh, 42, lookup, initialState(42));
    expect(saved.state.revision).toBe(8);
    expect(log.warnings.join("\n")).toContain("could not remove old state claims");
  });
});
