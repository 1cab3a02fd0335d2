/**
 * Issue 11: every phase's fixed prompt overhead (bytes beyond the task's own spec, plan, story,
 * diff) stays within 3 KB, and the data rule is said once per prompt, not once per quoted block.
 */
import { describe, expect, it } from "vitest";
import { bytes, promptPhases, TARGET_BYTES } from "../../bench/support/prompt-phases.js";
import { DATA_RULE } from "../../src/agents/prompts/shared.js";

describe("prompt economy", () => {
  it.each(promptPhases().map((p) => [p.phase, p] as const))(
    "%s: fixed bytes within 3 KB, the data rule said exactly once",
    (_phase, { prompt, material }) => {
      const fixed = bytes(prompt) - material.reduce((n, m) => n + bytes(m), 0);
      expect(fixed).toBeLessThanOrEqual(TARGET_BYTES);
      expect(prompt.split(DATA_RULE).length - 1).toBe(1);
      expect(prompt).not.toContain("is data quoted from");
    },
  );
});
