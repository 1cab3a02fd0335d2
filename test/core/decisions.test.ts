import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  criticalCategories,
  criticalResolved,
  isCritical,
  parseDecisionReply,
  parseDecisionsFile,
} from "../../src/core/decisions.js";
import type { PendingDecision } from "../../src/core/state.js";
import { seedFixture } from "../fixtures/seeds/index.js";
import { binaryString } from "../support/binary-string.js";
import { choices, decision } from "./machine/decision.js";

const fixture = seedFixture;

function pending(id: string, options: string[], extra: Partial<PendingDecision> = {}) {
  return decision(id, {
    title: `decision ${id}`,
    options: choices(...options),
    recommendation: 1,
    ...extra,
  });
}

const D1 = pending("D1", ["httpOnly cookies", "Server-side sessions"]);
const D2 = pending("D2", ["express-session", "cookie-session", "Custom implementation"]);
const BOTH = [D1, D2];

describe("decisions.json (seed 002)", () => {
  it("accepts the seed's example and the no-decisions file", () => {
    const raw = fixture("decisions.json");
    expect(parseDecisionsFile(raw)).toEqual({ ok: true, value: raw });
    expect(parseDecisionsFile(fixture("decisions-minimal.json")).ok).toBe(true);
  });

  it.each([
    [{ category: "vibes" }, "decisions[0].category"],
    [{ options: [] }, "decisions[0].options"],
    [{ recommendation: "2" }, "decisions[0].recommendation"],
    [{ follow_up_questions: [{ question: "q" }] }, "decisions[0].follow_up_questions[0].answer"],
  ])("rejects a decision with %j", (patch, key) => {
    const raw = fixture("decisions.json") as { decisions: object[] };
    raw.decisions[0] = { ...raw.decisions[0], ...patch };
    const r = parseDecisionsFile(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.join("\n")).toContain(key);
  });

  it("accepts categories in any case", () => {
    const raw = fixture("decisions.json") as { decisions: object[] };
    raw.decisions[0] = { ...raw.decisions[0], category: "Security" };
    const r = parseDecisionsFile(raw);
    expect(r.ok && r.value.decisions[0]?.category).toBe("security");
  });
});

describe("critical decisions", () => {
  it.each([
    ["architecture", {}, true],
    ["security", {}, true],
    ["technology", {}, false],
    ["technology", { affectsCore: true }, true],
    ["integration", {}, false],
    ["integration", { blocksImplementation: true }, true],
    ["behavior", { affectsCore: true, blocksImplementation: true }, false],
  ] as const)("%s %j is critical: %s", (category, hint, expected) => {
    expect(isCritical(category, hint)).toBe(expected);
  });

  it("lists the always-critical categories", () => {
    expect(criticalCategories).toEqual(["architecture", "security"]);
  });

  it("critical_resolved needs an answer for every critical decision", () => {
    const crit = { ...D1, critical: true };
    expect(criticalResolved([crit, D2])).toBe(false);
    expect(criticalResolved([{ ...crit, selected: 2 }, D2])).toBe(true);
    expect(criticalResolved([{ ...crit, custom: "use Redis" }, D2])).toBe(true);
    expect(criticalResolved([{ ...crit, custom: "  " }])).toBe(false);
    expect(criticalResolved([])).toBe(true);
  });
});

describe("parseDecisionReply", () => {
  it.each([
    ["D1: 2\nD2 - 1", BOTH, { D1: { selected: 2 }, D2: { selected: 1 } }],
    ["d2 = 3", BOTH, { D2: { selected: 3 } }],
    ["- **D1**: option 2", BOTH, { D1: { selected: 2 } }],
    ["1. 2\n2. 1", BOTH, { D1: { selected: 2 }, D2: { selected: 1 } }],
    ["2) 3", BOTH, { D2: { selected: 3 } }],
    ["D1: 2 because it is easier to revoke", BOTH, { D1: { selected: 2 } }],
    ["D2: Cookie-Session", BOTH, { D2: { selected: 2 } }],
    ["D1: keep tokens in Redis instead", BOTH, { D1: { custom: "keep tokens in Redis instead" } }],
    ["2", [D1], { D1: { selected: 2 } }],
    ["Option 1.", [D1], { D1: { selected: 1 } }],
    ["D1: 1\nD1: 2", BOTH, { D1: { selected: 2 } }],
  ])("reads %j", (text, decisions, expected) => {
    expect(Object.fromEntries(parseDecisionReply(text, decisions))).toEqual(expected);
  });

  it.each([
    ["a bare number with two decisions open", "2", BOTH],
    ["an option that does not exist", "D1: 7\n3. 1", BOTH],
    ["a quoted line", "> D1: 2", BOTH],
    ["a line in a code fence", "```\nD1: 2\n```", BOTH],
    ["an HTML comment", "<!-- D1: 2 -->", BOTH],
    ["a question", "Does express-session support clustering?", BOTH],
    ["an unknown id", "D9: 1", BOTH],
    ["an empty value", "D1:", BOTH],
    ["no decisions", "D1: 1", []],
  ])("ignores %s", (_name, text, decisions) => {
    expect(parseDecisionReply(text, decisions).size).toBe(0);
  });

  it("never throws and only answers known decisions with existing options", () => {
    const line = fc.oneof(
      fc.string(),
      fc.constantFrom("D1: 2", "d2 - 9", "1. 1", "3. 1", "2", "```", "> D1: 1", "D1: x"),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.boolean(), (lines, one) => {
        const decisions = one ? [D1] : BOTH;
        const answers = parseDecisionReply(lines.join("\n"), decisions);
        for (const [id, a] of answers) {
          const d = decisions.find((x) => x.id === id);
          expect(d).toBeDefined();
          if ("selected" in a) expect(d?.options.some((o) => o.number === a.selected)).toBe(true);
          else expect(a.custom.trim()).not.toBe("");
        }
      }),
    );
    fc.assert(fc.property(binaryString(), (s) => void parseDecisionReply(s, BOTH)));
  });
});
