import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, sameJson, sameJsonBesides } from "../../src/core/canonical-json.js";
import { machineStateArb } from "./state-arbitrary.js";

/**
 * The form canonicalJson had until it was rewritten for speed. A PRD's revision (the approval's
 * binding) hashes this text, so the new form must write exactly what the old one wrote.
 */
function formerCanonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(formerCanonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${formerCanonicalJson(v)}`).join(",")}}`;
}

/** Values JSON has no text for, or writes oddly, among ordinary ones. */
const odd = fc.oneof(
  fc.anything({ withNullPrototype: true, withSparseArray: true, withObjectString: true }),
  fc.constantFrom(undefined, Number.NaN, -0, Number.POSITIVE_INFINITY, () => 1, Symbol("s")),
);

/** A copy of `value` with every object's keys in reverse order. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reordered(v)]),
  );
}

describe("canonicalJson", () => {
  it("writes what its former form wrote, for any value", () => {
    fc.assert(
      fc.property(odd, (value) => {
        expect(canonicalJson(value)).toBe(formerCanonicalJson(value));
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(machineStateArb, (state) => {
        expect(canonicalJson(state)).toBe(formerCanonicalJson(state));
      }),
      { numRuns: 200 },
    );
  });

  it("leaves out undefined members and writes an array's holes and undefined items as nothing", () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is the case.
    expect(canonicalJson({ b: [1, , undefined, null], a: undefined, c: { e: 1, d: 2 } })).toBe(
      '{"b":[1,,,null],"c":{"d":2,"e":1}}',
    );
  });
});

describe("sameJson: canonicalJson(a) === canonicalJson(b), without writing either", () => {
  const pairs = fc.oneof(
    odd.map((a) => [a, a] as const),
    odd.map((a) => [a, reordered(a)] as const),
    odd.map((a) => [a, structuredCloneable(a) ? structuredClone(a) : a] as const),
    fc.tuple(odd, odd),
    fc.tuple(machineStateArb, machineStateArb),
    machineStateArb.map((s) => [s, { ...structuredClone(s), phase: "done" }] as const),
    machineStateArb.map((s) => [s, reordered(s)] as const),
  );

  it("agrees with comparing the canonical texts, for any pair", () => {
    fc.assert(
      fc.property(pairs, ([a, b]) => {
        expect(sameJson(a, b)).toBe(canonicalJson(a) === canonicalJson(b));
      }),
      { numRuns: 3_000 },
    );
  });

  it.each<[string, unknown, unknown, boolean]>([
    ["key order", { a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 }, true],
    ["an undefined member against a missing one", { a: 1, b: undefined }, { a: 1 }, true],
    ["a member only one side has", { a: 1, b: 2 }, { a: 1, c: 2 }, false],
    // JSON has no text for a function either: the two read {"a":undefined} and {"b":undefined}.
    [
      "a function member against an undefined one",
      { a: () => 1 },
      { a: undefined, b: () => 1 },
      false,
    ],
    // biome-ignore lint/suspicious/noSparseArray: the hole is the case.
    ["a hole against a value", [, 1], [0, 1], false],
    ["NaN against null (both written null)", [Number.NaN], [null], true],
    ["an array against an object", [], {}, false],
    ["a deep difference", { a: { b: { c: [1, 2] } } }, { a: { b: { c: [1, 3] } } }, false],
    ["two numbers", 1, 2, false],
    ["-0 and 0 (both written 0)", -0, 0, true],
    ["null against an object", null, {}, false],
    ["an object against null", {}, null, false],
    ["a string against an object", "x", {}, false],
    ["undefined against null", undefined, null, false],
    ["an array one item longer", [1], [1, 2], false],
    ["an object one member larger", { a: 1 }, { a: 1, b: 2 }, false],
    ["an undefined item against none (both written [])", [undefined], [], true],
    ["an array against an object with its items and length", [1], { 0: 1, length: 1 }, false],
    ["an object with items and length against an array", { 0: 1, length: 1 }, [1], false],
  ])("%s", (_, a, b, same) => {
    expect(sameJson(a, b)).toBe(same);
    expect(canonicalJson(a) === canonicalJson(b)).toBe(same);
  });

  it("sameJsonBesides sets one key aside", () => {
    expect(
      sameJsonBesides({ revision: 1, phase: "idle" }, { revision: 2, phase: "idle" }, "revision"),
    ).toBe(true);
    expect(
      sameJsonBesides({ revision: 1, phase: "idle" }, { revision: 1, phase: "done" }, "revision"),
    ).toBe(false);
  });
});

function structuredCloneable(value: unknown): boolean {
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
}
