import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/core/config.js";
import {
  boundFeedback,
  FEEDBACK_THREADS_MAX,
  FOLLOWUP_STORIES_MAX,
  type FollowUpState,
} from "../../src/core/followup.js";
import { MAX_HUMAN_TEXT } from "../../src/core/machine/context.js";
import { PRD_LIMITS, type Prd, validateEnvelope } from "../../src/core/prd.js";
import { APPROVAL_COUNTED_KEPT, APPROVAL_DENIED_KEPT } from "../../src/core/read-cursors.js";
import { renderStatusComment } from "../../src/core/render/status.js";
import { SEEN_COMMENTS_KEPT } from "../../src/core/seen-comments.js";
import { initialState, type MachineState } from "../../src/core/state.js";
import {
  clipJsonBytes,
  fitState,
  jsonBytes,
  SPEC_ID_MAX,
  STATE_BUDGET_BYTES,
  STATE_LIST_CAPS,
  STATUS_HUMAN_MAX,
  STATUS_MARGIN,
  sameStoryTitle,
  stateBytes,
  storyTitle,
  structureBytes,
} from "../../src/core/state-budget.js";
import { decodeStateBlock, encodeStateBlock } from "../../src/core/state-codec.js";
import { makePrd, plannedState } from "./machine/fixtures.js";

/**
 * DESIGN §6.4: the state cannot outgrow its comment. The largest state the limits allow — every
 * limit at its maximum (`max_agent_runs` 1000, `max_criteria_per_story` 50, `max_attempts` 50),
 * the most stories a PRD may have with the longest ids and titles (in characters that take the
 * most bytes), every list at its cap — still leaves a status comment with room to spare.
 */
const config = parseConfig({
  limits: { max_agent_runs: 1000, max_attempts: 50, max_replans: 20, max_followups: 100 },
  planning: { max_criteria_per_story: 50 },
});
/** Three UTF-8 bytes per character: the costliest a title can be per character. */
const WIDE = "語";
const SHA = "f".repeat(40);
const LOGIN = "l".repeat(39);
const login = (i: number) => `${i}`.padStart(39, "l");
const specId = (i: number) => `${i}`.padStart(SPEC_ID_MAX, "s");

function largestPrd(): Prd {
  return {
    branchName: "ralph/9999999-the-longest-branch-name-a-planner-may-choose",
    userStories: Array.from({ length: PRD_LIMITS.stories }, (_, i) => ({
      id: `${String(i).padStart(3, "0")}${"X".repeat(PRD_LIMITS.storyId - 3)}`,
      title: WIDE.repeat(PRD_LIMITS.title),
      acceptanceCriteria: Array.from({ length: 50 }, (_, k) => `${k} ${"c".repeat(300)}`),
      priority: i + 1,
      passes: false,
      notes: "n".repeat(1000),
    })),
  };
}

