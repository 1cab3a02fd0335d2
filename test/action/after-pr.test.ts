/**
 * Issue 17 through the BUILT action (Actions-only mode), on the shared fake GitHub: starting by
 * assignment (`trigger.assignees`), and what happens once Ralph's pull request is merged or
 * closed — Ralph says so and later events on it (reviews, commands, CI runs) start nothing.
 */
import { describe, expect, it } from "vitest";
import { isStatusComment } from "../../src/core/state-codec.js";
import {
  ciWorkflowRunCompleted,
  issuesAssigned,
  pullRequestClosed,
  reviewSubmitted,
} from "../fixtures/webhooks/index.js";
import { isWriteRequest, user } from "../support/fake-github/index.js";
import {
  BODY,
  BRANCH,
  commentRun,
  ISSUE,
  MAINTAINER,
  planThroughAction,
  seedIssue,
  TITLE,
} from "./flows.js";
import { agentCalls, pushFiles, runAction, type World, worldPerTest } from "./harness.js";

const LISTED = "ralph-bot";

function assigned(assignee: string, sender: string, at: string, type: "User" | "Bot" = "User") {
  return issuesAssigned({
    issue: { number: ISSUE, title: TITLE, body: BODY, author: MAINTAINER },
    assignee,
    sender: { login: sender, type },
    updatedAt: at,
  });
}

/** Ralph's own comments other than its status comment (replies). */
function replies(w: World): string[] {
  return w.fake
    .botComments(ISSUE)
    .filter((c) => !isStatusComment(c.body))
    .map((c) => c.body);
}

