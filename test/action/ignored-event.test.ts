import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { resolveEvent } from "../../src/action/event.js";
import { ignoredEventReason, PHASE_LABEL_NAMES } from "../../src/action/ignored-event.js";
import { ALL_PHASE_LABELS } from "../../src/core/state.js";
import {
  ciWorkflowRunCompleted,
  issueCommentCreated,
  issuesAssigned,
  issuesLabeled,
  pullRequestClosed,
  reviewSubmitted,
  webhookExample,
} from "../fixtures/webhooks/index.js";
import { user } from "../support/fake-github/index.js";
import { actionOutputs, runAction, worldPerFile } from "./harness.js";

const issue = (labels: string[] = []) => ({
  number: 7,
  title: "t",
  body: "b",
  author: "alice",
  labels,
});
const comment = (body: string, login = "alice", labels: string[] = []) =>
  issueCommentCreated({
    issue: issue(labels),
    comment: { id: 99, body, user: user(login) },
  });

const inline = (body: string, login = "alice") => {
  const payload = webhookExample("pull_request_review_comment", "created");
  payload.comment = {
    ...(payload.comment as Record<string, unknown>),
    body,
    user: user(login),
  };
  payload.sender = user(login);
  return payload;
};

const review = (login: string) =>
  reviewSubmitted({
    pull: { number: 8, headRef: "ralph/7-x" },
    review: {
      id: 1,
      state: "approved",
      user: user(login),
      commitId: "a".repeat(40),
    },
  });

