/**
 * Issue 16: 👍 on the PRD comment read newest first, only those newer than the cursor, counted
 * ones checked by id (github/reaction-reads.ts), against the fake GitHub's GraphQL.
 */
import { afterEach, describe, expect, it } from "vitest";
import { readReactions } from "../../src/github/reaction-reads.js";
import { prd, revisionOf } from "../app/states.js";
import { commentNodeId, reactionNodeId, user } from "../support/fake-github/index.js";
import { historyPrdBody } from "../support/history-scenarios.js";
import { cleanNock, withFake } from "./helpers.js";

afterEach(cleanNock);

function prdComment() {
  const { fake, gh } = withFake();
  const comment = fake.addComment(42, historyPrdBody(), user(gh.botLogin, "Bot"));
  return { fake, gh, comment };
}

const cursor = (commentId: number, patch: Partial<Parameters<typeof readReactions>[1]> = {}) => ({
  commentId,
  commentNode: null,
  since: 0,
  counted: [],
  ...patch,
});

describe("👍 on the PRD comment", () => {
  it("reads 👍 on Ralph's PRD comment, bound to the revision in its marker; bots skipped, one per user", async () => {
    const { fake, gh, comment } = prdComment();
    fake.react(comment.id, "+1", user("alice"));
    fake.react(comment.id, "heart", user("bob"));
    fake.react(comment.id, "+1", user("dependabot[bot]", "Bot"));
    const read = await readReactions(gh, cursor(comment.id));
    expect(read.revision).toBe(revisionOf(prd()));
    expect(read.commentNode).toBe(commentNodeId(comment.id));
    expect(read.fresh.map((r) => r.login)).toEqual(["alice"]);
  });

  it("a comment not authored by Ralph yields nothing, and its 👍 are not read", async () => {
    const { fake, gh } = withFake();
    const forged = fake.addComment(42, historyPrdBody(), user("mallory"));
    fake.react(forged.id, "+1", user("alice"));
    const read = await readReactions(gh, cursor(forged.id));
    expect(read.revision).toBeNull();
    expect(read.fresh).toEqual([]);
    expect(fake.requests.map((r) => r.route)).toEqual([
      "GET /repos/{owner}/{repo}/issues/comments/{comment_id}",
    ]);
  });

  it("reads only the 👍 newer than the cursor: one query whatever the number read before", async () => {
    const { fake, gh, comment } = prdComment();
    fake.seedReactions(comment.id, 1_000);
    const first = await readReactions(gh, cursor(comment.id));
    expect(first.fresh).toHaveLength(1_000);
    fake.react(comment.id, "+1", user("alice"));
    const before = fake.requests.length;
    const next = await readReactions(
      gh,
      cursor(comment.id, { commentNode: first.commentNode, since: first.newest }),
    );
    expect(next.fresh.map((r) => r.login)).toEqual(["alice"]);
    expect(fake.requests.length - before).toBe(1);
  });

  it("a counted 👍 is checked by its id: a removed one is gone", async () => {
    const { fake, gh, comment } = prdComment();
    fake.react(comment.id, "+1", user("alice"));
    fake.react(comment.id, "+1", user("bob"));
    const [alice, bob] = fake.reactions.get(comment.id) ?? [];
    fake.reactions.set(comment.id, [bob!]);
    const read = await readReactions(
      gh,
      cursor(comment.id, {
        commentNode: commentNodeId(comment.id),
        since: bob!.id,
        counted: [reactionNodeId(alice!.id), reactionNodeId(bob!.id)],
      }),
    );
    expect(read.gone).toEqual([reactionNodeId(alice!.id)]);
    expect(read.fresh).toEqual([]);
  });
});
