import { describe, expect, it } from "vitest";
import {
  recordVerdicts,
  type StoryVerdict,
  storyVerdictsSchema,
} from "../../src/core/story-verdicts.js";

const verdict = (id: string, status: StoryVerdict["status"] = "verified"): StoryVerdict => ({
  id,
  status,
  commit: status === "verified" ? `c-${id}` : null,
  at: "2025-01-02T03:04:05Z",
  criteria: [
    { criterion: `${id} works`, pass: status === "verified" },
    { criterion: `${id} is fast`, pass: true },
  ],
});

describe("the stories sidecar (<rel>.stories.json, DESIGN §5)", () => {
  it("reads a file of verified and reopened stories as written", () => {
    const file = { spec_id: "auth", stories: [verdict("US-1"), verdict("US-2", "reopened")] };
    expect(storyVerdictsSchema.parse(structuredClone(file))).toEqual(file);
  });

  it.each([
    ["an unknown status", { ...verdict("US-1"), status: "done" }],
    ["a criterion without its verdict", { ...verdict("US-1"), criteria: [{ criterion: "x" }] }],
    ["an unknown key", { ...verdict("US-1"), notes: "x" }],
  ])("refuses a story with %s", (_name, story) => {
    expect(storyVerdictsSchema.safeParse({ spec_id: "auth", stories: [story] }).success).toBe(
      false,
    );
  });
});

describe("recordVerdicts: new entries replace those of the same stories", () => {
  it("starts a file when there is none", () => {
    expect(recordVerdicts(null, "auth", [verdict("US-1")])).toEqual({
      spec_id: "auth",
      stories: [verdict("US-1")],
    });
  });

  it("keeps the other stories in order and appends the new entries", () => {
    const file = { spec_id: "auth", stories: [verdict("US-1"), verdict("US-2"), verdict("US-3")] };
    const entries = [verdict("US-2", "reopened"), verdict("US-4")];
    expect(recordVerdicts(file, "auth", entries)).toEqual({
      spec_id: "auth",
      stories: [verdict("US-1"), verdict("US-3"), verdict("US-2", "reopened"), verdict("US-4")],
    });
  });
});
