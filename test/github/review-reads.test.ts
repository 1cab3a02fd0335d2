/**
 * Issue 16: a PR's reviews are read newest first down to the review watermark, and the reviews
 * approvals rest on by id (github/review-reads.ts), not every review on every event.
 */
import { afterEach, describe, expect, it } from "vitest";
import { readNewReviews } from "../../src/github/review-reads.js";
import { user } from "../support/fake-github/index.js";
import { cleanNock, withFake } from "./helpers.js";

afterEach(cleanNock);

function seedReviews(count: number) {
  const { fake, gh } = withFake();
  fake.addPull({ number: 7, title: "Ralph: login", head: { ref: "ralph/42-login" } });
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const id = fake.id();
    ids.push(id);
    fake.addReview(7, {
      id,
      user: user(i === 0 ? "alice" : `reviewer-${i}`),
      body: `review ${i}`,
      state: i === 0 ? "APPROVED" : "COMMENTED",
      commit_id: "c".repeat(40),
    });
  }
  return { fake, gh, ids };
}

describe("a PR's reviews, newest first", () => {
  it("reads only the reviews above the watermark: one query among 250", async () => {
    const { fake, gh, ids } = seedReviews(250);
    const reviews = await readNewReviews(gh, 7, ids[239] ?? 0, []);
    expect(reviews.map((r) => r.id)).toEqual(expect.arrayContaining(ids.slice(240)));
    expect(reviews.every((r) => r.id > (ids[149] ?? 0))).toBe(true);
    expect(fake.requests).toHaveLength(1);
  });

  it("an approving review far below the watermark is read by id, and its dismissal shows", async () => {
    const { fake, gh, ids } = seedReviews(250);
    const approving = fake.reviews.get(7)?.[0];
    if (approving) approving.state = "DISMISSED";
    const reviews = await readNewReviews(gh, 7, ids.at(-1) ?? 0, [ids[0] ?? 0]);
    expect(reviews.find((r) => r.id === ids[0])).toMatchObject({ state: "DISMISSED" });
    expect(fake.requests.map((r) => r.route)).toEqual([
      "POST /graphql",
      "GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}",
    ]);
  });

  it("a bot's GraphQL login gets REST's [bot] suffix back", async () => {
    const { fake, gh } = withFake();
    fake.addPull({ number: 7, title: "x", head: { ref: "ralph/42-x" } });
    fake.addReview(7, {
      id: fake.id(),
      user: user("ralph-app[bot]", "Bot"),
      body: "Verifier: PASS",
      state: "COMMENTED",
      commit_id: null,
    });
    const [review] = await readNewReviews(gh, 7, 0, []);
    expect(review?.user).toEqual({ login: "ralph-app[bot]", type: "Bot" });
  });
});
