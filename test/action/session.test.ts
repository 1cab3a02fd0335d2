/**
 * The Action's save-then-act (`persist`) when another writer saves between its two saves: what
 * the effects learned (the PR number, the PRD comment id) is merged into the newer state, so a 👍
 * on the PRD comment still counts. In-process against the fake GitHub API (real HTTP).
 */

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DriveOptions, driveIssue } from "../../src/action/drive.js";
import type { IssueSession } from "../../src/action/session.js";
import type { StepContext } from "../../src/action/steps.js";
import { type Prd, prdRevision } from "../../src/core/prd.js";
import { markCommentsSeen } from "../../src/core/seen-comments.js";
import { initialState, type MachineState } from "../../src/core/state.js";
import { mergeLearned } from "../../src/github/learned-state.js";
import { reconcileIssue } from "../../src/reconcile/reconcile.js";
import { type FakeGitHub, OWNER, REPO, user } from "../support/fake-github/index.js";
import { SESSION_HUMAN, SESSION_ISSUE, startIssueSession } from "./issue-session-fixture.js";

const ISSUE = SESSION_ISSUE;
const HUMAN = SESSION_HUMAN;
const BRANCH = "ralph/3-tiny-change";
const PLAN = "# Plan\n\n## Steps\n1. Do it\n";
const PRD: Prd = {
  branchName: BRANCH,
  userStories: [
    {
      id: "US-1",
      title: "Do it",
      acceptanceCriteria: ["it is done"],
      priority: 1,
      passes: false,
      notes: "",
    },
  ],
};

describe("persist: a second save that conflicts", () => {
  let fake: FakeGitHub;
  let session: IssueSession;

  beforeEach(async () => {
    ({ fake, session } = await startIssueSession({
      prdSource: async () => ({ prd: PRD, planText: PLAN }),
    }));
  });

  afterEach(async () => {
    await fake.close();
    fake.assertValid();
  });

  const planned: DriveOptions = {
    phase: "auto",
    prepareStep: async () => ({}) as StepContext,
    runStep: async () => ({
      result: {
        step: "plan",
        kind: "prd",
        prd: PRD,
        planText: PLAN,
        revision: prdRevision(PRD, PLAN),
        branch: BRANCH,
        specId: "issue-3-tiny-change",
      },
      usage: {},
      summary: "PRD with 1 story(ies)",
    }),
    continueLater: async () => {},
  };

  it("keeps the PR number and the PRD comment id, so a 👍 on the PRD comment approves", async () => {
    fake.seedState({ ...initialState(ISSUE), revision: 3, phase: "planning", pendingStep: "plan" });
    // The App takes in a comment while the effects run (here: when the draft PR is opened).
    let chat = 0;
    fake.onRequest = (request) => {
      if (request.method !== "POST" || request.path !== `/repos/${OWNER}/${REPO}/pulls`) return;
      chat = fake.addComment(ISSUE, "looks interesting", user(HUMAN)).id;
      const current = fake.stateOf(ISSUE)!;
      fake.seedState({
        ...current,
        revision: current.revision + 1,
        // What a real writer records: the comment read (seen ids, not just the high mark).
        watermark: markCommentsSeen(current.watermark, [chat]),
      });
    };
    await driveIssue(session, planned);
    fake.onRequest = null;

    const prdComment = fake.botComments(ISSUE).find((c) => c.body.includes("ralph:prd revision="));
    expect(prdComment).toBeDefined();
    const pr = [...fake.pulls.values()][0]!;
    const state = fake.stateOf(ISSUE)!;
    expect(chat).toBeGreaterThan(0);
    expect(state).toMatchObject({
      phase: "awaiting_approval",
      prNumber: pr.number,
      // The other writer's change stays.
      watermark: { commentId: chat, reviewId: 0 },
    });
    expect(state.prd?.commentId).toBe(prdComment!.id);
    // Saves: the checkpoint (run link), the result, theirs, the learned fields merged into theirs.
    expect(state.revision).toBe(7);
    expect(session.record.state).toEqual(state);
    expect(fake.requestsMatching("POST", /\/pulls$/)).toHaveLength(1);

    // Reactions fire no event: the next reconcile reads them from the PRD comment it knows.
    fake.reactions.set(prdComment!.id, [{ id: fake.id(), content: "+1", user: user(HUMAN) }]);
    await reconcileIssue({
      gh: session.gh,
      issue: ISSUE,
      signal: { kind: "touch" },
      dispatch: async () => {},
    });
    expect(fake.stateOf(ISSUE)).toMatchObject({ phase: "implementing", approvedBy: [HUMAN] });
    expect(fake.unhandled).toEqual([]);
  });
});

describe("mergeLearned", () => {
  const base: MachineState = {
    ...initialState(1),
    revision: 4,
    phase: "awaiting_approval",
    prd: {
      revision: "r1",
      number: 1,
      branchName: "ralph/1-x",
      commentId: null,
      stories: [],
    },
  };
  const learned: MachineState = {
    ...base,
    prNumber: 7,
    prd: { ...base.prd!, commentId: 70 },
    lastError: "Ralph could not set_label (boom)",
  };

  it.each([
    {
      name: "another writer moved the watermark: everything learned is merged",
      latest: { ...base, revision: 5, watermark: { commentId: 9, reviewId: 0 } },
      expected: {
        prNumber: 7,
        commentId: 70,
        lastError: learned.lastError,
        watermark: { commentId: 9, reviewId: 0 },
      },
    },
    {
      name: "a newer PRD revision has its own comment: the old comment id is not attached to it",
      latest: { ...base, revision: 5, prd: { ...base.prd!, revision: "r2", number: 2 } },
      expected: { prNumber: 7, commentId: null, lastError: learned.lastError },
    },
    {
      name: "what the other writer set itself wins",
      latest: { ...base, revision: 5, prNumber: 8, lastError: "theirs" },
      expected: { prNumber: 8, commentId: 70, lastError: "theirs" },
    },
  ])("$name", ({ latest, expected }) => {
    const merged = mergeLearned(base, learned, latest as MachineState);
    expect(merged).not.toBeNull();
    expect(merged).toMatchObject({
      prNumber: expected.prNumber,
      lastError: expected.lastError,
      revision: 5,
      ...(expected.watermark === undefined ? {} : { watermark: expected.watermark }),
    });
    expect(merged!.prd?.commentId).toBe(expected.commentId);
  });

  it("returns null when the newer state already has everything", () => {
    expect(mergeLearned(base, learned, { ...learned, revision: 5 })).toBeNull();
    expect(mergeLearned(base, base, { ...base, revision: 5 })).toBeNull();
  });
});
