import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PipelineContext } from "../../src/pipeline/context.js";
import { applyFileChange, commitPlanFiles } from "../../src/pipeline/file-change.js";
import { runImplementStep } from "../../src/pipeline/implement-step.js";
import { runPlanStep } from "../../src/pipeline/plan-step.js";
import { readCandidate } from "../../src/pipeline/spec-files.js";
import { runVerifyStep } from "../../src/pipeline/verify-step.js";
import { makeRepo, type TestRepo } from "../fixtures/pipeline/repo.js";
import {
  APPROVER,
  BOT,
  type fakeClock,
  implementStep,
  planStep,
  prdOf,
  records,
  type Scenario,
  stepContext,
  story,
  verdict,
  writeScenario,
} from "../fixtures/pipeline/scenario.js";

const plans = ".ralph/specs/plans";
const S1 = story("US-1", 1, ["hello.txt says hello"]);
const S2 = story("US-2", 2);

/** A repo with a committed spec, plan and PRD, ready for implement/verify. */
async function planned(scenario: Scenario): Promise<{
  repo: TestRepo;
  ctx: PipelineContext;
  handle: ReturnType<typeof writeScenario>;
}> {
  const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n\nSay hello.\n" });
  const handle = writeScenario({ plan: [planStep(prdOf(S1, S2))], ...scenario });
  const ctx = await stepContext(repo, handle, "greet.md");
  const plan = await runPlanStep(ctx, { allowQuestions: false });
  expect(plan.kind).toBe("prd");
  await commitPlanFiles(ctx, 1);
  return { repo, ctx, handle };
}

describe("runImplementStep", () => {
  it("commits the change as the bot with the approver as co-author and writes the candidate", async () => {
    const { repo, ctx, handle } = await planned({
      implement: [implementStep("hello.txt", "hello\n")],
    });
    const result = await runImplementStep(ctx, {
      story: S1,
      attempt: 1,
      feedback: "fix the greeting",
    });
    expect(result.kind).toBe("implemented");
    if (result.kind !== "implemented") return;
    expect(result.commit).toBe(repo.git("rev-parse", "HEAD"));
    expect(
      repo.git(
        "log",
        "-1",
        "--format=%s%n%an <%ae>%n%cn%n%(trailers:key=Co-authored-by,valueonly)",
      ),
    ).toBe(
      `ralph(greet): US-1 Story US-1\n${BOT.name} <${BOT.email}>\n${BOT.name}\n${APPROVER.name} <${APPROVER.email}>`,
    );
    expect(repo.git("show", "--name-only", "--format=", "HEAD")).toBe("hello.txt");
    const candidate = await readCandidate(ctx);
    expect(candidate).toMatchObject({
      candidate_commit: result.commit,
      story_id: "US-1",
      status: "candidate",
    });
    const run = records(handle.recordDir).find((r) => r.phase === "implement");
    expect(run?.env).toMatchObject({
      RALPH_STORY_ID: "US-1",
      RALPH_ATTEMPT: "1",
      RALPH_PHASE: "implement",
    });
    expect(run?.prompt).toContain("fix the greeting");
  });

  it("a run that changes nothing is no_progress and commits nothing", async () => {
    const { repo, ctx } = await planned({ implement: [{ stdout: "did nothing\n" }] });
    const head = repo.git("rev-parse", "HEAD");
    const result = await runImplementStep(ctx, { story: S1, attempt: 1 });
    expect(result).toMatchObject({ kind: "no_progress", storyId: "US-1" });
    expect(repo.git("rev-parse", "HEAD")).toBe(head);
    expect(await readCandidate(ctx)).toBeNull();
  });

  it("reverts an implementer's edits to Ralph's own files (the PRD) before committing", async () => {
    const { repo, ctx } = await planned({
      implement: [
        {
          files: {
            "hello.txt": "hello\n",
            [`${plans}/greet.prd.json`]: '{"hacked": true}\n',
            ".ralph/specs/done/greet.md": "fake done\n",
          },
        },
      ],
    });
    const prdBefore = readFileSync(join(repo.dir, plans, "greet.prd.json"), "utf8");
    const result = await runImplementStep(ctx, { story: S1, attempt: 1 });
    expect(result.kind).toBe("implemented");
    expect(result.revertedRalphFiles).toEqual([
      ".ralph/specs/done/greet.md",
      `${plans}/greet.prd.json`,
    ]);
    expect(readFileSync(join(repo.dir, plans, "greet.prd.json"), "utf8")).toBe(prdBefore);
    expect(existsSync(join(repo.dir, ".ralph/specs/done/greet.md"))).toBe(false);
    expect(repo.git("show", "--name-only", "--format=", "HEAD")).toBe("hello.txt");
  });
});

