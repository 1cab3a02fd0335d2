/**
 * What the decisions become outside the machine (seed 002): the planner's lines, Ralph's answer
 * to a question about a decision, and decisions.json on the branch and back. Mutation testing
 * found these reached by no test of test/core.
 */
import { describe, expect, it } from "vitest";
import {
  decisionLines,
  decisionsFileOf,
  followUpAnswer,
  isFollowUpQuestion,
  pendingFromFile,
  resetDecisions,
} from "../../src/core/decisions.js";
import type { PendingDecision } from "../../src/core/state.js";
import { decision } from "./machine/decision.js";

const OPTIONS = [
  { number: 1, label: "Postgres", description: " relational, already in use " },
  { number: 2, label: "SQLite", description: "" },
];
const chosen = decision("D1", { title: "Database", options: OPTIONS, selected: 1 });
const own = decision("D2", { title: "Cache", custom: "  Redis, as in prod  " });
const open = decision("D3", { title: "Queue" });
const blank = decision("D4", { title: "Logs", custom: "   " });

describe("decisionLines: the planner's view of what was decided", () => {
  it("an option with its description, the maintainers' own answer, nothing for the open ones", () => {
    const asked = {
      ...chosen,
      followUps: [{ question: "Why not MySQL?", answer: "Not used here." }],
    };
    expect(decisionLines([asked, own, open, blank])).toEqual([
      "D1 Database: option 1: Postgres -  relational, already in use ",
      "  (asked: Why not MySQL? / answered: Not used here.)",
      "D2 Cache: the maintainers' own answer: Redis, as in prod",
    ]);
    const plain = { ...chosen, selected: 2 };
    expect(decisionLines([plain])).toEqual(["D1 Database: option 2: SQLite"]);
  });
});

describe("followUpAnswer: Ralph answers a question about a decision from its research", () => {
  it.each([
    [
      "context, options, the recommendation and why, critical",
      {
        context: " Two stores fit. ",
        rationale: " it is already running ",
        recommendation: 1,
        critical: true,
      },
      "Two stores fit. Option 1 (Postgres): relational, already in use. Option 2 (SQLite). Ralph recommends option 1 because it is already running. This decision is critical: planning waits for an explicit answer.",
    ],
    [
      "no context, a recommendation without a reason, not critical",
      { context: "  ", rationale: "", recommendation: 2 },
      "Option 1 (Postgres): relational, already in use. Option 2 (SQLite). Ralph recommends option 2.",
    ],
    [
      "no recommendation",
      { recommendation: null },
      "Option 1 (Postgres): relational, already in use. Option 2 (SQLite).",
    ],
  ] as [string, Partial<PendingDecision>, string][])("%s", (_name, patch, said) => {
    expect(followUpAnswer(decision("D1", { options: OPTIONS, ...patch }))).toBe(said);
  });

  it.each([
    ["Why not MySQL?", true],
    ["Why not MySQL?  ", true],
    ["Use MySQL.", false],
    ["? then an answer", false],
  ])("%j is a question: %s", (text, question) => {
    expect(isFollowUpQuestion(text)).toBe(question);
  });
});

describe("decisions.json and back", () => {
  it("writes each decision as the seed's file has it", () => {
    const security = decision("D5", { category: " Security ", critical: true, selected: 2 });
    const file = decisionsFileOf("Add login", "2026-01-02", [chosen, own, security, open], ["D3"]);
    expect(file).toMatchObject({ task: "Add login", decided_at: "2026-01-02", deferred: ["D3"] });
    expect(file.critical_resolved).toBe(true);
    expect(
      file.decisions.map((d) => [d.id, d.category, d.selected_option, d.user_response]),
    ).toEqual([
      ["D1", "behavior", 1, "1"],
      ["D2", "behavior", null, "  Redis, as in prod  "],
      ["D5", "security", 2, "2"],
      ["D3", "behavior", null, ""],
    ]);
    expect(
      decisionsFileOf("t", "d", [decision("D6", { category: "weather" })]).decisions[0]?.category,
    ).toBe("behavior");
  });

  it("an open critical decision leaves critical_resolved false", () => {
    const critical = decision("D7", { category: "security", critical: true });
    expect(decisionsFileOf("t", "d", [critical]).critical_resolved).toBe(false);
  });

  it("reads back what it wrote; a blank own answer is none", () => {
    const decisions = [
      chosen,
      own,
      open,
      { ...decision("D8", { category: "security" }), critical: true },
    ];
    const file = decisionsFileOf("t", "d", decisions);
    expect(pendingFromFile(file)).toEqual(decisions);
    const blankAnswer = { ...file, decisions: [{ ...file.decisions[2]!, user_response: "  " }] };
    expect(pendingFromFile(blankAnswer)[0]?.custom).toBeNull();
    // The file copies the options: changing them there leaves the source decisions as they were.
    file.decisions[0]!.options[0]!.label = "changed";
    expect(chosen.options[0]?.label).toBe("Postgres");
  });

  it("--reset-decisions opens every decision again, the research kept", () => {
    const asked = { ...chosen, custom: "x", followUps: [{ question: "q?", answer: "a" }] };
    expect(resetDecisions([asked])).toEqual([
      { ...chosen, selected: null, custom: null, followUps: [] },
    ]);
  });
});
