import { describe, expect, it } from "vitest";
import {
  buildResearch,
  minimalResearch,
  parseResearch,
  parseResearchReply,
  researchSchema,
} from "../../src/core/research.js";
import { seedFixture } from "../fixtures/seeds/index.js";

const fixture = seedFixture;

const NOW = "2026-01-27T12:34:56Z";

describe("research.json (seed 002)", () => {
  it("accepts the seed's example unchanged", () => {
    const raw = fixture("research.json");
    const r = parseResearch(raw);
    expect(r).toEqual({ ok: true, value: raw });
    if (r.ok) {
      expect(r.value.specs).toHaveLength(2);
      expect(r.value.pitfalls[0]?.prevention).toMatch(/Whitelist exact redirect URIs/);
    }
  });

  it("accepts the seed's failure example", () => {
    const r = parseResearch(fixture("research-failed.json"));
    expect(r.ok && r.value.error).toBe("Research subagent failed: [error details]");
  });

  it.each([
    [{ specs: [] }, "task"],
    [
      { ...(fixture("research.json") as object), pitfalls: [{ issue: "x" }] },
      "pitfalls[0].consequence",
    ],
    [{ ...(fixture("research.json") as object), references: "none" }, "references"],
  ])("rejects %j naming the key", (raw, key) => {
    const r = parseResearch(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.join("\n")).toContain(key);
  });

  it("builds research.json from the agent's findings", () => {
    const {
      task: _task,
      researched_at: _at,
      ...findings
    } = fixture("research.json") as Record<string, unknown>;
    const built = buildResearch("implement OAuth2 login", NOW, findings);
    expect(built).toEqual({ task: "implement OAuth2 login", researched_at: NOW, ...findings });
    expect(researchSchema.safeParse(built).success).toBe(true);
  });

  it("writes the minimal file on invalid findings, never blocking", () => {
    const built = buildResearch("t", NOW, { specs: "oops" });
    expect(built).toMatchObject({
      task: "t",
      researched_at: NOW,
      specs: [],
      best_practices: [],
      pitfalls: [],
      references: [],
    });
    expect(built.error).toMatch(/^Research subagent returned invalid JSON: specs: /);
    expect(buildResearch("t", NOW, null).error).toMatch(/invalid JSON/);
  });

  it("names every invalid finding in the error, one after the other", () => {
    const built = buildResearch("t", NOW, { specs: "oops", best_practices: [], pitfalls: [] });
    expect(built.error).toBe(
      "Research subagent returned invalid JSON: specs: Invalid input: expected array, received string; references: Invalid input: expected array, received undefined",
    );
  });

  it("minimalResearch has the seed's failure shape", () => {
    expect(minimalResearch("...", "...", "Research subagent failed: [error details]")).toEqual(
      fixture("research-failed.json"),
    );
  });
});

describe("the research run's reply (docs/agents.md `research`)", () => {
  const findings = { specs: [], best_practices: [], pitfalls: [], references: [] };
  // One decision of the documented shape: two options, the first recommended.
  const options = ["English", "French"].map((label, i) => ({
    number: i + 1,
    label,
    description: "",
  }));
  const decision = { id: "D1", title: "Greeting language", category: "behavior", context: "" };
  const asked = { ...decision, options, recommendation: 1, recommendation_rationale: "English" };

  it("is the last JSON object of the message; unknown keys are dropped", () => {
    const reply = { research: { ...findings, extra: 1 }, decisions: [asked], note: "x" };
    const text = `Done.\n${JSON.stringify({ draft: true })}\n${JSON.stringify(reply)}\nBye.`;
    expect(parseResearchReply(text)).toEqual({
      ok: true,
      value: { research: findings, decisions: [asked] },
    });
  });

  it("is refused without a JSON object", () => {
    expect(parseResearchReply("no findings today")).toEqual({
      ok: false,
      errors: ["no JSON object found in the output"],
    });
  });

  it("is refused naming each list missing from the findings", () => {
    expect(parseResearchReply('{"research": {"specs": []}, "decisions": []}')).toEqual({
      ok: false,
      errors: ["best_practices", "pitfalls", "references"].map(
        (key) => `research.${key}: Invalid input: expected array, received undefined`,
      ),
    });
  });
});
