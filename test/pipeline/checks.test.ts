import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runSpecLoop } from "../../src/pipeline/spec-loop.js";
import { planStep, prdOf, story } from "../fixtures/pipeline/plans.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import { loopContext, records, storyRuns, writeScenario } from "../fixtures/pipeline/scenario.js";
import { implementStep, verdict } from "../fixtures/pipeline/steps.js";

const phases = storyRuns;

describe("verify.checks: objective checks Ralph runs itself (DESIGN §4.4, issue 9)", () => {
  it("a failing check is a FAIL without a verifier run, its output the implementer's feedback; passing ones reach the verifier's prompt", async () => {
    const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
    const handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1)))],
      implement: [implementStep("a.txt", "1\n"), implementStep("ok.txt", "fine\n")],
      verify: [verdict.pass()],
    });
    const check =
      "test -f ok.txt || { echo CHECK-OUTPUT-77 >&2; echo 'ok.txt is missing'; exit 3; }";
    const ctx = await loopContext(repo, handle, {
      verify: { checks: [check, "echo SECOND-CHECK-RAN; touch stray.txt"] },
    });
    const result = await runSpecLoop(ctx);
    expect(result.ok).toBe(true);
    expect(phases(handle.recordDir)).toEqual([
      "plan:",
      "implement:US-1",
      "implement:US-1",
      "verify:US-1",
    ]);
    const [, first, second, verify] = records(handle.recordDir);
    expect(first?.prompt).not.toContain("CHECK-OUTPUT-77");
    expect(second?.prompt).toContain("CHECK-OUTPUT-77");
    expect(second?.prompt).toContain(`Ralph's check \`${check}\` failed (exit code 3)`);
    expect(verify?.prompt).toContain("Checks Ralph ran (verify.checks)");
    expect(verify?.prompt).toContain("SECOND-CHECK-RAN");
    // A file a check left behind is reverted: it never reaches a commit.
    expect(existsSync(join(repo.dir, "stray.txt"))).toBe(false);
    expect(repo.git("log", "--all", "--format=", "--name-only")).not.toContain("stray.txt");
  });

  it("a check that outlives verify.check_timeout_minutes is killed and fails", async () => {
    const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
    const handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1)))],
      implement: [implementStep("a.txt", "1\n")],
      verify: [verdict.pass()],
    });
    const ctx = await loopContext(repo, handle, {
      verify: { checks: ["echo STARTED; sleep 60"], check_timeout_minutes: 0.02 },
      limits: { max_attempts: 1 },
    });
    const result = await runSpecLoop(ctx);
    expect(result.specs[0]).toMatchObject({ status: "failed", reason: "max_attempts_exhausted" });
    expect(phases(handle.recordDir)).toEqual(["plan:", "implement:US-1"]);
    expect(result.specs[0]?.message).toMatch(/timed out/);
  });
});