/** The machine's own state for the largest PRD (through onPrd), then every field at its cap. */
function largestState(): MachineState {
  const prd = largestPrd();
  expect(
    validateEnvelope({
      questions: [],
      uncertainties: [],
      prdDraft: prd,
      recommendUnderstand: { shouldRun: false, reasons: [] },
    }).ok,
  ).toBe(true);
  const planned = plannedState(prd, config);
  const text = (n: number) => WIDE.repeat(n);
  const s = structuredClone(planned);
  for (const story of s.prd?.stories ?? []) {
    Object.assign(story, { status: "pending", attempts: 50, commit: SHA });
  }
  const comments = Array.from({ length: 100 }, (_, i) => 9_007_199_254_740_000 + i);
  Object.assign(s, {
    revision: 9_007_199_254_740_991,
    claimed: true,
    phase: "implementing",
    routedCommands: Array.from({ length: STATE_LIST_CAPS.routedCommands }, () => comments[0]),
    watermark: {
      commentId: comments[0],
      reviewId: comments[0],
      commentFloor: comments[0],
      comments: comments.slice(0, SEEN_COMMENTS_KEPT),
    },
    planNotes: Array.from({ length: 50 }, () => text(MAX_HUMAN_TEXT)),
    feedback: Array.from({ length: 50 }, () => text(MAX_HUMAN_TEXT)),
    qa: Array.from({ length: 50 }, () => ({
      question: text(500),
      answer: text(MAX_HUMAN_TEXT),
      by: LOGIN,
    })),
    openQuestions: Array.from({ length: STATE_LIST_CAPS.openQuestions }, () => text(500)),
    decisions: Array.from({ length: STATE_LIST_CAPS.decisions }, (_, i) => ({
      id: `D${i}`,
      title: text(300),
      critical: true,
      options: Array.from({ length: STATE_LIST_CAPS.decisionOptions }, (_, n) => ({
        number: n + 1,
        label: text(200),
        description: text(1000),
      })),
      recommendation: 1,
      selected: 1,
      custom: text(MAX_HUMAN_TEXT),
      category: text(100),
      context: text(2000),
      rationale: text(2000),
      followUps: Array.from({ length: STATE_LIST_CAPS.followUps }, () => ({
        question: text(MAX_HUMAN_TEXT),
        answer: text(2000),
      })),
    })),
    concerns: Array.from({ length: STATE_LIST_CAPS.concerns }, () => text(1000)),
    understandAdvice: { reasons: [text(500), text(500)], iterations: 9, topics: [text(200)] },
    approvals: Array.from({ length: STATE_LIST_CAPS.approvals }, (_, i) => ({
      login: login(i),
      revision: s.prd?.revision,
      channel: "reaction",
      reviewId: comments[0],
    })),
    // The 👍 read on the PRD comment (issue 16): the most reactors refused and counted it keeps.
    approvalReads: {
      revision: s.prd?.revision,
      commentId: comments[0],
      commentNode: `IC_${"k".repeat(30)}`,
      reactionId: comments[0],
      denied: Array.from({ length: APPROVAL_DENIED_KEPT }, (_, i) => login(i)),
      counted: Array.from({ length: APPROVAL_COUNTED_KEPT }, (_, i) => ({
        login: login(i),
        node: `REA_${"k".repeat(40)}${i}`,
      })),
    },
    approvedBy: Array.from({ length: STATE_LIST_CAPS.approvedBy }, () => LOGIN),
    runGatePassed: true,
    prNumber: 9_999_999,
    // A spec PR's specs (at most STATE_LIST_CAPS.specs), half done.
    specsDone: Array.from({ length: STATE_LIST_CAPS.specs / 2 }, (_, i) => specId(i)),
    specsLeft: Array.from({ length: STATE_LIST_CAPS.specs }, (_, i) => specId(i)),
    currentStory: s.prd?.stories[0]?.id,
    verifierFeedback: text(4000),
    verdictProblem: text(1000),
    invalidation: { reason: text(1000), attempt: 20 },
    counters: {
      agentRuns: 1000,
      replans: 20,
      costUsd: 123_456_789.123456,
      tokens: 9_007_199_254_740_991,
    },
    breaker: { signature: `bad_verdict:${s.prd?.stories[0]?.id}`, count: 2 },
    lastError: text(2000),
    stopReason: text(500),
    runUrl: `https://github.com/${LOGIN}/${"r".repeat(100)}/actions/runs/9999999999`,
    phaseSince: "2026-01-02T03:04:05.678Z",
    parallelDispatch: {
      stories: (s.prd?.stories ?? []).slice(0, 8).map((st) => st.id),
      base: SHA,
      runUrl: "https://github.com/o/r/actions/runs/9999999999",
    },
    followUp: largestFollowUp(s.prd?.stories.length ?? 0, "amended"),
  });
  return s;
}

/**
 * The largest follow-up state `limits.max_followups` (100) allows: its last round in progress
 * with the most feedback a round keeps (bounded by boundFeedback from far more), the most FU
 * stories an amendment may add, each answering every thread, the most drafts and reviewers, and
 * the most requests waiting behind it, each as large.
 */
