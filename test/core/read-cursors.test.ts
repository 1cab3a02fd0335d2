import { describe, expect, it } from "vitest";
import { approvalReadsSchema, boundedLogins } from "../../src/core/read-cursors.js";

describe("boundedLogins: the reactors refused for a PRD revision, bounded (issue 16)", () => {
  it.each([
    ["appended in order", ["ann"], ["bob", "cy"], 10, ["ann", "bob", "cy"]],
    ["from nothing", [], ["bob", "bob"], 10, ["bob"]],
    [
      "a login already there is not added again, whatever its case",
      ["Eve"],
      ["eve", "EVE"],
      10,
      ["Eve"],
    ],
    ["nor a lower-case one given in upper case", ["eve"], ["Eve"], 10, ["eve"]],
    ["the oldest are forgotten first", ["a", "b", "c"], ["d", "e"], 3, ["c", "d", "e"]],
    ["under the bound nothing is forgotten", ["a", "b"], [], 5, ["a", "b"]],
  ])("%s", (_name, list, more, max, expected) => {
    expect(boundedLogins(list, more, max)).toEqual(expected);
  });

  it("leaves the list it was given alone", () => {
    const list = ["a"];
    boundedLogins(list, ["b"], 1);
    expect(list).toEqual(["a"]);
  });
});

describe("approvalReadsSchema: reads saved before the cursors existed", () => {
  it("start from nothing taken in", () => {
    expect(approvalReadsSchema.parse({ revision: "r1", commentId: 7 })).toEqual({
      revision: "r1",
      commentId: 7,
      commentNode: null,
      reactionId: 0,
      denied: [],
      counted: [],
    });
  });
});