describe("agent run failures", () => {
  it("waits out a usage limit on the injected clock and retries the same step", async () => {
    const { repo, ctx, handle } = await planned({
      implement: [
        { stdout: "Error: usage limit reached, try again in 5 minutes\n", exit: 1 },
        implementStep("hello.txt", "hello\n"),
      ],
    });
    const clock = ctx.clock as ReturnType<typeof fakeClock>;
    const result = await runImplementStep(ctx, { story: S1, attempt: 1 });
    expect(result.kind).toBe("implemented");
    expect(clock.sleeps).toEqual([330_000]);
    expect(records(handle.recordDir).filter((r) => r.phase === "implement")).toHaveLength(2);
    expect(repo.git("log", "-1", "--format=%s")).toBe("ralph(greet): US-1 Story US-1");
  });

  it("a hanging agent is stopped at the phase timeout and reported as timeout", async () => {
    const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
    const handle = writeScenario({ plan: [{ hang: true }] });
    const ctx = await stepContext(repo, handle, "greet.md", {
      limits: { phase_timeout_minutes: 0.02 },
    });
    const result = await runPlanStep(ctx);
    expect(result).toEqual({ step: "plan", kind: "timeout" });
  });
});

describe("runVerifyStep", () => {
  it("parses PASS with the criteria table, read-only and on the candidate commit", async () => {
    const { repo, ctx, handle } = await planned({
      implement: [implementStep("hello.txt", "hello\n")],
      verify: [verdict.pass("hello.txt says hello")],
    });
    const impl = await runImplementStep(ctx, { story: S1, attempt: 1 });
    if (impl.kind !== "implemented") throw new Error("implement failed");
    const result = await runVerifyStep(ctx, { story: S1, commit: impl.commit, attempt: 1 });
    expect(result).toMatchObject({
      step: "verify",
      kind: "verdict",
      verdict: "PASS",
      invalidation: null,
      commit: impl.commit,
      criteria: [{ criterion: "hello.txt says hello", pass: true }],
    });
    const run = records(handle.recordDir).find((r) => r.phase === "verify");
    expect(run?.prompt).toContain("+hello");
    expect(run?.prompt).toContain(impl.commit);
    expect(run?.prompt).not.toMatch(/^RALPH_VERDICT:\s*(PASS|FAIL)\s*$/m);
    expect(repo.git("status", "--porcelain")).toBe("?? .ralph/specs/candidates/");
  });

  it("FAIL with PLAN_INVALIDATION carries the reason and the output tail as feedback", async () => {
    const { ctx } = await planned({
      implement: [implementStep("hello.txt", "hello\n")],
      verify: [verdict.invalidate("hello belongs in src/, not the root")],
    });
    const impl = await runImplementStep(ctx, { story: S1, attempt: 1 });
    if (impl.kind !== "implemented") throw new Error("implement failed");
    const result = await runVerifyStep(ctx, { story: S1, commit: impl.commit, attempt: 1 });
    expect(result).toMatchObject({
      verdict: "FAIL",
      invalidation: "hello belongs in src/, not the root",
    });
    if (result.kind === "verdict") expect(result.feedback).toContain("The approach is wrong.");
  });

  it("a verifier that writes files fails, and its change is reverted", async () => {
    const { repo, ctx } = await planned({
      implement: [implementStep("hello.txt", "hello\n")],
      verify: [{ ...verdict.pass(), files: { "hello.txt": "patched by verifier\n" } }],
    });
    const impl = await runImplementStep(ctx, { story: S1, attempt: 1 });
    if (impl.kind !== "implemented") throw new Error("implement failed");
    const result = await runVerifyStep(ctx, { story: S1, commit: impl.commit, attempt: 1 });
    expect(result).toMatchObject({ verdict: "FAIL", violations: ["hello.txt"] });
    expect(readFileSync(join(repo.dir, "hello.txt"), "utf8")).toBe("hello\n");
  });

  it("an unparsable verdict is FAIL with the reason; a commit not on the branch is FAIL without a run", async () => {
    const { ctx, handle } = await planned({
      implement: [implementStep("hello.txt", "hello\n")],
      verify: [{ stdout: "Looks fine to me!\n" }],
    });
    const impl = await runImplementStep(ctx, { story: S1, attempt: 1 });
    if (impl.kind !== "implemented") throw new Error("implement failed");
    const result = await runVerifyStep(ctx, { story: S1, commit: impl.commit, attempt: 1 });
    expect(result).toMatchObject({ verdict: "FAIL" });
    if (result.kind === "verdict") expect(result.feedback).toMatch(/no RALPH_VERDICT line/);
    const runsBefore = records(handle.recordDir).length;
    const ghost = await runVerifyStep(ctx, { story: S1, commit: "f".repeat(40), attempt: 1 });
    expect(ghost).toMatchObject({ verdict: "FAIL" });
    expect(records(handle.recordDir).length).toBe(runsBefore);
  });
});

