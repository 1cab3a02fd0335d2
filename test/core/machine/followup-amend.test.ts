import { describe, expect, it } from "vitest";
import type { AgentResult } from "../../../src/core/events.js";
import type { FollowUpRound } from "../../../src/core/followup.js";
import { makeCtx } from "../../../src/core/machine/context.js";
import { onAmended, resumeRound } from "../../../src/core/machine/followup-amend.js";
import { type MachineState, machineStateSchema, type StoryState } from "../../../src/core/state.js";
import { config, makePrd, PHASE_FIXTURES, PLAN_TEXT } from "./fixtures.js";

/**
 * A round's amendment joining the PRD, and a stopped round picking up again
 * (core/machine/followup-amend.ts), called directly on hand-written states: the whole PRD, the
 * approvals and every effect, exactly.
 */

type Amended = Extract<AgentResult, { kind: "amended" }>;

const DONE = PHASE_FIXTURES.done;
const APPROVE = config({ gates: { followup: "approve" } });

/** The amend step's result: `fus` (id and title) after US-1 and US-2, answering `threads`. */
function amended(fus: { id: string; title?: string; threads?: number[] }[]): Amended {
  const base = makePrd(["US-1", "US-2"]);
  return {
    step: "amend",
    kind: "amended",
    prd: {
      ...base,
      userStories: [
        ...base.userStories,
        ...fus.map((f, i) => ({
          id: f.id,
          title: f.title ?? `Follow-up ${f.id}`,
          acceptanceCriteria: [`${f.id} works`],
          priority: 3 + i,
          passes: false,
          notes: "",
        })),
      ],
    },
    planText: PLAN_TEXT,
    revision: "rev-2",
    stories: fus.map((f) => ({ id: f.id, threads: f.threads ?? [] })),
  };
}

const story = (id: string, over: Partial<StoryState> = {}): StoryState => ({
  id,
  title: `Follow-up ${id}`,
  status: "pending",
  attempts: 0,
  commit: null,
  ...over,
});
const US = DONE.prd?.stories ?? [];

/** Planning a round's amendment on done's PRD (approved by alice) plus `extra` stories. */
function amending(
  round: Partial<FollowUpRound> | null,
  extra: StoryState[] = [],
  phase: "planning" | "failed" = "planning",
): MachineState {
  return machineStateSchema.parse({
    ...DONE,
    phase,
    pendingStep: phase === "planning" ? "amend" : null,
    prd: { ...DONE.prd, stories: [...US, ...extra] },
    followUp: {
      rounds: round?.number ?? 1,
      current:
        round === null
          ? null
          : { source: "fix", by: "bob", feedback: { text: ["Rename x"] }, number: 1, ...round },
    },
  });
}

const postPrd = (auto: boolean) => ({
  type: "post_prd",
  revision: "rev-2",
  concerns: [],
  amendment: { auto },
});

