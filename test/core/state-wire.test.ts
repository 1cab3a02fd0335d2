/**
 * The state's wire form (core/state-wire.ts) on the edges the codec's round trip does not reach:
 * commits that are not 40 hex digits, and blocks that do not have the wire's shape. `fromWire`
 * reads untrusted JSON: whatever is not in its shape goes to the schema unchanged, to be refused
 * there with a reason, never thrown on here.
 */
import { describe, expect, it } from "vitest";
import { initialState, type MachineState, type StoryState } from "../../src/core/state.js";
import { fromWire, toWire } from "../../src/core/state-wire.js";

const SHA = "0123456789abcdef0123456789abcdef01234567";

function withStories(stories: StoryState[]): MachineState {
  const prd = { revision: "r1", number: 1, branchName: "b", commentId: null, stories };
  return { ...initialState(1), prd };
}

const story = (commit: string | null): StoryState => ({
  id: "US-1",
  title: "T",
  status: "passed",
  attempts: 1,
  commit,
});

describe("commits on the wire", () => {
  it.each([null, "c1", SHA.toUpperCase()])("%j is carried as it is", (commit) => {
    const wire = toWire(withStories([story(commit)])) as { prd: { stories: unknown[] } };
    expect(wire.prd.stories).toEqual([["US-1", "v", 1, commit, "T"]]);
    expect(fromWire(wire)).toMatchObject({ prd: { stories: [story(commit)] } });
  });

  it("a 40-hex commit is shortened to 27 characters and read back", () => {
    const wire = toWire(withStories([story(SHA)])) as { prd: { stories: unknown[][] } };
    expect(wire.prd.stories[0]![3]).toHaveLength(27);
    expect(fromWire(wire)).toMatchObject({ prd: { stories: [story(SHA)] } });
  });
});

describe("fromWire leaves what is not in the wire's shape to the schema", () => {
  it.each([null, "text", 5])("a block of %j", (raw) => {
    expect(fromWire(raw)).toBe(raw);
  });

  it("decisions that are not a list, or not decisions, and options that are not triples", () => {
    const odd = [null, 5, { id: "D1" }, { id: "D2", options: [[1, "A"], { number: 2 }] }];
    expect(fromWire({ decisions: "none" })).toEqual({ decisions: "none" });
    expect(fromWire({ decisions: odd })).toEqual({ decisions: odd });
  });

  it("a PRD without a story list, and stories that are neither tuples of five nor objects", () => {
    expect(fromWire({ prd: { revision: "r1" } })).toEqual({ prd: { revision: "r1" } });
    const stories = [["US-1", "p", 0], "US-2", null];
    expect(fromWire({ prd: { revision: "r1", stories } })).toEqual({
      prd: { revision: "r1", stories },
    });
  });

  it("approvals that are not objects stay; one without a revision gets the PRD's", () => {
    const approvals = [null, "alice", { login: "bob" }, { login: "carol", revision: "r0" }];
    expect(fromWire({ approvals, prd: { revision: "r1", stories: [] } })).toEqual({
      approvals: [null, "alice", { login: "bob", revision: "r1" }, approvals[3]],
      prd: { revision: "r1", stories: [] },
    });
  });
});
