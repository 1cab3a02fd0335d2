import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { specRef } from "../../src/pipeline/context.js";
import { commitPlanFiles } from "../../src/pipeline/file-change.js";
import { runImplementStep } from "../../src/pipeline/implement-step.js";
import { runPlanStep } from "../../src/pipeline/plan-step.js";
import { SpecFileError } from "../../src/pipeline/spec-files.js";
import { runSpecLoop } from "../../src/pipeline/spec-loop.js";
import { synthesizePrd } from "../../src/pipeline/spec-runner.js";
import { PLAN_MD, planStep, prdOf, story } from "../fixtures/pipeline/plans.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import { loopContext, records, storyRuns, writeScenario } from "../fixtures/pipeline/scenario.js";
import { implementStep, verdict } from "../fixtures/pipeline/steps.js";
import { REPLANNED_AT_US2, US1_FAILS_ONCE } from "../soundness/world.js";

const plans = ".ralph/specs/plans";
const json = (dir: string, path: string) => JSON.parse(readFileSync(join(dir, path), "utf8"));
const phases = storyRuns;

describe("runSpecLoop", () => {
  it("plan → implement → FAIL → re-implement with feedback → PASS → next story → done", async () => {
    const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
    const handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1), story("US-2", 2)))],
      implement: [
        implementStep("a.txt", "v1 {{STORY}}\n"),
        implementStep("a.txt", "v2 {{STORY}}\n"),
        implementStep("b.txt", "{{STORY}}\n"),
      ],
      verify: [
        verdict.fail("a.txt must say v2, not v1 (FEEDBACK-42)"),
        verdict.pass(),
        verdict.pass(),
      ],
    });
    const ctx = await loopContext(repo, handle);
    const result = await runSpecLoop(ctx);
    // 8 runs: the regression gate re-checks both stories on the final tree before done.
    expect(result).toMatchObject({ ok: true, stop: null, agentRuns: 8 });
    expect(result.specs).toEqual([
      { rel: "greet.md", id: "greet", status: "done", message: "verified and done" },
    ]);
    expect(phases(handle.recordDir)).toEqual(US1_FAILS_ONCE);
    const impl = records(handle.recordDir).filter((r) => r.phase === "implement");
    expect(impl[0]?.prompt).not.toContain("FEEDBACK-42");
    expect(impl[1]?.prompt).toContain("FEEDBACK-42");
    expect(impl[1]?.env.RALPH_ATTEMPT).toBe("2");
    expect(impl[2]?.prompt).not.toContain("FEEDBACK-42");
    // A clean FAIL is no failure of the run (the engine backs off only when the breaker counts).
    expect(ctx.clock.sleeps).toEqual([]);
    expect(repo.git("log", "--format=%s", "main").split("\n")).toEqual([
      "ralph(greet): done",
      "ralph(greet): US-2 verified",
      "ralph(greet): US-2 Story US-2",
      "ralph(greet): US-1 verified",
      // Attempts are told apart: the retry says which it is (issue 18).
      "ralph(greet): US-1 attempt 2: Story US-1",
      "ralph(greet): US-1 Story US-1",
      "ralph(greet): plan attempt 1",
      "initial",
    ]);
    const prd = json(repo.dir, `${plans}/greet.prd.json`);
    expect(prd.userStories.map((s: { passes: boolean }) => s.passes)).toEqual([true, true]);
    const marker = readFileSync(join(repo.dir, ".ralph/specs/done/greet.md"), "utf8");
    expect(marker).toMatch(/\| US-1 \| Story US-1 \| PASS \| [0-9a-f]{12} \| 1\/1 pass \|/);
    expect(existsSync(join(repo.dir, ".ralph/specs/candidates/greet.json"))).toBe(false);
    expect(repo.git("status", "--porcelain")).toBe("");
  });

  it("PLAN_INVALIDATION archives attempt-1 and re-plans with the old plan and the reason", async () => {
    const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
    const handle = writeScenario({
      plan: [
        planStep(prdOf(story("US-1", 1)), "OLD-APPROACH"),
        planStep(prdOf(story("US-1", 1)), "NEW-APPROACH"),
      ],
      implement: [implementStep("a.txt", "1\n"), implementStep("b.txt", "2\n")],
      verify: [verdict.invalidate("the root is the wrong place (REASON-7)"), verdict.pass()],
    });
    const ctx = await loopContext(repo, handle);
    const result = await runSpecLoop(ctx);
    expect(result.ok).toBe(true);
    expect(phases(handle.recordDir)).toEqual([
      "plan:",
      "implement:US-1",
      "verify:US-1",
      "plan:",
      "implement:US-1",
      "verify:US-1",
    ]);
    const replan = records(handle.recordDir).filter((r) => r.phase === "plan")[1]!;
    expect(replan.prompt).toContain("OLD-APPROACH");
    expect(replan.prompt).toContain("REASON-7");
    expect(replan.prompt).toContain("Re-planning");
    expect(readFileSync(join(repo.dir, plans, "greet.attempt-1.md"), "utf8")).toBe(
      PLAN_MD("OLD-APPROACH"),
    );
    expect(readFileSync(join(repo.dir, plans, "greet.md"), "utf8")).toBe(PLAN_MD("NEW-APPROACH"));
    expect(json(repo.dir, `${plans}/greet.json`)).toMatchObject({ status: "active", attempt: 2 });
    // The invalidated meta was committed on the way.
    const archivedMeta = JSON.parse(repo.git("show", `HEAD~4:${plans}/greet.json`));
    expect(archivedMeta).toMatchObject({
      status: "invalidated",
      attempt: 1,
      invalidation_reason: "the root is the wrong place (REASON-7)",
    });
    expect(repo.git("log", "--format=%s", "-6").split("\n")).toEqual([
      "ralph(greet): done",
      "ralph(greet): US-1 verified",
      "ralph(greet): US-1 Story US-1",
      "ralph(greet): plan attempt 2",
      "ralph(greet): plan attempt 1 invalidated",
      "ralph(greet): US-1 Story US-1",
    ]);
  });

  // Issue 9 point 6: the CLI reset already-verified stories to pending after a re-plan.
  it("a re-plan keeps a verified story that comes back with the same id and title", async () => {
    const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
    const prd = prdOf(story("US-1", 1), story("US-2", 2));
    const handle = writeScenario({
      plan: [planStep(prd, "OLD-APPROACH"), planStep(prd, "NEW-APPROACH")],
      implement: [
        implementStep("a.txt", "1\n"),
        implementStep("b.txt", "2\n"),
        implementStep("c.txt", "3\n"),
      ],
      verify: [verdict.pass(), verdict.invalidate("US-2 needs another approach"), verdict.pass()],
    });
    const ctx = await loopContext(repo, handle);
    const result = await runSpecLoop(ctx);
    expect(result.ok).toBe(true);
    expect(phases(handle.recordDir)).toEqual(REPLANNED_AT_US2);
  });

  it("resumes a run killed between implement and verify by verifying the candidate", async () => {
    const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
    const handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1)))],
      implement: [implementStep("a.txt", "1\n")],
      verify: [verdict.pass()],
    });
    const ctx = await loopContext(repo, handle);
    const spec = { ...ctx, spec: specRef(".ralph", "greet.md") };
    expect((await runPlanStep(spec, { allowQuestions: false })).kind).toBe("prd");
    await commitPlanFiles(spec, 1);
    const impl = await runImplementStep(spec, { story: story("US-1", 1), attempt: 1 });
    if (impl.kind !== "implemented") throw new Error("implement failed");
    // "Killed" here: the next run starts from the candidate file.
    const result = await runSpecLoop(ctx);
    expect(result.ok).toBe(true);
    expect(phases(handle.recordDir)).toEqual(["plan:", "implement:US-1", "verify:US-1"]);
    const verify = records(handle.recordDir).at(-1)!;
    expect(verify.prompt).toContain(impl.commit);
  });

  it("stops a spec after max_attempts FAILs and goes on with the next spec", async () => {
    const repo = makeRepo({ ".ralph/specs/a.md": "# A\n", ".ralph/specs/b.md": "# B\n" });
    const handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1)))],
      implement: [
        implementStep("x.txt", "1\n"),
        implementStep("x.txt", "2\n"),
        implementStep("y.txt", "3\n"),
      ],
      verify: [verdict.fail("no"), verdict.fail("still no"), verdict.pass()],
    });
    const ctx = await loopContext(repo, handle, { limits: { max_attempts: 2 } });
    const result = await runSpecLoop(ctx);
    expect(result.ok).toBe(false);
    expect(result.stop).toBeNull();
    expect(result.specs.map((s) => [s.rel, s.status, s.reason])).toEqual([
      ["a.md", "failed", "max_attempts_exhausted"],
      ["b.md", "done", undefined],
    ]);
  });

  it("opens the circuit breaker after three identical failures and does not run later specs", async () => {
    const repo = makeRepo({ ".ralph/specs/a.md": "# A\n", ".ralph/specs/b.md": "# B\n" });
    const handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1)))],
      implement: [{ stdout: "nothing to do\n" }],
    });
    const ctx = await loopContext(repo, handle, { limits: { max_attempts: 10 } });
    const result = await runSpecLoop(ctx);
    expect(result.stop?.reason).toBe("circuit_breaker_open");
    expect(result.specs.map((s) => s.status)).toEqual(["failed", "not_run"]);
    expect(phases(handle.recordDir)).toEqual([
      "plan:",
      "implement:US-1",
      "implement:US-1",
      "implement:US-1",
    ]);
    const noProgressFeedback = records(handle.recordDir)[2]!.prompt;
    expect(noProgressFeedback).toContain("changed no files");
  });

  it("stops when max_agent_runs is used up, naming the reason", async () => {
    const repo = makeRepo({ ".ralph/specs/a.md": "# A\n" });
    const handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1)))],
      implement: [implementStep("x.txt", "{{STORY}}\n")],
      verify: [verdict.pass()],
    });
    const ctx = await loopContext(repo, handle, { limits: { max_agent_runs: 2 } });
    const result = await runSpecLoop(ctx);
    expect(result.stop?.reason).toBe("max_agent_runs_reached");
    expect(result.stop?.message).toMatch(/2 of 2 agent runs used \(limits.max_agent_runs\)/);
    expect(result.agentRuns).toBe(2);
  });

  it("skips done specs, --dry-run runs nothing, --force re-plans a done spec", async () => {
    const repo = makeRepo({ ".ralph/specs/a.md": "# A\n", ".ralph/specs/sub/b.md": "# B\n" });
    const handle = writeScenario({
      plan: [
        planStep(prdOf(story("US-1", 1)), "FIRST"),
        planStep(prdOf(story("US-1", 1)), "SECOND"),
      ],
      implement: [
        implementStep("{{STORY}}-1.txt", "1\n"),
        implementStep("{{STORY}}-2.txt", "2\n"),
        implementStep("{{STORY}}-3.txt", "3\n"),
      ],
      verify: [verdict.pass()],
    });
    const ctx = await loopContext(repo, handle);
    const dry = await runSpecLoop(ctx, { dryRun: true });
    expect(dry.specs.map((s) => [s.rel, s.status, s.message])).toEqual([
      ["a.md", "dry_run", "would plan"],
      ["sub/b.md", "dry_run", "would plan"],
    ]);
    expect(records(handle.recordDir)).toHaveLength(0);
    expect(repo.git("status", "--porcelain")).toBe("");

    for (const specsDir of [".ralph/specs/sub", ".ralph/specs/sub/b.md"]) {
      expect((await runSpecLoop(ctx, { specsDir })).specs.map((s) => s.rel)).toEqual(["sub/b.md"]);
    }
    const all = await runSpecLoop(ctx);
    expect(all.specs.map((s) => [s.rel, s.status])).toEqual([
      ["a.md", "done"],
      ["sub/b.md", "skipped"],
    ]);
    const runs = records(handle.recordDir).length;
    const forced = await runSpecLoop(ctx, { force: ["sub/b"] });
    expect(forced.specs.map((s) => [s.rel, s.status])).toEqual([
      ["a.md", "skipped"],
      ["sub/b.md", "done"],
    ]);
    const replan = records(handle.recordDir)
      .slice(runs)
      .find((r) => r.phase === "plan");
    expect(replan?.prompt).toContain("forced re-run");
    expect(existsSync(join(repo.dir, plans, "sub/b.attempt-1.md"))).toBe(true);
    expect(json(repo.dir, `${plans}/sub/b.json`)).toMatchObject({ status: "active", attempt: 2 });
  });

  it("a --force that names no spec runs nothing and names the spec it most likely meant", async () => {
    const repo = makeRepo({
      ".ralph/specs/greet.md": "# Greet\n",
      ".ralph/specs/sub/b.md": "# B\n",
    });
    const handle = writeScenario({});
    const ctx = await loopContext(repo, handle);
    const head = repo.git("rev-parse", "HEAD");
    const refused = async (options: Parameters<typeof runSpecLoop>[1], message: string) =>
      expect(runSpecLoop(ctx, options)).rejects.toThrow(new SpecFileError(message));
    await refused(
      { force: ["greet", "gret"] },
      'no spec "gret" under .ralph/specs; did you mean greet?',
    );
    await refused(
      { force: [".ralph/specs/sub/bb.md"] },
      'no spec ".ralph/specs/sub/bb.md" under .ralph/specs; did you mean sub/b?',
    );
    await refused({ force: ["zzz"] }, 'no spec "zzz" under .ralph/specs');
    await refused(
      { specsDir: ".ralph/specs/sub", force: ["greet"] },
      'no spec "greet" under .ralph/specs/sub',
    );
    expect(records(handle.recordDir)).toHaveLength(0);
    expect(repo.git("rev-parse", "HEAD")).toBe(head);
    expect(repo.git("status", "--porcelain")).toBe("");
  });

  it("adopts a hand-written plan without meta or PRD as one story", async () => {
    const repo = makeRepo({
      ".ralph/specs/hand.md":
        "# Hand made\n\n## Acceptance criteria\n- hand.txt exists\n- it says hi\n",
      [`${plans}/hand.md`]: "# Plan: hand\n\nWrite hand.txt.\n",
    });
    const handle = writeScenario({
      implement: [implementStep("hand.txt", "hi\n")],
      verify: [verdict.pass("hand.txt exists", "it says hi")],
    });
    const ctx = await loopContext(repo, handle);
    const result = await runSpecLoop(ctx);
    expect(result.ok).toBe(true);
    expect(phases(handle.recordDir)).toEqual(["implement:S1", "verify:S1"]);
    expect(json(repo.dir, `${plans}/hand.json`)).toMatchObject({ status: "active", attempt: 1 });
    expect(json(repo.dir, `${plans}/hand.prd.json`).userStories[0]).toMatchObject({
      id: "S1",
      title: "Hand made",
      acceptanceCriteria: ["hand.txt exists", "it says hi"],
      passes: true,
    });
  });

  it("synthesizePrd falls back to one generic criterion", () => {
    expect(synthesizePrd("no heading here", "x", "main").userStories[0]).toMatchObject({
      title: "Implement spec x",
      acceptanceCriteria: [expect.stringContaining("plan's verification strategy")],
    });
  });
});
