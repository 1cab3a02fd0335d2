import { describe, expect, it } from "vitest";
import type { FollowUpRequestRecord, FollowUpRound } from "../../../src/core/followup.js";
import { renderStatusComment, type StatusRenderOptions } from "../../../src/core/render/status.js";
import { GITHUB_COMMENT_LIMIT } from "../../../src/core/split-comment.js";
import { initialState, type MachineState, type StoryState } from "../../../src/core/state.js";
import { STATUS_HUMAN_MAX, STATUS_MARGIN } from "../../../src/core/state-budget.js";
import {
  decodeStateBlock,
  encodeStateBlock,
  StateBlockError,
} from "../../../src/core/state-codec.js";

/**
 * The status comment's human part, whole: every section a reader sees, in its order, with its
 * exact words. The state block after it is checked by status.test.ts.
 */
function humanText(state: MachineState, options: StatusRenderOptions = {}): string {
  const body = renderStatusComment(state, options);
  return body.slice(0, body.indexOf("\n<!-- ralph:state"));
}

const HEAD_SHA = "d".repeat(40);

/** The top of the comment: its marker, heading and next step, up to the first detail section. */
const top = (heading: string, next: string) => [
  "<!-- ralph:status -->",
  `## Ralph: ${heading}`,
  "",
  `**Next:** ${next}`,
  "",
];

const IMPLEMENTING = top(
  "Implementing",
  "Ralph is working. Comment `/ralph stop` to stop after the current step.",
);

/** An issue's state; with `stories`, a PRD (revision 3) holding them. */
function issue(changes: Partial<MachineState>, stories: StoryState[] | null = null): MachineState {
  const state = { ...initialState(7), ...changes };
  if (stories === null) return state;
  const prd = { revision: "c".repeat(64), number: 3, branchName: "ralph/7-x", commentId: 5 };
  return { ...state, prd: { ...prd, stories } };
}

const pending = (id: string, title: string): StoryState => ({
  id,
  title,
  status: "pending",
  attempts: 0,
  commit: null,
});

