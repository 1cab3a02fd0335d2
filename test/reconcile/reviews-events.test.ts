/**
 * What one new review means to the machine (src/reconcile/reviews.ts `reviewEvents`; DESIGN §2.3,
 * §3.3): an approval bound to the PRD at the review's commit, changes requested as feedback (the
 * body and every human inline comment, by file and line), the commands of a comment-only review,
 * and nothing for any other state. The App runs these, but a mutation pass found its runs checked
 * few of the answers: the revision when the PRD cannot be read, the feedback's shape, which
 * command carries the revision. Each case says what is read on the fake GitHub.
 */
import { describe, expect, it } from "vitest";
import { defaultConfig } from "../../src/core/config.js";
import type { Actor } from "../../src/core/events.js";
import type { MachineState } from "../../src/core/state.js";
import type { Review } from "../../src/github/pulls.js";
import { reviewEvents } from "../../src/reconcile/reviews.js";
import { awaitingApproval, prd, putPrdFiles, revisionOf } from "../app/states.js";
import { recordingLog, withFake } from "../github/helpers.js";
import { user } from "../support/fake-github/index.js";
import { addRalphPull } from "./ralph-pulls.js";

const PR = 77;
const SHA = "c".repeat(40);
const AT = "2024-06-01T10:00:00Z";
const GOAL = "Add a login form";
const ALICE = user("alice");
const ACTOR: Actor = { login: "alice", permission: "write", isBot: false, isIssueAuthor: false };
const CONTENTS = "GET /repos/{owner}/{repo}/contents/{path}";

function review(patch: Partial<Review> = {}): Review {
  return {
    id: 9,
    user: ALICE,
    body: "",
    state: "APPROVED",
    commit_id: SHA,
    submitted_at: AT,
    ...patch,
  };
}

/** The events of `r` on PR 77 of issue 42 awaiting approval (`state`); `files`: the PRD at SHA. */
async function eventsOf(r: Review, options: { state?: MachineState; files?: boolean } = {}) {
  const { fake, gh } = withFake();
  addRalphPull(fake, PR, 42);
  if (options.files === true) putPrdFiles(fake, prd(), SHA);
  const log = recordingLog();
  const state = options.state ?? awaitingApproval(prd(), 500);
  const item = { kind: "review" as const, at: AT, id: r.id, review: r, user: ALICE, pr: PR };
  const run = () => reviewEvents({ ...gh, log }, defaultConfig(), state, item, ACTOR, GOAL);
  return { fake, log, run, reads: () => fake.requests.map((q) => q.route) };
}

describe("reviewEvents: an approving review approves the PRD at its commit", () => {
  const approval = (revision: string) => [
    { type: "approval", channel: "review", actor: ACTOR, revision, reviewId: 9 },
  ];

  it("the PRD and plan at the review's commit: the revision they hash to", async () => {
    const { run } = await eventsOf(review(), { files: true });
    expect(await run()).toEqual(approval(revisionOf(prd())));
  });

  it.each<[string, Review, Partial<MachineState>]>([
    ["no spec named yet", review(), { specId: null }],
    ["a review without a commit", review({ commit_id: null }), {}],
  ])("%s: an unknown revision, nothing read", async (_name, r, patch) => {
    const { run, reads } = await eventsOf(r, {
      files: true,
      state: awaitingApproval(prd(), 500, patch),
    });
    expect(await run()).toEqual(approval("unknown"));
    expect(reads()).toEqual([]);
  });

  it("a commit without the PRD: a revision naming the commit, and the reason logged", async () => {
    const { run, log } = await eventsOf(review({ state: "approved" }));
    expect(await run()).toEqual(approval(`unreadable-at-${SHA}`));
    expect(log.infos).toEqual([expect.stringMatching(/^review 9: .*missing at c{40}$/)]);
  });

  it("a read that fails otherwise: the error, not a revision", async () => {
    const { fake, run } = await eventsOf(review(), { files: true });
    fake.inject({ route: CONTENTS, status: 500 });
    await expect(run()).rejects.toThrow();
  });
});

describe("reviewEvents: changes requested are the body and the human inline comments", () => {
  async function requested(body: string | null, patch: Partial<Review> = {}) {
    const { fake, run } = await eventsOf(review({ state: "CHANGES_REQUESTED", body, ...patch }));
    const inline = { reviewId: 9, user: ALICE };
    fake.addReviewComment(PR, { ...inline, body: "Use camelCase", path: "src/a.ts", line: 12 });
    fake.addReviewComment(PR, {
      ...inline,
      body: "ignore me",
      path: "x.ts",
      user: user("ci[bot]", "Bot"),
    });
    fake.addReviewComment(PR, { ...inline, body: "Typo", path: "README.md", line: null });
    return run();
  }

  it("the trimmed body first, then each thread by file and line (none for a whole file)", async () => {
    const [event] = await requested("  Please rename.  \n");
    expect(event).toMatchObject({
      type: "changes_requested",
      actor: ACTOR,
      feedback: "Please rename.\n\nsrc/a.ts:12: Use camelCase\n\nREADME.md: Typo",
      review: { id: 9, body: "Please rename.", at: AT },
    });
    const threads = event?.type === "changes_requested" ? (event.review?.threads ?? []) : [];
    expect(threads.map((t) => [t.path, t.line, t.text])).toEqual([
      ["src/a.ts", 12, "Use camelCase"],
      ["README.md", null, "Typo"],
    ]);
  });

  it("no body, no submission time: the threads alone, no time", async () => {
    const [event] = await requested(null, { submitted_at: null });
    expect(event).toMatchObject({
      feedback: "src/a.ts:12: Use camelCase\n\nREADME.md: Typo",
      review: { body: "", at: null },
    });
  });
});

describe("reviewEvents: a comment-only review does what its commands do", () => {
  const commented = (body: string | null, patch: Partial<Review> = {}) =>
    review({ state: "COMMENTED", body, ...patch });

  it("an /approve carries the revision at the review's commit; the other commands do not", async () => {
    const { run } = await eventsOf(commented("/approve\n/ralph fix the typo"), { files: true });
    const common = { type: "command", actor: ACTOR, goal: GOAL, trigger: "review:9", at: AT };
    expect(await run()).toEqual([
      {
        ...common,
        command: expect.objectContaining({ name: "approve" }),
        revision: revisionOf(prd()),
      },
      { ...common, command: expect.objectContaining({ name: "fix", args: "the typo" }) },
    ]);
  });

  it("no /approve: the PRD is not read, no revision", async () => {
    const { run, reads } = await eventsOf(commented("/ralph fix", { submitted_at: null }), {
      files: true,
    });
    const events = await run();
    expect(events).toEqual([
      {
        type: "command",
        command: expect.objectContaining({ name: "fix" }),
        actor: ACTOR,
        goal: GOAL,
        trigger: "review:9",
      },
    ]);
    expect(reads()).toEqual([]);
  });

  it.each([
    ["talk only", "Nice work"],
    ["no body", null],
  ])("%s: nothing", async (_name, body) => {
    const { run, reads } = await eventsOf(commented(body), { files: true });
    expect(await run()).toEqual([]);
    expect(reads()).toEqual([]);
  });
});

describe("reviewEvents: any other review state means nothing", () => {
  it.each(["DISMISSED", "PENDING"])("%s: no event, nothing read", async (state) => {
    const { run, reads } = await eventsOf(review({ state, body: "/approve" }), { files: true });
    expect(await run()).toEqual([]);
    expect(reads()).toEqual([]);
  });
});
