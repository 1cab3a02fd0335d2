import { describe, expect, it } from "vitest";
import type { MachineEvent } from "../../../src/core/events.js";
import type { ReviewThread } from "../../../src/core/followup.js";
import { makeCtx } from "../../../src/core/machine/context.js";
import {
  followUpRequestOf,
  notYet,
  requestFollowUp,
  reviewFollowUp,
} from "../../../src/core/machine/followup-requests.js";
import { transition } from "../../../src/core/machine/index.js";
import { type MachineState, machineStateSchema } from "../../../src/core/state.js";
import { alice, bot, reader } from "./actors.js";
import { checkedStep, cmd, config, PHASE_FIXTURES, replyOf } from "./fixtures.js";

/**
 * How each event becomes a request for a follow-up round (core/machine/followup-requests.ts):
 * who may ask, what `/ralph fix` and a review hand on, and what is said when there is nothing to
 * follow up on yet.
 */

const DONE = PHASE_FIXTURES.done;
const THREAD: ReviewThread = {
  id: 501,
  path: "src/a.ts",
  line: 3,
  author: "carol",
  text: "Rename x to count",
  url: null,
};

type FollowUpEvent = Extract<MachineEvent, { type: "followup_request" }>;
type CommandEvent = Extract<MachineEvent, { type: "command" }>;

const fixRequest = (over: Partial<FollowUpEvent> = {}): FollowUpEvent => ({
  type: "followup_request",
  source: "fix",
  actor: alice,
  feedback: { text: ["Rename x"] },
  ...over,
});

/** `/ralph fix <args>` with the adapter's extra fields; `commentId: undefined` drops the id. */
function fix(args: string, extra: Partial<CommandEvent> = {}): CommandEvent {
  const { commentId, ...rest } = { ...(cmd("fix", args) as CommandEvent), ...extra };
  return commentId === undefined ? rest : { ...rest, commentId };
}

const NOTHING_YET =
  "There is no finished work here to follow up on yet: comment `/ralph plan` to start.";
const NOT_IMPLEMENTED =
  "Ralph has not implemented this PRD yet (it is waiting for approval of the PRD): to change the plan, comment `/ralph revise <feedback>`.";
const TELL = "Tell Ralph what to change: `/ralph fix <what to change>`.";

/** A round's amendment (FU-1) waiting for approval: more feedback revises it. */
const amending = machineStateSchema.parse({
  ...PHASE_FIXTURES.awaiting_approval,
  followUp: {
    rounds: 1,
    current: {
      source: "fix",
      by: "alice",
      feedback: { text: ["Rename x"] },
      number: 1,
      stories: [{ id: "FU-1", threads: [] }],
    },
  },
});

describe("followup_request: who is heard, and where", () => {
  it.each([
    ["a read-only user's request on done: nothing at all", DONE, fixRequest({ actor: reader }), ""],
    [
      "a request with no PRD yet: nothing to follow up on",
      PHASE_FIXTURES.idle,
      fixRequest(),
      "reply",
    ],
    [
      "a Ralph-formed request before implementation: nobody to tell",
      PHASE_FIXTURES.awaiting_approval,
      fixRequest({ source: "ci", actor: undefined }),
      "",
    ],
    [
      "a human's request on a waiting amendment revises it",
      amending,
      fixRequest(),
      "set_label,dispatch",
    ],
  ])("%s", (_name, state, event, kinds) => {
    const out = checkedStep(state, event, config());
    expect(out.kinds).toBe(kinds);
    if (kinds === "reply") expect(replyOf(out.effects)).toBe(NOTHING_YET);
    if (kinds === "") expect(out.state).toEqual(state);
  });

  it("the 40 newest triggers are kept: the oldest makes room", () => {
    const triggers = Array.from({ length: 40 }, (_, i) => `check_run:${i}`);
    const state = machineStateSchema.parse({ ...DONE, followUp: { rounds: 0, triggers } });
    const ctx = makeCtx(state, config());
    const request = followUpRequestOf(fixRequest({ trigger: "check_run:99" }));
    expect(requestFollowUp(ctx, request)).toBe(true);
    expect(ctx.s.followUp?.triggers).toEqual([...triggers.slice(1), "check_run:99"]);
  });
});

