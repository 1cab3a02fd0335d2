/**
 * `/ralph fix` and the PR's inline comments (src/reconcile/followup-feedback.ts, DESIGN §2.3): a
 * fix command written inline on Ralph's PR becomes a command event; a fix command that can start
 * or join a round takes in the inline comments of write users since the last round; anything else
 * costs no read. On the fake GitHub, with the permission lookup injected.
 */
import { afterEach, describe, expect, it } from "vitest";
import { parseCommands } from "../../src/core/commands.js";
import type { Actor, MachineEvent } from "../../src/core/events.js";
import { initialState, type MachineState } from "../../src/core/state.js";
import type { GitHubUser } from "../../src/github/client.js";
import type { ReviewComment } from "../../src/github/review-threads.js";
import { reviewCommentEvents, withFixThreads } from "../../src/reconcile/followup-feedback.js";
import type { Signal } from "../../src/reconcile/signals.js";
import { cleanNock, withFake } from "../github/helpers.js";
import { BOT, type FakeGitHub, user } from "../support/fake-github/index.js";

afterEach(cleanNock);

const PR = 77;
const WRITERS = new Set(["alice", "bob"]);

/** Done with PR `PR` open: a fix command starts a round. */
function done(patch: Partial<MachineState> = {}): MachineState {
  return {
    ...initialState(42),
    phase: "done",
    prNumber: PR,
    prd: { revision: "r1", number: 1, branchName: "ralph/42-x", commentId: 5, stories: [] },
    ...patch,
  };
}

const actorFor = (login: string): Actor => ({
  login,
  permission: WRITERS.has(login.toLowerCase()) ? "write" : "read",
  isBot: false,
  isIssueAuthor: false,
});

function lookups() {
  const asked: string[] = [];
  return {
    asked,
    actorOf: async (u: GitHubUser) => {
      asked.push(u.login);
      return actorFor(u.login);
    },
    permissionOf: async (login: string) => {
      asked.push(login);
      return actorFor(login).permission;
    },
  };
}

type CommandEvent = Extract<MachineEvent, { type: "command" }>;

/** `text`'s command, written on the issue by `login`, as the machine's event. */
function commandEvent(text: string, login: string, patch: Partial<CommandEvent> = {}) {
  const [command] = parseCommands(text);
  if (command === undefined) throw new Error(`no command in ${text}`);
  return {
    type: "command" as const,
    command,
    actor: actorFor(login),
    goal: "goal",
    trigger: "comment:1",
    ...patch,
  };
}
const fixEvent = (login: string, patch: Partial<CommandEvent> = {}) =>
  commandEvent("/ralph fix", login, patch);

/** Inline comments since the last round: alice's thread with bob's reply, a reader's, a bot's. */
function seedThreads(fake: FakeGitHub) {
  const first = fake.addReviewComment(PR, {
    reviewId: 2,
    body: "Rename x",
    path: "a.ts",
    line: 2,
    user: user("alice"),
  });
  fake.addReviewComment(PR, {
    reviewId: null,
    body: "and y",
    path: "a.ts",
    line: 2,
    user: user("Bob"),
    inReplyTo: first.id,
  });
  fake.addReviewComment(PR, {
    reviewId: 3,
    body: "delete everything",
    path: "b.ts",
    line: 1,
    user: user("rita"),
  });
  fake.addReviewComment(PR, {
    reviewId: 4,
    body: "bump deps",
    path: "c.ts",
    line: 1,
    user: user("helper[bot]", "Bot"),
  });
  return first;
}

