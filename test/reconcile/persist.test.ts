/**
 * Save-then-act in the App (`saveThenApply`) when another writer saves the status comment between
 * its two saves: what the effects learned (a failure, the PR number, the PRD comment id) is merged
 * into the newer state instead of being dropped; when the newer state already has what the
 * effects learned in its own version (an error line of its own), nothing more is written.
 */
import { afterEach, describe, expect, it } from "vitest";
import { defaultConfig } from "../../src/core/config.js";
import { transition } from "../../src/core/machine/index.js";
import { listIssueComments } from "../../src/github/comments.js";
import { findStatus } from "../../src/github/status.js";
import { saveThenApply } from "../../src/reconcile/persist.js";
import { reconcileIssue } from "../../src/reconcile/reconcile.js";
import { type Harness, startHarness, stopHarness } from "../app/harness.js";
import { LOGIN_ISSUE as ISSUE, seedLoginIssue } from "../app/login-issue.js";
import { BRANCH, PLAN_TEXT, prd, putPrdFiles, revisionOf, SPEC_ID } from "../app/planned.js";
import { stateAt } from "../app/states.js";
import { issueCommentCreated } from "../fixtures/webhooks/index.js";
import { cleanNock, withFake } from "../github/helpers.js";
import type { FakeGitHub, RecordedRequest } from "../support/fake-github/index.js";
import { user } from "../support/fake-github/index.js";
import { concurrentSave } from "./concurrent-save.js";
import { saveThenApplyOn } from "./persist-run.js";

const RUN_URL = "https://github.com/Codertocat/Hello-World/actions/runs/777";

const isLabelsPut = (r: RecordedRequest) =>
  r.method === "PUT" && r.path.endsWith(`/issues/${ISSUE.number}/labels`);

/** Setting the issue's labels fails (500 "labels are down"). */
function failLabels(fake: FakeGitHub): void {
  fake.onRequest = (request) =>
    isLabelsPut(request) ? [500, { message: "labels are down" }] : undefined;
}

