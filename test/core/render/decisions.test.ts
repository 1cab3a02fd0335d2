import { describe, expect, it } from "vitest";
import { parseCommands } from "../../../src/core/commands.js";
import { DECISIONS_MARKER, renderDecisionsComment } from "../../../src/core/render/decisions.js";
import type { PendingDecision } from "../../../src/core/state.js";

const auth: PendingDecision = {
  id: "D1",
  title: "Session storage",
  critical: true,
  options: [
    { number: 1, label: "JWT", description: "stateless tokens" },
    { number: 2, label: "Server sessions", description: "" },
  ],
  recommendation: 2,
  selected: null,
  custom: null,
  category: "security",
  context: "Sessions must survive restarts.",
  rationale: "revocable",
  followUps: [],
};
const style: PendingDecision = {
  id: "D2",
  title: "Error display",
  critical: false,
  options: [{ number: 1, label: "Inline", description: "next to fields" }],
  recommendation: 1,
  selected: 1,
  custom: null,
  category: "behavior",
  context: "",
  rationale: "",
  followUps: [],
};

describe("renderDecisionsComment", () => {
  it("renders the seed-002 Decision [N] format", () => {
    const body = renderDecisionsComment([auth, style]);
    expect(body.startsWith(`${DECISIONS_MARKER}\n`)).toBe(true);
    expect(body).toContain("### Decision 1: Session storage — **critical**");
    expect(body).toContain("**Options:**\n1. JWT - stateless tokens\n2. Server sessions\n");
    expect(body).toContain("**Recommendation:** option 2 (Server sessions)");
    expect(body).toContain("### Decision 2: Error display\n");
    expect(body).toContain("**Chosen:** option 1 (Inline)");
    expect(body).toContain("`D1: 2`");
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
