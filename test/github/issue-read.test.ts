/**
 * Issue 16: an issue is read newest first down to the state's watermark (github/issue-read.ts),
 * the status comment found through its pointer wherever it sits, and a bound is never silent.
 */
import { afterEach, describe, expect, it } from "vitest";
import { markCommentsSeen } from "../../src/core/seen-comments.js";
import { readIssue } from "../../src/github/issue-read.js";
import { statusPointerRef } from "../../src/github/status-pointer.js";
import { stateAt } from "../app/states.js";
import { user } from "../support/fake-github/index.js";
import { cleanNock, plainContext, withFake } from "./helpers.js";

afterEach(cleanNock);

const reads = (fake: { requests: { path: string }[] }, from = 0) =>
  fake.requests.slice(from).filter((r) => r.path === "/graphql").length;

describe("reading an issue in proportion to what is new", () => {
  it("a status comment deep in the history is found through its pointer: one query and one read by id", async () => {
    const { fake, gh } = withFake();
    fake.seedComments(42, 3_000);
    const status = fake.seedState(stateAt("done"));
    const newest = fake.seedComments(42, 500).at(-1) ?? 0;
    fake.seedState({ ...stateAt("done"), watermark: { commentId: newest, reviewId: 0 } });
    fake.refs.set(statusPointerRef(42, status.id), "a".repeat(40));
    const read = await readIssue(gh, 42);
    expect(read.status.kind).toBe("ok");
    expect(read.status.kind === "ok" && read.status.comment.id).toBe(status.id);
    expect(fake.requests.map((r) => r.route)).toEqual([
      "POST /graphql",
      "GET /repos/{owner}/{repo}/issues/comments/{comment_id}",
    ]);
    // Everything above the watermark is in hand (here: nothing new), and no more.
    expect(read.known.list.length).toBeLessThanOrEqual(100);
    expect(read.cutAt).toBeNull();
  });

  it("a status comment saved before pointers existed is found by one scan back, then pointed at", async () => {
    const { fake, gh } = withFake();
    fake.addIssue({ number: 42, title: "Add a login page", labels: ["ralph:done"] });
    const status = fake.seedState(stateAt("done"));
    const newest = fake.seedComments(42, 1_000).at(-1) ?? 0;
    fake.seedState({ ...stateAt("done"), watermark: { commentId: newest, reviewId: 0 } });
    const first = await readIssue(gh, 42);
    expect(first.status.kind).toBe("ok");
    expect(reads(fake)).toBe(11);
    expect(fake.refs.has(statusPointerRef(42, status.id))).toBe(true);
    // In the next process (a new client): the pointer, no scan.
    const before = fake.requests.length;
    expect((await readIssue(plainContext(), 42)).status.kind).toBe("ok");
    expect(fake.requests.length - before).toBe(2);
  });

  it("a pointer to a status comment deleted to start over is dropped: no request for it again", async () => {
    const { fake, gh } = withFake();
    const gone = fake.seedState(stateAt("done"));
    fake.refs.set(statusPointerRef(42, gone.id), "a".repeat(40));
    fake.comments.delete(gone.id);
    fake.seedComments(42, 3);
    expect((await readIssue(gh, 42)).status.kind).toBe("none");
    expect(fake.refs.has(statusPointerRef(42, gone.id))).toBe(false);
    const before = fake.requests.length;
    await readIssue(plainContext(), 42);
    expect(fake.requests.length - before).toBe(1);
  });

  it("an issue Ralph never marked is not scanned: the newest page tells there is no status", async () => {
    const { fake, gh } = withFake();
    fake.seedComments(42, 1_000);
    const read = await readIssue(gh, 42);
    expect(read.status.kind).toBe("none");
    expect(fake.requests).toHaveLength(1);
    expect(read.known.list).toHaveLength(100);
    expect(read.known.from).toBe((read.known.list[0]?.id ?? 0) - 1);
  });

  it("reads back to the watermark's floor: a comment GitHub listed late, above the floor, is read", async () => {
    const { fake, gh } = withFake();
    const status = fake.seedState(stateAt("done"));
    fake.refs.set(statusPointerRef(42, status.id), "a".repeat(40));
    const ids = fake.seedComments(42, 300);
    // Read up to the newest; one comment in the middle was not listed yet when that read ran.
    const late = ids[280] ?? 0;
    const watermark = markCommentsSeen(
      { commentId: status.id, reviewId: 0, commentFloor: ids[250] ?? 0, comments: [] },
      ids.filter((id) => id > (ids[250] ?? 0) && id !== late),
    );
    fake.seedState({ ...stateAt("done"), watermark });
    const read = await readIssue(gh, 42);
    expect(read.known.list.some((c) => c.id === late)).toBe(true);
    expect(read.known.list[0]?.id).toBeLessThanOrEqual(watermark.commentFloor ?? 0);
  });

  it("an edited old comment is not read again: edits do not make a comment new", async () => {
    const { fake, gh } = withFake();
    const status = fake.seedState(stateAt("done"));
    fake.refs.set(statusPointerRef(42, status.id), "a".repeat(40));
    const ids = fake.seedComments(42, 300);
    fake.seedState({
      ...stateAt("done"),
      watermark: { commentId: ids.at(-1) ?? 0, reviewId: 0 },
    });
    const old = fake.comments.get(ids[10] ?? 0);
    if (old) {
      old.body = "/ralph plan (edited)";
      old.updated_at = fake.now();
    }
    const read = await readIssue(gh, 42);
    expect(read.known.list.some((c) => c.id === old?.id)).toBe(false);
    expect(status.id).toBeLessThan(ids[0] ?? 0);
  });

  it("a bound hit while reading back is said (cutAt), never silent", async () => {
    const { fake, gh } = withFake();
    const status = fake.seedState(stateAt("done", { watermark: { commentId: 1, reviewId: 0 } }));
    fake.refs.set(statusPointerRef(42, status.id), "a".repeat(40));
    fake.seedComments(
      42,
      450,
      (i) => `chatter ${i}`,
      () => user("bob"),
    );
    const read = await readIssue(gh, 42, { maxPages: 3 });
    expect(read.status.kind).toBe("ok");
    expect(read.cutAt).toBe(read.known.list[0]?.id);
    expect(read.known.list).toHaveLength(300);
  });
});