describe("saveThenApply: the second save conflicts", () => {
  let h: Harness | undefined;
  afterEach(() => {
    stopHarness(h);
    h = undefined;
    cleanNock();
  });

  it("a failed effect is still reported when the started job saved its run link meanwhile", async () => {
    h = await startHarness();
    const fake = h.fake;
    fake.grant("alice", "write");
    seedLoginIssue(fake);
    // Setting the phase label fails; the dispatched job starts and saves its run link before
    // Ralph's second save.
    failLabels(fake);
    const meanwhile = concurrentSave(
      fake,
      (r) => r.method === "POST" && r.path.endsWith("/dispatches"),
      () => ({ runUrl: RUN_URL }),
    );
    const comment = fake.addComment(42, "/ralph plan", user("alice"));
    await h.receive(
      "issue_comment",
      issueCommentCreated({ issue: ISSUE, comment: { ...comment, user: user("alice") } }),
    );

    expect(meanwhile.happened()).toBe(true);
    const state = h.stateOf(42);
    expect(state).toMatchObject({
      phase: "planning",
      pendingStep: "plan",
      // Theirs stays.
      runUrl: RUN_URL,
      // Saves: Ralph's first, theirs, what the effects learned merged into theirs.
      revision: 3,
    });
    expect(state?.lastError).toMatch(/^Ralph could not set_label/);
    expect(fake.dispatches).toHaveLength(1);
    expect(fake.unhandled).toEqual([]);
  });

  it("keeps the PR number and PRD comment id, so a 👍 on the PRD comment approves", async () => {
    const { fake, gh } = withFake();
    fake.grant("alice", "write");
    seedLoginIssue(fake);
    const statusId = fake.id();
    const planning = stateAt("planning", {
      pendingStep: "plan",
      watermark: { commentId: statusId, reviewId: 0 },
    });
    fake.seedState(planning, statusId);
    const current = prd();
    putPrdFiles(fake, current, BRANCH);
    const config = defaultConfig();
    const comments = await listIssueComments(gh, 42);
    const status = findStatus(gh, comments);
    if (status.kind !== "ok") throw new Error("seeded status not found");
    const result = transition(
      status.state,
      {
        type: "agent_result",
        result: {
          step: "plan",
          kind: "prd",
          prd: current,
          planText: PLAN_TEXT,
          revision: revisionOf(current),
          branch: BRANCH,
          specId: SPEC_ID,
        },
      },
      config,
    );
    expect(result.effects.map((e) => e.type)).toEqual(
      expect.arrayContaining(["open_pr", "post_prd"]),
    );
    // Someone comments while the draft PR is being opened; the App takes it in.
    let chat = 0;
    const meanwhile = concurrentSave(
      fake,
      (r) => r.method === "POST" && /\/pulls$/.test(r.path),
      () => {
        chat = fake.addComment(42, "looks interesting", user("alice")).id;
        return { watermark: { commentId: chat, reviewId: 0 } };
      },
    );

    const report = await saveThenApply({
      input: { gh, issue: 42, signal: { kind: "touch" }, dispatch: async () => {} },
      number: 42,
      config,
      status,
      loaded: status.state,
      initial: status.state,
      state: result.state,
      effects: result.effects,
      comments: { list: comments, from: 0 },
      issueTitle: ISSUE.title,
    });

    expect(meanwhile.happened()).toBe(true);
    expect(report.failures).toEqual([]);
    const prdComment = fake.botComments(42).find((c) => c.body.includes("ralph:prd revision="));
    expect(prdComment).toBeDefined();
    const pr = [...fake.pulls.values()][0];
    const saved = findStatus(gh, await listIssueComments(gh, 42));
    if (saved.kind !== "ok") throw new Error("status lost");
    expect(saved.state).toMatchObject({
      phase: "awaiting_approval",
      prNumber: pr?.number,
      watermark: { commentId: chat, reviewId: 0 },
      // 3 seeded; Ralph's first save, theirs, the merge.
      revision: 6,
    });
    expect(saved.state.prd?.commentId).toBe(prdComment?.id);
    expect(report.state).toEqual(saved.state);
    expect(report.saved).toBe(true);

    // Reactions fire no event: the next reconcile reads them from the PRD comment it knows.
    fake.onRequest = null;
    fake.react(prdComment!.id, "+1", user("alice"));
    await reconcileIssue({ gh, issue: 42, signal: { kind: "touch" }, dispatch: async () => {} });
    const after = findStatus(gh, await listIssueComments(gh, 42));
    expect(after.kind === "ok" && after.state).toMatchObject({
      phase: "implementing",
      approvedBy: ["alice"],
    });
    expect(fake.requestsMatching("POST", /\/pulls$/)).toHaveLength(1);
    expect(fake.unhandled).toEqual([]);
  });

  it("nothing is saved when the newer state already has an error line of its own", async () => {
    const { fake, gh } = withFake();
    const planning = stateAt("planning");
    failLabels(fake);
    const meanwhile = concurrentSave(fake, isLabelsPut, () => ({ lastError: "their own error" }));
    // The transition changed nothing (no first save); the failed label is what the effects learned.
    const { report, writes } = await saveThenApplyOn(fake, gh, {
      loaded: planning,
      state: planning,
      effects: [{ type: "set_label", label: "ralph:planning" }],
    });

    expect(meanwhile.happened()).toBe(true);
    expect(report.failures.map((f) => f.effect.type)).toEqual(["set_label"]);
    // Theirs stands, and this reconcile wrote nothing.
    expect(report.state).toMatchObject({ lastError: "their own error", revision: 4 });
    expect(report.saved).toBe(false);
    expect(writes).toEqual([]);
    expect(fake.stateOf(42)?.lastError).toBe("their own error");
  });
});
