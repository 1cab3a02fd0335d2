import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { counted, thousands } from "../../src/core/counted.js";

describe("counted: a count and its word", () => {
  it.each([
    [0, "attempt", undefined, "0 attempts"],
    [1, "attempt", undefined, "1 attempt"],
    [2, "time", undefined, "2 times"],
    [1, "story", "stories", "1 story"],
    [150, "story", "stories", "150 stories"],
  ])("%i %s → %j", (n, one, many, said) => {
    expect(counted(n, one, many)).toBe(said);
  });
});

describe("thousands: an integer as en-US writes it, without ICU", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1,000"],
    [12345, "12,345"],
    [1234567, "1,234,567"],
    [-1234, "-1,234"],
  ])("%i → %s", (n, said) => {
    expect(thousands(n)).toBe(said);
  });

  it("writes every safe integer as toLocaleString('en-US') does (property)", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(thousands(n)).toBe(n.toLocaleString("en-US"));
      }),
      { numRuns: 2000 },
    );
  });
});