describe("events the action ignores from the payload alone", () => {
  it.each([
    ["a bot's comment, even with a command", "issue_comment", comment("/ralph plan", "ci[bot]")],
    [
      "a comment without a command on an issue Ralph is not working on",
      "issue_comment",
      comment("LGTM", "alice", ["bug"]),
    ],
    ["an edited comment", "issue_comment", { ...comment("/ralph plan"), action: "edited" }],
    ["issues.closed", "issues", { ...webhookExample("issues", "opened"), action: "closed" }],
    [
      "Ralph's own phase label",
      "issues",
      issuesLabeled({ issue: issue(), label: "ralph:planning", sender: { login: "alice" } }),
    ],
    [
      "a bot adding the trigger label",
      "issues",
      issuesLabeled({ issue: issue(), label: "ralph", sender: { login: "r[bot]", type: "Bot" } }),
    ],
    ["a bot's review", "pull_request_review", review("reviewer[bot]")],
    ["an inline review comment without `/ralph fix`", "pull_request_review_comment", inline("nit")],
    [
      "a bot's inline `/ralph fix`",
      "pull_request_review_comment",
      inline("/ralph fix it", "ci[bot]"),
    ],
    ["a push", "push", { ref: "refs/heads/main" }],
    [
      "a pull request synchronized",
      "pull_request",
      { ...webhookExample("pull_request", "opened"), action: "synchronize" },
    ],
    [
      "a bot assigning an issue",
      "issues",
      issuesAssigned({
        issue: issue(),
        assignee: "ralph-bot",
        sender: { login: "r[bot]", type: "Bot" },
      }),
    ],
    [
      "a human's pull request closed",
      "pull_request",
      pullRequestClosed({
        pull: { number: 3, author: "erin" },
        merged: true,
        sender: { login: "erin" },
      }),
    ],
    [
      "a CI run on no pull request (a push to main)",
      "workflow_run",
      ciWorkflowRunCompleted({ sha: "a".repeat(40), conclusion: "success", pulls: [] }),
    ],
  ])("%s", (_name, eventName, payload) => {
    expect(ignoredEventReason(eventName, payload as Record<string, unknown>)).toEqual(
      expect.any(String),
    );
  });

  it.each([
    ["a command by a human", "issue_comment", comment("/ralph plan")],
    ["a command below other text", "issue_comment", comment("Thanks!\n\n/approve")],
    [
      "a plain comment on an issue Ralph works on (it may answer Ralph's questions)",
      "issue_comment",
      comment("Use blue.", "alice", ["ralph:questions"]),
    ],
    [
      "the trigger label by a human",
      "issues",
      issuesLabeled({ issue: issue(), label: "ralph", sender: { login: "alice" } }),
    ],
    [
      "a custom trigger label",
      "issues",
      issuesLabeled({ issue: issue(), label: "ralph:go", sender: { login: "alice" } }),
    ],
    ["an opened issue (on_open lives in the config)", "issues", webhookExample("issues", "opened")],
    ["a human review", "pull_request_review", review("alice")],
    ["an inline `/ralph fix` by a human", "pull_request_review_comment", inline("/ralph fix it")],
    [
      "the trigger label on a pull request",
      "pull_request",
      { ...webhookExample("pull_request", "labeled"), label: { name: "ralph" } },
    ],
    [
      "an assignment by a human (trigger.assignees lives in the config)",
      "issues",
      issuesAssigned({ issue: issue(), assignee: "ralph-bot", sender: { login: "alice" } }),
    ],
    [
      "Ralph's pull request merged",
      "pull_request",
      pullRequestClosed({
        pull: { number: 8, headRef: "ralph/7-x", body: "Closes #7" },
        merged: true,
        sender: { login: "alice" },
      }),
    ],
    [
      "a spec PR Ralph works on, closed",
      "pull_request",
      pullRequestClosed({
        pull: { number: 8, author: "erin" },
        merged: false,
        sender: { login: "erin" },
        labels: ["ralph:done"],
      }),
    ],
    [
      "a CI run on a pull request",
      "workflow_run",
      ciWorkflowRunCompleted({
        sha: "a".repeat(40),
        conclusion: "failure",
        pulls: [{ number: 8, headRef: "ralph/7-x", headSha: "a".repeat(40) }],
      }),
    ],
    ["the sweep", "schedule", {}],
    ["a dispatched step", "workflow_dispatch", { inputs: { issue: "7" } }],
  ])("not ruled out: %s", (_name, eventName, payload) => {
    expect(ignoredEventReason(eventName, payload as Record<string, unknown>)).toBeNull();
  });

  it("a command inside a code block or quote is not a command", () => {
    expect(ignoredEventReason("issue_comment", comment("```\n/ralph plan\n```"))).toEqual(
      expect.any(String),
    );
    expect(ignoredEventReason("issue_comment", comment("> /approve"))).toEqual(expect.any(String));
  });

  it("never ignores what the full run would handle: every example payload of every event", () => {
    // The fast path's own rules (bots, command-less conversation, phase labels) aside, it may
    // only rule out events the full run also ignores. Humans send, labels are the trigger label.
    const groups = createRequire(import.meta.url)("@octokit/webhooks-examples") as {
      name: string;
      examples: Record<string, unknown>[];
    }[];
    let checked = 0;
    for (const group of groups) {
      for (const example of group.examples) {
        const payload = structuredClone(example);
        payload.sender = { login: "alice", type: "User" };
        if (payload.label) payload.label = { name: "ralph" };
        const comment = payload.comment as Record<string, unknown> | undefined;
        if (comment) {
          comment.body = "/ralph plan";
          comment.user = { login: "alice", type: "User" };
        }
        const review = payload.review as Record<string, unknown> | undefined;
        if (review) review.user = { login: "alice", type: "User" };
        if (ignoredEventReason(group.name, payload) === null) continue;
        checked += 1;
        expect(
          resolveEvent(group.name, payload, null).kind,
          `${group.name}.${String(payload.action)}`,
        ).toBe("ignored");
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("knows exactly Ralph's phase labels", () => {
    expect([...PHASE_LABEL_NAMES].sort()).toEqual([...ALL_PHASE_LABELS].sort());
  });
});

describe("the built action on an event it must ignore", () => {
  const world = worldPerFile(async (world) => {
    world.fake.addIssue({ number: 7, title: "t", body: "b", user: user("alice") });
  });

  it.each([
    ["a bot's comment", comment("Deployed to staging", "ci-bot[bot]")],
    ["an unrelated comment", comment("Looks good to me")],
  ])("%s: zero requests, exit 0, a no-op's outputs and summary", async (_name, payload) => {
    const before = world().fake.requests.length;
    const run = await runAction(world(), { eventName: "issue_comment", payload });
    expect(run.code, run.stdout).toBe(0);
    expect(world().fake.requests.slice(before)).toEqual([]);
    expect(run.outputs).toEqual(actionOutputs());
    expect(run.summary).toContain("**Not run:**");
    expect(run.stdout).toContain("Ralph: nothing to do");
  });

  it("a bot's `/ralph` command on an issue Ralph works on: zero requests, the bot named", async () => {
    const labels = world().fake.labelsOf(7);
    world().fake.issueLabels.set(7, [...labels, "ralph:questions"]);
    try {
      const before = world().fake.requests.length;
      const run = await runAction(world(), {
        eventName: "issue_comment",
        payload: comment("/ralph plan", "ci-bot[bot]", ["ralph:questions"]),
      });
      expect(run.code, run.stdout).toBe(0);
      expect(world().fake.requests.slice(before)).toEqual([]);
      expect(run.outputs.status).toBe("noop");
      expect(run.summary).toContain("a bot's comment");
    } finally {
      world().fake.issueLabels.set(7, labels);
    }
  });

  it("ends at once even when the API is unreachable", async () => {
    const run = await runAction(world(), {
      eventName: "issue_comment",
      payload: comment("Deployed", "ci-bot[bot]"),
      env: { GITHUB_API_URL: "http://127.0.0.1:1" },
    });
    expect(run.code).toBe(0);
    expect(run.outputs.status).toBe("noop");
  });

  it("an unrelated comment on an issue Ralph works on still goes to the full run", async () => {
    world().fake.issueLabels.set(7, [...world().fake.labelsOf(7), "ralph:questions"]);
    const before = world().fake.requests.length;
    const run = await runAction(world(), {
      eventName: "issue_comment",
      payload: comment("Use blue."),
    });
    expect(run.code, run.stdout).toBe(0);
    expect(world().fake.requests.length).toBeGreaterThan(before);
  });
});
