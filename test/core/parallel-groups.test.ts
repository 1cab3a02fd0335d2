import { describe, expect, it } from "vitest";
import { nextParallelBatch, pathsOverlap } from "../../src/core/parallel-groups.js";
import { type UserStory, validatePrd } from "../../src/core/prd.js";

const story = (id: string, group?: number, files?: string[]): UserStory => ({
  id,
  title: id,
  acceptanceCriteria: [`${id} works`],
  priority: 1,
  passes: false,
  notes: "",
  ...(group === undefined ? {} : { group }),
  ...(files === undefined ? {} : { files }),
});

describe("pathsOverlap", () => {
  it.each([
    ["src/a.ts", "src/a.ts", true],
    ["./src/a.ts", "src/a.ts", true],
    ["src/a.ts", "src/b.ts", false],
    ["src/", "src/a.ts", true],
    ["src", "src/a.ts", true],
    ["src/*.ts", "src/a.ts", true],
    ["src/a/*.ts", "src/*", true],
    ["src/*.ts", "lib/a.ts", false],
    ["*.md", "README.md", true],
    ["lib/**", "src/a.ts", false],
    ["src/ab.ts", "src/a", false],
  ])("%s vs %s → %s", (a, b, expected) => {
    expect(pathsOverlap(a, b)).toBe(expected);
    expect(pathsOverlap(b, a)).toBe(expected);
  });
});

describe("nextParallelBatch", () => {
  it("disjoint stories of the first story's group run together, up to parallel.max", () => {
    const pending = [
      story("US-1", 1, ["a.ts"]),
      story("US-2", 1, ["b.ts"]),
      story("US-3", 2, ["c.ts"]),
      story("US-4", 1, ["d.ts"]),
    ];
    expect(nextParallelBatch(pending, 3).batch.map((s) => s.id)).toEqual(["US-1", "US-2", "US-4"]);
    const capped = nextParallelBatch(pending, 2);
    expect(capped.batch.map((s) => s.id)).toEqual(["US-1", "US-2"]);
    expect(capped.sequential).toEqual([
      { storyId: "US-4", reason: "parallel.max is 2: no room beside US-1, US-2" },
    ]);
  });

  it("overlapping or file-less stories fall back to sequence, with the reason", () => {
    const plan = nextParallelBatch(
      [
        story("US-1", 1, ["src/shared.ts", "a.ts"]),
        story("US-2", 1, ["src/shared.ts"]),
        story("US-3", 1),
        story("US-4", 1, ["src/*.ts"]),
      ],
      4,
    );
    expect(plan.batch.map((s) => s.id)).toEqual(["US-1"]);
    expect(plan.sequential).toEqual([
      { storyId: "US-2", reason: "US-2 and US-1 both change src/shared.ts" },
      { storyId: "US-3", reason: "US-3 names no files it changes" },
      { storyId: "US-4", reason: "US-4 and US-1 both change src/*.ts / src/shared.ts" },
    ]);
  });

  it("no group, parallel.max 1 or a first story without files: one story at a time", () => {
    expect(nextParallelBatch([story("A"), story("B")], 4).batch.map((s) => s.id)).toEqual(["A"]);
    const pending = [story("A", 1, ["a"]), story("B", 1, ["b"])];
    expect(nextParallelBatch(pending, 1)).toEqual({ batch: [pending[0]], sequential: [] });
    const fileless = nextParallelBatch([story("A", 1), story("B", 1, ["b"])], 4);
    expect(fileless.batch.map((s) => s.id)).toEqual(["A"]);
    expect(fileless.sequential[0]?.reason).toContain("A names no files");
    expect(nextParallelBatch([], 4)).toEqual({ batch: [], sequential: [] });
  });
});

describe("the PRD's optional parallel-group keys", () => {
  const prd = (extra: Record<string, unknown>) => ({
    branchName: "main",
    userStories: [
      {
        id: "US-1",
        title: "t",
        acceptanceCriteria: ["c"],
        priority: 1,
        passes: false,
        notes: "",
        ...extra,
      },
    ],
  });

  it("accepts a group and files, refuses a bad group, empty paths and any other key", () => {
    expect(validatePrd(prd({ group: 2, files: ["src/a.ts", "lib/"] })).ok).toBe(true);
    expect(validatePrd(prd({})).ok).toBe(true);
    expect(validatePrd(prd({ group: 0 })).ok).toBe(false);
    expect(validatePrd(prd({ group: 1.5 })).ok).toBe(false);
    expect(validatePrd(prd({ files: [""] })).ok).toBe(false);
    expect(validatePrd(prd({ dependencies: [] })).ok).toBe(false);
  });
});