describe("the status comment's human part, whole", () => {
  it("a fresh issue: the heading and the next step, nothing else", () => {
    expect(humanText(initialState(7))).toBe(
      top("Idle", "Comment `/ralph plan` to start planning.").join("\n"),
    );
  });

  it("a story loop under way: rejection, error, stories, runners, links, usage, boundary", () => {
    const state = issue(
      {
        phase: "implementing",
        // A commit that is not hex is shown by its hex digits only: it cannot leave its code span.
        branch: "ralph/7-`x",
        prNumber: 12,
        runUrl: "https://gh/run/1",
        currentStory: "US-2",
        verifierFeedback: "  Verifier: criterion 2 fails\nthe button stays\n",
        lastError: "boom\nsecond line",
        counters: { agentRuns: 3, replans: 2, costUsd: 0, tokens: 0 },
        parallelDispatch: { stories: ["US-2", "US-3"], base: HEAD_SHA, runUrl: "https://gh/run/2" },
      },
      [
        { id: "US-1", title: "Login form", status: "passed", attempts: 1, commit: "ab`c1234ef" },
        { id: "US-2", title: "Logout", status: "running", attempts: 2, commit: null },
        pending("US-3", "Remember me"),
      ],
    );
    const boundary = ["ran as the ralph user", "blocked a connection to example.com"];
    expect(humanText(state, { logsUrl: "https://gh/logs", boundary })).toBe(
      [
        ...IMPLEMENTING,
        "**Last rejection (US-2):** Verifier: criterion 2 fails",
        "",
        "**Last error:**",
        "",
        "> boom",
        "> second line",
        "",
        "### Stories (1/3 verified)",
        "",
        "- ✓ **US-1** Login form (verified, 1 attempt, `abc1234`)",
        "- … **US-2** Logout (running, 2 attempts)",
        "- ☐ **US-3** Remember me (pending)",
        "",
        "**Parallel runners:** **US-2**, **US-3** run at the same time, one runner each, from `dddddddddddd` ([run](https://gh/run/2)); Ralph combines them when all have ended.",
        "",
        "**Links:** [current run](https://gh/run/1) · [logs](https://gh/logs) · pull request #12 · branch `ralph/7-x`",
        "",
        "**Usage:** 3 agent runs · 2 re-plans",
        "",
        "**Agent boundary:**",
        "",
        "- ran as the ralph user",
        "- blocked a connection to example.com",
        "",
      ].join("\n"),
    );
  });

  it("awaiting approval: who approved this revision, of how many; no stories, no list", () => {
    const approvals = [
      { login: "alice", revision: "c".repeat(64), channel: "comment" as const },
      { login: "bob", revision: "c".repeat(64), channel: "review" as const },
    ];
    const state = issue({ phase: "awaiting_approval", approvals, branch: "ralph/7-x" }, [
      pending("US-1", "Login form"),
    ]);
    expect(humanText(state, { approvalsRequired: 3 })).toBe(
      [
        ...top(
          "Waiting for approval",
          "Approve with `/approve`, a 👍 on the PRD comment, or an approving review on the pull request. Comment `/ralph revise <feedback>` to change the plan.",
        ),
        "**Approvals:** 2 of 3 for PRD revision 3 (`cccccccccccc`) (@alice, @bob)",
        "",
        "### Stories (0/1 verified)",
        "",
        "- ☐ **US-1** Login form (pending)",
        "",
        "**Links:** branch `ralph/7-x`",
        "",
      ].join("\n"),
    );
    const empty = issue({ phase: "run_gate", branch: "ralph/7-x" }, []);
    expect(humanText(empty)).toBe(
      [
        ...top("Approved, waiting for `/ralph run`", "Comment `/ralph run` to start implementing."),
        "**Approvals:** 0 of 1 for PRD revision 3 (`cccccccccccc`)",
        "",
        "**Links:** branch `ralph/7-x`",
        "",
      ].join("\n"),
    );
  });

  it("approvals are counted only while an approval is awaited", () => {
    const approvals = [{ login: "alice", revision: "c".repeat(64), channel: "comment" as const }];
    const state = issue({ phase: "implementing", approvals }, [pending("US-1", "Login form")]);
    expect(humanText(state)).not.toContain("**Approvals:**");
  });
});

describe("why the work stopped, only in the phase it explains", () => {
  const reasons = {
    invalidation: { reason: "the schema\nhas no users table", attempt: 2 },
    stopReason: "stopped by @alice",
    currentStory: "US-1",
  };
  const next = {
    plan_invalidated:
      "Ralph is re-planning with the verifier's reason. Comment `/ralph stop` to stop after the current step.",
    stopped: "Comment `/ralph run` to resume, or `/ralph plan` to start over.",
  };

  it.each([
    [
      "plan_invalidated",
      "Plan invalidated, re-planning",
      next.plan_invalidated,
      ["**Plan invalidated** (attempt 2): the schema has no users table", ""],
    ],
    ["stopped", "Stopped", next.stopped, ["**Stopped because:** stopped by @alice", ""]],
  ] as const)("%s", (phase, heading, nextStep, problem) => {
    expect(humanText(issue({ ...reasons, phase }))).toBe(
      [...top(heading, nextStep), ...problem].join("\n"),
    );
  });

  it("a rejection is shown for the current story while it has feedback, until done", () => {
    const feedback = { currentStory: "US-1", verifierFeedback: "Verifier: no test" };
    const line = "**Last rejection (US-1):** Verifier: no test";
    expect(humanText(issue({ ...feedback, phase: "verifying" }))).toContain(line);
    expect(humanText(issue({ ...feedback, phase: "done" }))).not.toContain("Last rejection");
    const silent = [
      { currentStory: "US-1", verifierFeedback: null },
      { currentStory: "US-1", verifierFeedback: " \n " },
      { currentStory: null, verifierFeedback: "Verifier: no test" },
    ];
    for (const s of silent) {
      expect(humanText(issue({ ...s, phase: "verifying" }))).not.toContain("Last rejection");
    }
  });
});

