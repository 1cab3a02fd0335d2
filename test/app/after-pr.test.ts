/**
 * Issue 17 through the BUILT App on the shared fake GitHub (test/security/built-app.ts): starting
 * by assignment, Ralph's pull request merged or closed, and the CI events it now subscribes to —
 * which cost one call (the config) or none for a pull request that is not Ralph's.
 */
import { describe, expect, it } from "vitest";
import { isStatusComment } from "../../src/core/state-codec.js";
import {
  checkRunCompleted,
  checkSuiteCompleted,
  issueCommentCreated,
  issuesAssigned,
  pullRequestClosed,
  pullRequestEvent,
  reviewSubmitted,
  statusEvent,
} from "../fixtures/webhooks/index.js";
import { type Cluster, clusterPerTest } from "../security/built-app.js";
import { isWriteRequest, user } from "../support/fake-github/index.js";
import { BRANCH, stateAt } from "./states.js";

const ISSUE = { number: 42, author: "olivia", title: "Add a login page", body: "Login." };
const PR = 77;
const SHA = "d".repeat(40);
const CONFIG = "GET /repos/{owner}/{repo}/contents/{path}";

const cluster = clusterPerTest();
let c: Cluster;

async function start(config = ""): Promise<Cluster> {
  c = await cluster();
  c.fake.addIssue({ number: 42, title: ISSUE.title, body: ISSUE.body, user: user(ISSUE.author) });
  c.fake.grant("alice", "write");
  c.fake.grant("rita", "read");
  if (config !== "") c.fake.setFile(".github/ralph.yml", config);
  return c;
}

/** Ralph's draft (or ready) pull request for issue 42, and the state that names it. */
function seedRalphPr(phase: "done" | "implementing" | "awaiting_approval"): void {
  c.fake.addPull({
    number: PR,
    title: `Ralph: ${ISSUE.title}`,
    body: "Closes #42\n\nStories:",
    head: { ref: BRANCH, sha: SHA },
  });
  const statusId = c.fake.id();
  c.fake.seedState(
    stateAt(phase, {
      branch: BRANCH,
      prNumber: PR,
      specId: "issue-42-add-login",
      runUrl: "https://github.com/Codertocat/Hello-World/actions/runs/4242",
      ...(phase === "implementing" ? { pendingStep: "implement", currentStory: "US-001" } : {}),
      watermark: { commentId: statusId, reviewId: 0 },
    }),
    statusId,
  );
  c.fake.issueLabels.set(42, [
    `ralph:${phase === "awaiting_approval" ? "awaiting-approval" : phase}`,
  ]);
}

const assigned = (
  assignee: string,
  sender: string,
  at = "2026-01-02T03:04:05Z",
  type: "User" | "Bot" = "User",
) => issuesAssigned({ issue: ISSUE, assignee, sender: { login: sender, type }, updatedAt: at });

const ralphPull = { number: PR, headRef: BRANCH, body: "Closes #42\n\nStories:", headSha: SHA };

/** `check_suite.completed` on Ralph's pull request, its head at `sha`. */
const suiteOnRalphPr = (sha = SHA) =>
  checkSuiteCompleted({
    sha,
    conclusion: "failure",
    pulls: [{ number: PR, headRef: BRANCH, headSha: sha }],
  });

function replies(): string[] {
  return c.fake
    .botComments(42)
    .filter((x) => !isStatusComment(x.body))
    .map((x) => x.body);
}

