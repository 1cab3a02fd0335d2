import { describe, expect, it } from "vitest";
import {
  issueCommentCreated,
  pullRequestEvent,
  workflowRunCompleted,
} from "../fixtures/webhooks/index.js";
import { type FakeUser, user } from "../support/fake-github/index.js";
import { commentAs, harnessPerTest } from "./harness.js";
import { LOGIN_ISSUE as ISSUE, seedLoginIssue } from "./login-issue.js";
import { stateAt } from "./states.js";

describe("agent phases belong to the running job (DESIGN §6.2)", () => {
  let statusId: number;
  const h = harnessPerTest(async () => {
    statusId = h.fake.id();
    h.fake.seedState(
      stateAt("planning", {
        pendingStep: "plan",
        watermark: { commentId: statusId, reviewId: 0 },
        runUrl: "https://github.com/Codertocat/Hello-World/actions/runs/555",
      }),
      statusId,
    );
    h.fake.issueLabels.set(42, ["ralph:planning"]);
    seedLoginIssue(h.fake);
    h.fake.grant("alice", "write");
    h.fake.grant("reader", "read");
  });

  const say = (body: string, author: FakeUser) => commentAs(h, ISSUE, body, author);

  it("a command is only acknowledged: no state change, no watermark move, no dispatch", async () => {
    const before = h.fake.comments.get(statusId)?.body;
    const c = await say("/ralph revise use sessions", user("alice"));
    expect(
      h.fake
        .requestsMatching("POST", new RegExp(`/comments/${c.id}/reactions$`))
        .map((r) => r.body),
    ).toEqual([{ content: "eyes" }]);
    expect(h.fake.comments.get(statusId)?.body).toBe(before);
    expect(h.fake.requestsMatching("PATCH", /./)).toEqual([]);
    expect(h.fake.dispatches).toEqual([]);
  });

  it("a read-only user's command in an agent phase is not even acknowledged", async () => {
    await say("/ralph revise nope", user("reader"));
    expect(h.fake.requestsMatching("POST", /\/reactions$/)).toEqual([]);
  });

  it("/ralph stop is applied: stopped, the issue's active run cancelled", async () => {
    h.fake.runs.push(
      {
        id: 555,
        status: "in_progress",
        conclusion: null,
        display_title: "ralph #42 plan",
        path: ".github/workflows/ralph.yml",
        html_url: "https://github.com/Codertocat/Hello-World/actions/runs/555",
      },
      {
        id: 556,
        status: "queued",
        conclusion: null,
        display_title: "ralph #42 plan",
        path: ".github/workflows/ralph.yml",
        html_url: "https://github.com/Codertocat/Hello-World/actions/runs/556",
      },
      {
        id: 600,
        status: "in_progress",
        conclusion: null,
        display_title: "ralph #43 implement",
        path: ".github/workflows/ralph.yml",
        html_url: "https://github.com/Codertocat/Hello-World/actions/runs/600",
      },
    );
    const earlier = await say("/ralph revise something", user("alice"));
    const stop = await say("/ralph stop", user("alice"));
    const state = h.stateOf(42);
    expect(state?.phase).toBe("stopped");
    expect(state?.watermark.commentId).toBe(stop.id);
    expect(state?.watermark.commentId).toBeGreaterThan(earlier.id);
    expect(
      h.fake.requestsMatching("POST", /\/actions\/runs\/\d+\/cancel$/).map((r) => r.path),
    ).toEqual([
      "/repos/Codertocat/Hello-World/actions/runs/555/cancel",
      "/repos/Codertocat/Hello-World/actions/runs/556/cancel",
    ]);
    expect(h.fake.issueLabels.get(42)).toEqual(["ralph:stopped"]);
  });

  it("/ralph stop by a read-only user changes nothing", async () => {
    await say("/ralph stop", user("reader"));
    expect(h.stateOf(42)?.phase).toBe("planning");
    expect(h.fake.requestsMatching("POST", /\/cancel$/)).toEqual([]);
  });

  it("a failed Ralph run: status comment shows the failure, label ralph:failed", async () => {
    await h.receive(
      "workflow_run",
      workflowRunCompleted({ id: 555, conclusion: "failure", displayTitle: "ralph #42 plan" }),
    );
    const state = h.stateOf(42);
    expect(state?.phase).toBe("failed");
    expect(state?.lastError).toContain("failure");
    expect(h.fake.comments.get(statusId)?.body).toContain("failure");
    expect(h.fake.issueLabels.get(42)).toEqual(["ralph:failed"]);
  });

  it("a run cancelled because a newer run of the issue replaced it is not a failure", async () => {
    h.fake.runs.push({
      id: 557,
      status: "queued",
      conclusion: null,
      display_title: "ralph #42 plan",
      path: ".github/workflows/ralph.yml",
      html_url: "https://github.com/Codertocat/Hello-World/actions/runs/557",
    });
    await h.receive(
      "workflow_run",
      workflowRunCompleted({ id: 555, conclusion: "cancelled", displayTitle: "ralph #42 plan" }),
    );
    expect(h.stateOf(42)?.phase).toBe("planning");
  });

  it("runs of other workflows and successful runs are ignored", async () => {
    await h.receive(
      "workflow_run",
      workflowRunCompleted({
        id: 9,
        conclusion: "failure",
        displayTitle: "CI #42",
        path: ".github/workflows/ci.yml",
      }),
    );
    await h.receive(
      "workflow_run",
      workflowRunCompleted({ id: 555, conclusion: "success", displayTitle: "ralph #42 plan" }),
    );
    expect(h.stateOf(42)?.phase).toBe("planning");
  });
});

