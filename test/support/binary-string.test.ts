import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { binaryString, binaryUnit } from "./binary-string.js";

/** The values a failing property reports after shrinking, or null when it holds. */
function shrunk(arbitrary: fc.Arbitrary<string>, seed: number): string | null {
  try {
    fc.assert(
      fc.property(arbitrary, (s) => !/[a\u{1F600}\u00e9]/u.test(s) || s.length < 3),
      { seed },
    );
    return null;
  } catch (error) {
    return /Counterexample: (.*)/.exec((error as Error).message)?.[1] ?? "(none)";
  }
}

describe("binaryString", () => {
  it("makes what fc.string({ unit: 'binary' }) makes, for the same seeds and constraints", () => {
    for (const seed of [1, 2, 42, 977]) {
      for (const constraints of [{}, { maxLength: 10 }, { maxLength: 30 }, { minLength: 2 }]) {
        const ours = fc.sample(fc.array(binaryString(constraints)), { seed, numRuns: 300 });
        const theirs = fc.sample(fc.array(fc.string({ ...constraints, unit: "binary" })), {
          seed,
          numRuns: 300,
        });
        expect(ours).toEqual(theirs);
      }
    }
  });

  it("shrinks a failure to what fast-check's unit shrinks it to", () => {
    for (const seed of [5, 6, 7, 8]) {
      const ours = shrunk(binaryString(), seed);
      expect(ours).not.toBeNull();
      expect(ours).toBe(shrunk(fc.string({ unit: "binary" }), seed));
    }
  });

  it("maps back only single code points outside the surrogates", () => {
    const canShrink = (v: unknown) => binaryUnit.canShrinkWithoutContext(v);
    for (const v of ["a", "\0", "\u{10FFFF}", "\u{1F600}", "\uE000", "\uD7FF"]) {
      expect(canShrink(v), JSON.stringify(v)).toBe(true);
    }
    for (const v of ["", "ab", "\uD800", "\uDFFF", "\uD83D", 97, null, ["a"]]) {
      expect(canShrink(v), JSON.stringify(v)).toBe(false);
    }
  });

  it("is what the tests use: no file asks fast-check for its own binary unit", () => {
    const root = resolve(import.meta.dirname, "..");
    const files = (readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith(".ts") && !f.includes("binary-string"))
      .map((f) => join(root, f));
    expect(files.length).toBeGreaterThan(100);
    const pattern = /unit:\s*["']binary["']/;
    const users = files.filter((f) => pattern.test(readFileSync(f, "utf8")));
    expect(users.map((f) => relative(root, f))).toEqual([]);
  });
});
