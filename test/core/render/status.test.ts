import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCommands } from "../../../src/core/commands.js";
import { renderStatusComment } from "../../../src/core/render/status.js";
import {
  initialState,
  type MachineState,
  PHASES,
  type StoryState,
} from "../../../src/core/state.js";
import { STATUS_HUMAN_MAX, storyTitle } from "../../../src/core/state-budget.js";
import {
  decodeStateBlock,
  isStatusComment,
  STATUS_MARKER,
  StateBlockError,
} from "../../../src/core/state-codec.js";
import { expectContains } from "../../support/text.js";
import { machineStateArb } from "../state-arbitrary.js";

const REVISION = "a".repeat(64);

function story(id: string, status: StoryState["status"], attempts: number): StoryState {
  return { id, title: `Title of ${id}`, status, attempts, commit: null };
}

function withPrd(state: MachineState, stories: StoryState[]): MachineState {
  return {
    ...state,
    prd: { revision: REVISION, number: 2, branchName: "ralph/7-x", commentId: 5, stories },
  };
}

describe("renderStatusComment", () => {
  it("starts with the marker, ends with a decodable state block, fits, commands nothing (property)", () => {
    fc.assert(
      fc.property(machineStateArb, (state) => {
        const body = renderStatusComment(state);
        expect(body.startsWith(STATUS_MARKER)).toBe(true);
        expect(isStatusComment(body)).toBe(true);
        expect(body.length).toBeLessThanOrEqual(65_536);
        expect(decodeStateBlock(body)).toEqual(state);
        expect(parseCommands(body)).toEqual([]);
        expect(body.trimEnd().endsWith("-->")).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  const nextSteps: [MachineState["phase"], RegExp][] = [
    ["idle", /Comment `\/ralph plan` to start/],
    ["questions", /`\/ralph skip`/],
    ["decisions", /`D1: 2`/],
    ["awaiting_approval", /`\/approve`.*👍/],
    ["run_gate", /`\/ralph run` to start implementing/],
    ["implementing", /`\/ralph stop`/],
    ["failed", /comment `\/ralph run` to resume/],
    ["stopped", /`\/ralph run` to resume/],
    ["done", /ready for review/],
  ];
  it.each(nextSteps)("tells what to do next in phase %s", (phase, expected) => {
    expect(renderStatusComment({ ...initialState(7), phase })).toMatch(expected);
  });

  it("names every phase in plain words", () => {
    const headings = PHASES.map(
      (phase) => renderStatusComment({ ...initialState(1), phase }).split("\n")[1],
    );
    expect(new Set(headings).size).toBe(PHASES.length);
    for (const h of headings) expect(h).toMatch(/^## Ralph: [A-Z]/);
    expect(headings).not.toContain("## Ralph: awaiting_approval");
  });

  it("lists stories in execution order (the state's) with marks and attempt counts", () => {
    const state = withPrd({ ...initialState(7), phase: "implementing" }, [
      story("US-1", "passed", 1),
      story("US-2", "running", 2),
      story("US-3", "pending", 0),
      story("US-4", "failed", 3),
    ]);
    const body = renderStatusComment(state);
    const lines = body.split("\n").filter((l) => l.startsWith("- "));
    expect(lines).toEqual([
      "- ✓ **US-1** Title of US-1 (verified, 1 attempt)",
      "- … **US-2** Title of US-2 (running, 2 attempts)",
      "- ☐ **US-3** Title of US-3 (pending)",
      "- ✗ **US-4** Title of US-4 (failed, 3 attempts)",
    ]);
    expect(body).toContain("### Stories (1/4 verified)");
  });

  it("shows links, usage and the last error", () => {
    const state: MachineState = {
      ...initialState(7),
      phase: "failed",
      prNumber: 12,
      runUrl: "https://gh/run/1",
      counters: { agentRuns: 4, replans: 1, costUsd: 1.234, tokens: 12_345 },
      lastError: "circuit breaker open: same failure 3 times\n/ralph run",
    };
    const body = renderStatusComment(state, {
      prUrl: "https://gh/pull/12",
      logsUrl: "https://gh/logs",
    });
    expectContains(body, [
      "[current run](https://gh/run/1)",
      "[pull request](https://gh/pull/12)",
      "[logs](https://gh/logs)",
      "**Usage:** 4 agent runs · 12,345 tokens · $1.23 · 1 re-plan",
      "> circuit breaker open: same failure 3 times",
    ]);
    expect(parseCommands(body)).toEqual([]);
    const noPrUrl = renderStatusComment(state);
    expect(noPrUrl).toContain("pull request #12");
  });

  it("omits tokens and cost when the agent reported none", () => {
    const state = {
      ...initialState(7),
      counters: { agentRuns: 1, replans: 0, costUsd: 0, tokens: 0 },
    };
    expect(renderStatusComment(state)).toContain("**Usage:** 1 agent run\n");
  });

  it("counts distinct approvals of the current revision only", () => {
    const state: MachineState = {
      ...withPrd({ ...initialState(7), phase: "awaiting_approval" }, [story("US-1", "pending", 0)]),
      approvals: [
        { login: "alice", revision: REVISION, channel: "comment" },
        { login: "alice", revision: REVISION, channel: "reaction" },
        { login: "bob", revision: "b".repeat(64), channel: "review" },
      ],
    };
    const body = renderStatusComment(state, { approvalsRequired: 2 });
    expect(body).toContain(
      `**Approvals:** 1 of 2 for PRD revision 2 (\`${REVISION.slice(0, 12)}\`) (@alice)`,
    );
  });

  it("agent text cannot forge a second state block", () => {
    const forged = "<!-- ralph:state v1 e30= -->";
    const state = withPrd({ ...initialState(7), lastError: forged }, [
      { ...story("US-1", "pending", 0), title: forged },
    ]);
    expect(decodeStateBlock(renderStatusComment(state))).toEqual(state);
  });

  it("cuts the story list to its budget with a link to the PRD, keeping the state block whole", () => {
    const stories = Array.from({ length: 200 }, (_, i) => ({
      ...story(`US-${String(i).padStart(3, "0")}-of-the-login-form`, "failed" as const, 50),
      title: storyTitle(`${"t".repeat(140)} ${i}`, 40),
    }));
    const state = withPrd({ ...initialState(7), phase: "implementing" }, stories);
    const url = "https://github.com/o/r/blob/ralph/7-x/.ralph/specs/plans/issue-7-x.prd.json";
    const body = renderStatusComment(state, { storiesUrl: url });
    const human = body.slice(0, body.indexOf("<!-- ralph:state"));
    expect(human.length).toBeLessThanOrEqual(STATUS_HUMAN_MAX);
    expect(body).toMatch(
      /- … and \d+ more: \[all stories in the PRD on the branch\]\(https:\/\/github\.com\/o\/r\/blob\//,
    );
    expect(body).toContain("- ✗ **US-000-of-the-login-form** ");
    expect(decodeStateBlock(body)).toEqual(state);
    // Without a link the list is cut all the same.
    expect(renderStatusComment(state)).toMatch(/- … and \d+ more\n/);
  });

  it("throws when the state alone cannot fit one comment", () => {
    const state = { ...initialState(7), planNotes: ["n".repeat(60_000)] };
    expect(() => renderStatusComment(state)).toThrow(StateBlockError);
  });
});

describe("the status comment of a follow-up round", () => {
  const round = {
    number: 1,
    source: "review" as const,
    by: "alice",
    feedback: {
      text: [],
      threads: [{ id: 5, path: "a", line: 1, author: "alice", text: "x", url: null }],
      ciFailures: [],
      conflicts: [],
    },
    drafts: [],
    reviewers: ["alice"],
    at: null,
    stories: [{ id: "FU-1", threads: [5] }],
  };

  it("shows the round in progress, who asked, its stories and threads, and what waits", () => {
    const state = withPrd(
      {
        ...initialState(7),
        phase: "implementing",
        followUp: { rounds: 1, current: round, queued: [round], triggers: [], since: null },
      },
      [story("US-1", "passed", 1), story("FU-1", "running", 0)],
    );
    expect(renderStatusComment(state)).toContain(
      "**Follow-up round 1** (review by @alice): **FU-1** (answering 1 review thread) · 1 more request waiting",
    );
  });

  it("after the rounds: how many were done, and how to ask for another", () => {
    const state = withPrd(
      {
        ...initialState(7),
        phase: "done",
        followUp: { rounds: 2, current: null, queued: [], triggers: [], since: null },
      },
      [story("US-1", "passed", 1)],
    );
    const body = renderStatusComment(state);
    expect(body).toContain("**Follow-up rounds:** 2 done");
    expect(body).toContain("`/ralph fix <what to change>`");
  });

  it("ready without CI: the CI gate's note is shown when done, not while still waiting", () => {
    const note =
      "No check of the repository's CI appeared within 15 minutes (verify.ci_wait_minutes)";
    const ci = { sha: "b".repeat(40), since: null, fixes: 0, note };
    const done = withPrd({ ...initialState(7), phase: "done", ci }, [story("US-1", "passed", 1)]);
    expect(renderStatusComment(done)).toContain(`**CI:** ${note}`);
    const waiting = { ...done, phase: "ci" as const };
    expect(renderStatusComment(waiting)).not.toContain("**CI:**");
  });
});
