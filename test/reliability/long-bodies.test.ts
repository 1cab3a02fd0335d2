/**
 * Every comment, review and body Ralph writes stays under GitHub's 65,536 characters (issue 10):
 * split into parts (fences balanced) or cut with a note, never refused with 422. The fake GitHub
 * refuses a longer body the way GitHub does.
 */
import { afterEach, describe, expect, it } from "vitest";
import { renderSummary, STEP_SUMMARY_LIMIT } from "../../src/action/report.js";
import { GITHUB_COMMENT_LIMIT } from "../../src/core/split-comment.js";
import { createComment, updateComment } from "../../src/github/comments.js";
import { upsertPrdComment } from "../../src/github/prd-comment.js";
import { postReview, upsertRalphPr } from "../../src/github/pulls.js";
import { cleanNock, withFake } from "../github/helpers.js";

const LONG = `Verifier notes\n\n\`\`\`\n${"x".repeat(80)}\n\`\`\`\n`.repeat(1_500);

afterEach(cleanNock);

describe("long bodies", () => {
  it("a review body over 65,536 characters is split: the review, then PR comments, all within the limit", async () => {
    const { fake, gh } = withFake();
    expect(LONG.length).toBeGreaterThan(GITHUB_COMMENT_LIMIT * 1.5);
    await postReview(gh, 77, LONG, { planInvalidation: true });
    expect(fake.tooLong).toEqual([]);
    const review = fake.reviews.get(77)?.[0];
    expect(review?.body?.startsWith("(part 1/")).toBe(true);
    expect(review?.body).toContain("**PLAN_INVALIDATION**");
    const rest = fake.botComments(77);
    expect(rest.length).toBeGreaterThanOrEqual(1);
    for (const body of [review?.body ?? "", ...rest.map((c) => c.body)]) {
      expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
      // Every part closes the fence it opened.
      expect((body.match(/^```/gm) ?? []).length % 2).toBe(0);
    }
    // Nothing is lost: the verifier's lines all arrive.
    const all = [review?.body ?? "", ...rest.map((c) => c.body)].join("\n");
    expect(all.split("Verifier notes").length - 1).toBe(1_500);
  });

  it("an edited PRD comment over the limit keeps its first part in place and posts the rest", async () => {
    const { fake, gh } = withFake();
    const revision = "f".repeat(64);
    const marker = `<!-- ralph:prd revision=${revision} -->`;
    const first = fake.addComment(42, `${marker}\nshort`, { login: "ralph-app[bot]", type: "Bot" });
    const id = await upsertPrdComment(gh, 42, `${marker}\n${LONG}`, revision, first.id);
    expect(fake.tooLong).toEqual([]);
    expect(id).toBe(first.id);
    for (const c of fake.commentsOn(42))
      expect(c.body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(fake.commentsOn(42).length).toBeGreaterThan(1);
  });

  it("a PR body, a comment or an edit that would still be too long is cut with a note, never refused", async () => {
    const { fake, gh } = withFake();
    const huge = "y".repeat(GITHUB_COMMENT_LIMIT + 10);
    const pr = await upsertRalphPr(gh, {
      issue: 42,
      head: "ralph/42-x",
      base: "main",
      title: "t",
      summary: huge,
    });
    const created = await createComment(gh, 42, huge);
    await updateComment(gh, created.id, `${huge}z`);
    expect(fake.tooLong).toEqual([]);
    const prBody = String(fake.pulls.get(pr.number)?.body);
    expect(prBody.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    // The cut PR body says where the full text is: the PRD on Ralph's branch.
    expect(prBody).toMatch(/every story is in the PRD on `ralph\/42-x`, see this PR's files\)$/);
    expect(fake.comments.get(created.id)?.body).toMatch(
      /cut at GitHub's 65,536-character limit\)$/,
    );
  });

  it("the Step Summary stays under GitHub's 1 MiB", () => {
    const summary = renderSummary(
      {
        issue: 42,
        event: "workflow_dispatch",
        state: null,
        steps: [],
        notes: Array.from({ length: 20 }, () => "n".repeat(100_000)),
        links: {},
        swept: [],
        error: null,
        refusal: null,
      } as unknown as Parameters<typeof renderSummary>[0],
      [],
    );
    expect(summary.length).toBeLessThanOrEqual(STEP_SUMMARY_LIMIT);
    expect(Buffer.byteLength(summary)).toBeLessThan(1024 * 1024);
  });
});
