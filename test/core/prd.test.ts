import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/canonical-json.js";
import {
  PRD_LIMITS,
  type Prd,
  prdRevision,
  storiesInOrder,
  validateEnvelope,
  validatePrd,
} from "../../src/core/prd.js";
import { seedFixture } from "../fixtures/seeds/index.js";

const fixture = seedFixture;

function validFixturePrd(): Prd {
  const r = validatePrd(fixture("prd-valid.json"));
  if (!r.ok) throw new Error(r.errors.join("\n"));
  return r.value;
}

const PLAN = "# Plan: issue-42\n\n## Steps\n1. Add middleware\n";

/** Same JSON, keys in reverse insertion order at every level. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .reverse()
      .map(([k, v]) => [k, reverseKeys(v)]),
  );
}

describe("validatePrd (seed 003 strict PRD)", () => {
  it("accepts a PRD with exactly the seed's keys", () => {
    const raw = fixture("prd-valid.json");
    expect(validatePrd(raw)).toEqual({ ok: true, value: raw });
  });

  it("rejects the same PRD with one extra top-level key, naming it", () => {
    expect(validatePrd(fixture("prd-extra-key.json"))).toEqual({
      ok: false,
      errors: ["description: unknown key"],
    });
  });

  it.each([
    [
      (p: Prd) => ({ ...p, userStories: [{ ...p.userStories[0], estimate: 3 }] }),
      "userStories[0].estimate: unknown key",
    ],
    [
      (p: Prd) => ({ ...p, userStories: [{ ...p.userStories[0], passes: "no" }] }),
      "userStories[0].passes",
    ],
    [(p: Prd) => ({ ...p, userStories: [] }), "userStories"],
    [(p: Prd) => ({ ...p, branchName: undefined }), "branchName"],
    [
      (p: Prd) => ({ ...p, userStories: [p.userStories[0], p.userStories[0]] }),
      "duplicate story id 'US-001'",
    ],
    [
      (p: Prd) => ({ ...p, userStories: [{ ...p.userStories[0], acceptanceCriteria: [] }] }),
      "acceptanceCriteria",
    ],
    // Issue 9: a blank criterion is no criterion, a verifier could not be held to it.
    [
      (p: Prd) => ({ ...p, userStories: [{ ...p.userStories[0], acceptanceCriteria: [" "] }] }),
      "userStories[0].acceptanceCriteria[0]: must not be blank",
    ],
  ])("rejects a broken PRD (%#) naming %s", (mutate, expected) => {
    const r = validatePrd(mutate(validFixturePrd()));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.join("\n")).toContain(expected);
  });
});

describe("validateEnvelope (seed 003 planner envelope)", () => {
  const base = {
    questions: ["Which test command?"],
    uncertainties: [{ topic: "auth", reason: "r", evidenceMissing: "e" }],
    prdDraft: null,
    recommendUnderstand: { shouldRun: true, reasons: ["no map"] },
  };

  it("accepts an envelope without a draft", () => {
    expect(validateEnvelope(base)).toEqual({ ok: true, value: base });
  });

  it("accepts an envelope with a valid draft", () => {
    const r = validateEnvelope({ ...base, prdDraft: fixture("prd-valid.json") });
    expect(r.ok && r.value.prdDraft?.branchName).toBe("ralph/42-authz-api");
  });

  it("prefixes draft errors with prdDraft.", () => {
    expect(validateEnvelope({ ...base, prdDraft: fixture("prd-extra-key.json") })).toEqual({
      ok: false,
      errors: ["prdDraft.description: unknown key"],
    });
  });

  it.each([
    [{ ...base, extra: 1 }, "extra: unknown key"],
    [{ ...base, questions: "q" }, "questions"],
    [{ ...base, recommendUnderstand: { shouldRun: true } }, "recommendUnderstand.reasons"],
  ])("rejects %j", (raw, expected) => {
    const r = validateEnvelope(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.join("\n")).toContain(expected);
  });
});

describe("canonicalJson and prdRevision (DESIGN §3.3)", () => {
  it("canonicalJson sorts keys at every level and drops undefined", () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[{"y":2,"z":1}]},"b":1}',
    );
  });

  it("canonicalJson is stable under key reordering", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(canonicalJson(reverseKeys(v))).toBe(canonicalJson(v));
        expect(JSON.parse(canonicalJson(v))).toEqual(JSON.parse(JSON.stringify(v)));
      }),
    );
  });

  it("is a sha256 hex digest, stable under key reordering", () => {
    const prd = validFixturePrd();
    const rev = prdRevision(prd, PLAN);
    expect(rev).toMatch(/^[0-9a-f]{64}$/);
    expect(prdRevision(reverseKeys(prd) as Prd, PLAN)).toBe(rev);
    expect(prdRevision(prd, PLAN.replace(/\n/g, "\r\n"))).toBe(rev);
  });

  it("changes when a criterion, a title or the plan text changes", () => {
    const prd = validFixturePrd();
    const rev = prdRevision(prd, PLAN);
    const s0 = prd.userStories[0]!;
    const criterion = {
      ...prd,
      userStories: [
        { ...s0, acceptanceCriteria: [...s0.acceptanceCriteria, "lint passes"] },
        ...prd.userStories.slice(1),
      ],
    };
    expect(prdRevision(criterion, PLAN)).not.toBe(rev);
    const title = { ...prd, userStories: [{ ...s0, title: "Other" }, ...prd.userStories.slice(1)] };
    expect(prdRevision(title, PLAN)).not.toBe(rev);
    expect(prdRevision(prd, `${PLAN}2. Add tests\n`)).not.toBe(rev);
  });

  it("does not change when only `passes` flips", () => {
    const prd = validFixturePrd();
    const flipped = {
      ...prd,
      userStories: prd.userStories.map((s) => ({ ...s, passes: !s.passes })),
    };
    expect(prdRevision(flipped, PLAN)).toBe(prdRevision(prd, PLAN));
  });
});

describe("storiesInOrder", () => {
  it("orders by priority, then PRD order", () => {
    const prd = validFixturePrd();
    const [a, b] = prd.userStories as [Prd["userStories"][0], Prd["userStories"][0]];
    const mixed: Prd = {
      ...prd,
      userStories: [
        { ...b, id: "S-3", priority: 2 },
        { ...a, id: "S-1", priority: 1 },
        { ...b, id: "S-4", priority: 2 },
        { ...a, id: "S-2", priority: 1 },
      ],
    };
    expect(storiesInOrder(mixed).map((s) => s.id)).toEqual(["S-1", "S-2", "S-3", "S-4"]);
    expect(mixed.userStories.map((s) => s.id)).toEqual(["S-3", "S-1", "S-4", "S-2"]);
  });
});

describe("what Ralph can carry (DESIGN §6.4): refused at planning, never at story 74", () => {
  const draft = (stories: Prd["userStories"]) => ({
    questions: [],
    uncertainties: [],
    prdDraft: { branchName: "ralph/x", userStories: stories },
    recommendUnderstand: { shouldRun: false, reasons: [] },
  });
  const story = (id: string, title = `Story ${id}`) => ({
    id,
    title,
    acceptanceCriteria: [`${id} works`],
    priority: 1,
    passes: false,
    notes: "",
  });

  it(`accepts ${PRD_LIMITS.stories} stories and refuses one more, saying what to do`, () => {
    const most = Array.from({ length: PRD_LIMITS.stories }, (_, i) => story(`US-${i}`));
    expect(validateEnvelope(draft(most)).ok).toBe(true);
    const result = validateEnvelope(draft([...most, story("US-X")]));
    expect(result).toEqual({
      ok: false,
      errors: [
        `prdDraft.userStories: ${PRD_LIMITS.stories + 1} stories, but Ralph carries at most ${PRD_LIMITS.stories} in one PRD: merge small stories into larger ones, or plan a first part of the work and leave the rest for another issue`,
      ],
    });
  });

  it.each([
    ["a space", "US 1"],
    ["markdown", "**US-1**"],
    ["a leading dash", "-US-1"],
    ["too many characters", "U".repeat(PRD_LIMITS.storyId + 1)],
  ])("refuses a story id with %s", (_, id) => {
    const result = validateEnvelope(draft([story(id)]));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatch(
      /^prdDraft\.userStories\.0\.id: .* is not a story id: use 1-24 letters/,
    );
  });

  it("refuses a title longer than the status comment shows", () => {
    const result = validateEnvelope(draft([story("US-1", "t".repeat(PRD_LIMITS.title + 1))]));
    expect(result).toEqual({
      ok: false,
      errors: [
        `prdDraft.userStories.0.title: ${PRD_LIMITS.title + 1} characters (at most ${PRD_LIMITS.title}): keep the title short and put details in the acceptance criteria or notes`,
      ],
    });
    expect(validateEnvelope(draft([story("US.1_a-b", "t".repeat(PRD_LIMITS.title))])).ok).toBe(
      true,
    );
  });

  it("a PRD already on a branch is read as it is (the limits apply to the planner's draft)", () => {
    const many = Array.from({ length: PRD_LIMITS.stories + 5 }, (_, i) => story(`US ${i}`));
    expect(validatePrd({ branchName: "b", userStories: many }).ok).toBe(true);
  });
});
