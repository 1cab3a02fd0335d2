/**
 * The first step of a reconcile (src/reconcile/read-issue.ts `readComments`): which events end it
 * before any request, which comments of the read become input (new human ones, the commands routed
 * from Ralph's PR, each once), which are nobody's input (`others`, marked read when saving), and
 * the order a comment the listing does not show yet takes. The App's tests send whole events
 * through it; a mutation pass found these answers unpinned, so each is checked here on the fake
 * GitHub, with the requests each costs.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { MachineState } from "../../src/core/state.js";
import type { GitHubUser } from "../../src/github/client.js";
import type { IssueComment } from "../../src/github/comments.js";
import { commentItems, isFixComment, readComments } from "../../src/reconcile/read-issue.js";
import { report, type Signal } from "../../src/reconcile/signals.js";
import { seedLoginIssue } from "../app/login-issue.js";
import { stateAt } from "../app/states.js";
import { cleanNock, plainContext, withFake } from "../github/helpers.js";
import { BOT, type FakeGitHub, user } from "../support/fake-github/index.js";
import { issueComment } from "./issue-reading.js";

afterEach(cleanNock);

const alice = user("alice");
const bob = user("bob");
const dependabot = user("dependabot[bot]", "Bot");
const ralph = user(BOT, "Bot");

/** Every comment up to `seen` already read by Ralph's saved state at `phase`. */
function seedStatus(fake: FakeGitHub, seen: number, patch: Partial<MachineState> = {}) {
  const watermark = { commentId: seen, reviewId: 0, commentFloor: seen, comments: [] };
  return fake.seedState(stateAt("awaiting_approval", { watermark, ...patch }));
}

const ids = (list: readonly { id: number }[]) => list.map((c) => c.id);

/** LOGIN_ISSUE on the fake with one old comment Ralph has read and its status comment. */
function engagedIssue() {
  const { fake, gh } = withFake();
  seedLoginIssue(fake);
  const old = fake.addComment(42, "/ralph plan", alice);
  const status = seedStatus(fake, old.id);
  return { fake, gh, old, status };
}

const commentSignal = (comment: IssueComment): Signal => ({ kind: "comment", comment });
const reviewComment = (body: string, author: GitHubUser): Signal => ({
  kind: "review_comment",
  pr: 77,
  comment: { id: 900, body, path: "src/login.ts", line: 3, user: author },
});

describe("readComments: events that cannot concern Ralph end before any request", () => {
  it.each<[string, (fake: FakeGitHub) => Signal]>([
    ["a bot's command comment", (f) => commentSignal(f.addComment(42, "/ralph plan", dependabot))],
    ["Ralph's own command comment", (f) => commentSignal(f.addComment(42, "/ralph plan", ralph))],
    ["a comment of a deleted account", () => commentSignal(issueComment(5, "/ralph plan", null))],
    [
      "a trigger label a bot added",
      () => ({ kind: "trigger", sender: dependabot, label: "ralph" }),
    ],
    ["an inline comment without /ralph fix", () => reviewComment("Rename this.", alice)],
    ["a bot's inline /ralph fix", () => reviewComment("/ralph fix rename it", dependabot)],
  ])("%s: ignored, nothing read", async (_name, signal) => {
    const { fake, gh } = engagedIssue();
    const event = signal(fake);
    expect(await readComments({ gh, issue: 42, signal: event }, 42)).toEqual({
      done: report("ignored"),
    });
    expect(fake.requests).toEqual([]);
  });

  it.each<[string, Signal]>([
    ["a human's inline /ralph fix", reviewComment("/ralph fix rename it", alice)],
    ["a trigger label a human added", { kind: "trigger", sender: alice, label: "ralph" }],
  ])("%s: read (one query) and kept", async (_name, signal) => {
    const { fake, gh, status } = engagedIssue();
    const read = await readComments({ gh, issue: 42, signal }, 42);
    expect(read).not.toHaveProperty("done");
    expect(read).toMatchObject({ loaded: { phase: "awaiting_approval" }, items: [] });
    expect(read).toHaveProperty("status.comment.id", status.id);
    expect(fake.requests.map((r) => r.route)).toEqual(["POST /graphql"]);
  });
});

describe("readComments: what becomes input and what is nobody's", () => {
  it("new human comments are the items; Ralph's, bots' and read human ones are not input", async () => {
    const { fake, gh, old, status } = engagedIssue();
    const reply = fake.addComment(42, "Noted.", ralph);
    const bot = fake.addComment(42, "/ralph plan", dependabot);
    const plain = fake.addComment(42, "Thanks!", bob);
    const command = fake.addComment(42, "/ralph plan\n/approve", alice);

    const read = await readComments({ gh, issue: 42, signal: { kind: "touch" } }, 42);
    if ("done" in read) throw new Error("ended early");
    expect(ids(read.items)).toEqual([plain.id, command.id]);
    expect(read.items.map((i) => i.commands.map((c) => c.name))).toEqual([[], ["plan", "approve"]]);
    expect(read.hasCommands).toBe(true);
    expect(read.others).toEqual([status.id, reply.id, bot.id]);
    expect(ids(read.comments.list)).toEqual([
      old.id,
      status.id,
      reply.id,
      bot.id,
      plain.id,
      command.id,
    ]);
    expect(read).toMatchObject({ issue: { number: 42, isPullRequest: false }, cutAt: null });
  });

  it("new comments without a command: kept (a status comment is there), no commands", async () => {
    const { fake, gh } = engagedIssue();
    fake.addComment(42, "Thanks!", bob);
    const read = await readComments({ gh, issue: 42, signal: { kind: "touch" } }, 42);
    expect(read).toMatchObject({ hasCommands: false, items: [{ user: { login: "bob" } }] });
  });

  it("a comment the listing does not show yet takes its place by id among the listed ones", async () => {
    const { fake, gh, old, status } = engagedIssue();
    const late = fake.addComment(42, "/approve", alice);
    const after = fake.addComment(42, "Looks good.", bob);
    fake.comments.delete(late.id); // GitHub lists it a moment later
    const read = await readComments({ gh, issue: 42, signal: commentSignal(late) }, 42);
    if ("done" in read) throw new Error("ended early");
    expect(ids(read.comments.list)).toEqual([old.id, status.id, late.id, after.id]);
    expect(ids(read.items)).toEqual([late.id, after.id]);
  });
});

