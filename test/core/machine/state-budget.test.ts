import { describe, expect, it } from "vitest";
import type { MachineEvent } from "../../../src/core/events.js";
import { transition } from "../../../src/core/machine/index.js";
import { renderStatusComment } from "../../../src/core/render/index.js";
import { GITHUB_COMMENT_LIMIT } from "../../../src/core/split-comment.js";
import type { MachineState } from "../../../src/core/state.js";
import { fitState, STATE_BUDGET_BYTES, stateBytes } from "../../../src/core/state-budget.js";
import { decodeStateBlock } from "../../../src/core/state-codec.js";
import { alice } from "./actors.js";
import { cmd, comment, result } from "./events.js";
import { config, PHASE_FIXTURES } from "./fixtures.js";

/**
 * The state lives in one status comment (≤ 65,536 characters). Human text that grows it without
 * bound (answers, notes) must not make it unsavable: the issue would be stuck for good.
 */
describe("the state always fits its status comment", () => {
  it("a pasted 60,000-character answer is clipped", () => {
    const out = transition(PHASE_FIXTURES.questions, comment("x".repeat(60_000), alice), config());
    expect(out.state.phase).toBe("planning");
    const body = renderStatusComment(out.state);
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(decodeStateBlock(body).qa[0]?.answer.length).toBeLessThanOrEqual(4000);
  });

  it("a long /ralph plan note is clipped", () => {
    const out = transition(PHASE_FIXTURES.idle, cmd("plan", "n".repeat(60_000)), config());
    expect(out.state.planNotes[0]?.length).toBeLessThanOrEqual(4000);
  });

  it("many rounds of long answers and notes drop the oldest, newest kept, with a reply", () => {
    const cfg = config({ planning: { max_question_rounds: 20 } });
    let state: MachineState = PHASE_FIXTURES.questions;
    const replies: string[] = [];
    for (let round = 0; round < 20; round++) {
      const answered = transition(state, comment(`${round} `.repeat(3_000), alice), cfg);
      const asked = transition(
        answered.state,
        result({ step: "plan", kind: "questions", questions: ["Q?"], uncertainties: [] }),
        cfg,
      );
      const noted = transition(asked.state, cmd("plan", `note ${round} ${"m".repeat(3_990)}`), cfg);
      const again = transition(
        noted.state,
        result({ step: "plan", kind: "questions", questions: ["Q?"], uncertainties: [] }),
        cfg,
      );
      for (const e of [...answered.effects, ...asked.effects, ...noted.effects, ...again.effects]) {
        if (e.type === "reply") replies.push(e.body);
      }
      state = again.state;
      expect(renderStatusComment(state).length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    }
    expect(state.planNotes.at(-1)).toMatch(/^note 19 /);
    expect(replies.some((r) => /size limit/.test(r))).toBe(true);
  });

  it("a round's long review feedback and the requests waiting behind it still fit", () => {
    const long = (n: number) => `${n} `.repeat(10_000);
    const threads = Array.from({ length: 40 }, (_, i) => ({
      id: 1000 + i,
      path: `src/file-${i}.ts`,
      line: i + 1,
      author: "alice",
      text: long(i),
      url: null,
    }));
    const review = (id: number): MachineEvent => ({
      type: "changes_requested",
      actor: alice,
      feedback: "",
      review: { id, body: long(id), threads, at: null },
    });
    // One round starts; more reviews' worth of `/ralph fix` (each with every thread) wait.
    let state = transition(PHASE_FIXTURES.done, review(1), config()).state;
    const replies: string[] = [];
    for (let i = 0; i < 8; i++) {
      const out = transition(
        state,
        {
          type: "followup_request",
          source: "ci",
          feedback: { ciFailures: [{ check: `c${i}`, conclusion: "failure", logTail: long(i) }] },
          trigger: `check_run:${i}`,
          stories: [{ title: `Fix c${i}`, acceptanceCriteria: ["npm test passes"] }],
        },
        config(),
      );
      for (const e of out.effects) if (e.type === "reply") replies.push(e.body);
      state = out.state;
      expect(renderStatusComment(state).length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    }
    expect(state.followUp?.current?.feedback.threads).toHaveLength(30);
    expect(state.followUp?.queued.length).toBeLessThanOrEqual(5);
  });
});

describe("fitState with nothing left to drop", () => {
  it("ends, drops nothing and still brings the state within its budget", () => {
    const s: MachineState = structuredClone({
      ...PHASE_FIXTURES.planning,
      planNotes: [],
      feedback: [],
      qa: [],
      followUp: null,
      lastError: "e".repeat(STATE_BUDGET_BYTES),
    });
    expect(fitState(s)).toBe(0);
    expect(stateBytes(s)).toBeLessThanOrEqual(STATE_BUDGET_BYTES);
  });
});
