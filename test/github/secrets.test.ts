import { describe, expect, it } from "vitest";
import { decodeStateBlock, encodeStateBlock } from "../../src/core/state-codec.js";
import { updateComment } from "../../src/github/comments.js";
import { upsertPrdComment } from "../../src/github/prd-comment.js";
import { postReview } from "../../src/github/pulls.js";
import { loadStatus, saveStatus } from "../../src/github/status.js";
import { stateAt } from "../app/states.js";
import { user } from "../support/fake-github/index.js";
import { withFake } from "./helpers.js";

const SECRET = "hunter2-super-secret-value";
const TOKEN = `ghp_${"A1b2".repeat(9)}`;

/**
 * DESIGN §7.6: secrets never reach comments. Every write path of the adapter redacts, not only
 * postComment: the status comment (including the base64 state block, which a raw-text redaction
 * can't see into), the PRD comment's edit path, and PR reviews (the verifier's words).
 */
describe("secrets never reach GitHub", () => {
  it("the status comment: human text and the encoded state block", async () => {
    const { fake, gh } = withFake();
    gh.secrets = [SECRET];
    const lookup = await loadStatus(gh, 42);
    const lastError = `The implement step crashed: env dump ${SECRET} and ${TOKEN}`;
    const saved = await saveStatus(gh, 42, lookup, stateAt("failed", { lastError }));
    const body = fake.botComments(42)[0]?.body ?? "";
    expect(body).not.toContain(SECRET);
    expect(body).not.toContain(TOKEN);
    const stored = decodeStateBlock(body);
    expect(JSON.stringify(stored)).not.toContain(SECRET);
    expect(JSON.stringify(stored)).not.toContain(TOKEN);
    expect(stored.lastError).toContain("***");
    expect(saved.state.lastError).toBe(stored.lastError);
  });

  it("a secret that happens to appear inside the base64 state block does not break the state", async () => {
    const { fake, gh } = withFake();
    const state = stateAt("planning", { lastError: "nothing secret here" });
    const block = encodeStateBlock({ ...state, revision: 1 });
    const inBase64 = block.slice(block.length / 2, block.length / 2 + 8);
    gh.secrets = [inBase64];
    await saveStatus(gh, 42, await loadStatus(gh, 42), state);
    expect(decodeStateBlock(fake.botComments(42)[0]?.body ?? "").phase).toBe("planning");
  });

  it("edited comments (the PRD comment's edit path)", async () => {
    const { fake, gh } = withFake();
    gh.secrets = [SECRET];
    const c = fake.addComment(42, "old", user("ralph-app[bot]", "Bot"));
    await updateComment(gh, c.id, `leaked ${SECRET}`);
    expect(fake.comments.get(c.id)?.body).toBe("leaked ***");

    const prd = fake.addComment(
      42,
      "<!-- ralph:prd revision=r1 -->\nPRD",
      user("ralph-app[bot]", "Bot"),
    );
    await upsertPrdComment(gh, 42, `<!-- ralph:prd revision=r1 -->\nplan ${TOKEN}`, "r1", prd.id);
    expect(fake.comments.get(prd.id)?.body).not.toContain(TOKEN);
  });

  it("PR reviews", async () => {
    const { fake, gh } = withFake();
    gh.secrets = [SECRET];
    await postReview(gh, 77, `Verifier: FAIL, the test printed ${SECRET}`);
    const body = fake.reviews.get(77)?.[0]?.body ?? "";
    expect(body).toContain("***");
    expect(body).not.toContain(SECRET);
  });
});
