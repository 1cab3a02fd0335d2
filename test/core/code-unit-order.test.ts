import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byCodeUnits } from "../../src/core/code-unit-order.js";
import { binaryString } from "../support/binary-string.js";

describe("byCodeUnits: the order sort() gives without a comparator", () => {
  it("sorts any strings as the default sort does (property)", () => {
    fc.assert(
      fc.property(fc.array(binaryString()), (list) => {
        expect([...list].sort(byCodeUnits)).toEqual([...list].sort());
      }),
    );
  });

  it("puts `_` after capitals and lower case after both", () => {
    expect(["b", "B_X", "BX", "a"].sort(byCodeUnits)).toEqual(["BX", "B_X", "a", "b"]);
  });
});
