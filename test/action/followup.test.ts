/**
 * Issue 17 (part 1) through the BUILT action in Actions-only mode: review feedback on Ralph's
 * finished pull request becomes follow-up stories on the same branch and the same pull request.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { issueCommentCreated } from "../fixtures/webhooks/index.js";
import { user } from "../support/fake-github/index.js";
import { BRANCH, commentEvent, commentRun, ISSUE, MAINTAINER, SPEC_ID } from "./flows.js";
import {
  dispatchedRun,
  doneWorld,
  expectPhase,
  PR,
  repliesIn,
  seedReview,
} from "./followup-flows.js";
import { agentCalls, runAction, worldPerTest } from "./harness.js";

const INLINE = [
  { path: "greeting-US-1.txt", line: 1, body: "Say hello to the whole world here." },
  { path: "greeting-US-2.txt", line: 1, body: "This one should end with an exclamation mark." },
];

describe("review feedback on Ralph's finished pull request (built action, Actions-only)", {
  timeout: 240_000,
}, () => {
  const makeWorld = worldPerTest();

  const finished = (config?: string) => doneWorld(makeWorld, config);

  it("a changes-requested review with two inline comments → one amendment, commits on the same branch, the gate, a reply in both threads, the review asked again", async () => {
    const w = await finished();
    const before = agentCalls(w).length;
    const headBefore = w.remoteGit("rev-parse", BRANCH);
    const review = seedReview(w, { inline: INLINE });

    // The review's run (grouped by the PR) starts the round and hands the work to the issue's run.
    const started = await runAction(w, {
      eventName: "pull_request_review",
      payload: review.payload,
    });
    expect(started.code, started.stdout).toBe(0);
    expect(w.fake.stateOf(ISSUE)).toMatchObject({
      phase: "planning",
      pendingStep: "amend",
      followUp: { rounds: 1, current: { source: "review", by: MAINTAINER } },
    });
    expect(w.fake.dispatches.map((d) => (d.body as { inputs: unknown }).inputs)).toEqual([
      { issue: "1", phase: "amend" },
    ]);
    expect(agentCalls(w)).toHaveLength(before);

    // The dispatched run: amend → FU-1, FU-2 → the regression gate over every story → done.
    const done = await dispatchedRun(w, "amend");
    expect(done.code, done.stdout).toBe(0);
    expect(done.outputs).toMatchObject({ phase: "done", "pr-number": String(PR), branch: BRANCH });
    const calls = agentCalls(w).slice(before);
    expect(calls.map((c) => [c.phase, c.story])).toEqual([
      ["amend", null],
      ["implement", "FU-1"],
      ["verify", "FU-1"],
      ["implement", "FU-2"],
      ["verify", "FU-2"],
      ["verify", "US-1,US-2,FU-1,FU-2"],
    ]);
    // Every run of the round got the feedback file.
    expect(calls.every((c) => c.feedbackFile !== null)).toBe(true);
    const feedback = JSON.parse(readFileSync(calls[0]?.feedbackFile ?? "", "utf8"));
    expect(feedback).toMatchObject({
      round: 1,
      source: "review",
      requestedBy: MAINTAINER,
      text: ["Two small things, see inline."],
      threads: review.comments.map((c) => ({
        id: c.id,
        path: c.path,
        line: 1,
        author: MAINTAINER,
      })),
    });

    // The same branch (moved on from where it was), the same pull request, no other.
    const log = w.remoteGit("log", "--format=%s", `${headBefore}..${BRANCH}`);
    expect(log).toContain(`ralph(${SPEC_ID}): FU-1`);
    expect(log).toContain(`ralph(${SPEC_ID}): follow-up round 1`);
    expect([...w.fake.pulls.keys()]).toEqual([PR]);
    expect(w.remoteGit("show", `${BRANCH}:greeting-FU-2.txt`)).toContain("hello from FU-2");
    const prd = JSON.parse(w.remoteGit("show", `${BRANCH}:.ralph/specs/plans/${SPEC_ID}.prd.json`));
    expect(prd.userStories.map((s: { id: string; passes: boolean }) => [s.id, s.passes])).toEqual([
      ["US-1", true],
      ["US-2", true],
      ["FU-1", true],
      ["FU-2", true],
    ]);
    // The FU stories' verdicts live on the branch like the others', not in the state.
    const verdicts = JSON.parse(
      w.remoteGit("show", `${BRANCH}:.ralph/specs/plans/${SPEC_ID}.stories.json`),
    );
    const fuVerdicts = verdicts.stories.filter((v: { id: string }) => v.id.startsWith("FU-"));
    expect(fuVerdicts.map((v: { id: string; status: string }) => [v.id, v.status])).toEqual([
      ["FU-1", "verified"],
      ["FU-2", "verified"],
    ]);
    expect(fuVerdicts[0].criteria.length).toBeGreaterThan(0);
    expect(JSON.stringify(w.fake.stateOf(ISSUE))).not.toContain('"criteria"');

    // A reply in each thread, naming the commit of the story that answers it.
    const state = w.fake.stateOf(ISSUE);
    for (const [i, comment] of review.comments.entries()) {
      const commit = state?.prd?.stories.find((s) => s.id === `FU-${i + 1}`)?.commit ?? "";
      expect(commit).toMatch(/^[0-9a-f]{40}$/);
      const replies = repliesIn(w, comment.id);
      expect(replies).toHaveLength(1);
      expect(replies[0]?.body).toContain(`/commit/${commit}`);
      expect(w.remoteGit("branch", "--contains", commit, "--list", BRANCH)).toContain(BRANCH);
    }
    expect(w.fake.requestedReviewers.get(PR)).toEqual([MAINTAINER]);
    expect(state).toMatchObject({
      phase: "done",
      prNumber: PR,
      followUp: { rounds: 1, current: null },
      prd: { number: 2 },
    });
    expect(w.fake.labelsOf(ISSUE).filter((l) => l.startsWith("ralph:"))).toEqual(["ralph:done"]);
    // The amendment is shown: the PRD comment of revision 2, and the pull request's body.
    const bodies = w.fake.botComments(ISSUE).map((c) => c.body);
    expect(
      bodies.some((b) => b.includes("PRD revision 2 for") && b.includes("follow-up round 1")),
    ).toBe(true);
    expect(bodies.some((b) => b.includes("Follow-up round 1 is done"))).toBe(true);
    expect(String(w.fake.pulls.get(PR)?.body)).toContain("- [x] FU-2:");
    expect(w.fake.pulls.get(PR)?.draft).toBe(false);
  });

  it("a read-only user's review, a read-only `/ralph fix`, a bot's review and a comment-only review change nothing", async () => {
    const w = await finished();
    w.fake.grant("rita", "read");
    const before = w.fake.stateOf(ISSUE);
    const calls = agentCalls(w).length;
    const events = [
      seedReview(w, { by: user("rita"), inline: INLINE }).payload,
      seedReview(w, { by: user("helper[bot]", "Bot"), inline: INLINE }).payload,
      seedReview(w, { state: "COMMENTED", body: "Looks fine to me", inline: INLINE }).payload,
    ];
    for (const payload of events) {
      const run = await runAction(w, { eventName: "pull_request_review", payload });
      expect(run.code, run.stdout).toBe(0);
    }
    const fix = w.fake.addComment(ISSUE, "/ralph fix make it louder", user("rita"));
    const run = await runAction(w, {
      eventName: "issue_comment",
      payload: issueCommentCreated({
        issue: {
          number: ISSUE,
          title: "Add greeting files",
          body: "Please add two greeting files.",
          author: MAINTAINER,
        },
        comment: { id: fix.id, body: fix.body, user: { login: "rita" } },
      }),
    });
    expect(run.code, run.stdout).toBe(0);
    const after = w.fake.stateOf(ISSUE);
    expect(after).toMatchObject({
      phase: "done",
      followUp: null,
      prd: { number: before?.prd?.number },
    });
    expect(w.fake.dispatches).toEqual([]);
    expect(agentCalls(w)).toHaveLength(calls);
    // The read-only `/ralph fix` got the one short answer such a user gets.
    const answers = w.fake.botComments(ISSUE).filter((c) => c.body.includes("@rita"));
    expect(answers).toHaveLength(1);
  });

  it("gates.followup: approve — the amended PRD waits for /approve, then runs", async () => {
    const w = await finished("gates:\n  followup: approve\n");
    const review = seedReview(w, { inline: INLINE.slice(0, 1) });
    await expectPhase(w, "planning", { eventName: "pull_request_review", payload: review.payload });
    const amended = await dispatchedRun(w, "amend");
    expect(amended.outputs.phase, amended.stdout).toBe("awaiting_approval");
    expect(w.fake.labelsOf(ISSUE)).toContain("ralph:awaiting-approval");
    const prdComment = w.fake.botComments(ISSUE).at(-1)?.body ?? "";
    expect(prdComment).toContain("How to approve or revise");
    expect(prdComment).toContain("follow-up round 1");
    await expectPhase(w, "done", {
      eventName: "issue_comment",
      payload: commentEvent(w, "/approve"),
    });
    expect(repliesIn(w, review.comments[0]?.id ?? 0)).toHaveLength(1);
  });

  it("limits.max_followups: past it Ralph stops with the named reason, no agent runs", async () => {
    const w = await finished("limits:\n  max_followups: 0\n");
    const calls = agentCalls(w).length;
    const run = await commentRun(w, "/ralph fix add a third greeting");
    expect(run.code, run.stdout).toBe(0);
    expect(w.fake.stateOf(ISSUE)).toMatchObject({
      phase: "failed",
      stopReason: expect.stringContaining("limits.max_followups"),
    });
    expect(w.fake.botComments(ISSUE).at(-1)?.body).toMatch(/follow-up limit reached: 0 of 0/);
    expect(agentCalls(w)).toHaveLength(calls);
  });
});