describe("onAmended: the amendment joins the PRD", () => {
  it("a human's round (auto): a new revision, the stories run at once, the asker approved", () => {
    const ctx = makeCtx(amending({}), config());
    onAmended(ctx, amended([{ id: "FU-1", threads: [501] }, { id: "FU-2" }]));
    expect(ctx.s.prd).toEqual({
      revision: "rev-2",
      number: 2,
      branchName: "ralph/42-add-login",
      commentId: null,
      stories: [...US, story("FU-1", { status: "running" }), story("FU-2")],
    });
    expect(ctx.s.followUp?.current).toMatchObject({
      stories: [
        { id: "FU-1", threads: [501] },
        { id: "FU-2", threads: [] },
      ],
      drafts: [],
    });
    expect(ctx.s).toMatchObject({
      phase: "implementing",
      approvals: [],
      approvedBy: ["bob"],
      currentStory: "FU-1",
    });
    expect(ctx.effects).toEqual([
      { type: "open_pr", draft: true },
      postPrd(true),
      { type: "dispatch", step: "implement", storyId: "FU-1" },
    ]);
  });

  it("gates.followup: approve: the amended PRD waits, approved by nobody yet", () => {
    const ctx = makeCtx(amending({}), APPROVE);
    onAmended(ctx, amended([{ id: "FU-1" }]));
    expect(ctx.s).toMatchObject({
      phase: "awaiting_approval",
      pendingStep: null,
      approvals: [],
      approvedBy: [],
    });
    expect(ctx.effects).toEqual([{ type: "open_pr", draft: true }, postPrd(false)]);
  });

  it("a Ralph-formed round never waits and keeps who approved the work", () => {
    const ctx = makeCtx(amending({ source: "ci", by: null }), APPROVE);
    onAmended(ctx, amended([{ id: "FU-1" }]));
    expect(ctx.s).toMatchObject({ phase: "implementing", approvals: [], approvedBy: ["alice"] });
    expect(ctx.effects).toEqual([
      { type: "open_pr", draft: true },
      postPrd(true),
      { type: "dispatch", step: "implement", storyId: "FU-1" },
    ]);
  });

  it("a revised amendment replaces the round's stories, old ones of earlier rounds stay once", () => {
    const earlier = story("FU-1", {
      title: "Round 1",
      status: "passed",
      attempts: 1,
      commit: "f1",
    });
    const previous = story("FU-2", { title: "First draft", status: "failed", attempts: 2 });
    const state = amending({ number: 2, stories: [{ id: "FU-2", threads: [] }] }, [
      earlier,
      previous,
    ]);
    const ctx = makeCtx(state, APPROVE);
    // FU-1 is round 1's and FU-9 is not in the amended PRD: neither is added.
    const result = amended([{ id: "FU-1" }, { id: "FU-2" }, { id: "FU-3" }]);
    result.stories.push({ id: "FU-9", threads: [] });
    onAmended(ctx, result);
    expect(ctx.s.prd?.stories).toEqual([...US, earlier, story("FU-2"), story("FU-3")]);
  });

  it.each([
    ["no follow-up state", null],
    ["no round in progress", amending(null)],
    ["no PRD", { ...amending({}), prd: null }],
  ])("%s: a stale result changes nothing", (_name, state) => {
    const before = state ?? { ...DONE, followUp: null };
    const ctx = makeCtx(before, config());
    onAmended(ctx, amended([{ id: "FU-1" }]));
    expect(ctx.s).toEqual(before);
    expect(ctx.effects).toEqual([]);
  });
});

describe("resumeRound: a stopped round picks up again", () => {
  it("before its amendment landed: the amend step again", () => {
    const ctx = makeCtx(amending({ number: 2 }, [], "failed"), config());
    resumeRound(ctx);
    expect(ctx.s).toMatchObject({ phase: "planning", pendingStep: "amend", stopReason: null });
    expect(ctx.effects).toEqual([
      { type: "reply", body: "Follow-up round 2 picks up where it stopped." },
      { type: "dispatch", step: "amend" },
    ]);
  });

  it("after it: the story that did not pass, with fresh attempts", () => {
    const failed = story("FU-1", { status: "failed", attempts: 3, commit: "f1" });
    const round = { stories: [{ id: "FU-1", threads: [] }] };
    const ctx = makeCtx(amending(round, [failed], "failed"), config());
    resumeRound(ctx);
    expect(ctx.s.prd?.stories.at(-1)).toEqual({ ...failed, status: "running", attempts: 0 });
    expect(ctx.effects).toEqual([
      { type: "reply", body: "Follow-up round 1 picks up where it stopped." },
      { type: "dispatch", step: "implement", storyId: "FU-1" },
    ]);
  });

  it.each([
    ["no follow-up state", { ...DONE, phase: "failed" as const }],
    ["no round in progress", amending(null, [], "failed")],
  ])("%s: nothing", (_name, state) => {
    const ctx = makeCtx(state, config());
    resumeRound(ctx);
    expect(ctx.s).toEqual(state);
    expect(ctx.effects).toEqual([]);
  });
});