describe("the specs of a spec pull request", () => {
  const specPr = (changes: Partial<MachineState>) => ({
    ...initialState(7, "spec_pr"),
    phase: "implementing" as const,
    ...changes,
  });

  it("done, running and waiting, each named once, in that order", () => {
    const state = specPr({ specsDone: ["a", "b"], specId: "c", specsLeft: ["b", "c", "d`e"] });
    expect(humanText(state)).toBe(
      [...IMPLEMENTING, "**Specs:** 2 of 4 done: ✓ `a` · ✓ `b` · … `c` · ☐ `de`", ""].join("\n"),
    );
  });

  it("a spec already done is not shown as running", () => {
    const state = specPr({ specsDone: ["a", "b"], specId: "b", specsLeft: [] });
    expect(humanText(state)).toBe(
      [...IMPLEMENTING, "**Specs:** 2 of 2 done: ✓ `a` · ✓ `b`", ""].join("\n"),
    );
  });

  it("at most 20 are named, the rest counted", () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);
    const twenty = humanText(specPr({ specsLeft: ids(20) }));
    expect(twenty).toContain(
      `**Specs:** 0 of 20 done: ${ids(20)
        .map((id) => `☐ \`${id}\``)
        .join(" · ")}\n`,
    );
    const named = ids(20).map((id) => `☐ \`${id}\``);
    expect(humanText(specPr({ specsLeft: ids(22) }))).toContain(
      `**Specs:** 0 of 22 done: ${named.join(" · ")} · … and 2 more\n`,
    );
  });

  it("no line for one spec, nor on an issue", () => {
    expect(humanText(specPr({ specId: "a" }))).toBe(IMPLEMENTING.join("\n"));
    const onIssue = { ...specPr({ specsDone: ["a"], specId: "b" }), kind: "issue" as const };
    expect(humanText(onIssue)).not.toContain("**Specs:**");
  });
});

describe("the follow-up line", () => {
  const request = (by: string | null, threads: number): FollowUpRequestRecord => ({
    source: by === null ? "ci" : "review",
    by,
    feedback: {
      text: [],
      threads: Array.from({ length: threads }, (_, i) => ({
        id: i + 1,
        path: "a.ts",
        line: 1,
        author: "alice",
        text: "x",
        url: null,
      })),
      ciFailures: [],
      conflicts: [],
    },
    drafts: [],
    reviewers: [],
    at: null,
  });
  const round = (by: string | null, threads: number, stories: number): FollowUpRound => ({
    ...request(by, threads),
    number: 2,
    stories: Array.from({ length: stories }, (_, i) => ({ id: `FU-${i + 1}`, threads: [] })),
  });
  /** The comment's lines after its top: the follow-up line and the blank line after it. */
  const line = (followUp: MachineState["followUp"]) =>
    humanText(issue({ phase: "implementing", followUp }))
      .split("\n")
      .slice(IMPLEMENTING.length);

  const fu = (n: number) => Array.from({ length: n }, (_, i) => `**FU-${i + 1}**`).join(", ");
  it.each([
    [
      round("alice", 2, 1),
      [],
      `**Follow-up round 2** (review by @alice): **FU-1** (answering 2 review threads)`,
    ],
    [
      round(null, 0, 12),
      [request("bob", 0), request("bob", 0)],
      `**Follow-up round 2** (ci): ${fu(10)}, … and 2 more · 2 more requests waiting`,
    ],
    [
      round("alice", 1, 10),
      [request("bob", 0)],
      `**Follow-up round 2** (review by @alice): ${fu(10)} (answering 1 review thread) · 1 more request waiting`,
    ],
    [round("alice", 0, 0), [], "**Follow-up round 2** (review by @alice)"],
  ])("a round under way: %#", (current, queued, expected) => {
    expect(line({ rounds: 2, current, queued, triggers: [], since: null })).toEqual([expected, ""]);
  });

  it("between rounds: how many were done, and what waits", () => {
    const between = { rounds: 3, current: null, triggers: [], since: null };
    expect(line({ ...between, queued: [] })).toEqual(["**Follow-up rounds:** 3 done", ""]);
    expect(line({ ...between, queued: [request("bob", 0)] })).toEqual([
      "**Follow-up rounds:** 3 done · 1 more request waiting",
      "",
    ]);
    expect(line({ ...between, rounds: 0, queued: [request("bob", 0)] })).toEqual([]);
  });
});

