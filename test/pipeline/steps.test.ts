import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PipelineContext } from "../../src/pipeline/context.js";
import { applyFileChange, commitPlanFiles } from "../../src/pipeline/file-change.js";
import { runImplementStep } from "../../src/pipeline/implement-step.js";
import { runPlanStep } from "../../src/pipeline/plan-step.js";
import { readCandidate } from "../../src/pipeline/spec-files.js";
import { runVerifyStep } from "../../src/pipeline/verify-step.js";
import { planStep, prdOf, story } from "../fixtures/pipeline/plans.js";
import { makeRepo, type TestRepo } from "../fixtures/pipeline/repo.js";
import {
  APPROVER,
  BOT,
  type fakeClock,
  records,
  type Scenario,
  stepContext,
  writeScenario,
} from "../fixtures/pipeline/scenario.js";
import { implementStep, verdict } from "../fixtures/pipeline/steps.js";

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

describe("runImplementStep: an implementer that breaks the rules", () => {
  const allPass = JSON.stringify({
    ...prdOf(S1, S2),
    userStories: [S1, S2].map((s) => ({ ...s, passes: true })),
  });

  it("committing its own edit of the PRD (every story passes) does not reach the branch", async () => {
    const { repo, ctx } = await planned({
      implement: [
        {
          files: { "hello.txt": "hello\n", [`${plans}/greet.prd.json`]: allPass },
          sh: "git add -A && git commit -q -m 'agent: all done'",
        },
      ],
    });
    const base = repo.git("rev-parse", "HEAD");
    const result = await runImplementStep(ctx, { story: S1, attempt: 1 });
    expect(result.kind).toBe("implemented");
    if (result.kind !== "implemented") return;
    expect(result.revertedRalphFiles).toEqual([`${plans}/greet.prd.json`]);
    expect(repo.git("rev-parse", `${result.commit}^`)).toBe(base);
    expect(repo.git("log", "-1", "--format=%an|%s", result.commit)).toBe(
      `${BOT.name}|ralph(greet): US-1 Story US-1`,
    );
    expect(repo.git("show", "--name-only", "--format=", result.commit)).toBe("hello.txt");
    const prd = JSON.parse(repo.git("show", `${result.commit}:${plans}/greet.prd.json`));
    expect(prd.userStories.map((s: { passes: boolean }) => s.passes)).toEqual([false, false]);
  });

  it("switching to another branch: Ralph commits on its own branch", async () => {
    const { repo, ctx } = await planned({
      implement: [
        {
          files: { "hello.txt": "hello\n" },
          sh: "git checkout -q -b side && git add -A && git commit -q -m side",
        },
      ],
    });
    const base = repo.git("rev-parse", "HEAD");
    const result = await runImplementStep(ctx, { story: S1, attempt: 1 });
    expect(result.kind).toBe("implemented");
    if (result.kind !== "implemented") return;
    expect(repo.git("branch", "--show-current")).toBe("main");
    expect(repo.git("rev-parse", "main")).toBe(result.commit);
    expect(repo.git("rev-parse", `${result.commit}^`)).toBe(base);
  });

  it("rewriting history (reset --hard to before the plan) loses no commit of the branch", async () => {
    const { repo, ctx } = await planned({
      implement: [{ files: { "hello.txt": "hello\n" }, sh: "git reset -q --hard HEAD~1" }],
    });
    const base = repo.git("rev-parse", "HEAD");
    const result = await runImplementStep(ctx, { story: S1, attempt: 1 });
    expect(result.kind).toBe("implemented");
    if (result.kind !== "implemented") return;
    expect(repo.git("rev-parse", `${result.commit}^`)).toBe(base);
    expect(repo.git("show", "--name-only", "--format=", result.commit)).toBe("hello.txt");
    expect(repo.git("status", "--porcelain", "--", plans)).toBe("");
  });

  it("writing the candidate file itself (pointing at an old commit) is reverted", async () => {
    const candidate = ".ralph/specs/candidates/greet.json";
    const { repo, ctx } = await planned({
      implement: [
        {
          sh: `mkdir -p .ralph/specs/candidates && printf '{"spec_rel":"greet.md","spec_id":"greet","candidate_commit":"%s","created_at_utc":"x","status":"candidate","story_id":"US-1"}' "$(git rev-parse HEAD)" > ${candidate}`,
        },
      ],
    });
    const result = await runImplementStep(ctx, { story: S1, attempt: 1 });
    expect(result).toMatchObject({ kind: "no_progress", revertedRalphFiles: [candidate] });
    expect(existsSync(join(repo.dir, candidate))).toBe(false);
  });

  it("a hook or config entry planted in .git/ is removed before Ralph runs git again", async () => {
    const { repo, ctx } = await planned({
      implement: [
        {
          files: { "hello.txt": "hello\n", ".git/hooks/pre-commit": "#!/bin/sh\nexit 1\n" },
          sh: "chmod +x .git/hooks/pre-commit && git config core.fsmonitor 'echo pwned >&2'",
        },
      ],
    });
    const result = await runImplementStep(ctx, { story: S1, attempt: 1 });
    expect(result.kind).toBe("implemented");
    expect(existsSync(join(repo.dir, ".git/hooks/pre-commit"))).toBe(false);
    expect(readFileSync(join(repo.dir, ".git/config"), "utf8")).not.toContain("fsmonitor");
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
    expect(result).toEqual({ step: "plan", kind: "timeout", runs: 1 });
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
      verify: [
        {
          ...verdict.pass("hello.txt says hello"),
          files: { "hello.txt": "patched by verifier\n" },
        },
      ],
    });
    const impl = await runImplementStep(ctx, { story: S1, attempt: 1 });
    if (impl.kind !== "implemented") throw new Error("implement failed");
    const result = await runVerifyStep(ctx, { story: S1, commit: impl.commit, attempt: 1 });
    expect(result).toMatchObject({ verdict: "FAIL", violations: ["hello.txt"] });
    expect(readFileSync(join(repo.dir, "hello.txt"), "utf8")).toBe("hello\n");
  });

  it("a verifier's ignored build output is removed without failing it; a .git/ edit fails it", async () => {
    const { repo, ctx } = await planned({
      implement: [
        { files: { "hello.txt": "hello\n", ".gitignore": "coverage/\n" }, stdout: "done\n" },
      ],
      verify: [
        { ...verdict.pass("hello.txt says hello"), files: { "coverage/index.html": "report\n" } },
        { ...verdict.pass("hello.txt says hello"), sh: "git config alias.st '!touch pwned'" },
      ],
    });
    const impl = await runImplementStep(ctx, { story: S1, attempt: 1 });
    if (impl.kind !== "implemented") throw new Error("implement failed");
    const first = await runVerifyStep(ctx, { story: S1, commit: impl.commit, attempt: 1 });
    expect(first).toMatchObject({ verdict: "PASS" });
    expect(existsSync(join(repo.dir, "coverage"))).toBe(false);
    const second = await runVerifyStep(ctx, { story: S1, commit: impl.commit, attempt: 1 });
    expect(second).toMatchObject({ verdict: "FAIL", violations: [".git/config"] });
    expect(readFileSync(join(repo.dir, ".git/config"), "utf8")).not.toContain("pwned");
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

describe("secrets in commits (DESIGN §7.6)", () => {
  it("a token in a PLAN_INVALIDATION reason or a story title reaches no commit and no file", async () => {
    const token = `ghp_${"Z9y8".repeat(9)}`;
    const { repo, ctx } = await planned({ implement: [implementStep("hello.txt", "hi\n")] });
    const sneaky = { ...S1, title: `use ${token}` };
    const impl = await runImplementStep(ctx, { story: sneaky, attempt: 1 });
    expect(impl.kind).toBe("implemented");
    await applyFileChange(ctx, { kind: "archive_plan", reason: `leaks ${token}`, attempt: 1 });
    const messages = repo.git("log", "--format=%B");
    expect(messages).not.toContain(token);
    expect(messages).toContain("PLAN_INVALIDATION reason: leaks ***");
    expect(readFileSync(join(repo.dir, plans, "greet.json"), "utf8")).not.toContain(token);
  });
});

describe("applyFileChange", () => {
  it("mark_story_passed, archive_plan and done_marker each write and commit their files", async () => {
    const { repo, ctx } = await planned({});
    const verified = repo.git("rev-parse", "HEAD");
    const passed = await applyFileChange(ctx, {
      kind: "mark_story_passed",
      storyId: "US-1",
      commit: verified,
      criteria: [{ criterion: "hello", pass: true }],
    });
    expect(passed.commit).toBe(repo.git("rev-parse", "HEAD"));
    expect(passed.paths).toEqual([`${plans}/greet.prd.json`, `${plans}/greet.stories.json`]);
    const prd = JSON.parse(readFileSync(join(repo.dir, plans, "greet.prd.json"), "utf8"));
    expect(prd.userStories.map((s: { passes: boolean }) => s.passes)).toEqual([true, false]);
    // DESIGN §6.4: the verdict's details live in the sidecar next to the PRD, not in the state.
    expect(JSON.parse(readFileSync(join(repo.dir, plans, "greet.stories.json"), "utf8"))).toEqual({
      spec_id: "greet",
      stories: [
        {
          id: "US-1",
          status: "verified",
          commit: verified,
          at: expect.stringMatching(/^2026-03-01T/),
          criteria: [{ criterion: "hello", pass: true }],
        },
      ],
    });
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
        // As the machine's state gives them: a short title, the criteria left to the sidecar.
        rows: [
          { id: "US-1", title: "Story…", verdict: "PASS", commit: null, criteria: [] },
          { id: "US-2", title: "Story | two", verdict: "FAIL", commit: head, criteria: [] },
        ],
      },
    );
    expect(done.paths).toEqual([".ralph/specs/done/greet.md"]);
    const marker = readFileSync(join(repo.dir, ".ralph/specs/done/greet.md"), "utf8");
    expect(marker).toContain(`- Commit: ${head}`);
    // The PRD's full title, and the sidecar's commit and criteria.
    expect(marker).toContain(`| US-1 | Story US-1 | PASS | ${verified.slice(0, 12)} | 1/1 pass |`);
    expect(marker).toContain(`| US-2 | Story US-2 | FAIL | ${head.slice(0, 12)} | - |`);
    expect(marker).toContain("| hello | pass |");
    expect(repo.git("log", "-1", "--format=%s%n%(trailers:key=Co-authored-by,valueonly)")).toBe(
      `ralph(greet): done\n${APPROVER.name} <${APPROVER.email}>`,
    );
  });
});
