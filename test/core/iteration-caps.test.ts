import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { autoRunCap, CapArgError, parseCapArg, resolveCap } from "../../src/core/iteration-caps.js";
import { type Prd, validatePrd } from "../../src/core/prd.js";

function fixturePrd(): Prd {
  const raw = JSON.parse(
    readFileSync(join(import.meta.dirname, "../fixtures/seeds/prd-valid.json"), "utf8"),
  );
  const r = validatePrd(raw);
  if (!r.ok) throw new Error(r.errors.join("\n"));
  return r.value;
}

describe("auto iteration caps (seed 003)", () => {
  it("run cap counts stories with passes=false", () => {
    const prd = fixturePrd();
    expect(autoRunCap(prd)).toEqual({ count: 2, how: "2 of 2 stories have passes=false" });
    const oneDone = {
      ...prd,
      userStories: prd.userStories.map((s, i) => ({ ...s, passes: i === 0 })),
    };
    expect(autoRunCap(oneDone)).toEqual({ count: 1, how: "1 of 2 stories has passes=false" });
    const single = { ...prd, userStories: prd.userStories.slice(0, 1) };
    expect(autoRunCap(single)).toEqual({ count: 1, how: "1 of 1 story has passes=false" });
    const allDone = { ...prd, userStories: prd.userStories.map((s) => ({ ...s, passes: true })) };
    expect(autoRunCap(allDone)).toEqual({ count: 0, how: "0 of 2 stories have passes=false" });
  });

  it("resolves auto to the computed count and explains it", () => {
    const auto = { count: 3, how: "3 of 5 stories have passes=false" };
    expect(resolveCap("auto", auto)).toEqual({
      value: 3,
      explanation: "auto: 3 of 5 stories have passes=false",
    });
    expect(resolveCap(7, auto)).toEqual({ value: 7, explanation: "set explicitly to 7" });
  });

  it.each([
    ["auto", "auto"],
    [" AUTO ", "auto"],
    ["1", 1],
    ["12", 12],
    ["007", 7],
  ])("parses %j", (s, expected) => {
    expect(parseCapArg(s)).toBe(expected);
  });

  it.each(["0", "-1", "1.5", "", "ten", "+3", "1e3", "99999999999999999999"])(
    "rejects %j with a typed error",
    (s) => {
      expect(() => parseCapArg(s)).toThrow(CapArgError);
      expect(() => parseCapArg(s)).toThrow(expect.objectContaining({ name: "CapArgError" }));
      expect(() => parseCapArg(s)).toThrow(`expected "auto" or a positive integer, got "${s}"`);
    },
  );
});