function largestFollowUp(stories: number, stage: "amending" | "amended"): FollowUpState {
  const id = (i: number) => 9_007_199_254_740_000 + i;
  const huge = (n: number) => WIDE.repeat(n);
  const feedback = boundFeedback({
    text: Array.from({ length: 50 }, () => huge(10_000)),
    threads: Array.from({ length: 50 }, (_, i) => ({
      id: id(i),
      path: huge(1_000),
      line: 9_999_999,
      author: huge(500),
      text: huge(10_000),
      url: `https://github.com/${huge(500)}`,
    })),
    ciFailures: Array.from({ length: 50 }, () => ({
      check: huge(1_000),
      conclusion: huge(100),
      logTail: huge(10_000),
      url: huge(1_000),
    })),
    conflicts: Array.from({ length: 500 }, () => huge(1_000)),
  });
  const threads = feedback.threads.map((t) => t.id);
  const request = {
    source: "review" as const,
    by: LOGIN,
    feedback,
    drafts: Array.from({ length: FOLLOWUP_STORIES_MAX }, () => ({
      title: huge(200),
      acceptanceCriteria: Array.from({ length: 50 }, () => huge(300)),
      notes: huge(1_000),
      threads,
    })),
    reviewers: Array.from({ length: 40 }, () => LOGIN),
    at: "2026-01-02T03:04:05.678Z",
  };
  // Before its amendment a round holds Ralph's drafts; after it, its FU stories (the drafts are
  // in the PRD then).
  const current =
    stage === "amending"
      ? { ...request, number: 100, stories: [] }
      : {
          ...request,
          drafts: [],
          number: 100,
          stories: Array.from({ length: FOLLOWUP_STORIES_MAX }, (_, i) => ({
            id: `FU-${stories - FOLLOWUP_STORIES_MAX + i + 1}`,
            threads,
          })),
        };
  return {
    rounds: 100,
    current,
    queued: Array.from({ length: 5 }, () => structuredClone(request)),
    triggers: Array.from({ length: 40 }, (_, i) => `check_run:${id(i)}`),
    since: "2026-01-02T03:04:05.678Z",
  };
}

describe("the state's budget (DESIGN §6.4)", () => {
  it.each(["amended", "amending"] as const)(
    "the largest state the limits allow fits one status comment with margin (a follow-up round %s)",
    (stage) => {
      const s = largestState();
      s.followUp = largestFollowUp(PRD_LIMITS.stories, stage);
      fitState(s);
      expect(stateBytes(s)).toBeLessThanOrEqual(STATE_BUDGET_BYTES);
      const storiesUrl = `https://github.com/${LOGIN}/${"r".repeat(100)}/blob/${"b".repeat(200)}/.ralph/specs/plans/${"p".repeat(200)}.prd.json`;
      const body = renderStatusComment(s, {
        storiesUrl,
        prUrl: storiesUrl,
        logsUrl: storiesUrl,
        runUrl: storiesUrl,
        approvalsRequired: 10,
      });
      expect(body.length).toBeLessThanOrEqual(65_536 - STATUS_MARGIN);
      // Nothing of the state was cut: it decodes to what was saved.
      expect(decodeStateBlock(body)).toEqual(s);
      // The human part stays useful: the first stories, their marks and attempts, then the link.
      const human = body.slice(0, body.indexOf("<!-- ralph:state"));
      expect(human.length).toBeLessThanOrEqual(STATUS_HUMAN_MAX);
      expect(human).toContain(`### Stories (0/${PRD_LIMITS.stories} verified)`);
      expect(human).toMatch(/- ☐ \*\*000X+\*\* 語+… \(pending, 50 attempts, `f{7}`\)/);
      expect(human).toContain(`: [all stories in the PRD on the branch](${storiesUrl})`);
    },
  );

  it("its structure alone (stories, ids, counters, capped lists, a follow-up round) leaves room for what people write", () => {
    const s = largestState();
    fitState(s);
    const structure = structureBytes(s);
    const amending = largestState();
    amending.followUp = largestFollowUp(PRD_LIMITS.stories, "amending");
    // Printed for docs/performance.md.
    console.info(
      `largest state: ${stateBytes(s)} bytes (structure ${structure}, follow-up ${jsonBytes(s.followUp)}; before the round's amendment ${structureBytes(amending)}), block ${encodeStateBlock(s).length} characters`,
    );
    expect(structure).toBeLessThanOrEqual(STATE_BUDGET_BYTES - 3_000);
    expect(structureBytes(amending)).toBeLessThanOrEqual(STATE_BUDGET_BYTES - 3_000);
    // The round in progress stays whole in what matters: its threads (for the replies), stories.
    expect(s.followUp?.current?.feedback.threads).toHaveLength(FEEDBACK_THREADS_MAX);
    expect(s.followUp?.current?.stories).toHaveLength(FOLLOWUP_STORIES_MAX);
    expect(s.followUp?.rounds).toBe(100);
  });

  it("the criteria and notes of the PRD take nothing in the state", () => {
    const s = largestState();
    const blob = JSON.stringify(s);
    expect(blob).not.toContain("c".repeat(300));
    expect(blob).not.toContain("n".repeat(1000));
  });

  it("a title is cut to its share of the titles' budget, and still matches its full text", () => {
    const long = "Add the login form with email and password fields and a remember-me box";
    expect(storyTitle(long, 10)).toBe(long);
    const cut = storyTitle(long, 200);
    expect(jsonBytes(cut)).toBeLessThanOrEqual(40);
    expect(cut.endsWith("…")).toBe(true);
    expect(sameStoryTitle(cut, long)).toBe(true);
    expect(sameStoryTitle(cut, "Something else entirely")).toBe(false);
    expect(sameStoryTitle(long, long)).toBe(true);
    expect(clipJsonBytes("😀😀😀", 10)).toBe("😀…");
  });

  it("fitState drops the oldest notes first, then cuts free text, and says how many went", () => {
    const s: MachineState = {
      ...initialState(1),
      planNotes: ["old", ...Array.from({ length: 20 }, (_, i) => `${i} ${"x".repeat(3000)}`)],
      verifierFeedback: "v".repeat(4000),
    };
    const dropped = fitState(s);
    expect(dropped).toBeGreaterThan(0);
    expect(s.planNotes).not.toContain("old");
    expect(stateBytes(s)).toBeLessThanOrEqual(STATE_BUDGET_BYTES);
    expect(s.verifierFeedback).toBe("v".repeat(4000));
  });
});

