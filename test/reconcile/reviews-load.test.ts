/**
 * The reviews a reconcile reads (src/reconcile/reviews.ts; DESIGN §3.3, issue 16): when the PR's
 * reviews are read at all, which old reviews are read by id (those review approvals rest on), how
 * the webhook's review is laid over a lagging listing, which reviews are new human ones, and which
 * review approvals a dismissal withdraws. The App runs all of it, but a mutation pass found its
 * runs checked almost none of these answers. Each read case says what is read on the fake GitHub.
 */
import { describe, expect, it } from "vitest";
import type { MachineState } from "../../src/core/state.js";
import type { Review } from "../../src/github/pulls.js";
import {
  dismissedReviewApprovals,
  loadPrReviews,
  newReviews,
  type PrReviews,
} from "../../src/reconcile/reviews.js";
import type { Signal } from "../../src/reconcile/signals.js";
import { awaitingApproval, prd } from "../app/states.js";
import { OWNER, REPO } from "../fixtures/webhooks/index.js";
import { plainContext, withFake } from "../github/helpers.js";
import { BOT, type FakeUser, user } from "../support/fake-github/index.js";
import { addRalphPull } from "./ralph-pulls.js";

const PR = 77;
const SHA = "c".repeat(40);
const ALICE = user("alice");
const REVISION = awaitingApproval(prd(), 500).prd?.revision ?? "";
const BY_ID = (id: number) => `/repos/${OWNER}/${REPO}/pulls/${PR}/reviews/${id}`;

type Approval = MachineState["approvals"][number];

/** Issue 42 awaiting approval on its PR 77, reviews up to `watermark` taken in. */
const waiting = (watermark = 0, patch: Partial<MachineState> = {}) =>
  awaitingApproval(prd(), 500, { watermark: { commentId: 0, reviewId: watermark }, ...patch });

function review(id: number, patch: Partial<Review> = {}): Review {
  return {
    id,
    user: ALICE,
    body: "",
    state: "COMMENTED",
    commit_id: SHA,
    submitted_at: `2024-06-01T10:00:${String(id % 60).padStart(2, "0")}Z`,
    ...patch,
  };
}

/** The fake holding PR 77 with reviews `ids` (by alice, commented unless `states` says). */
function pullWithReviews(ids: readonly number[], states: Record<number, string> = {}) {
  const { fake, gh } = withFake();
  addRalphPull(fake, PR, 42);
  for (const id of ids) {
    fake.addReview(PR, {
      id,
      user: ALICE,
      body: `review ${id}`,
      state: states[id] ?? "COMMENTED",
      commit_id: SHA,
    });
  }
  const reads = () => fake.requests.map((r) => `${r.method} ${r.path}`);
  return { fake, gh, reads };
}

const ids = (loaded: PrReviews | null) => loaded?.reviews.map((r) => r.id);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("loadPrReviews: when the PR's reviews are read", () => {
  const touch: Signal = { kind: "touch" };
  it.each<[string, Partial<MachineState>]>([
    ["no pull request yet", { prNumber: null }],
    ["a state never saved (revision 0)", { revision: 0 }],
    ["the pull request was closed", { prClosed: { number: PR, merged: false } }],
  ])("%s: nothing is read", async (_name, patch) => {
    const { gh, reads } = pullWithReviews([5]);
    expect(await loadPrReviews(gh, waiting(0, patch), touch)).toBeNull();
    expect(reads()).toEqual([]);
  });

  it("the pull request is closing with this event: nothing is read", async () => {
    const { gh, reads } = pullWithReviews([5]);
    const closing: Signal = { kind: "pr_closed", pr: PR, merged: true };
    expect(await loadPrReviews(gh, waiting(), closing)).toBeNull();
    expect(reads()).toEqual([]);
  });

  it("another pull request closing: this one's reviews are read", async () => {
    const { gh, reads } = pullWithReviews([5]);
    const other: Signal = { kind: "pr_closed", pr: PR + 1, merged: true };
    expect(await loadPrReviews(gh, waiting(), other)).toEqual({
      pr: PR,
      reviews: [expect.objectContaining({ id: 5, body: "review 5" })],
    });
    expect(reads()).toEqual(["POST /graphql"]);
  });
});

describe("loadPrReviews: old reviews are read by id only when a review approval rests on them", () => {
  // 105 reviews: the newest 100 (6..105) fill the first page, which reaches the watermark (50).
  const approvals: Approval[] = [
    { login: "alice", revision: REVISION, channel: "review", reviewId: 3 },
    { login: "bob", revision: REVISION, channel: "review" },
    { login: "carol", revision: REVISION, channel: "reaction" },
    { login: "dave", revision: REVISION, channel: "comment", reviewId: 4 },
  ];

  it("the approving review 3 is read by id; the others name no review to read", async () => {
    const { gh, reads } = pullWithReviews(range(1, 105));
    const loaded = await loadPrReviews(gh, waiting(50, { approvals }), { kind: "touch" });
    expect(ids(loaded)).toEqual([3, ...range(6, 105)]);
    expect(reads()).toEqual(["POST /graphql", `GET ${BY_ID(3)}`]);
  });
});

