import { describe, expect, it } from "vitest";
import { payloadDefaultBranch, resolveEvent } from "../../src/action/event.js";
import { pullAsIssue } from "../../src/reconcile/issue-info.js";
import {
  ciWorkflowRunCompleted,
  issueCommentCreated,
  issuesAssigned,
  issuesLabeled,
  obj,
  pullRequestClosed,
  pullRequestEvent,
  reviewSubmitted,
  webhookExample,
} from "../fixtures/webhooks/index.js";

describe("resolveEvent (real webhook payloads)", () => {
  const comment = issueCommentCreated({
    issue: { number: 42, title: "Add login", author: "alice" },
    comment: { id: 901, body: "/ralph plan", user: { login: "bob" } },
  });

  it("issue_comment.created → the comment signal for that issue", () => {
    const event = resolveEvent("issue_comment", comment, null);
    expect(event).toMatchObject({
      kind: "issue",
      group: 42,
      issue: { number: 42, title: "Add login", author: "alice", isPullRequest: false },
      signal: {
        kind: "comment",
        comment: { id: 901, body: "/ralph plan", user: { login: "bob", type: "User" } },
      },
    });
  });

  it("edited and deleted comments never trigger anything", () => {
    for (const action of ["edited", "deleted"]) {
      const payload = { ...comment, action };
      expect(resolveEvent("issue_comment", payload, null).kind).toBe("ignored");
    }
  });

  it("issues.labeled and issues.opened → a trigger signal with the label (or none)", () => {
    const labeled = issuesLabeled({
      issue: { number: 5 },
      label: "ralph",
      sender: { login: "carol" },
    });
    expect(resolveEvent("issues", labeled, null)).toMatchObject({
      kind: "issue",
      signal: { kind: "trigger", label: "ralph", sender: { login: "carol" } },
    });
    const opened = webhookExample("issues", "opened");
    expect(resolveEvent("issues", opened, null)).toMatchObject({
      kind: "issue",
      signal: { kind: "trigger", label: null },
    });
    const closed = webhookExample("issues", "edited");
    expect(resolveEvent("issues", closed, null).kind).toBe("ignored");
  });

  it("issues.assigned → a trigger signal naming the assignee and when it happened", () => {
    const assigned = issuesAssigned({
      issue: { number: 5 },
      assignee: "ralph-bot",
      sender: { login: "carol" },
      updatedAt: "2026-01-02T03:04:05Z",
    });
    expect(resolveEvent("issues", assigned, null)).toMatchObject({
      kind: "issue",
      group: 5,
      signal: {
        kind: "trigger",
        label: null,
        assignee: "ralph-bot",
        at: "2026-01-02T03:04:05Z",
        sender: { login: "carol" },
      },
    });
    expect(resolveEvent("issues", { ...assigned, action: "unassigned" }, null).kind).toBe(
      "ignored",
    );
  });

  it("pull_request.closed / reopened of Ralph's PR (or a labelled spec PR) → routed by the PR; others ignored", () => {
    const ralphs = { number: 9, headRef: "ralph/42-add-login", body: "Closes #42" };
    const merged = pullRequestClosed({ pull: ralphs, merged: true, sender: { login: "dave" } });
    expect(resolveEvent("pull_request", merged, null)).toMatchObject({
      kind: "review",
      group: 9,
      signal: { kind: "pr_closed", pr: 9, merged: true },
    });
    const reopened = pullRequestClosed({
      pull: ralphs,
      merged: false,
      sender: { login: "dave" },
      action: "reopened",
    });
    expect(resolveEvent("pull_request", reopened, null)).toMatchObject({
      signal: { kind: "pr_reopened", pr: 9 },
    });
    const spec = { number: 12, headRef: "specs/search", author: "erin" };
    const labelled = pullRequestClosed({
      pull: spec,
      merged: false,
      sender: { login: "erin" },
      labels: ["ralph:done"],
    });
    expect(resolveEvent("pull_request", labelled, null)).toMatchObject({
      signal: { kind: "pr_closed", pr: 12, merged: false },
    });
    const other = pullRequestClosed({
      pull: spec,
      merged: true,
      sender: { login: "erin" },
      labels: ["bug"],
    });
    expect(resolveEvent("pull_request", other, null).kind).toBe("ignored");
  });

  it("workflow_run.completed on a pull request → the CI event with its commit and pull requests", () => {
    const run = ciWorkflowRunCompleted({
      sha: "b".repeat(40),
      conclusion: "failure",
      pulls: [{ number: 9, headRef: "ralph/42-add-login", headSha: "b".repeat(40) }],
    });
    expect(resolveEvent("workflow_run", run, null)).toMatchObject({
      kind: "ci",
      sha: "b".repeat(40),
      workflowPath: ".github/workflows/ci.yml",
      pulls: [{ number: 9, head: { ref: "ralph/42-add-login", sha: "b".repeat(40) } }],
    });
    const noPull = ciWorkflowRunCompleted({
      sha: "b".repeat(40),
      conclusion: "success",
      pulls: [],
    });
    expect(resolveEvent("workflow_run", noPull, null).kind).toBe("ignored");
    expect(resolveEvent("workflow_run", { ...run, action: "requested" }, null).kind).toBe(
      "ignored",
    );
  });

  it("pull_request.labeled → a trigger signal on the PR as an issue (spec PRs in Actions-only mode)", () => {
    const payload = {
      ...pullRequestEvent("labeled", { number: 12, title: "Spec: search", author: "erin" }),
      label: { name: "ralph" },
      sender: { login: "erin", type: "User" },
    };
    expect(resolveEvent("pull_request", payload, null)).toMatchObject({
      kind: "issue",
      group: 12,
      issue: { number: 12, isPullRequest: true, title: "Spec: search", author: "erin" },
      signal: { kind: "trigger", label: "ralph", sender: { login: "erin" } },
    });
    for (const action of ["opened", "synchronize", "unlabeled"]) {
      const other = { ...payload, action };
      expect(resolveEvent("pull_request", other, null).kind).toBe("ignored");
    }
  });

  it("pull_request_review.submitted → the review signal, grouped by the PR number", () => {
    const payload = reviewSubmitted({
      pull: { number: 9, headRef: "ralph/42-add-login", body: "Closes #42" },
      review: { id: 77, state: "approved", user: { login: "dave" }, commitId: "a".repeat(40) },
    });
    const event = resolveEvent("pull_request_review", payload, null);
    expect(event).toMatchObject({
      kind: "review",
      group: 9,
      signal: { kind: "review", pr: 9, review: { id: 77, state: "approved" } },
    });
    if (event.kind === "review")
      expect(pullAsIssue(event.pull)).toMatchObject({ number: 9, isPullRequest: true });
    const dismissed = { ...payload, action: "dismissed" };
    expect(resolveEvent("pull_request_review", dismissed, null)).toMatchObject({
      kind: "review",
      signal: { kind: "review_dismissed", pr: 9, review: { id: 77 } },
    });
  });

  it("schedule → sweep; workflow_dispatch → continue the issue from its inputs", () => {
    expect(resolveEvent("schedule", { schedule: "*/15 * * * *" }, null)).toEqual({ kind: "sweep" });
    const dispatch = webhookExample("workflow_dispatch");
    dispatch.inputs = { issue: "12", phase: "plan" };
    expect(resolveEvent("workflow_dispatch", dispatch, null)).toEqual({
      kind: "continue",
      issue: 12,
    });
    dispatch.inputs = {};
    expect(resolveEvent("workflow_dispatch", dispatch, null).kind).toBe("ignored");
  });

  it("the `issue` input wins: the same issue keeps the event, another one is continued", () => {
    expect(resolveEvent("issue_comment", comment, 42).kind).toBe("issue");
    expect(resolveEvent("issue_comment", comment, 43)).toEqual({ kind: "continue", issue: 43 });
    expect(resolveEvent("push", {}, 8)).toEqual({ kind: "continue", issue: 8 });
    expect(resolveEvent("push", {}, null).kind).toBe("ignored");
  });

  it("a comment on a pull request conversation is an issue event of a PR", () => {
    const onPr = issueCommentCreated({
      issue: { number: 3, pullRequest: true },
      comment: { id: 1, body: "/ralph plan", user: { login: "bob" } },
    });
    expect(resolveEvent("issue_comment", onPr, null)).toMatchObject({
      kind: "issue",
      issue: { number: 3, isPullRequest: true },
    });
    expect(obj(onPr, "issue").pull_request).toBeDefined();
  });
});

describe("payloadDefaultBranch (the run's default branch without a repository read)", () => {
  const comment = issueCommentCreated({
    issue: { number: 42 },
    comment: { id: 1, body: "/ralph plan", user: { login: "bob" } },
  });
  const repository = obj(comment, "repository");

  it("is the payload's repository.default_branch for the repository the run acts on", () => {
    const full = String(repository.full_name);
    expect(payloadDefaultBranch(comment, full)).toBe(repository.default_branch);
    expect(payloadDefaultBranch(comment, full.toUpperCase())).toBe(repository.default_branch);
    const renamed = { ...comment, repository: { ...repository, default_branch: "trunk" } };
    expect(payloadDefaultBranch(renamed, full)).toBe("trunk");
  });

  it("is unknown for another repository, a payload without one, or an empty name", () => {
    expect(payloadDefaultBranch(comment, "someone/else")).toBeUndefined();
    expect(payloadDefaultBranch({}, String(repository.full_name))).toBeUndefined();
    const empty = { ...comment, repository: { ...repository, default_branch: "" } };
    expect(payloadDefaultBranch(empty, String(repository.full_name))).toBeUndefined();
  });
});