describe("fitState and its helpers, edge by edge", () => {
  const decision = (options: number): MachineState["decisions"][number] => ({
    id: "D-1",
    title: "Which store?",
    critical: false,
    options: Array.from({ length: options }, (_, i) => ({
      number: i + 1,
      label: `o${i}`,
      description: "",
    })),
    recommendation: null,
    selected: null,
    custom: null,
    category: "",
    context: "",
    rationale: "",
    followUps: [],
  });

  it("clipJsonBytes keeps a text that fits exactly and fills the room to the last byte", () => {
    expect(clipJsonBytes("abc", jsonBytes("abc"))).toBe("abc");
    // `"…"` takes 5 bytes, so 7 leave room for exactly two one-byte characters.
    expect(clipJsonBytes("abcdef", 7)).toBe("ab…");
  });

  it("sameStoryTitle compares blanks folded, and a cut title by all it kept", () => {
    const spaced = "Add  the\nlogin form";
    expect(sameStoryTitle(storyTitle(spaced, 10), spaced)).toBe(true);
    expect(sameStoryTitle("Add login", "Add login form")).toBe(false);
    const cut = storyTitle("Add the login form with email and password fields", 200);
    expect(sameStoryTitle(cut, "Add something else")).toBe(false);
  });

  it("bounds the structure: titles, the newest commands, the first concerns and options, specs left", () => {
    const long = `Story ${"t".repeat(300)}`;
    const planned = plannedState(makePrd(["US-1", "US-2"]));
    planned.prd!.stories[0]!.title = long;
    const s: MachineState = {
      ...planned,
      routedCommands: Array.from({ length: 25 }, (_, i) => i + 1),
      concerns: Array.from({ length: 25 }, (_, i) => `concern ${i}`),
      decisions: [decision(8)],
      specsDone: Array.from({ length: 15 }, (_, i) => `s${i}`),
      specsLeft: ["s14", ...Array.from({ length: 9 }, (_, i) => `t${i}`)],
    };
    fitState(s);
    expect(s.prd!.stories[0]!.title).toBe(storyTitle(long, 2));
    expect(s.routedCommands).toEqual(Array.from({ length: 20 }, (_, i) => i + 6));
    expect(s.concerns).toEqual(Array.from({ length: 20 }, (_, i) => `concern ${i}`));
    expect(s.decisions[0]!.options.map((o) => o.label)).toEqual([
      "o0",
      "o1",
      "o2",
      "o3",
      "o4",
      "o5",
    ]);
    expect(s.specsLeft).toEqual(["t0", "t1", "t2", "t3", "t4"]);
  });

  /** fitState on `s` holding `notes` keeps the newest of them, dropping no more than it must. */
  function expectFewestNotesDropped(s: MachineState, notes: string[]): void {
    const dropped = fitState(s);
    expect(s.planNotes).toEqual(notes.slice(dropped));
    expect(stateBytes(s)).toBeLessThanOrEqual(STATE_BUDGET_BYTES);
    const oneMore = { ...s, planNotes: notes.slice(dropped - 1) };
    expect(stateBytes(oneMore)).toBeGreaterThan(STATE_BUDGET_BYTES);
  }

  it("drops the fewest oldest notes that bring the state within its budget", () => {
    const notes = Array.from({ length: 20 }, (_, i) => `${i} ${"x".repeat(3000)}`);
    expectFewestNotesDropped({ ...initialState(1), planNotes: [...notes] }, notes);
  });

  it("drops the fewest oldest notes also when they are short", () => {
    const notes = Array.from({ length: 300 }, (_, i) => `n${i % 10}`);
    const filler = STATE_BUDGET_BYTES - stateBytes(initialState(1)) - 200;
    const s = { ...initialState(1), lastError: "e".repeat(filler), planNotes: [...notes] };
    expectFewestNotesDropped(s, notes);
  });

  it("keeps approvals when there is no PRD revision to sort them by", () => {
    const approvals: MachineState["approvals"] = [
      { login: "alice", revision: "r1", channel: "comment" },
    ];
    const s: MachineState = { ...initialState(1), approvals };
    fitState(s);
    expect(s.approvals).toEqual(approvals);
  });

  it("forgets the oldest refused reactors first, only as many as it must", () => {
    const planned = plannedState(makePrd(["US-1"]));
    const denied = Array.from({ length: 20 }, (_, i) => `user-${i}`);
    const s: MachineState = {
      ...planned,
      approvalReads: {
        revision: planned.prd!.revision,
        commentId: 1,
        commentNode: null,
        reactionId: 0,
        denied: [...denied],
        counted: [],
      },
      lastError: "e".repeat(STATE_BUDGET_BYTES - stateBytes(planned) - 200),
    };
    fitState(s);
    const left = s.approvalReads!.denied;
    expect(left.length).toBeGreaterThan(0);
    expect(left.length).toBeLessThan(denied.length);
    expect(left).toEqual(denied.slice(denied.length - left.length));
    expect(stateBytes(s)).toBeLessThanOrEqual(STATE_BUDGET_BYTES);
  });

  it("cuts free text as a last resort: longer texts to the first length that fits, shorter ones whole", () => {
    const s: MachineState = {
      ...initialState(1),
      openQuestions: Array.from({ length: 19 }, () => "q".repeat(4000)),
      concerns: ["short", "c".repeat(2000)],
      ci: { sha: null, since: null, fixes: 0, note: "n".repeat(4000) },
    };
    expect(fitState(s)).toBe(0);
    expect(s.openQuestions).toEqual(Array.from({ length: 19 }, () => `${"q".repeat(1999)}…`));
    expect(s.concerns).toEqual(["short", "c".repeat(2000)]);
    expect(s.ci?.note).toBe(`${"n".repeat(1999)}…`);
    expect(stateBytes(s)).toBeLessThanOrEqual(STATE_BUDGET_BYTES);
  });

  it("structureBytes does not count what fitState may drop", () => {
    const base: MachineState = { ...plannedState(makePrd(["US-1"])), followUp: null };
    const grown: MachineState = {
      ...base,
      planNotes: ["a note"],
      feedback: ["some feedback"],
      qa: [{ question: "why?", answer: "because", by: "alice" }],
    };
    expect(base.approvalReads).toBeUndefined();
    expect(structureBytes(grown)).toBe(structureBytes(base));
    // The planned state holds no free text to cut: its structure is all of it.
    expect(structureBytes(base)).toBe(stateBytes(base));
  });
});
