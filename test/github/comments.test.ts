import { describe, expect, it } from "vitest";
import { GITHUB_COMMENT_LIMIT } from "../../src/core/split-comment.js";
import {
  hasKeyedComment,
  keyMarker,
  listIssueComments,
  postComment,
} from "../../src/github/comments.js";
import { replyRef } from "../../src/github/reply-keys.js";
import { user } from "../support/fake-github/index.js";
import { plainContext, withFake } from "./helpers.js";

describe("postComment", () => {
  it("posts a 70,000-character body as two or more parts, each within the limit", async () => {
    const { fake, gh } = withFake();
    const paragraph = `${"word ".repeat(199)}word\n\n`;
    const body = paragraph.repeat(Math.ceil(70_000 / paragraph.length)).slice(0, 70_000);
    expect(body.length).toBe(70_000);

    const posted = await postComment(gh, 42, body);

    const sent = fake
      .requestsMatching("POST", /\/issues\/42\/comments$/)
      .map((r) => String((r.body as { body: string }).body));
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(posted).toHaveLength(sent.length);
    for (const part of sent) expect(part.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    // Nothing lost: every word of the original is in some part.
    const words = sent.join(" ").match(/\bword\b/g)?.length ?? 0;
    expect(words).toBeGreaterThanOrEqual(body.match(/\bword\b/g)?.length ?? 0);
    expect(fake.unhandled).toEqual([]);
  });

  it("a keyed reply is posted once; the marker sits in the first part", async () => {
    const { fake, gh } = withFake();
    const first = await postComment(gh, 42, "You can't do that.", { key: "denied:bob" });
    const second = await postComment(gh, 42, "You can't do that.", { key: "denied:bob" });
    expect(first).toHaveLength(1);
    expect(second).toEqual([]);
    expect(fake.botComments(42)).toHaveLength(1);
    expect(fake.botComments(42)[0]?.body.startsWith(keyMarker("denied:bob"))).toBe(true);
  });

  it("a key written by someone else does not count as Ralph's", async () => {
    const { fake, gh } = withFake();
    fake.addComment(42, `${keyMarker("config-error:x")}\nfake`, user("mallory"));
    const known = { list: await listIssueComments(gh, 42), from: 0 };
    expect(hasKeyedComment(gh, known.list, "config-error:x")).toBe(false);
    expect(await postComment(gh, 42, "real", { key: "config-error:x", known })).toHaveLength(1);
    // The posted part was appended to `known`, so a second keyed post in the batch is skipped.
    expect(await postComment(gh, 42, "real", { key: "config-error:x", known })).toEqual([]);
  });

  it("a key outside what was read is remembered by a ref: one request, whatever the history", async () => {
    const { fake, gh } = withFake();
    fake.seedComments(42, 250);
    const window = () => ({ list: [], from: 10_000_000 });
    const first = await postComment(gh, 42, "No.", { key: "denied:bob", known: window() });
    expect(first).toHaveLength(1);
    expect(fake.refs.has(replyRef(42, "denied:bob"))).toBe(true);
    const before = fake.requests.length;
    // Later, far outside any read: the ref answers (GitHub refuses a second create with 422).
    expect(await postComment(gh, 42, "No.", { key: "denied:bob", known: window() })).toEqual([]);
    expect(fake.requests.slice(before).map((r) => r.route)).toEqual([
      "POST /repos/{owner}/{repo}/git/refs",
    ]);
    expect(fake.botComments(42)).toHaveLength(1);
  });

  it("a reply to a command is known from the read that covers the command: no ref", async () => {
    const { fake, gh } = withFake();
    const ids = fake.seedComments(42, 5);
    const known = { list: fake.commentsOn(42), from: (ids[0] ?? 0) - 1 };
    const key = `reply:${ids[3]}:0`;
    expect(await postComment(gh, 42, "Help text", { key, known })).toHaveLength(1);
    expect(await postComment(gh, 42, "Help text", { key, known })).toEqual([]);
    expect(fake.refs.size).toBe(0);
  });

  it("a keyed reply whose post fails gives its key back, so the next try posts it", async () => {
    const { fake, gh } = withFake();
    fake.inject({
      route: "POST /repos/{owner}/{repo}/issues/{issue_number}/comments",
      status: 502,
      times: 1,
    });
    await expect(postComment(gh, 42, "No.", { key: "denied:bob" })).rejects.toThrow();
    expect(fake.refs.has(replyRef(42, "denied:bob"))).toBe(false);
    expect(await postComment(gh, 42, "No.", { key: "denied:bob" })).toHaveLength(1);
  });

  it("keys cannot close the HTML comment", () => {
    const marker = keyMarker("a --> b <!--");
    expect(marker.indexOf("-->")).toBe(marker.length - 3);
    expect(marker.slice(4)).not.toContain("<!--");
  });

  it("secrets and token-shaped strings are redacted before posting", async () => {
    const { fake } = withFake();
    const gh = { ...plainContext(["hunter2-secret"]) };
    await postComment(gh, 42, `pw hunter2-secret token ghp_${"a".repeat(36)}`);
    const body = fake.botComments(42)[0]?.body ?? "";
    expect(body).not.toContain("hunter2-secret");
    expect(body).not.toContain("ghp_");
  });
});
