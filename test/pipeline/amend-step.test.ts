import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FollowUpFeedback } from "../../src/core/followup.js";
import { PRD_LIMITS, prdRevision } from "../../src/core/prd.js";
import { type AmendStepInput, runAmendStep } from "../../src/pipeline/amend-step.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import {
  PLAN_MD,
  prdOf,
  records,
  type Step,
  stepContext,
  story,
  writeScenario,
} from "../fixtures/pipeline/scenario.js";

/** The amend step (DESIGN §2.3) with a scripted `command` agent in a real git repository. */

const plans = ".ralph/specs/plans";
const PRD_FILE = `${plans}/add-greeting.prd.json`;
const PLAN_FILE = `${plans}/add-greeting.md`;

const FEEDBACK: FollowUpFeedback = {
  text: ["Please rename and handle empties."],
  threads: [
    { id: 501, path: "src/a.ts", line: 3, author: "alice", text: "Rename x to count", url: null },
    { id: 502, path: "src/b.ts", line: 9, author: "alice", text: "Handle []", url: null },
  ],
  ciFailures: [],
  conflicts: [],
};

function doneRepo(stories = [{ ...story("US-1", 1), passes: true }]) {
  return makeRepo({
    ".ralph/specs/add-greeting.md": "# Add a greeting\n\nPrint hello.\n",
    [PLAN_FILE]: PLAN_MD("approach A"),
    [PRD_FILE]: `${JSON.stringify(prdOf(...stories), null, 2)}\n`,
  });
}

function amendment(followUps: unknown[], planAddendum = "Rename x; guard the empty list."): Step {
  return { prose: "Here it is:\n", envelope: { followUps, planAddendum } };
}

const fu = (id: string, answers: number[]) => ({
  id,
  title: `Follow-up ${id}`,
  acceptanceCriteria: [`${id} works`, "npm test passes"],
  notes: "",
  answers,
});

const input = (over: Partial<AmendStepInput> = {}): AmendStepInput => ({
  round: 1,
  source: "review",
  by: "alice",
  feedback: FEEDBACK,
  ...over,
});

