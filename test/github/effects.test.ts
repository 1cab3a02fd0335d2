import { describe, expect, it } from "vitest";
import { defaultConfig } from "../../src/core/config.js";
import type { Effect } from "../../src/core/effects.js";
import { findPrdRevision } from "../../src/core/render/index.js";
import type { AgentStep } from "../../src/core/state.js";
import { applyEffects, type EffectContext } from "../../src/github/effects.js";
import { BRANCH, prd, putPrdFiles, revisionOf } from "../app/planned.js";
import { awaitingApproval, stateAt } from "../app/states.js";
import { user } from "../support/fake-github/index.js";
import { withFake } from "./helpers.js";

function context(
  gh: EffectContext["gh"],
  state: EffectContext["state"],
  dispatched: { step: AgentStep; storyId?: string }[] = [],
): EffectContext {
  return {
    gh,
    issue: 42,
    state,
    config: defaultConfig(),
    dispatch: async (step, options) => {
      dispatched.push({ step, ...options });
    },
    issueTitle: "Add a login page",
  };
}

describe("applyEffects", () => {
  it("performs effects in order; dispatch goes to the injected dispatcher", async () => {
    const { fake, gh } = withFake();
    const c = fake.addComment(42, "/ralph plan", user("alice"));
    const dispatched: { step: AgentStep; storyId?: string }[] = [];
    const effects: Effect[] = [
      { type: "acknowledge", commentId: c.id },
      { type: "reply", body: "On it." },
      { type: "set_label", label: "ralph:implementing" },
      { type: "dispatch", step: "implement", storyId: "US-001" },
    ];
    const outcome = await applyEffects(effects, context(gh, stateAt("implementing"), dispatched));
    expect(outcome.failures).toEqual([]);
    expect(dispatched).toEqual([{ step: "implement", storyId: "US-001" }]);
    expect(fake.botComments(42).map((x) => x.body)).toEqual(["On it."]);
    expect(fake.issueLabels.get(42)).toEqual(["ralph:implementing"]);
    expect(fake.reactions.get(c.id)?.map((r) => r.content)).toEqual(["eyes"]);
  });

  it("post_prd reads the PRD from the branch and posts a NEW comment for a new revision", async () => {
    const { fake, gh } = withFake();
    const first = prd();
    putPrdFiles(fake, first, BRANCH);
    const state = awaitingApproval(first, 0, {});
    const noComment = { ...state, prd: state.prd ? { ...state.prd, commentId: null } : null };
    const outcome = await applyEffects(
      [{ type: "post_prd", revision: revisionOf(first), concerns: [] }],
      context(gh, noComment),
    );
    const id = outcome.state.prd?.commentId ?? null;
    expect(id).not.toBeNull();
    expect(findPrdRevision(fake.comments.get(id as number)?.body ?? "")).toBe(revisionOf(first));

    // Same revision again: edited in place.
    const again = await applyEffects(
      [{ type: "post_prd", revision: revisionOf(first), concerns: ["c1"] }],
      context(gh, outcome.state),
    );
    expect(again.state.prd?.commentId).toBe(id);
    expect(fake.botComments(42)).toHaveLength(1);

    // A new revision: a new comment, so 👍s on the old one stay with the old revision.
    const second = prd("Login form v2");
    putPrdFiles(fake, second, BRANCH);
    const next = {
      ...outcome.state,
      prd: outcome.state.prd
        ? { ...outcome.state.prd, revision: revisionOf(second), number: 2 }
        : null,
    };
    const third = await applyEffects(
      [{ type: "post_prd", revision: revisionOf(second), concerns: [] }],
      context(gh, next),
    );
    expect(third.state.prd?.commentId).not.toBe(id);
    expect(fake.botComments(42)).toHaveLength(2);
  });

  it("open_pr opens the draft PR once and remembers its number", async () => {
    const { fake, gh } = withFake();
    const state = stateAt("awaiting_approval", { branch: BRANCH });
    const outcome = await applyEffects([{ type: "open_pr", draft: true }], context(gh, state));
    expect(outcome.failures).toEqual([]);
    expect(fake.requestsMatching("POST", /\/pulls$/).map((r) => r.body)).toEqual([
      {
        head: BRANCH,
        base: "main",
        title: "Ralph: Add a login page",
        body: "Closes #42",
        draft: true,
      },
    ]);
    const number = outcome.state.prNumber;
    expect(number).not.toBeNull();

    // A rerun (e.g. the state save was lost) finds the open PR instead of opening another.
    const rerun = await applyEffects([{ type: "open_pr", draft: true }], context(gh, state));
    expect(rerun.state.prNumber).toBe(number);
    expect(fake.requestsMatching("POST", /\/pulls$/)).toHaveLength(1);
  });

  it("commit_files without a committer is reported as a failure; later effects still run", async () => {
    const { fake, gh } = withFake();
    const outcome = await applyEffects(
      [
        { type: "commit_files", change: { kind: "done_marker", commit: "abc" }, message: "m" },
        { type: "reply", body: "after" },
      ],
      context(gh, stateAt("done")),
    );
    expect(outcome.failures.map((f) => f.effect.type)).toEqual(["commit_files"]);
    expect(fake.botComments(42).map((c) => c.body)).toEqual(["after"]);
  });

  it("the injected committer receives commit_files", async () => {
    const { gh } = withFake();
    const commits: string[] = [];
    await applyEffects(
      [
        {
          type: "commit_files",
          change: { kind: "mark_story_passed", storyId: "US-001" },
          message: "pass",
        },
      ],
      {
        ...context(gh, stateAt("verifying")),
        commitFiles: async (change, message) => void commits.push(`${change.kind}:${message}`),
      },
    );
    expect(commits).toEqual(["mark_story_passed:pass"]);
  });

  it("post_review without a PR falls back to an issue comment", async () => {
    const { fake, gh } = withFake();
    await applyEffects(
      [{ type: "post_review", body: "Verifier: FAIL", planInvalidation: false }],
      context(gh, stateAt("implementing")),
    );
    expect(fake.botComments(42).map((c) => c.body)).toEqual(["Verifier: FAIL"]);
  });

  it("refresh_status is reported to the caller", async () => {
    const { gh } = withFake();
    const outcome = await applyEffects([{ type: "refresh_status" }], context(gh, stateAt("idle")));
    expect(outcome.refreshStatus).toBe(true);
  });
});