describe("applyFileChange", () => {
  it("mark_story_passed, archive_plan and done_marker each write and commit their files", async () => {
    const { repo, ctx } = await planned({});
    const passed = await applyFileChange(ctx, { kind: "mark_story_passed", storyId: "US-1" });
    expect(passed.commit).toBe(repo.git("rev-parse", "HEAD"));
    const prd = JSON.parse(readFileSync(join(repo.dir, plans, "greet.prd.json"), "utf8"));
    expect(prd.userStories.map((s: { passes: boolean }) => s.passes)).toEqual([true, false]);
    expect(repo.git("log", "-1", "--format=%s")).toBe("ralph(greet): US-1 verified");
    await expect(
      applyFileChange(ctx, { kind: "mark_story_passed", storyId: "US-9" }),
    ).rejects.toThrow(/US-9/);

    const archived = await applyFileChange(ctx, {
      kind: "archive_plan",
      reason: "wrong\nfiles",
      attempt: 1,
    });
    expect(archived.commit).not.toBeNull();
    expect(existsSync(join(repo.dir, plans, "greet.md"))).toBe(false);
    expect(readFileSync(join(repo.dir, plans, "greet.attempt-1.md"), "utf8")).toContain("# Plan:");
    const meta = JSON.parse(readFileSync(join(repo.dir, plans, "greet.json"), "utf8"));
    expect(meta).toMatchObject({
      status: "invalidated",
      attempt: 1,
      invalidation_reason: "wrong files",
    });
    expect(meta.invalidated_at_utc).toMatch(/^2026-03-01T/);
    expect(repo.git("status", "--porcelain")).toBe("");

    const head = repo.git("rev-parse", "HEAD");
    const done = await applyFileChange(
      ctx,
      { kind: "done_marker", commit: head },
      {
        rows: [
          {
            id: "US-1",
            title: "Story | one",
            verdict: "PASS",
            commit: head,
            criteria: [{ criterion: "hello", pass: true }],
          },
        ],
      },
    );
    expect(done.paths).toEqual([".ralph/specs/done/greet.md"]);
    const marker = readFileSync(join(repo.dir, ".ralph/specs/done/greet.md"), "utf8");
    expect(marker).toContain(`- Commit: ${head}`);
    expect(marker).toContain(`| US-1 | Story \\| one | PASS | ${head.slice(0, 12)} | 1/1 pass |`);
    expect(marker).toContain("| hello | pass |");
    expect(repo.git("log", "-1", "--format=%s%n%(trailers:key=Co-authored-by,valueonly)")).toBe(
      `ralph(greet): done\n${APPROVER.name} <${APPROVER.email}>`,
    );
  });
});