describe("the lines after the stories", () => {
  it.each([
    [{ agentRuns: 1, replans: 0, costUsd: 0, tokens: 0 }, ["**Usage:** 1 agent run", ""]],
    [
      { agentRuns: 2, replans: 1, costUsd: 0.5, tokens: 1_000 },
      ["**Usage:** 2 agent runs · 1,000 tokens · $0.50 · 1 re-plan", ""],
    ],
    [{ agentRuns: 0, replans: 0, costUsd: 0, tokens: 0 }, []],
  ])("usage %#", (counters, lines) => {
    expect(humanText(issue({ phase: "implementing", counters }))).toBe(
      [...IMPLEMENTING, ...lines].join("\n"),
    );
  });

  it("a batch without its run's link yet", () => {
    const parallelDispatch = { stories: ["US-2", "US-3", "US-4"], base: HEAD_SHA, runUrl: null };
    expect(humanText(issue({ phase: "implementing", parallelDispatch }))).toBe(
      [
        ...IMPLEMENTING,
        "**Parallel runners:** **US-2**, **US-3**, **US-4** run at the same time, one runner each, from `dddddddddddd`; Ralph combines them when all have ended.",
        "",
      ].join("\n"),
    );
  });

  it("links: the options' run before the state's, the PR's link before its number", () => {
    const state = issue({ phase: "implementing", prNumber: 12, runUrl: "https://gh/run/1" });
    const options = { runUrl: "https://gh/run/9", prUrl: "https://gh/pull/12" };
    expect(humanText(state, options)).toBe(
      [
        ...IMPLEMENTING,
        "**Links:** [current run](https://gh/run/9) · [pull request](https://gh/pull/12)",
        "",
      ].join("\n"),
    );
    expect(humanText(issue({ phase: "implementing" }), { logsUrl: "https://gh/logs" })).toBe(
      [...IMPLEMENTING, "**Links:** [logs](https://gh/logs)", ""].join("\n"),
    );
  });

  it("done without CI: the gate's note under the stories' heading lines", () => {
    const note = "No check appeared within 15 minutes";
    const state = issue({ phase: "done", ci: { sha: HEAD_SHA, since: null, fixes: 0, note } });
    expect(humanText(state)).toBe(
      [
        ...top(
          "Done: every story verified",
          "The pull request is ready for review. Humans merge. A review requesting changes (or `/ralph fix <what to change>`) starts a follow-up round on the same pull request.",
        ),
        `**CI:** ${note}`,
        "",
      ].join("\n"),
    );
  });

  it.each([
    [true, "Done: pull request #12 merged", "To go on, comment"],
    [
      false,
      "Stopped: pull request #12 closed",
      "Reopen it and comment `/ralph run` to go on with it, or comment",
    ],
  ])(
    "the pull request merged (%s) or closed: heading and next step say so",
    (merged, heading, how) => {
      const state = issue({ phase: "done", prClosed: { number: 12, merged } });
      expect(humanText(state)).toBe(
        top(
          heading,
          `Ralph no longer watches #12 and starts nothing more for it. ${how} \`/ralph plan\` to start over on this issue with a new pull request.`,
        ).join("\n"),
      );
    },
  );
});

/**
 * The story list takes what the rest of the comment leaves it, to the character. The rest is
 * padded with boundary notes (options, so the state block stays the same) until the list is cut
 * after a dozen of its 30 stories; then the last note is lengthened by exactly the room left.
 */