describe("the built action after the PR opens: assignment, merge, close", {
  timeout: 180_000,
}, () => {
  const makeWorld = worldPerTest();

  async function newWorld(config?: string): Promise<World> {
    const world = await makeWorld();
    seedIssue(world);
    if (config !== undefined) pushFiles(world, "main", { ".github/ralph.yml": config });
    return world;
  }

  it("assignment to a listed login by a write user plans the issue; to another login, by a read-only user or a bot, or delivered again: nothing", async () => {
    const w = await newWorld(`trigger:\n  assignees: [${LISTED}]\n`);
    w.fake.grant("rita", "read");

    const other = await runAction(w, {
      eventName: "issues",
      payload: assigned("someone-else", MAINTAINER, "2026-01-02T03:00:00Z"),
    });
    expect(other.code, other.stdout).toBe(0);
    expect(other.outputs.status).toBe("noop");
    const byReader = await runAction(w, {
      eventName: "issues",
      payload: assigned(LISTED, "rita", "2026-01-02T03:01:00Z"),
    });
    expect(byReader.code, byReader.stdout).toBe(0);
    const byBot = w.fake.requests.length;
    const bot = await runAction(w, {
      eventName: "issues",
      payload: assigned(LISTED, "deploy[bot]", "2026-01-02T03:02:00Z", "Bot"),
    });
    expect(bot.outputs.status).toBe("noop");
    // A bot's assignment is ruled out from the payload alone: not one request.
    expect(w.fake.requests.length).toBe(byBot);
    expect(agentCalls(w)).toEqual([]);
    expect(w.fake.stateOf(ISSUE)?.phase ?? "idle").toBe("idle");
    expect(w.fake.pulls.size).toBe(0);

    const payload = assigned(LISTED, MAINTAINER, "2026-01-02T03:03:00Z");
    const run = await runAction(w, { eventName: "issues", payload });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({ phase: "awaiting_approval", branch: BRANCH });
    expect(agentCalls(w).map((c) => c.phase)).toEqual(["plan"]);
    expect(w.fake.labelsOf(ISSUE)).toContain("ralph:awaiting-approval");
    const saved = w.fake.stateOf(ISSUE);
    expect(saved?.triggeredAt).toBe("2026-01-02T03:03:00Z");

    // The same delivery again (a re-run of that workflow run): nothing starts, nothing is said.
    const said = replies(w);
    const again = await runAction(w, { eventName: "issues", payload });
    expect(again.code, again.stdout).toBe(0);
    expect(agentCalls(w)).toHaveLength(1);
    expect(replies(w)).toEqual(said);
    expect(w.fake.stateOf(ISSUE)?.revision).toBe(saved?.revision);
  });

  it("Ralph's pull request merged: the status comment says so, and a review, a command or a CI run on it start nothing", async () => {
    const w = await newWorld();
    await planThroughAction(w);
    const done = await commentRun(w, "/approve");
    expect(done.outputs.phase, done.stdout).toBe("done");
    const pr = Number(done.outputs["pr-number"]);
    const pull = {
      number: pr,
      headRef: BRANCH,
      body: `Closes #${ISSUE}`,
      headSha: w.fake.branchSha(BRANCH) ?? "",
    };
    w.fake.closePull(pr, true);

    const merged = await runAction(w, {
      eventName: "pull_request",
      payload: pullRequestClosed({ pull, merged: true, sender: { login: MAINTAINER } }),
    });
    expect(merged.code, merged.stdout).toBe(0);
    const state = w.fake.stateOf(ISSUE);
    expect(state).toMatchObject({ phase: "done", prClosed: { number: pr, merged: true } });
    expect(w.fake.statusComment(ISSUE)?.body).toContain(`Done: pull request #${pr} merged`);
    expect(w.fake.labelsOf(ISSUE)).toContain("ralph:done");

    const agents = agentCalls(w).length;
    const reviewReads = () => w.fake.count("GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews");
    const readsBefore = reviewReads();
    w.fake.addReview(pr, {
      id: 88_001,
      user: user(MAINTAINER),
      body: "Please rename the files.",
      state: "CHANGES_REQUESTED",
      commit_id: pull.headSha,
    });
    const review = await runAction(w, {
      eventName: "pull_request_review",
      payload: reviewSubmitted({
        pull,
        review: {
          id: 88_001,
          state: "changes_requested",
          body: "Please rename the files.",
          user: { login: MAINTAINER },
          commitId: pull.headSha,
        },
      }),
    });
    expect(review.code, review.stdout).toBe(0);
    const ci = await runAction(w, {
      eventName: "workflow_run",
      payload: ciWorkflowRunCompleted({
        sha: pull.headSha,
        conclusion: "failure",
        pulls: [{ number: pr, headRef: BRANCH, headSha: pull.headSha }],
      }),
    });
    expect(ci.code, ci.stdout).toBe(0);
    expect(w.fake.stateOf(ISSUE)?.revision).toBe(state?.revision);
    // A closed pull request's reviews are not even read.
    expect(reviewReads()).toBe(readsBefore);

    const command = await commentRun(w, "/ralph run");
    expect(command.code, command.stdout).toBe(0);
    expect(replies(w).at(-1)).toContain(
      `Ralph's pull request #${pr} was merged, so Ralph no longer works on it.`,
    );
    expect(agentCalls(w)).toHaveLength(agents);
    expect(w.fake.stateOf(ISSUE)?.phase).toBe("done");
  });

  it("closed unmerged while awaiting approval: stopped with the reason; reopened, /ralph run waits for approval again", async () => {
    const w = await newWorld();
    const planned = await planThroughAction(w);
    const pr = Number(planned.outputs["pr-number"]);
    const pull = { number: pr, headRef: BRANCH, body: `Closes #${ISSUE}` };

    // While it is open, a run of the repository's CI on its head re-reads the issue (nothing
    // waits on CI here, so nothing is written); a run of Ralph's own workflow is not CI.
    // Its head is its branch's tip (the fake answers the pull request's head from the branch).
    const head = w.remoteGit("rev-parse", BRANCH);
    const ciRun = (path: string) =>
      runAction(w, {
        eventName: "workflow_run",
        payload: ciWorkflowRunCompleted({
          sha: head,
          conclusion: "failure",
          pulls: [{ number: pr, headRef: BRANCH, headSha: head }],
          path,
        }),
      });
    const issueReads = () => w.fake.commentReads(ISSUE).length;
    const reads = issueReads();
    const writes = () => w.fake.requests.filter(isWriteRequest).length;
    const written = writes();
    expect((await ciRun(".github/workflows/ci.yml")).code).toBe(0);
    expect(issueReads()).toBeGreaterThan(reads);
    expect(writes()).toBe(written);
    const afterCi = issueReads();
    expect((await ciRun(".github/workflows/ralph.yml")).code).toBe(0);
    expect(issueReads()).toBe(afterCi);

    w.fake.closePull(pr, false);
    const closed = await runAction(w, {
      eventName: "pull_request",
      payload: pullRequestClosed({ pull, merged: false, sender: { login: MAINTAINER } }),
    });
    expect(closed.code, closed.stdout).toBe(0);
    expect(w.fake.stateOf(ISSUE)).toMatchObject({
      phase: "stopped",
      prClosed: { number: pr, merged: false },
      stopReason: `pull request #${pr} was closed without merging`,
    });
    expect(w.fake.labelsOf(ISSUE)).toContain("ralph:stopped");
    expect(w.fake.statusComment(ISSUE)?.body).toContain(`Stopped: pull request #${pr} closed`);

    // An approval of the closed pull request's PRD changes nothing.
    const approve = await commentRun(w, "/approve");
    expect(approve.outputs.phase).toBe("stopped");
    expect(replies(w).at(-1)).toContain("Reopen it and comment `/ralph run`");

    Object.assign(w.fake.pulls.get(pr) ?? {}, { state: "open" });
    const reopened = await runAction(w, {
      eventName: "pull_request",
      payload: pullRequestClosed({
        pull,
        merged: false,
        sender: { login: MAINTAINER },
        action: "reopened",
      }),
    });
    expect(reopened.code, reopened.stdout).toBe(0);
    expect(w.fake.stateOf(ISSUE)).toMatchObject({ phase: "stopped", prClosed: null });
    const resumed = await commentRun(w, "/ralph run");
    expect(resumed.outputs.phase, resumed.stdout).toBe("awaiting_approval");
    expect(agentCalls(w).map((c) => c.phase)).toEqual(["plan"]);
  });
});