describe("runAmendStep", () => {
  it("the planner in amend mode: FU stories after the verified ones, the plan's addendum, a new revision", async () => {
    const repo = doneRepo();
    const handle = writeScenario({ amend: [amendment([fu("FU-1", [501]), fu("FU-2", [502])])] });
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    const result = await runAmendStep(ctx, input());
    expect(result).toMatchObject({ kind: "amended", runs: 1 });
    if (result.kind !== "amended") return;
    expect(result.stories).toEqual([
      { id: "FU-1", threads: [501] },
      { id: "FU-2", threads: [502] },
    ]);
    const prd = JSON.parse(readFileSync(join(repo.dir, PRD_FILE), "utf8"));
    expect(prd).toEqual(result.prd);
    expect(
      prd.userStories.map((s: { id: string; passes: boolean; priority: number }) => [
        s.id,
        s.passes,
        s.priority,
      ]),
    ).toEqual([
      ["US-1", true, 1],
      ["FU-1", false, 2],
      ["FU-2", false, 3],
    ]);
    expect(prd.userStories[1].notes).toBe("Answers review thread 501.");
    const plan = readFileSync(join(repo.dir, PLAN_FILE), "utf8");
    expect(plan).toBe(result.planText);
    expect(plan).toContain(
      "## Follow-up round 1\n\nRename x; guard the empty list.\n\n- FU-1: Follow-up FU-1",
    );
    expect(result.revision).toBe(prdRevision(result.prd, result.planText));
    // The agent was told it amends (RALPH_PHASE), with the feedback in its prompt and in a file.
    const [run] = records(handle.recordDir);
    expect(run?.env.RALPH_PHASE).toBe("amend");
    const file = JSON.parse(readFileSync(run?.env.RALPH_FEEDBACK_FILE ?? "", "utf8"));
    expect(file).toEqual({
      version: 1,
      round: 1,
      source: "review",
      requestedBy: "alice",
      ...FEEDBACK,
      stories: {},
    });
    expect(run?.prompt).toContain("thread 501: src/a.ts:3 (by @alice)");
    expect(run?.prompt).toContain("Rename x to count");
    expect(run?.prompt).toContain("numbered FU-1, FU-2");
    // Read-only: nothing but what Ralph wrote changed.
    const status = repo.git("status", "--porcelain", "--untracked-files=all");
    expect(
      status
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean)
        .sort(),
    ).toEqual([`M ${PLAN_FILE}`, `M ${PRD_FILE}`]);
  });

  it("an invalid envelope is retried with the errors: a thread left unanswered, a wrong id", async () => {
    const repo = doneRepo();
    const handle = writeScenario({
      amend: [amendment([fu("FU-3", [501])]), amendment([fu("FU-1", [501, 502])])],
    });
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    const result = await runAmendStep(ctx, input());
    expect(result).toMatchObject({ kind: "amended", runs: 2 });
    const second = records(handle.recordDir)[1];
    expect(second?.prompt).toContain('followUps[0].id: must be "FU-1" (got "FU-3")');
    expect(second?.prompt).toContain("not answered: 502");
  });

  it.each([
    [1, "2 runs"],
    [0, "1 run"],
  ])(
    "still invalid after the retries (%i): invalid_output with the last errors",
    async (maxRetries, runs) => {
      const repo = doneRepo();
      const handle = writeScenario({ amend: [{ stdout: "no envelope here\n" }] });
      const ctx = await stepContext(repo, handle, "add-greeting.md");
      const result = await runAmendStep(ctx, input({ maxRetries }));
      expect(result).toMatchObject({ kind: "invalid_output", runs: maxRetries + 1 });
      if (result.kind !== "invalid_output") return;
      expect(result.errors[0]).toBe(`the amend envelope was still invalid after ${runs}`);
      expect(readFileSync(join(repo.dir, PRD_FILE), "utf8")).not.toContain("FU-");
    },
  );

  const draft = (title: string) => ({
    title,
    acceptanceCriteria: ["it holds"],
    notes: "",
    threads: [],
  });
  it.each([
    [PRD_LIMITS.stories, undefined, "so no follow-up story fits"],
    // A round Ralph formed itself with two stories, one place left.
    [
      PRD_LIMITS.stories - 1,
      [draft("One"), draft("Two")],
      "so only 1 more fits (this round needs 2)",
    ],
  ])(
    "a PRD of %i stories takes no more than it has room for: refused before any agent run, with why",
    async (size, drafts, why) => {
      const full = Array.from({ length: size }, (_, i) => ({
        ...story(`US-${i + 1}`, i + 1),
        passes: true,
      }));
      const repo = doneRepo(full);
      const handle = writeScenario({ amend: [amendment([fu("FU-1", [501, 502])])] });
      const ctx = await stepContext(repo, handle, "add-greeting.md");
      const result = await runAmendStep(ctx, input(drafts === undefined ? {} : { drafts }));
      expect(result).toMatchObject({ kind: "invalid_output", runs: 0 });
      expect(JSON.stringify(result)).toContain(
        `the PRD holds ${size} stories and Ralph carries at most ${PRD_LIMITS.stories} in one PRD, ${why}`,
      );
      expect(records(handle.recordDir)).toHaveLength(0);
      expect(readFileSync(join(repo.dir, PRD_FILE), "utf8")).not.toContain("FU-");
    },
  );

  it("an amendment with more stories than the PRD has room for is retried with the room", async () => {
    const nearlyFull = Array.from({ length: PRD_LIMITS.stories - 1 }, (_, i) => ({
      ...story(`US-${i + 1}`, i + 1),
      passes: true,
    }));
    const repo = doneRepo(nearlyFull);
    const handle = writeScenario({
      amend: [
        amendment([fu("FU-1", [501]), fu("FU-2", [502])]),
        amendment([fu("FU-1", [501, 502])]),
      ],
    });
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    const result = await runAmendStep(ctx, input());
    expect(result).toMatchObject({ kind: "amended", runs: 2 });
    expect(records(handle.recordDir)[1]?.prompt).toContain(
      "followUps: 2 stories, but the PRD has room for 1 more",
    );
  });

  it("a planner that writes files in amend mode fails at once; its changes are reverted", async () => {
    const repo = doneRepo();
    const handle = writeScenario({
      amend: [{ ...amendment([fu("FU-1", [501, 502])]), files: { "src/a.ts": "sneaky\n" } }],
    });
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    const result = await runAmendStep(ctx, input());
    expect(result).toMatchObject({ kind: "invalid_output", runs: 1 });
    expect(JSON.stringify(result)).toContain("src/a.ts");
    expect(repo.git("status", "--porcelain")).toBe("");
  });

  it("stories Ralph formed itself: no agent run, numbered on from the last FU story", async () => {
    const repo = doneRepo([
      { ...story("US-1", 1), passes: true },
      { ...story("FU-1", 2), passes: true },
    ]);
    const handle = writeScenario({});
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    const result = await runAmendStep(
      ctx,
      input({
        round: 2,
        source: "ci",
        by: null,
        feedback: { ...FEEDBACK, threads: [], text: [] },
        drafts: [
          {
            title: "Make the tests pass",
            acceptanceCriteria: ["npm test passes"],
            notes: "",
            threads: [],
          },
        ],
      }),
    );
    expect(result).toMatchObject({
      kind: "amended",
      runs: 0,
      stories: [{ id: "FU-2", threads: [] }],
    });
    expect(records(handle.recordDir)).toEqual([]);
    expect(readFileSync(join(repo.dir, PLAN_FILE), "utf8")).toContain(
      "## Follow-up round 2\n\nRalph formed these stories itself from the failing checks",
    );
  });

  it("a revised amendment replaces its round's stories and addendum", async () => {
    const repo = doneRepo();
    const handle = writeScenario({
      amend: [
        amendment([fu("FU-1", [501, 502])], "First idea."),
        amendment([fu("FU-1", [501]), fu("FU-2", [502])], "Second idea."),
      ],
    });
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    await runAmendStep(ctx, input());
    const again = await runAmendStep(ctx, input({ replace: ["FU-1"] }));
    expect(again).toMatchObject({ kind: "amended" });
    if (again.kind !== "amended") return;
    expect(again.prd.userStories.map((s) => s.id)).toEqual(["US-1", "FU-1", "FU-2"]);
    expect(again.planText).not.toContain("First idea.");
    expect(again.planText.match(/## Follow-up round 1/g)).toHaveLength(1);
  });

  it("a run again after an amendment whose result never arrived replaces it, not adds to it", async () => {
    const repo = doneRepo();
    const handle = writeScenario({ amend: [amendment([fu("FU-1", [501, 502])])] });
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    await runAmendStep(ctx, input());
    // The runner died after pushing: the state still knows only US-1.
    const again = await runAmendStep(ctx, input({ known: ["US-1"] }));
    expect(again).toMatchObject({ kind: "amended", stories: [{ id: "FU-1" }] });
    if (again.kind !== "amended") return;
    expect(again.prd.userStories.map((s) => s.id)).toEqual(["US-1", "FU-1"]);
  });

  it("without a PRD or plan on the branch it cannot amend (a crash with the reason)", async () => {
    const repo = makeRepo({ ".ralph/specs/add-greeting.md": "# Add a greeting\n" });
    const handle = writeScenario({});
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    const result = await runAmendStep(ctx, input());
    expect(result).toMatchObject({
      kind: "crash",
      message: expect.stringContaining("cannot amend"),
    });
  });
});
