/**
 * Issue 3 acceptance through the built CLI: a planner whose PRD has an extra key is retried with
 * the validation error in its next prompt; past the bound, a clear error and a non-zero exit.
 * (test/pipeline/plan-step.test.ts proves the retry on the step; test/cli/e2e.test.ts the exit for
 * invalid JSON.)
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliPerFile } from "../fixtures/pipeline/cli.js";
import { envelope, PLAN_MD, prdOf, story } from "../fixtures/pipeline/plans.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import { records, writeScenario } from "../fixtures/pipeline/scenario.js";

const ralph = cliPerFile({ RALPH_BOT_NAME: "ralph-e2e[bot]", RALPH_BOT_EMAIL: "bot@e2e.test" });

describe("ralph run: a PRD with an extra key", () => {
  it("is retried with the error in the prompt, then fails clearly with a non-zero exit", async () => {
    const bad = { ...prdOf(story("US-1", 1)), extraKey: "not in seed 003" };
    const handle = writeScenario({
      plan: [{ planFile: PLAN_MD("x"), envelope: envelope(bad as never) }],
    });
    const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
    const result = await ralph(repo, handle, ["run"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/greet\.md: failed \[planner_failed\]/);
    expect(result.stdout).toContain("prdDraft.extraKey: unknown key");

    const runs = records(handle.recordDir);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs[0]!.prompt).not.toContain("prdDraft.extraKey");
    for (const retry of runs.slice(1))
      expect(retry.prompt).toContain("prdDraft.extraKey: unknown key");
    expect(existsSync(join(repo.dir, ".ralph/specs/plans/greet.prd.json"))).toBe(false);
    // No implementation was attempted on an invalid PRD.
    expect(runs.every((r) => r.phase === "plan")).toBe(true);
  });
});
