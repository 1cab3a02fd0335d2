/**
 * Commands said on Ralph's own pull request (src/reconcile/pr-commands.ts): which issue a command
 * comment there goes to (never one from a fork's PR, even on Ralph's branch with `Closes #N`), and
 * the comments a state's `routedCommands` names, read back oldest first, each once, a deleted one
 * skipped and any other failure thrown. The App and Action tests route whole events; a mutation
 * pass found these answers unpinned.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loadRoutedComments, routedIssueFor } from "../../src/reconcile/pr-commands.js";
import { cleanNock, withFake } from "../github/helpers.js";
import { user } from "../support/fake-github/index.js";
import { LOGIN_INFO } from "./issue-reading.js";
import { addRalphPull } from "./ralph-pulls.js";

afterEach(cleanNock);

const COMMENT_ROUTE = "GET /repos/{owner}/{repo}/issues/comments/{comment_id}";
const config = async () => ({ branch_prefix: "ralph/" });

describe("routedIssueFor: a command on Ralph's PR goes to the issue it closes", () => {
  const pr = { ...LOGIN_INFO, number: 50, isPullRequest: true, body: "Closes #12" };

  it.each([
    ["Ralph's PR", {}, 12],
    ["the same PR from a fork", { head: { repo: { full_name: "eve/Hello-World" } } }, null],
  ])("%s: %s", async (_name, extra, want) => {
    const { fake, gh } = withFake();
    addRalphPull(fake, 50, 12, extra);
    expect(await routedIssueFor(gh, pr, { body: "/approve" }, config)).toBe(want);
    expect(fake.requests.map((r) => r.route)).toEqual([
      "GET /repos/{owner}/{repo}/pulls/{pull_number}",
    ]);
  });

  it("a comment without a command stays on the PR, nothing read", async () => {
    const { fake, gh } = withFake();
    addRalphPull(fake, 50, 12);
    expect(await routedIssueFor(gh, pr, { body: "Nice work." }, config)).toBeNull();
    expect(fake.requests).toEqual([]);
  });
});

describe("loadRoutedComments: the routed comments, oldest first", () => {
  it("each id read once, in id order, whatever order the state lists them in", async () => {
    const { fake, gh } = withFake();
    const [a, b, c] = ["/approve", "/ralph plan", "/ralph stop"].map((body) =>
      fake.addComment(50, body, user("alice")),
    );
    if (a === undefined || b === undefined || c === undefined) throw new Error("not seeded");
    const comments = await loadRoutedComments(gh, [c.id, a.id, c.id, b.id]);
    expect(comments.map((x) => [x.id, x.body])).toEqual([a, b, c].map((x) => [x.id, x.body]));
    expect(fake.count(COMMENT_ROUTE)).toBe(3);
  });

  it("none named: nothing read", async () => {
    const { fake, gh } = withFake();
    expect(await loadRoutedComments(gh, [])).toEqual([]);
    expect(fake.requests).toEqual([]);
  });

  it("a deleted comment is skipped: it commands nothing", async () => {
    const { fake, gh } = withFake();
    const gone = fake.addComment(50, "/ralph plan", user("alice"));
    const kept = fake.addComment(50, "/approve", user("alice"));
    fake.comments.delete(gone.id);
    const comments = await loadRoutedComments(gh, [gone.id, kept.id]);
    expect(comments.map((x) => x.id)).toEqual([kept.id]);
    expect(fake.count(COMMENT_ROUTE)).toBe(2);
  });

  it("any other failure is thrown, not taken for a deleted comment", async () => {
    const { fake, gh } = withFake();
    const kept = fake.addComment(50, "/approve", user("alice"));
    fake.inject({ route: COMMENT_ROUTE, status: 500, times: 1 });
    await expect(loadRoutedComments(gh, [kept.id])).rejects.toMatchObject({ status: 500 });
  });
});
