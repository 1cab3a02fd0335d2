/**
 * `fc.string({ unit: "binary" })` without its price: fast-check builds that unit as a
 * `mapToConstant` over every code point, and the first string it makes tokenizes fast-check's
 * built-in slices with a reverse map of all 1,112,064 of them (about 1 s of CPU in every test
 * process that uses it). This unit is the same `nat` mapped by the same function, so it generates
 * and shrinks the same values for a seed (test/support/binary-string.test.ts); only its way back
 * from a character to its index is arithmetic.
 */
import fc from "fast-check";

const SURROGATES_START = 0xd800;
const SURROGATES_COUNT = 0x800;
const LAST_INDEX = 0x10ffff - SURROGATES_COUNT;

function codePointOf(index: number): string {
  return String.fromCodePoint(index < SURROGATES_START ? index : index + SURROGATES_COUNT);
}

function indexOf(value: unknown): number {
  if (typeof value !== "string") throw new Error("not a string");
  const point = value.codePointAt(0);
  if (point === undefined || String.fromCodePoint(point) !== value) {
    throw new Error("not one code point");
  }
  if (point < SURROGATES_START) return point;
  if (point < SURROGATES_START + SURROGATES_COUNT) throw new Error("a lone surrogate");
  return point - SURROGATES_COUNT;
}

/** One code point, any but a surrogate: fast-check's "binary" string unit. */
export const binaryUnit: fc.Arbitrary<string> = fc
  .nat({ max: LAST_INDEX })
  .map(codePointOf, indexOf);

/** `fc.string({ unit: "binary", ...constraints })`, the same values, built cheaply. */
export function binaryString(constraints: Omit<fc.StringConstraints, "unit"> = {}) {
  return fc.string({ ...constraints, unit: binaryUnit });
}
