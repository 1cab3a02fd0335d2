/**
 * The REST pager (issue 16: no listing stops silently): it follows GitHub's `link` header to the
 * last page, and at its bound it says so — a typed error with what it read, or `more` — instead
 * of ending the list as if it were whole.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ListingBoundError, paginate, paginateUpTo } from "../../src/github/client.js";
import { listReviewComments, listReviewCommentsSince } from "../../src/github/review-threads.js";
import { user } from "../support/fake-github/index.js";
import { cleanNock, withFake } from "./helpers.js";

afterEach(cleanNock);

const ISSUES = "GET /repos/{owner}/{repo}/issues";

function withIssues(count: number) {
  const world = withFake();
  for (let n = 1; n <= count; n++) {
    world.fake.addIssue({ number: n, title: `Issue ${n}`, labels: ["ralph:awaiting-approval"] });
  }
  return world;
}

describe("the REST pager", () => {
  it("reads every page the link header names, and no more", async () => {
    const { fake, gh } = withIssues(250);
    const items = await paginate<{ number: number }>(gh, ISSUES, { state: "open" });
    expect(new Set(items.map((i) => i.number)).size).toBe(250);
    expect(fake.count(ISSUES)).toBe(3);
  });

  it("a full last page ends the listing: no empty page is asked for", async () => {
    const { fake, gh } = withIssues(200);
    expect(await paginate(gh, ISSUES, { state: "open" })).toHaveLength(200);
    expect(fake.count(ISSUES)).toBe(2);
  });

  it("past its bound it throws ListingBoundError with what it read", async () => {
    const { gh } = withIssues(250);
    const error = await paginate(gh, ISSUES, { state: "open" }, 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListingBoundError);
    expect((error as ListingBoundError).items).toHaveLength(200);
  });

  it("paginateUpTo keeps what it read and says whether more was left", async () => {
    const { gh } = withIssues(250);
    const cut = await paginateUpTo(gh, ISSUES, { state: "open" }, 2);
    expect({ read: cut.items.length, more: cut.more }).toEqual({ read: 200, more: true });
    const whole = await paginateUpTo(gh, ISSUES, { state: "open" }, 3);
    expect({ read: whole.items.length, more: whole.more }).toEqual({ read: 250, more: false });
  });

  it("a follow-up round's reads page like every other list: one review's inline comments, and the pull request's since the last round", async () => {
    const { fake, gh } = withFake();
    fake.addPull({ number: 7, title: "Ralph: x", head: { ref: "ralph/42-x" }, user: fake.bot() });
    const comments = Array.from({ length: 200 }, (_, i) =>
      fake.addReviewComment(7, { reviewId: 1, body: `c${i}`, path: "a", user: user("alice") }),
    );
    expect(await listReviewComments(gh, 7, 1)).toHaveLength(200);
    const since = comments[180]?.updated_at ?? "";
    expect((await listReviewCommentsSince(gh, 7, since)).map((c) => c.body)).toEqual(
      Array.from({ length: 20 }, (_, i) => `c${180 + i}`),
    );
    const pages = fake.requests.filter((r) => /pulls\/7\/.*comments/.test(r.path));
    // Two full pages for the review, the second with no `next` in its link header (no empty third
    // page asked for), and one for the comments since.
    expect(pages.map((r) => r.query.get("page"))).toEqual(["1", "2", "1"]);
  });
});
