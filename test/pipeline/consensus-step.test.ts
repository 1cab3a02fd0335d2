import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runConsensusStep } from "../../src/pipeline/consensus-step.js";
import type { PipelineContext } from "../../src/pipeline/context.js";
import { commitPlanFiles } from "../../src/pipeline/file-change.js";
import { runPlanStep } from "../../src/pipeline/plan-step.js";
import { planStep, prdOf, story } from "../fixtures/pipeline/plans.js";
import { makeRepo, type TestRepo } from "../fixtures/pipeline/repo.js";
import {
  records,
  type Scenario,
  stepContext,
  writeScenario,
} from "../fixtures/pipeline/scenario.js";
import type { Step } from "../fixtures/pipeline/steps.js";

const critic = (verdict: "OKAY" | "REJECT", critical = "None", questions = "None"): Step => ({
  stdout: `Reviewed.\n\nCRITIC_FEEDBACK:\n- Verdict: ${verdict}\n- Critical Issues:\n  ${critical}\n- Minor Issues:\n  None\n- Questions for Architect (if any):\n  ${questions}\n`,
});

/** A repo with a committed spec, plan and PRD for the critic to review. */
async function planned(
  scenario: Scenario,
  files: Record<string, string> = {},
): Promise<{ repo: TestRepo; ctx: PipelineContext; handle: ReturnType<typeof writeScenario> }> {
  const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n\nSay hello.\n", ...files });
  const handle = writeScenario({ plan: [planStep(prdOf(story("US-1", 1)))], ...scenario });
  const ctx = await stepContext(repo, handle, "greet.md");
  expect((await runPlanStep(ctx, { allowQuestions: false })).kind).toBe("prd");
  await commitPlanFiles(ctx, 1);
  return { repo, ctx, handle };
}

describe("runConsensusStep", () => {
  it("the critic reviews plan and PRD read-only; OKAY is its verdict", async () => {
    const { ctx, handle } = await planned({ critic: [critic("OKAY")] });
    const result = await runConsensusStep(ctx, {
      round: 2,
      qa: [{ question: "Which greeting?", answer: "hello" }],
      previousFeedback: ["Critic: name the file"],
    });
    expect(result).toEqual({ step: "consensus", kind: "critic", verdict: "OKAY", feedback: [] });
    const run = records(handle.recordDir).find((r) => r.phase === "critic");
    expect(run?.prompt).toContain("round 2 of");
    expect(run?.prompt).toContain("# Plan: approach A");
    expect(run?.prompt).toContain("Which greeting?");
    expect(run?.prompt).toContain("Critic: name the file");
  });

  it("a REJECT asking the architect: one architect run, then the critic decides with its answers", async () => {
    const { handle, ctx } = await planned({
      critic: [
        critic("REJECT", "- the plan skips tests", "- Is one file enough?"),
        critic("REJECT", "- still no tests"),
      ],
      architect: [{ stdout: "One file is enough; add a test.\n" }],
    });
    const result = await runConsensusStep(ctx, { round: 1 });
    expect(result).toEqual({
      step: "consensus",
      kind: "critic",
      verdict: "REJECT",
      // The planner revises with the architect's guidance too.
      feedback: ["still no tests", "Architect guidance: One file is enough; add a test."],
    });
    const runs = records(handle.recordDir).filter((r) => r.phase !== "plan");
    expect(runs.map((r) => r.phase)).toEqual(["critic", "architect", "critic"]);
    expect(runs[1]?.prompt).toContain("Is one file enough?");
    expect(runs[2]?.prompt).toContain("One file is enough; add a test.");
  });

  it("an unparsable critic output is REJECT with the problem as feedback", async () => {
    const { ctx } = await planned({ critic: [{ stdout: "looks fine to me\n" }] });
    expect(await runConsensusStep(ctx, { round: 1 })).toEqual({
      step: "consensus",
      kind: "critic",
      verdict: "REJECT",
      feedback: ["no CRITIC_FEEDBACK block in the critic output"],
    });
  });

  it("a critic or architect that writes a git-ignored file fails the step; the file is removed", async () => {
    const { repo, ctx } = await planned(
      {
        critic: [
          { ...critic("OKAY"), files: { "notes.log": "x\n" } },
          critic("REJECT", "- no tests", "- Why?"),
        ],
        architect: [{ stdout: "because\n", files: { "notes.log": "y\n" } }],
      },
      { ".gitignore": "*.log\n" },
    );
    expect(await runConsensusStep(ctx, { round: 1 })).toEqual({
      step: "consensus",
      kind: "invalid_output",
      errors: ["the critic run changed files it must not touch (reverted): notes.log"],
    });
    expect(existsSync(join(repo.dir, "notes.log"))).toBe(false);
    expect(await runConsensusStep(ctx, { round: 1 })).toEqual({
      step: "consensus",
      kind: "invalid_output",
      errors: ["the architect run changed files it must not touch (reverted): notes.log"],
    });
    expect(existsSync(join(repo.dir, "notes.log"))).toBe(false);
  });

  it("without a plan on the branch: invalid_output and no run", async () => {
    const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
    const handle = writeScenario({ critic: [critic("OKAY")] });
    const ctx = await stepContext(repo, handle, "greet.md");
    expect(await runConsensusStep(ctx, { round: 1 })).toMatchObject({ kind: "invalid_output" });
    expect(records(handle.recordDir)).toEqual([]);
  });
});