describe("readComments: an issue without Ralph's status comment", () => {
  function freshIssue() {
    const { fake, gh } = withFake();
    seedLoginIssue(fake);
    const earlier = fake.addComment(42, "/ralph plan", bob);
    return { fake, gh, earlier };
  }

  it("only the comment of the event is new: older commands are history", async () => {
    const { fake, gh, earlier } = freshIssue();
    const now = fake.addComment(42, "/ralph plan", alice);
    const read = await readComments({ gh, issue: 42, signal: commentSignal(now) }, 42);
    if ("done" in read) throw new Error("ended early");
    expect(ids(read.items)).toEqual([now.id]);
    expect(read).toMatchObject({ loaded: null, hasCommands: true, status: { kind: "none" } });
    expect(ids(read.comments.list)).toEqual([earlier.id, now.id]);
  });

  it("a comment without a command: ignored after the one read", async () => {
    const { fake, gh } = freshIssue();
    const now = fake.addComment(42, "Any news?", alice);
    expect(await readComments({ gh, issue: 42, signal: commentSignal(now) }, 42)).toEqual({
      done: report("ignored"),
    });
    expect(fake.requests.map((r) => r.route)).toEqual(["POST /graphql"]);
  });

  it("a human's trigger: kept with no input, the history's commands not taken", async () => {
    const { gh } = freshIssue();
    const signal: Signal = { kind: "trigger", sender: alice, label: "ralph" };
    expect(await readComments({ gh, issue: 42, signal }, 42)).toMatchObject({
      items: [],
      hasCommands: false,
      others: [],
    });
  });
});

describe("readComments: commands routed from Ralph's PR while a job ran", () => {
  it("each routed comment is read and taken once, after the issue's new comments", async () => {
    const { fake, gh } = withFake();
    seedLoginIssue(fake);
    const onPr = fake.addComment(77, "/ralph plan add a logout link", alice);
    const seen = fake.addComment(42, "Old.", bob);
    const first = fake.addComment(42, "Hello.", bob);
    const routedHere = fake.addComment(42, "/approve", alice);
    seedStatus(fake, seen.id, { routedCommands: [onPr.id, routedHere.id] });

    const read = await readComments({ gh, issue: 42, signal: { kind: "touch" } }, 42);
    if ("done" in read) throw new Error("ended early");
    expect(ids(read.items)).toEqual([first.id, routedHere.id, onPr.id]);
    expect(fake.requestsMatching("GET", /\/issues\/comments\/\d+$/).map((r) => r.path)).toEqual([
      expect.stringMatching(new RegExp(`/${onPr.id}$`)),
      expect.stringMatching(new RegExp(`/${routedHere.id}$`)),
    ]);
  });
});

describe("commentItems: only humans' comments that are not status comments are input", () => {
  const gh = plainContext();
  const status = "<!-- ralph:status -->\n/ralph plan";

  it.each<[string, IssueComment, boolean]>([
    ["a human's command", issueComment(1, "/ralph plan", alice), true],
    ["a human's plain comment", issueComment(2, "Thanks!", alice), true],
    ["a bot's command", issueComment(3, "/ralph plan", dependabot), false],
    ["Ralph's own comment", issueComment(4, "/ralph plan", ralph), false],
    ["a deleted account's comment", issueComment(5, "/ralph plan", null), false],
    ["a human's copy of a status comment", issueComment(6, status, alice), false],
    ["Ralph's status comment", issueComment(7, status, ralph), false],
  ])("%s: %s", (_name, comment, input) => {
    expect(commentItems(gh, [comment]).map((i) => i.id)).toEqual(input ? [comment.id] : []);
  });

  it("an item carries the comment, its author, time and commands", () => {
    const c = issueComment(8, "Please:\n/ralph plan keep it short", alice);
    expect(commentItems(gh, [c])).toEqual([
      {
        kind: "comment",
        at: c.created_at,
        id: 8,
        comment: c,
        user: alice,
        commands: [expect.objectContaining({ name: "plan", args: "keep it short" })],
      },
    ]);
  });
});

describe("isFixComment: the only inline review comments Ralph reads", () => {
  const gh = plainContext();
  it.each<[string, string, GitHubUser | null, boolean]>([
    ["a human's /ralph fix", "/ralph fix use a constant", alice, true],
    ["/ralph fix among other commands", "/ralph plan\n/ralph fix it", alice, true],
    ["a human's other command", "/ralph plan", alice, false],
    ["a human's plain remark", "Please fix this.", alice, false],
    ["a bot's /ralph fix", "/ralph fix use a constant", dependabot, false],
    ["Ralph's own /ralph fix", "/ralph fix use a constant", ralph, false],
    ["a deleted account's /ralph fix", "/ralph fix use a constant", null, false],
  ])("%s: %s", (_name, body, author, want) => {
    expect(isFixComment(gh, { id: 1, body, path: "a.ts", user: author })).toBe(want);
  });
});