describe("status comment trust (DESIGN §6.1)", () => {
  const h = harnessPerTest(async () => {
    h.fake.grant("alice", "write");
    h.fake.grant("mallory", "read");
  });

  it("a status block written by someone else is never loaded, and reported once", async () => {
    h.fake.seedForeignState(
      stateAt("awaiting_approval", { approvedBy: ["mallory"] }),
      user("mallory"),
    );
    for (const body of ["/ralph plan", "/ralph status"]) {
      const c = h.fake.addComment(42, body, user("alice"));
      await h.receive(
        "issue_comment",
        issueCommentCreated({ issue: ISSUE, comment: { ...c, user: user("alice") } }),
      );
    }
    const state = h.stateOf(42);
    expect(state?.phase).toBe("planning");
    expect(state?.approvedBy).toEqual([]);
    const reports = h.fake.botComments(42).filter((c) => c.body.includes("@mallory"));
    expect(reports).toHaveLength(1);
  });

  it("a broken state block in Ralph's own comment is reported and nothing runs", async () => {
    h.fake.addComment(
      42,
      "<!-- ralph:status -->\nPhase: planning\n<!-- ralph:state v1 bm90IGpzb24= -->",
      user("ralph-app[bot]", "Bot"),
    );
    for (let i = 0; i < 2; i++) {
      const c = h.fake.addComment(42, "/ralph plan", user("alice"));
      await h.receive(
        "issue_comment",
        issueCommentCreated({ issue: ISSUE, comment: { ...c, user: user("alice") } }),
      );
    }
    expect(h.fake.dispatches).toEqual([]);
    const reports = h.fake.botComments(42).filter((c) => c.body.includes("can't read its state"));
    expect(reports).toHaveLength(1);
  });
});

describe("spec PRs (DESIGN §2.2)", () => {
  const h = harnessPerTest(async () => {
    h.fake.grant("alice", "write");
  });

  it("a fork spec PR gets one explanatory comment and nothing else", async () => {
    h.fake.pulls.set(8, {
      number: 8,
      node_id: "PR_8",
      draft: false,
      head: { ref: "add-spec", sha: "c".repeat(40), repo: { full_name: "someone/Hello-World" } },
      base: { ref: "main", repo: { full_name: "Codertocat/Hello-World" } },
    });
    h.fake.pullFiles.set(8, [{ filename: ".ralph/specs/login.md", status: "added" }]);
    await h.receive(
      "pull_request",
      pullRequestEvent("opened", {
        number: 8,
        headRepo: "someone/Hello-World",
        headRef: "add-spec",
      }),
    );
    const c = h.fake.addComment(8, "/ralph plan", user("alice"));
    await h.receive(
      "issue_comment",
      issueCommentCreated({
        issue: { number: 8, pullRequest: true },
        comment: { ...c, user: user("alice") },
      }),
    );

    const ralphComments = h.fake.botComments(8);
    expect(ralphComments).toHaveLength(1);
    expect(ralphComments[0]?.body).toContain("forks");
    expect(h.fake.dispatches).toEqual([]);
    expect(h.fake.issueLabels.get(8)).toBeUndefined();
    expect(h.fake.requestsMatching("POST", /\/reactions$/)).toEqual([]);
  });

  it("a fork PR without spec files is left alone", async () => {
    h.fake.pullFiles.set(9, [{ filename: "src/index.ts", status: "modified" }]);
    await h.receive(
      "pull_request",
      pullRequestEvent("opened", { number: 9, headRepo: "someone/Hello-World" }),
    );
    expect(h.fake.botComments(9)).toEqual([]);
  });

  it("/ralph plan on a same-repo spec PR plans it as a spec PR", async () => {
    h.fake.pulls.set(8, {
      number: 8,
      node_id: "PR_8",
      draft: false,
      head: { ref: "add-spec", sha: "c".repeat(40), repo: { full_name: "Codertocat/Hello-World" } },
      base: { ref: "main", repo: { full_name: "Codertocat/Hello-World" } },
    });
    h.fake.pullFiles.set(8, [{ filename: ".ralph/specs/login.md", status: "added" }]);
    const c = h.fake.addComment(8, "/ralph plan", user("alice"));
    await h.receive(
      "issue_comment",
      issueCommentCreated({
        issue: { number: 8, pullRequest: true },
        comment: { ...c, user: user("alice") },
      }),
    );
    const state = h.stateOf(8);
    expect(state?.kind).toBe("spec_pr");
    expect(state?.phase).toBe("planning");
    expect(h.fake.dispatches.map((d) => d.body)).toEqual([
      { ref: "main", inputs: { issue: "8", phase: "plan" } },
    ]);
  });
});
