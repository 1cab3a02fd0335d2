import { describe, expect, it } from "vitest";
import type { Prd, UserStory } from "../../../src/core/prd.js";
import {
  type PrdAmendment,
  type PrdCommentInput,
  renderPrdComment,
} from "../../../src/core/render/prd-comment.js";

/** The PRD comment, whole: every section a reader sees, in its order, with its exact words. */

const REVISION = "0123456789abcdef".repeat(4);

function userStory(id: string, priority: number, criteria: string[], notes = ""): UserStory {
  return { id, title: `Title ${id}`, acceptanceCriteria: criteria, priority, passes: false, notes };
}

const PRD: Prd = {
  // A backtick in the branch name cannot open a code span of its own.
  branchName: "ralph/42-`login",
  userStories: [
    userStory("US-002", 2, ["Session cookie cleared"], "  "),
    userStory("US-001", 1, ["Form has email", "Errors inline"], "Reuse the Button"),
  ],
};

function render(changes: Partial<PrdCommentInput> = {}): string {
  return renderPrdComment({
    prd: PRD,
    planText: "## Steps\n1. Add form\n",
    revision: REVISION,
    revisionNumber: 1,
    concerns: [],
    approvalsRequired: 1,
    ...changes,
  });
}

const HEAD = (title: string, count: string) => [
  `<!-- ralph:prd revision=${REVISION} -->`,
  `## Ralph: PRD revision ${title}`,
  "",
  `${count}, implemented in this order on branch \`ralph/42-login\`. Revision \`0123456789ab\`.`,
  "",
  "| # | Story | Title | Priority | Criteria |",
  "|---|---|---|---|---|",
];

/** US-002's criteria, the last story's, and the plan after them. */
const LAST_STORY_AND_PLAN = [
  "#### US-002: Title US-002",
  "",
  "- Session cookie cleared",
  "",
  "<details>",
  "<summary>The plan</summary>",
  "",
  "## Steps",
  "1. Add form",
  "",
  "</details>",
  "",
];

const HOW_TO = (approvals: string, command: string) => [
  "### How to approve or revise",
  "",
  `This revision needs ${approvals} from people with write access. Approvals of earlier revisions do not count. Approve by:`,
  "",
  `- commenting ${command},`,
  "- reacting 👍 to this comment, or",
  "- approving the Ralph pull request.",
  "",
  "To change the plan, comment `/ralph revise <what to change>` or request changes on the pull request.",
  "",
];

/** The comment: `middle` (its top, up to US-002), then US-002, the plan and how to approve. */
const whole = (middle: string[], approvals: string, command: string) =>
  [...middle, ...LAST_STORY_AND_PLAN, ...HOW_TO(approvals, command)].join("\n");

describe("the PRD comment, whole", () => {
  it("a first plan: table, criteria and notes (blank ones left out), plan, how to approve", () => {
    expect(render()).toBe(
      whole(
        [
          ...HEAD("1", "2 stories"),
          "| 1 | US-001 | Title US-001 | 1 | 2 |",
          "| 2 | US-002 | Title US-002 | 2 | 1 |",
          "",
          "### Acceptance criteria",
          "",
          "#### US-001: Title US-001",
          "",
          "- Form has email",
          "- Errors inline",
          "",
          "_Notes:_ Reuse the Button",
          "",
        ],
        "1 approval",
        "`/approve`",
      ),
    );
  });

  it("an amended spec's plan: the amendment, forced consensus and understand notes first", () => {
    const amendment: PrdAmendment = {
      round: 2,
      source: "fix",
      by: "alice",
      auto: false,
      stories: [
        { id: "FU-1", threads: [7] },
        { id: "FU-2", threads: [] },
        { id: "FU-3", threads: [8, 9] },
      ],
    };
    const body = render({
      prd: { ...PRD, userStories: [PRD.userStories[0] as UserStory] },
      revisionNumber: 4,
      specId: "specs/`a.md",
      concerns: ["No rollback", "Tests vague"],
      understand: { reasons: ["map is stale", "planner unsure"], iterations: 1 },
      approvalsRequired: 2,
      amendment,
    });
    expect(body).toBe(
      whole(
        [
          ...HEAD("4 for `specs/a.md` (follow-up round 2)", "1 story"),
          "| 1 | US-002 | Title US-002 | 2 | 1 |",
          "",
          "> [!NOTE]",
          "> **Amendment: follow-up round 2.** From the `/ralph fix` of @alice, Ralph added **FU-1**, **FU-2**, **FU-3** after the verified stories, which stay verified and are re-checked before done.",
          ">",
          "> - FU-1 answers review thread 7",
          "> - FU-3 answers review threads 8, 9",
          "",
          "> [!WARNING]",
          "> **Consensus was forced.** The critic still had these concerns when the round limit was reached:",
          ">",
          "> - No rollback",
          "> - Tests vague",
          "",
          "> [!NOTE]",
          "> **Refreshing the codebase map is recommended** before implementing: comment `/ralph understand` (1 topic to cover, up to 3 per run; it writes only the map). Why:",
          ">",
          "> - map is stale",
          "> - planner unsure",
          "",
          "### Acceptance criteria",
          "",
        ],
        "2 approvals",
        "`/approve` (or `/approve specs/a.md`)",
      ),
    );
  });

  it("understand over several topics counts them", () => {
    expect(render({ understand: { reasons: ["no map"], iterations: 3 } })).toContain(
      "\n> **Refreshing the codebase map is recommended** before implementing: comment `/ralph understand` (3 topics to cover, up to 3 per run; it writes only the map). Why:\n>\n> - no map\n\n### Acceptance criteria\n",
    );
    expect(render({ understand: null })).not.toContain("Refreshing the codebase map");
  });
});