describe("loadPrReviews: the webhook's review laid over the listing", () => {
  const submitted = (r: Review, pr = PR): Signal => ({ kind: "review", pr, review: r });
  const dismissed = (r: Review): Signal => ({ kind: "review_dismissed", pr: PR, review: r });

  it("a submitted review the listing does not show yet is added", async () => {
    const { gh } = pullWithReviews([5]);
    expect(ids(await loadPrReviews(gh, waiting(), submitted(review(6))))).toEqual([5, 6]);
  });

  it("a submitted review the listing shows already is not added twice", async () => {
    const { gh } = pullWithReviews([6, 7]);
    expect(ids(await loadPrReviews(gh, waiting(), submitted(review(6))))).toEqual([6, 7]);
  });

  it("a review submitted on another pull request is not added", async () => {
    const { gh } = pullWithReviews([5]);
    expect(ids(await loadPrReviews(gh, waiting(), submitted(review(6), PR + 1)))).toEqual([5]);
  });

  it.each<[string, Signal]>([
    ["a CI report", { kind: "ci", pr: PR, sha: SHA }],
    ["a base sweep", { kind: "base", pr: PR }],
  ])("%s on the same pull request: the listing as it is", async (_name, signal) => {
    const { gh } = pullWithReviews([5]);
    expect(ids(await loadPrReviews(gh, waiting(), signal))).toEqual([5]);
  });

  it("a dismissed review the listing shows: the listed review, shown dismissed", async () => {
    const { gh } = pullWithReviews([5, 6], { 5: "APPROVED", 6: "APPROVED" });
    const webhook = review(6, { body: "as the webhook sent it", state: "dismissed" });
    const loaded = await loadPrReviews(gh, waiting(), dismissed(webhook));
    expect(loaded?.reviews).toEqual([
      expect.objectContaining({ id: 5, state: "APPROVED", body: "review 5" }),
      expect.objectContaining({ id: 6, state: "DISMISSED", body: "review 6" }),
    ]);
  });

  it("a dismissed review first in the listing: dismissed in its place, not added again", async () => {
    const { gh } = pullWithReviews([6, 7], { 6: "APPROVED", 7: "APPROVED" });
    const loaded = await loadPrReviews(gh, waiting(), dismissed(review(6, { state: "dismissed" })));
    expect(loaded?.reviews.map((r) => [r.id, r.state])).toEqual([
      [6, "DISMISSED"],
      [7, "APPROVED"],
    ]);
  });

  it("a dismissed review the listing does not show: added, dismissed", async () => {
    const { gh } = pullWithReviews([5]);
    const loaded = await loadPrReviews(gh, waiting(), dismissed(review(9, { state: "APPROVED" })));
    expect(loaded?.reviews.map((r) => [r.id, r.state])).toEqual([
      [5, "COMMENTED"],
      [9, "DISMISSED"],
    ]);
  });
});

describe("newReviews: human reviews newer than the watermark", () => {
  const gh = plainContext();
  const as = (u: FakeUser | null) => ({ user: u });

  it("nothing loaded: none", () => {
    expect(newReviews(gh, waiting(10), null)).toEqual([]);
  });

  it("keeps new human reviews only, each at its submission time", () => {
    const kept = review(14);
    const undated = review(15, { submitted_at: null });
    const loaded: PrReviews = {
      pr: PR,
      reviews: [
        review(9),
        review(10),
        review(11, as(user("dependabot[bot]", "Bot"))),
        review(12, as(user(BOT))),
        review(13, as(null)),
        kept,
        undated,
      ],
    };
    expect(newReviews(gh, waiting(10), loaded)).toEqual([
      { kind: "review", at: kept.submitted_at, id: 14, review: kept, user: ALICE, pr: PR },
      { kind: "review", at: "", id: 15, review: undated, user: ALICE, pr: PR },
    ]);
  });
});

describe("dismissedReviewApprovals: a dismissed review withdraws the approval it gave", () => {
  const approval = (login: string, reviewId?: number, patch: Partial<Approval> = {}): Approval => ({
    login,
    revision: REVISION,
    channel: "review",
    ...(reviewId === undefined ? {} : { reviewId }),
    ...patch,
  });
  const gone = "DISMISSED";
  const loaded: PrReviews = {
    pr: PR,
    // A dismissed review first: a look-up that took any review would find it.
    reviews: [
      review(7, { state: gone }),
      review(5, { state: "dismissed" }),
      review(6, { state: "APPROVED" }),
      review(8, { state: gone }),
    ],
  };

  it("only the current revision's review approval whose own review shows dismissed", () => {
    const state = waiting(0, {
      approvals: [
        approval("alice", 5),
        approval("bob", 6),
        approval("carol", 7, { revision: "older" }),
        approval("dave", 8, { channel: "comment" }),
        approval("erin", 9),
        approval("frank"),
      ],
    });
    expect(dismissedReviewApprovals(state, loaded)).toEqual([
      { type: "approval_withdrawn", channel: "review", login: "alice" },
    ]);
  });

  it.each<[string, MachineState, PrReviews | null]>([
    ["reviews not read", waiting(0, { approvals: [approval("alice", 5)] }), null],
    ["no PRD", waiting(0, { prd: null, approvals: [approval("alice", 5)] }), loaded],
  ])("%s: none", (_name, state, reviews) => {
    expect(dismissedReviewApprovals(state, reviews)).toEqual([]);
  });
});
