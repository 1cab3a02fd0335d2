/**
 * Benchmark 4: prompt economy. For every agent phase, the bytes Ralph adds beyond the task's own
 * material (spec, plan, story, diff, Q&A, codebase map): instructions, paths, fences. Agent runs
 * per lifecycle are counted by bench/api-calls.perf.ts.
 */
import { expect, it } from "vitest";
import { buildPlannerPrompt, buildPlannerRetryPrompt } from "../src/agents/prompts/planner.js";
import { bytes, plannerSample, promptPhases, TARGET_BYTES } from "./support/prompt-phases.js";
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

/**
 * Session resume on a planner validation retry (issue 13): what Ralph sends for the retry when
 * the agent resumes its session (claude, codex: the errors and the envelope's shape only) and
 * when it cannot (the whole prompt again, with the errors). A goal ten times the sample's shows
 * how the saving grows with the task.
 */
it("planner retry prompt with and without session resume", () => {
  const errors = [
    "prdDraft.userStories[0].acceptanceCriteria: must not be empty",
    "the envelope is not the last JSON object of the final message",
  ];
  const rows = [1, 10].map((scale) => {
    const input = { ...plannerSample, goal: plannerSample.goal.repeat(scale) };
    const fresh = bytes(buildPlannerPrompt({ ...input, validationErrors: errors }));
    const resumed = bytes(
      buildPlannerRetryPrompt({ validationErrors: errors, planFile: input.paths.planFile }),
    );
    return {
      goal: `${bytes(input.goal)} B`,
      "retry, no resume (bytes)": fresh,
      "retry, resumed (bytes)": resumed,
      "≈ tokens saved": Math.round((fresh - resumed) / 4),
      "resumed / no resume": Number((resumed / fresh).toFixed(3)),
    };
  });
  printTable("Planner validation retry: the prompt Ralph sends", rows);
  writeResult("planner-retry", { errors, rows });
  for (const row of rows)
    expect(row["retry, resumed (bytes)"]).toBeLessThan(row["retry, no resume (bytes)"]);
});
