/**
 * Benchmark 4: prompt economy. For every agent phase, the bytes Ralph adds beyond the task's own
 * material (spec, plan, story, diff, Q&A, codebase map): instructions, paths, fences. Agent runs
 * per lifecycle are counted by bench/api-calls.perf.ts.
 */
import { expect, it } from "vitest";
import { bytes, promptPhases, TARGET_BYTES } from "./support/prompt-phases.js";
import { printTable, writeResult } from "./support/report.js";

it("prompt economy per phase", () => {
  const rows = promptPhases().map(({ phase, prompt, material }) => {
    const total = bytes(prompt);
    const own = material.reduce((n, m) => n + bytes(m), 0);
    const fixed = total - own;
    return {
      phase,
      "prompt bytes": total,
      "material bytes": own,
      "fixed bytes": fixed,
      target: TARGET_BYTES,
      met: fixed <= TARGET_BYTES ? "yes" : "no",
    };
  });
  printTable("Prompt economy: fixed bytes beyond the task's material", rows);
  writeResult("prompts", { targetBytes: TARGET_BYTES, phases: rows });
  expect(rows.length).toBe(7);
});