describe("the story list fills the human part's budget to the character", () => {
  const stories = Array.from({ length: 30 }, (_, i) =>
    pending(`US-${String(i + 1).padStart(2, "0")}`, "t".repeat(80)),
  );
  const listed = (human: string) => human.split("\n").filter((l) => l.startsWith("- ☐ "));
  const regimes = [
    // A small state: the human part may take STATUS_HUMAN_MAX.
    {
      name: "small state: the human part fills STATUS_HUMAN_MAX",
      planNotes: [],
      notes: 7,
      size: (part: { human: string }) => part.human.length,
      target: STATUS_HUMAN_MAX,
    },
    // A large state: the human part takes what the block leaves, with STATUS_MARGIN to spare.
    {
      name: "large state: the comment fills GITHUB_COMMENT_LIMIT less STATUS_MARGIN",
      planNotes: ["n".repeat(36_000)],
      notes: 5,
      size: (part: { body: string }) => part.body.length,
      target: GITHUB_COMMENT_LIMIT - STATUS_MARGIN,
    },
  ];

  it.each(regimes)("$name", ({ planNotes, notes, size, target }) => {
    const state = issue({ phase: "implementing", planNotes }, stories);
    const render = (last: number) => {
      const boundary = [
        ...Array.from({ length: notes }, () => "b".repeat(2_000)),
        "x".repeat(last),
      ];
      const body = renderStatusComment(state, { boundary });
      const human = body.slice(0, body.indexOf("\n<!-- ralph:state"));
      return { body, human, listed: listed(human) };
    };
    const loose = render(1);
    const shown = loose.listed.length;
    // "… and N more" reserves the room of "… and 30 more": as many digits when N ≥ 10.
    expect(shown).toBeGreaterThan(1);
    expect(30 - shown).toBeGreaterThanOrEqual(10);
    const room = target - size(loose);
    const exact = render(1 + room);
    expect(size(exact)).toBe(target);
    expect(exact.listed).toEqual(loose.listed);
    expect(exact.human).toContain(`\n- … and ${30 - shown} more\n`);
    const over = render(2 + room);
    expect(over.listed).toEqual(loose.listed.slice(0, -1));
    expect(over.human).toContain(`\n- … and ${31 - shown} more\n`);
  });
});

/**
 * A state block of about 61,800 characters: the human part is left its minimum, less than its
 * details take. The details stay as long as the whole comment fits GitHub's limit, to the
 * character; past it they go, and the heading, the next step and the state block remain.
 */
describe("a state that leaves the details too little room", () => {
  const state = issue({ phase: "failed", planNotes: ["n".repeat(45_300)] });
  const render = (last: number) =>
    renderStatusComment(state, { boundary: ["b".repeat(2_000), "x".repeat(last)] });
  const bare = top(
    "Failed",
    "Fix the cause if needed, then comment `/ralph run` to resume (this resets the circuit breaker), or `/ralph plan` to start over.",
  ).join("\n");

  it("a state block too large for any comment is an error that says how large", () => {
    const huge = issue({ planNotes: ["n".repeat(60_000)] });
    const size = encodeStateBlock(huge).length;
    expect(() => renderStatusComment(huge)).toThrow(
      new StateBlockError(
        `state block too large for one comment: ${size} characters (limit 65536)`,
      ),
    );
  });

  it("details up to GITHUB_COMMENT_LIMIT exactly; one character more and they go", () => {
    const loose = render(1);
    expect(loose).toContain("**Agent boundary:**");
    const full = render(1 + GITHUB_COMMENT_LIMIT - loose.length);
    expect(full.length).toBe(GITHUB_COMMENT_LIMIT);
    expect(full).toContain("**Agent boundary:**");
    const over = render(2 + GITHUB_COMMENT_LIMIT - loose.length);
    expect(over.slice(0, over.indexOf("\n<!-- ralph:state"))).toBe(bare);
    expect(decodeStateBlock(over)).toEqual(state);
  });
});
