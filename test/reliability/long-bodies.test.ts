/**
 * Every comment, review and body Ralph writes stays under GitHub's 65,536 characters (issue 10):
 * split into parts (fences balanced) or cut with a note, never refused with 422. The fake GitHub
 * refuses a longer body the way GitHub does.
 */
import { describe, expect, it } from "vitest";
import { renderSummary, STEP_SUMMARY_LIMIT } from "../../src/action/report.js";
import { defaultConfig } from "../../src/core/config.js";
import { blobUrl, webUrlFromApiUrl } from "../../src/core/links.js";
import { GITHUB_COMMENT_LIMIT } from "../../src/core/split-comment.js";
import { repoWebUrlOf } from "../../src/github/client.js";
import { createComment, updateComment } from "../../src/github/comments.js";
import { applyEffects, type EffectContext } from "../../src/github/effects.js";
import { upsertPrdComment } from "../../src/github/prd-comment.js";
import { postReview, upsertRalphPr } from "../../src/github/pulls.js";
import { BRANCH, PLAN_TEXT, prd, putPrdFiles, revisionOf, SPEC_ID } from "../app/planned.js";
import { awaitingApproval } from "../app/states.js";
import { withFake } from "../github/helpers.js";

const LONG = `Verifier notes\n\n\`\`\`\n${"x".repeat(80)}\n\`\`\`\n`.repeat(1_500);

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

describe("a cut body links its full text on Ralph's branch", () => {
  const PLANS = `https://github.com/Codertocat/Hello-World/blob/${BRANCH}/.ralph/specs/plans`;

  function effectContext(gh: EffectContext["gh"], state: EffectContext["state"]): EffectContext {
    return { gh, issue: 42, state, config: defaultConfig(), dispatch: async () => {} };
  }

  it("a PR body cut at the limit links the PRD file on the branch", async () => {
    const { fake, gh } = withFake();
    const base = awaitingApproval(prd(), 0, { prNumber: null });
    // 400 stories of 200 characters: the story list alone is over the limit.
    const stories = Array.from({ length: 400 }, (_, i) => ({
      ...base.prd!.stories[0]!,
      id: `US-${i + 1}`,
      title: `${i} ${"t".repeat(200)}`,
    }));
    const state = { ...base, prd: { ...base.prd!, stories } };
    const outcome = await applyEffects(
      [{ type: "open_pr", draft: true }],
      effectContext(gh, state),
    );
    expect(outcome.failures).toEqual([]);
    expect(fake.tooLong).toEqual([]);
    const body = String(fake.pulls.get(outcome.state.prNumber ?? -1)?.body);
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(body).toContain(
      `every story is in [the PRD](${PLANS}/${SPEC_ID}.prd.json) on \`${BRANCH}\``,
    );
  });

  it("a PRD comment whose plan or criteria are cut links the plan and the PRD on the branch", async () => {
    const { fake, gh } = withFake();
    const long = prd();
    long.userStories[0]!.acceptanceCriteria.push(`A criterion ${"c".repeat(2_000)}`);
    const plan = `${PLAN_TEXT}${"More steps.\n".repeat(5_000)}`;
    putPrdFiles(fake, long, BRANCH, plan);
    const state = awaitingApproval(long, 0);
    const noComment = { ...state, prd: { ...state.prd!, commentId: null } };
    const outcome = await applyEffects(
      [{ type: "post_prd", revision: revisionOf(long, plan), concerns: [] }],
      effectContext(gh, noComment),
    );
    expect(outcome.failures).toEqual([]);
    const body = fake.comments.get(outcome.state.prd?.commentId ?? -1)?.body ?? "";
    expect(body).toContain(
      `_The plan is cut here; the whole text is [on the branch](${PLANS}/${SPEC_ID}.md)._`,
    );
    expect(body).toContain(
      `_Long criteria and notes are cut here; the whole text is [on the branch](${PLANS}/${SPEC_ID}.prd.json)._`,
    );
  });

  it("a PRD comment with nothing cut has no such note", async () => {
    const { fake, gh } = withFake();
    putPrdFiles(fake, prd(), BRANCH);
    const state = awaitingApproval(prd(), 0);
    const noComment = { ...state, prd: { ...state.prd!, commentId: null } };
    const outcome = await applyEffects(
      [{ type: "post_prd", revision: revisionOf(prd()), concerns: [] }],
      effectContext(gh, noComment),
    );
    const body = fake.comments.get(outcome.state.prd?.commentId ?? -1)?.body ?? "";
    expect(body).toContain("### Acceptance criteria");
    expect(body).not.toContain("cut here");
  });

  it("links use the repository's web address: github.com, a GHES server, segments escaped", () => {
    const { gh } = withFake();
    expect(repoWebUrlOf(gh)).toBe("https://github.com/Codertocat/Hello-World");
    // The Action passes GITHUB_SERVER_URL's address (GHES).
    expect(repoWebUrlOf({ ...gh, repoWebUrl: "https://ghe.example.com/o/r/" })).toBe(
      "https://ghe.example.com/o/r",
    );
    expect(webUrlFromApiUrl("https://api.github.com/")).toBe("https://github.com");
    expect(webUrlFromApiUrl("https://ghe.example.com/api/v3")).toBe("https://ghe.example.com");
    expect(
      blobUrl("https://ghe.example.com/o/r/", "ralph/7-a b", ".ralph/specs/plans/x#1.md"),
    ).toBe("https://ghe.example.com/o/r/blob/ralph/7-a%20b/.ralph/specs/plans/x%231.md");
  });
});