describe("followUpRequestOf: an event's request, no field made up", () => {
  it("every field given", () => {
    const stories = [{ title: "Make test pass", acceptanceCriteria: ["it passes"] }];
    const event = fixRequest({
      source: "ci",
      trigger: "check_run:7",
      at: "2026-01-02T03:00:00Z",
      stories,
      reviewers: ["bob"],
    });
    expect(followUpRequestOf(event)).toStrictEqual({
      source: "ci",
      actor: alice,
      feedback: { text: ["Rename x"] },
      trigger: "check_run:7",
      at: "2026-01-02T03:00:00Z",
      drafts: stories,
      reviewers: ["bob"],
    });
  });

  it("none given: no actor, and no trigger, time, drafts or reviewers keys", () => {
    const { actor: _, ...anonymous } = fixRequest();
    expect(followUpRequestOf(anonymous)).toStrictEqual({
      source: "fix",
      actor: null,
      feedback: { text: ["Rename x"] },
    });
  });
});

describe("a changes-requested review", () => {
  it("without its structured review: the summary is the feedback, its author asked again", () => {
    const event: MachineEvent = { type: "changes_requested", actor: alice, feedback: "Fix it" };
    const round = transition(DONE, event, config()).state.followUp?.current;
    expect(round?.feedback).toEqual({
      text: ["Fix it"],
      threads: [],
      ciFailures: [],
      conflicts: [],
    });
    expect(round?.reviewers).toEqual(["alice"]);
  });

  it("with no PRD yet it is not a round, whoever sent it", () => {
    for (const actor of [alice, reader]) {
      const ctx = makeCtx(PHASE_FIXTURES.idle, config());
      const event = { type: "changes_requested", actor, feedback: "x" } as const;
      expect(reviewFollowUp(ctx, event)).toBe(false);
      expect(ctx.effects).toEqual([]);
    }
  });
});

describe("/ralph fix", () => {
  const roundOf = (state: MachineState, event: MachineEvent) =>
    transition(state, event, config()).state.followUp;

  it.each([
    ["no words", ""],
    ["only blanks", "   "],
  ])("%s and no threads: Ralph asks what to change", (_name, args) => {
    const out = checkedStep(DONE, fix(args), config());
    expect(out.kinds).toBe("acknowledge,reply");
    expect(replyOf(out.effects)).toBe(TELL);
  });

  it("inline comments alone are enough: the round's feedback is the threads", () => {
    const followUp = roundOf(DONE, fix("", { threads: [THREAD] }));
    expect(followUp?.current?.feedback).toEqual({
      text: [],
      threads: [THREAD],
      ciFailures: [],
      conflicts: [],
    });
    expect(followUp?.current?.reviewers).toEqual(["carol"]);
  });

  it.each([
    ["the adapter's trigger first", { trigger: "review:5", commentId: 1234 }, ["review:5"]],
    ["else the comment's id", { commentId: 1234 }, ["comment:1234"]],
    ["neither: none", { commentId: undefined }, []],
  ])("its trigger: %s", (_name, extra, triggers) => {
    expect(roundOf(DONE, fix("Rename x", extra))?.triggers).toEqual(triggers);
  });

  it.each([
    ["when it was written", "2026-01-05T00:00:00Z"],
    ["no time given", undefined],
  ])("where the next `/ralph fix` reads from: %s", (_name, at) => {
    const followUp = roundOf(DONE, fix("Rename x", at === undefined ? {} : { at }));
    expect(followUp?.since).toBe(at ?? null);
    expect(followUp?.current?.at).toBe(at ?? null);
  });

  it.each([
    ["no PRD yet", PHASE_FIXTURES.idle, NOTHING_YET],
    ["a PRD not implemented yet", PHASE_FIXTURES.awaiting_approval, NOT_IMPLEMENTED],
  ])("%s: says what to do instead", (_name, state, said) => {
    const out = checkedStep(state, fix("Rename x"), config());
    expect(out.kinds).toBe("acknowledge,reply");
    expect(replyOf(out.effects)).toBe(said);
  });
});

describe("notYet", () => {
  it.each([
    ["Ralph itself", null],
    ["a bot", bot],
  ])("tells nobody when %s asked", (_name, actor) => {
    const ctx = makeCtx(PHASE_FIXTURES.awaiting_approval, config());
    notYet(ctx, actor);
    expect(ctx.effects).toEqual([]);
  });
});
