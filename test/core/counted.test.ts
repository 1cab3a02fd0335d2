import { describe, expect, it } from "vitest";
import { counted } from "../../src/core/counted.js";

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