describe("start by assignment (App)", () => {
  it("a write user assigning a listed login starts planning once, redelivered or not", async () => {
    await start("trigger:\n  assignees: [Ralph-Bot]\n");
    const payload = assigned("ralph-bot", "alice");
    await c.receive("issues", payload, "delivery-1");
    expect(c.fake.dispatches.map((d) => d.body)).toEqual([
      { ref: "main", inputs: { issue: "42", phase: "plan" } },
    ]);
    expect(c.stateOf(42)).toMatchObject({ phase: "planning", triggeredAt: "2026-01-02T03:04:05Z" });
    // Redelivered while planning, and again once the plan is waiting for approval.
    await c.receive("issues", structuredClone(payload), "delivery-1");
    const state = c.stateOf(42);
    if (state === null) throw new Error("no state");
    c.fake.seedState({
      ...state,
      phase: "awaiting_approval",
      pendingStep: null,
      revision: state.revision + 1,
    });
    await c.receive("issues", structuredClone(payload), "delivery-1");
    expect(c.fake.dispatches).toHaveLength(1);
    expect(replies()).toEqual([]);
    expect(c.stateOf(42)?.revision).toBe(state.revision + 1);
  });

  it("to another login: one call (the config), nothing else; by a read-only user or a bot: nothing starts", async () => {
    await start("trigger:\n  assignees: [ralph-bot]\n");
    await c.receive("issues", assigned("someone-else", "alice"));
    expect(c.fake.requests.map((r) => r.route)).toEqual([
      "POST /app/installations/{installation_id}/access_tokens",
      CONFIG,
    ]);
    c.fake.resetCounts();
    const before = c.fake.requests.length;
    await c.receive("issues", assigned("ralph-bot", "deploy[bot]", "2026-01-02T03:05:00Z", "Bot"));
    expect(c.fake.requests.length).toBe(before);
    await c.receive("issues", assigned("ralph-bot", "rita", "2026-01-02T03:06:00Z"));
    expect(c.fake.dispatches).toEqual([]);
    expect(c.stateOf(42)?.phase ?? "idle").toBe("idle");
  });

  it("without trigger.assignees, an assignment starts nothing", async () => {
    await start();
    await c.receive("issues", assigned("ralph-bot", "alice"));
    expect(c.fake.dispatches).toEqual([]);
    expect(c.stateOf(42)).toBeNull();
  });
});

describe("Ralph's pull request merged or closed (App)", () => {
  it("merged: the status comment says so; a review, a command and a CI event on it start nothing", async () => {
    await start();
    seedRalphPr("done");
    c.fake.closePull(PR, true);
    await c.receive(
      "pull_request",
      pullRequestClosed({ pull: ralphPull, merged: true, sender: { login: "alice" } }),
    );
    const merged = c.stateOf(42);
    expect(merged).toMatchObject({ phase: "done", prClosed: { number: PR, merged: true } });
    expect(c.fake.statusComment(42)?.body).toContain(`Done: pull request #${PR} merged`);

    c.fake.resetCounts();
    c.fake.addReview(PR, {
      id: 5001,
      user: user("alice"),
      body: "Rename it.",
      state: "CHANGES_REQUESTED",
      commit_id: SHA,
    });
    await c.receive(
      "pull_request_review",
      reviewSubmitted({
        pull: ralphPull,
        review: {
          id: 5001,
          state: "changes_requested",
          body: "Rename it.",
          user: { login: "alice" },
          commitId: SHA,
        },
      }),
    );
    await c.receive("check_suite", suiteOnRalphPr());
    expect(c.fake.count("GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews")).toBe(0);
    expect(c.stateOf(42)?.revision).toBe(merged?.revision);
    const comment = c.fake.addComment(42, "/ralph run", user("alice"));
    await c.receive(
      "issue_comment",
      issueCommentCreated({ issue: ISSUE, comment: { ...comment, user: user("alice") } }),
    );
    expect(replies().at(-1)).toContain(
      `Ralph's pull request #${PR} was merged, so Ralph no longer works on it.`,
    );
    expect(c.fake.dispatches).toEqual([]);
  });

  it("closed while a job implements: the job is cancelled and the issue stopped with the reason; a redelivery changes nothing", async () => {
    await start();
    seedRalphPr("implementing");
    c.fake.runs.push({
      id: 4242,
      status: "in_progress",
      conclusion: null,
      display_title: "ralph #42 implement",
      path: ".github/workflows/ralph.yml",
      html_url: "https://github.com/Codertocat/Hello-World/actions/runs/4242",
    });
    c.fake.closePull(PR, false);
    const payload = pullRequestClosed({
      pull: ralphPull,
      merged: false,
      sender: { login: "alice" },
    });
    await c.receive("pull_request", payload, "closed-1");
    expect(c.stateOf(42)).toMatchObject({
      phase: "stopped",
      prClosed: { number: PR, merged: false },
      stopReason: `pull request #${PR} was closed without merging`,
      resumePhase: "implementing",
    });
    expect(c.fake.requestsMatching("POST", /\/actions\/runs\/4242\/cancel$/)).toHaveLength(1);
    expect(c.fake.issueLabels.get(42)).toEqual(["ralph:stopped"]);
    const revision = c.stateOf(42)?.revision;
    await c.receive("pull_request", structuredClone(payload), "closed-1");
    expect(c.stateOf(42)?.revision).toBe(revision);
    expect(c.fake.requestsMatching("POST", /\/cancel$/)).toHaveLength(1);
  });

  it("another pull request closed: at most one call", async () => {
    await start();
    await c.receive(
      "pull_request",
      pullRequestClosed({
        pull: { number: 5, headRef: "feature/x", author: "erin" },
        merged: true,
        sender: { login: "erin" },
      }),
    );
    expect(
      c.fake.requests.filter((r) => !r.route?.startsWith("POST /app/")).map((r) => r.route),
    ).toEqual([CONFIG]);
  });
});