describe("the amendment's note", () => {
  const amendment = (changes: Partial<PrdAmendment>): PrdAmendment => ({
    round: 3,
    source: "review",
    by: "bob",
    auto: true,
    stories: [{ id: "FU-4", threads: [] }],
    ...changes,
  });
  const note = (body: string) => body.slice(body.indexOf("> [!NOTE]"), body.indexOf("### Accept"));
  const added =
    "Ralph added **FU-4** after the verified stories, which stay verified and are re-checked before done.";

  it.each([
    [{ source: "ci", by: null }, "From Ralph's own failing check"],
    [{ source: "conflict", by: null }, "From Ralph's own conflict with the default branch"],
    [{ source: "review", by: "bob" }, "From the review of @bob"],
  ])("%o: who asked, and no thread lines when no story answers one", (changes, from) => {
    expect(note(render({ amendment: amendment(changes) }))).toBe(
      `> [!NOTE]\n> **Amendment: follow-up round 3.** ${from}, ${added}\n\n`,
    );
  });

  it.each([
    [
      "bob",
      "The request of @bob, who has write access, is this amendment's approval (`gates.followup: auto`): Ralph implements the follow-up stories now, then re-verifies every story and answers the review threads with the commits.",
    ],
    [
      null,
      "Ralph formed these stories itself to restore what was approved; it implements them now and re-verifies every story.",
    ],
  ])("runs at once when asked by %s: what stands for the approval", (by, text) => {
    const body = render({ amendment: amendment({ by }) });
    expect(body.slice(body.indexOf("</details>"))).toBe(
      `</details>\n\n### No new approval needed\n\n${text}\n`,
    );
  });
});

describe("text cut to fit, with where the whole is", () => {
  const links = { plan: "https://gh/blob/plan.md", prd: "https://gh/blob/prd.json" };
  const storyNote = (where: string) =>
    `\n\n_Long criteria and notes are cut here; the whole text is ${where}._\n\n<details>\n`;
  const planNote = (where: string) =>
    `\n\n_The plan is cut here; the whole text is ${where}._\n\n</details>\n`;
  const withStory = (criteria: string[], notes: string) => ({
    prd: { ...PRD, userStories: [...PRD.userStories, userStory("US-003", 3, criteria, notes)] },
  });
  const long = "c".repeat(1_001);

  it.each([
    ["a long criterion among short ones", withStory(["short", long], "")],
    ["long notes", withStory(["short"], long)],
  ])("%s is cut, and the comment says so", (_, changes) => {
    expect(render({ ...changes, links })).toContain(storyNote(`[on the branch](${links.prd})`));
    expect(render(changes)).toContain(storyNote("on the branch"));
  });

  it("criteria and notes of 1,000 characters are whole", () => {
    const body = render(withStory(["c".repeat(1_000)], "n".repeat(1_000)));
    expect(body).toContain(
      `\n- ${"c".repeat(1_000)}\n\n_Notes:_ ${"n".repeat(1_000)}\n\n<details>`,
    );
    expect(body).not.toContain("cut here");
  });

  it("a plan over 40,000 characters is cut; one of 40,000 with trailing blanks is whole", () => {
    expect(render({ planText: "p".repeat(40_001), links })).toContain(
      planNote(`[on the branch](${links.plan})`),
    );
    expect(render({ planText: "p".repeat(40_001) })).toContain(planNote("on the branch"));
    const whole = render({ planText: `${"p".repeat(40_000)}\n\n  \n` });
    expect(whole).toContain(`\n${"p".repeat(40_000)}\n\n</details>\n`);
    expect(whole).not.toContain("cut here");
  });
});

describe("the revision it binds approvals to", () => {
  it.each([`x${REVISION}`, `${REVISION}0`])(
    "must be a sha256 hex digest and nothing more: %s",
    (revision) => {
      expect(() => render({ revision })).toThrow(
        `PRD revision must be a sha256 hex digest, got '${revision.slice(0, 20)}'`,
      );
    },
  );

  it("the error quotes at most 20 characters of it", () => {
    expect(() => render({ revision: `${"z".repeat(20)}${"y".repeat(50)}` })).toThrow(
      /, got 'z{20}'$/,
    );
  });
});
