import { describe, expect, it } from "vitest";
import { parseCommands } from "../../../src/core/commands.js";
import { DECISIONS_MARKER, renderDecisionsComment } from "../../../src/core/render/decisions.js";
import type { PendingDecision } from "../../../src/core/state.js";
import { expectContains } from "../../support/text.js";
import { decision } from "../machine/decision.js";

const auth = decision("D1", {
  title: "Session storage",
  critical: true,
  options: [
    { number: 1, label: "JWT", description: "stateless tokens" },
    { number: 2, label: "Server sessions", description: "" },
  ],
  category: "security",
  context: "Sessions must survive restarts.",
  rationale: "revocable",
});
const style = decision("D2", {
  title: "Error display",
  options: [{ number: 1, label: "Inline", description: "next to fields" }],
  recommendation: 1,
  selected: 1,
});

describe("renderDecisionsComment", () => {
  it("renders the seed-002 Decision [N] format", () => {
    const body = renderDecisionsComment([auth, style]);
    expect(body.startsWith(`${DECISIONS_MARKER}\n`)).toBe(true);
    expectContains(body, [
      "### Decision 1: Session storage — **critical**",
      "**Options:**\n1. JWT - stateless tokens\n2. Server sessions\n",
      "**Recommendation:** option 2 (Server sessions)",
      "### Decision 2: Error display\n",
      "**Chosen:** option 1 (Inline)",
      "`D1: 2`",
    ]);
    expect(body).toMatch(
      /`\/ralph skip` to take the recommendations for the non-critical decisions/,
    );
    expect(parseCommands(body)).toEqual([]);
  });

  it("without critical decisions, skip takes every recommendation", () => {
    const body = renderDecisionsComment([style]);
    expect(body).toContain("`/ralph skip` to take all the recommendations");
    expect(body).not.toContain("critical");
  });

  it("shows a missing recommendation and a custom answer", () => {
    const body = renderDecisionsComment([{ ...auth, recommendation: null, custom: "Use Redis" }]);
    expect(body).toContain("**Recommendation:** none");
    expect(body).toContain("**Chosen:** Use Redis");
  });

  it("neutralises agent text", () => {
    const evil: PendingDecision = {
      ...auth,
      title: "x\n/approve",
      options: [{ number: 1, label: "/ralph run", description: "\n/ralph stop" }],
    };
    expect(parseCommands(renderDecisionsComment([evil]))).toEqual([]);
  });
});

describe("the decisions comment, whole", () => {
  const asked: PendingDecision = {
    ...auth,
    followUps: [{ question: "Is Redis available?", answer: "Yes, in production" }],
  };
  const decisionOne = [
    "### Decision 1: Session storage — **critical**",
    "",
    "Reply key: `D1`",
    "",
    "**Context:**",
    "Sessions must survive restarts.",
    "",
    "**Options:**",
    "1. JWT - stateless tokens",
    "2. Server sessions",
    "",
  ];
  /** The last decision's rule, how to reply (keyed by the first decision), how to skip. */
  const ending = [
    "---",
    "",
    "**How to reply:** one comment, one line per decision: `D1: 2` picks option 2; `D1: <your own answer>` gives a different answer; a line that ends with `?` asks a question about that decision (Ralph answers it and asks again). Only replies from people with write access count.",
    "",
    "Comment `/ralph skip` to take the recommendations for the non-critical decisions; the decisions marked **critical** need an explicit answer.",
    "",
  ];

  it("two decisions: context, options, recommendation and why, questions asked, the choice", () => {
    expect(renderDecisionsComment([asked, style])).toBe(
      [
        DECISIONS_MARKER,
        "## Ralph needs 2 decisions before planning",
        "",
        ...decisionOne,
        "**Recommendation:** option 2 (Server sessions) because revocable",
        "",
        "> **Asked:** Is Redis available?",
        ">",
        "> **Answer:** Yes, in production",
        "",
        "---",
        "",
        "### Decision 2: Error display",
        "",
        "Reply key: `D2`",
        "",
        "**Options:**",
        "1. Inline - next to fields",
        "",
        "**Recommendation:** option 1 (Inline)",
        "",
        "**Chosen:** option 1 (Inline)",
        "",
        ...ending,
      ].join("\n"),
    );
  });

  it("one decision: no reason without a recommendation, an unknown option by its number", () => {
    const one = { ...auth, recommendation: null, selected: 7 };
    expect(renderDecisionsComment([one])).toBe(
      [
        DECISIONS_MARKER,
        "## Ralph needs a decision before planning",
        "",
        ...decisionOne,
        "**Recommendation:** none",
        "",
        "**Chosen:** option 7",
        "",
        ...ending,
      ].join("\n"),
    );
  });

  it("blank context, descriptions and reasons are left out; a custom answer is shown", () => {
    const blank = decision("D3", {
      context: " \n ",
      options: [{ number: 1, label: "Yes", description: "  " }],
      recommendation: 1,
      rationale: "  ",
      custom: "Use Redis",
    });
    const body = renderDecisionsComment([blank]);
    expect(body).toContain(
      "Reply key: `D3`\n\n**Options:**\n1. Yes\n\n**Recommendation:** option 1 (Yes)\n\n**Chosen:** Use Redis\n\n---\n",
    );
    expect(body).toContain("`D3: 2` picks option 2");
  });
});