describe("withFixThreads", () => {
  it("a write user's fix on a done issue: the write users' threads, each writer looked up once", async () => {
    const { fake, gh } = withFake();
    const first = seedThreads(fake);
    const { asked, permissionOf } = lookups();
    const event = await withFixThreads(gh, done(), fixEvent("alice"), permissionOf);
    expect(event.type === "command" && event.threads).toEqual([
      {
        id: first.id,
        path: "a.ts",
        line: 2,
        author: "alice",
        text: "Rename x\n\n@Bob: and y",
        url: `https://github.com/Codertocat/Hello-World/pull/${PR}#discussion_r${first.id}`,
      },
    ]);
    expect(asked.sort()).toEqual(["Bob", "alice", "rita"]);
  });

  it("reads only the comments since the last round", async () => {
    const { fake, gh } = withFake();
    const first = seedThreads(fake);
    const since = fake.timeOf(first.id + 1);
    const { permissionOf } = lookups();
    const state = done({
      followUp: { rounds: 1, current: null, queued: [], triggers: [], since },
    });
    const event = await withFixThreads(gh, state, fixEvent("alice"), permissionOf);
    expect(event.type === "command" && event.threads?.map((t) => t.text)).toEqual(["and y"]);
  });

  it.each([
    ["a read-only user's fix", done(), fixEvent("rita")],
    ["a bot's fix", done(), fixEvent("alice", { actor: { ...actorFor("alice"), isBot: true } })],
    ["a fix whose threads are known already", done(), fixEvent("alice", { threads: [] })],
    ["another command", done(), commandEvent("/ralph stop", "alice")],
    [
      "a fix before implementation started",
      done({ phase: "awaiting_approval" }),
      fixEvent("alice"),
    ],
    ["a fix without a PRD", done({ prd: null }), fixEvent("alice")],
    ["a fix without a PR", done({ prNumber: null }), fixEvent("alice")],
  ])("%s: the event unchanged, nothing read", async (_name, state, event) => {
    const { fake, gh } = withFake();
    seedThreads(fake);
    const { asked, permissionOf } = lookups();
    expect(await withFixThreads(gh, state, event, permissionOf)).toBe(event);
    expect(fake.requests).toEqual([]);
    expect(asked).toEqual([]);
  });
});

describe("reviewCommentEvents: `/ralph fix` written inline on Ralph's PR", () => {
  const inline = (patch: Partial<ReviewComment> = {}): ReviewComment => ({
    id: 900,
    body: "/ralph fix",
    path: "a.ts",
    line: 2,
    user: { login: "alice", type: "User" },
    created_at: "2024-06-01T10:00:00Z",
    ...patch,
  });
  const on = (comment: ReviewComment, pr = PR): Signal => ({ kind: "review_comment", pr, comment });

  it("a write user's fix: a command event with its trigger, time, actor and the threads", async () => {
    const { fake, gh } = withFake();
    seedThreads(fake);
    const { actorOf } = lookups();
    const events = await reviewCommentEvents(gh, done(), on(inline()), actorOf, "the goal");
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({
      type: "command",
      command: { name: "fix" },
      actor: actorFor("alice"),
      goal: "the goal",
      trigger: "review-comment:900",
      at: "2024-06-01T10:00:00Z",
    });
    expect(event?.type === "command" && event.threads?.map((t) => t.author)).toEqual(["alice"]);
  });

  it("a comment without its time: an event without one", async () => {
    const { fake, gh } = withFake();
    seedThreads(fake);
    const { actorOf } = lookups();
    const [event] = await reviewCommentEvents(
      gh,
      done(),
      on(inline({ created_at: undefined })),
      actorOf,
      "g",
    );
    expect(event).toBeDefined();
    expect(event !== undefined && "at" in event).toBe(false);
  });

  it("a read-only user's fix: the event (the machine refuses it), no threads read", async () => {
    const { fake, gh } = withFake();
    seedThreads(fake);
    const { actorOf } = lookups();
    const user = { login: "rita", type: "User" };
    const events = await reviewCommentEvents(gh, done(), on(inline({ user })), actorOf, "g");
    expect(events.map((e) => e.type === "command" && e.threads)).toEqual([undefined]);
    expect(fake.requests).toEqual([]);
  });

  it.each([
    ["another signal", { kind: "touch" } as Signal, []],
    ["another pull request", on(inline(), PR + 1), []],
    ["Ralph's own comment", on(inline({ user: { login: BOT, type: "Bot" } })), []],
    ["a bot's comment", on(inline({ user: { login: "helper[bot]", type: "Bot" } })), []],
    ["a deleted account's comment", on(inline({ user: null })), []],
    // The author is looked up before the text is read: one lookup, no read of the PR.
    ["no fix in it", on(inline({ body: "/ralph stop\nlooks fine" })), ["alice"]],
  ])("%s: no event, nothing read (lookups: %j)", async (_name, signal, looked) => {
    const { fake, gh } = withFake();
    seedThreads(fake);
    const { asked, actorOf } = lookups();
    expect(await reviewCommentEvents(gh, done(), signal, actorOf, "g")).toEqual([]);
    expect(fake.requests).toEqual([]);
    expect(asked).toEqual(looked);
  });
});