describe("CI events (App)", () => {
  const pulls = (ref: string) => [{ number: 5, headRef: ref, headSha: SHA }];
  const nonInstallation = () => c.fake.requests.filter((r) => !r.route?.startsWith("POST /app/"));

  it.each([
    [
      "a check suite of another pull request",
      "check_suite",
      () => checkSuiteCompleted({ sha: SHA, conclusion: "failure", pulls: pulls("feature/x") }),
      1,
    ],
    [
      "a check suite on no pull request",
      "check_suite",
      () => checkSuiteCompleted({ sha: SHA, conclusion: "success", pulls: [] }),
      0,
    ],
    [
      "a successful check run",
      "check_run",
      () => checkRunCompleted({ sha: SHA, conclusion: "success", pulls: pulls(BRANCH) }),
      0,
    ],
    [
      "a failed check run of another pull request",
      "check_run",
      () => checkRunCompleted({ sha: SHA, conclusion: "failure", pulls: pulls("feature/x") }),
      1,
    ],
    [
      "a pending commit status",
      "status",
      () => statusEvent({ sha: SHA, state: "pending", branches: [BRANCH] }),
      0,
    ],
    [
      "a commit status on other branches",
      "status",
      () => statusEvent({ sha: SHA, state: "failure", branches: ["main", "feature/x"] }),
      1,
    ],
  ])("%s: %i call(s) at most", async (_name, event, payload, calls) => {
    await start();
    await c.receive(event, payload());
    expect(nonInstallation().length).toBeLessThanOrEqual(calls);
    expect(nonInstallation().every((r) => r.route === CONFIG)).toBe(true);
    expect(c.fake.dispatches).toEqual([]);
  });

  it("a check suite on Ralph's open pull request re-reads its issue; its head moved on: nothing", async () => {
    await start();
    seedRalphPr("done");
    await c.receive("check_suite", suiteOnRalphPr());
    // Routed to issue 42 (its comments read), where nothing waits on CI yet: no write.
    expect(c.fake.commentReads(42).length).toBeGreaterThan(0);
    expect(
      c.fake.requests.filter((r) => isWriteRequest(r) && !r.route?.startsWith("POST /app/")),
    ).toEqual([]);
    c.fake.requests.length = 0;
    await c.receive("check_suite", suiteOnRalphPr("e".repeat(40)));
    expect(c.fake.commentReads(42)).toEqual([]);
  });

  it("a push to Ralph's pull request by a maintainer re-reads its issue; Ralph's own push costs one call", async () => {
    await start();
    seedRalphPr("done");
    const push = (login: string, type: "User" | "Bot") => {
      const payload = pullRequestEvent("synchronize", { ...ralphPull, author: undefined });
      const pull = payload.pull_request as Record<string, unknown>;
      pull.user = { login: "ralph-app[bot]", type: "Bot" };
      payload.sender = { login, type };
      return payload;
    };
    await c.receive("pull_request", push("ralph-app[bot]", "Bot"));
    expect(nonInstallation().map((r) => r.route)).toEqual([CONFIG]);
    await c.receive("pull_request", push("alice", "User"));
    expect(c.fake.commentReads(42).length).toBeGreaterThan(0);
    expect(c.fake.commentReads(PR)).toEqual([]);
  });

  it("a commit status on Ralph's branch finds its pull request by branch", async () => {
    await start();
    seedRalphPr("done");
    await c.receive("status", statusEvent({ sha: SHA, state: "failure", branches: [BRANCH] }));
    expect(c.fake.requestsMatching("GET", /\/pulls$/)[0]?.query.get("head")).toBe(
      `Codertocat:${BRANCH}`,
    );
    expect(c.fake.commentReads(42).length).toBeGreaterThan(0);
  });
});
