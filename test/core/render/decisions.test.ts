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
