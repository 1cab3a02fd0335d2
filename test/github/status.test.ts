import { afterEach, describe, expect, it } from "vitest";
import { renderStatusComment } from "../../src/core/render/index.js";
import { initialState } from "../../src/core/state.js";
import { decodeStateBlock } from "../../src/core/state-codec.js";
import { listIssueComments } from "../../src/github/comments.js";
import { findStatus, loadStatus, StateConflictError, saveStatus } from "../../src/github/status.js";
import { stateAt } from "../app/states.js";
import { user } from "../support/fake-github/index.js";
import { cleanNock, withFake } from "./helpers.js";

afterEach(cleanNock);

describe("status comment", () => {
  it("creates the status comment with revision 1 when there is none", async () => {
    const { fake, gh } = withFake();
    const lookup = await loadStatus(gh, 42);
    expect(lookup.kind).toBe("none");
    const saved = await saveStatus(gh, 42, lookup, { ...initialState(42), phase: "planning" });
    expect(saved.state.revision).toBe(1);
    expect(decodeStateBlock(fake.botComments(42)[0]?.body ?? "").phase).toBe("planning");
  });

  it("updates in place and bumps the revision", async () => {
    const { fake, gh } = withFake();
    const seeded = fake.seedState(stateAt("questions", { revision: 4 }));
    const lookup = await loadStatus(gh, 42);
    const saved = await saveStatus(gh, 42, lookup, stateAt("planning", { revision: 4 }));
    expect(saved.state.revision).toBe(5);
    expect(decodeStateBlock(fake.comments.get(seeded.id)?.body ?? "")).toMatchObject({
      phase: "planning",
      revision: 5,
    });
    expect(fake.botComments(42)).toHaveLength(1);
  });

  it("refuses to save over a newer revision (another writer saved meanwhile)", async () => {
    const { fake, gh } = withFake();
    const seeded = fake.seedState(stateAt("questions", { revision: 4 }));
    const lookup = await loadStatus(gh, 42);
    // The Action saved in between.
    const other = fake.comments.get(seeded.id);
    if (other) other.body = renderStatusComment(stateAt("planning", { revision: 5 }));
    await expect(saveStatus(gh, 42, lookup, stateAt("failed"))).rejects.toBeInstanceOf(
      StateConflictError,
    );
  });

  it("refuses to create a second status comment when one appeared meanwhile", async () => {
    const { fake, gh } = withFake();
    const lookup = await loadStatus(gh, 42);
    fake.seedState(stateAt("planning"));
    await expect(saveStatus(gh, 42, lookup, stateAt("planning"))).rejects.toBeInstanceOf(
      StateConflictError,
    );
  });

  it("trusts only Ralph's own status comment; others are listed as foreign", async () => {
    const { fake, gh } = withFake();
    const forged = fake.seedForeignState(stateAt("done"), user("mallory"));
    const lookup = findStatus(gh, await listIssueComments(gh, 42));
    expect(lookup.kind).toBe("none");
    expect(lookup.foreign.map((c) => c.id)).toEqual([forged.id]);
  });

  it("a broken block in Ralph's own comment is reported as broken, not guessed", async () => {
    const { fake, gh } = withFake();
    fake.addComment(
      42,
      "<!-- ralph:status -->\n<!-- ralph:state v1 %%% -->",
      user("ralph-app[bot]", "Bot"),
    );
    const lookup = await loadStatus(gh, 42);
    expect(lookup.kind).toBe("broken");
  });
});
