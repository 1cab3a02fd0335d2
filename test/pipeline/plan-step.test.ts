import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { prdRevision } from "../../src/core/prd.js";
import { runPlanStep } from "../../src/pipeline/plan-step.js";
import { envelope, PLAN_MD, planStep, prdOf, story } from "../fixtures/pipeline/plans.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import { records, stepContext, writeScenario } from "../fixtures/pipeline/scenario.js";

const SPEC = { ".ralph/specs/add-greeting.md": "# Add a greeting\n\nPrint hello.\n" };
const plans = ".ralph/specs/plans";

describe("runPlanStep", () => {
  it("runs the planner read-only, writes PRD + meta, returns the revision", async () => {
    const repo = makeRepo(SPEC);
    const prd = prdOf({ ...story("US-1", 1), passes: true }, story("US-2", 2));
    const handle = writeScenario({ plan: [planStep(prd)] });
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    const result = await runPlanStep(ctx, { allowQuestions: false });
    expect(result.kind).toBe("prd");
    if (result.kind !== "prd") return;
    // Ralph decides done: the planner's `passes: true` is reset.
    expect(result.prd.userStories.map((s) => s.passes)).toEqual([false, false]);
    expect(result.planText).toBe(PLAN_MD("approach A"));
    expect(result.revision).toBe(prdRevision(result.prd, result.planText));
    expect(result.specId).toBe("add-greeting");
    expect(result.branch).toBe("main");
    expect(
      JSON.parse(readFileSync(join(repo.dir, plans, "add-greeting.prd.json"), "utf8")),
    ).toEqual(result.prd);
    const meta = JSON.parse(readFileSync(join(repo.dir, plans, "add-greeting.json"), "utf8"));
    expect(meta).toMatchObject({ status: "active", attempt: 1, spec_id: "add-greeting" });
    const [run] = records(handle.recordDir);
    expect(run?.env).toMatchObject({
      RALPH_PHASE: "plan",
      RALPH_SPEC_ID: "add-greeting",
      RALPH_PLAN_FILE: join(repo.dir, plans, "add-greeting.md"),
      RALPH_PRD_FILE: join(repo.dir, plans, "add-greeting.prd.json"),
      RALPH_SPEC_FILE: join(repo.dir, ".ralph/specs/add-greeting.md"),
      cwd: repo.dir,
    });
    expect(run?.prompt).toContain("Print hello.");
    expect(run?.prompt).toContain("Questions are not possible in this run");
  });

  it("keepVerified: stories with the same id and title are written as passing; same revision", async () => {
    const repo = makeRepo(SPEC);
    const prd = prdOf(story("US-1", 1), story("US-2", 2), { ...story("US-3", 3), passes: true });
    const handle = writeScenario({ plan: [planStep(prd)] });
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    const plain = await runPlanStep(ctx, { allowQuestions: false, persist: false });
    const kept = await runPlanStep(ctx, {
      allowQuestions: false,
      keepVerified: [
        { id: "US-1", title: "Story US-1" },
        // Same id, another title: a different story now, unverified.
        { id: "US-2", title: "Greet in French" },
        { id: "US-9", title: "Story US-9" },
      ],
    });
    if (plain.kind !== "prd" || kept.kind !== "prd") throw new Error("the planner failed");
    expect(plain.prd.userStories.map((s) => s.passes)).toEqual([false, false, false]);
    expect(kept.prd.userStories.map((s) => `${s.id}:${s.passes}`)).toEqual([
      "US-1:true",
      "US-2:false",
      "US-3:false",
    ]);
    expect(kept.envelope?.prdDraft).toEqual(kept.prd);
    expect(kept.revision).toBe(plain.revision);
    expect(
      JSON.parse(readFileSync(join(repo.dir, plans, "add-greeting.prd.json"), "utf8")),
    ).toEqual(kept.prd);
  });

  it("retries invalid JSON with the parser error in the next prompt", async () => {
    const repo = makeRepo(SPEC);
    const handle = writeScenario({
      plan: [
        { planFile: PLAN_MD("x"), stdout: 'Envelope: {"questions": [], "prdDraft": nul' + "l,}\n" },
        planStep(prdOf(story("US-1", 1))),
      ],
    });
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    const result = await runPlanStep(ctx);
    expect(result.kind).toBe("prd");
    const [first, second] = records(handle.recordDir);
    expect(first?.prompt).not.toContain("Your previous envelope was invalid");
    expect(second?.prompt).toContain("Your previous envelope was invalid");
    expect(second?.prompt).toMatch(/not valid JSON/);
  });

  it("retries a PRD with an extra key with the validation error, and fails past the bound", async () => {
    const repo = makeRepo(SPEC);
    const bad = { ...prdOf(story("US-1", 1)), extra: "nope" };
    const handle = writeScenario({
      plan: [{ planFile: PLAN_MD("x"), envelope: envelope(bad as never) }],
    });
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    const result = await runPlanStep(ctx, { maxRetries: 2 });
    expect(result).toMatchObject({ step: "plan", kind: "invalid_output" });
    if (result.kind !== "invalid_output") return;
    expect(result.errors.join("\n")).toContain("prdDraft.extra: unknown key");
    const runs = records(handle.recordDir);
    expect(runs).toHaveLength(3);
    expect(runs[1]?.prompt).toContain("prdDraft.extra: unknown key");
    expect(runs[2]?.prompt).toContain("prdDraft.extra: unknown key");
    expect(existsSync(join(repo.dir, plans, "add-greeting.prd.json"))).toBe(false);
  });

  it("a PRD Ralph could not carry (201 stories) goes back to the planner as a validation error", async () => {
    const repo = makeRepo(SPEC);
    const tooMany = prdOf(...Array.from({ length: 201 }, (_, i) => story(`US-${i + 1}`, i + 1)));
    const handle = writeScenario({
      plan: [
        { planFile: PLAN_MD("x"), envelope: envelope(tooMany) },
        planStep(prdOf(...Array.from({ length: 200 }, (_, i) => story(`US-${i + 1}`, i + 1)))),
      ],
    });
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    const result = await runPlanStep(ctx);
    expect(result.kind).toBe("prd");
    if (result.kind !== "prd") return;
    expect(result.prd.userStories).toHaveLength(200);
    const [, second] = records(handle.recordDir);
    expect(second?.prompt).toContain(
      "prdDraft.userStories: 201 stories, but Ralph carries at most 200 in one PRD",
    );
  });

  it("a planner that writes outside its plan file fails at once and the stray change is gone", async () => {
    const repo = makeRepo({ ...SPEC, "src/app.js": "original\n" });
    const handle = writeScenario({
      plan: [
        {
          ...planStep(prdOf(story("US-1", 1))),
          files: { "src/app.js": "hacked\n", "stray.txt": "x", ".ralph/progress.md": "ok" },
        },
      ],
    });
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    const result = await runPlanStep(ctx);
    expect(result.kind).toBe("invalid_output");
    if (result.kind !== "invalid_output") return;
    expect(result.errors[0]).toMatch(/outside its plan file.*src\/app\.js, stray\.txt/);
    expect(readFileSync(join(repo.dir, "src/app.js"), "utf8")).toBe("original\n");
    expect(existsSync(join(repo.dir, "stray.txt"))).toBe(false);
    // Allowed files stay: plan file and progress notes.
    expect(existsSync(join(repo.dir, plans, "add-greeting.md"))).toBe(true);
    expect(existsSync(join(repo.dir, ".ralph/progress.md"))).toBe(true);
    expect(records(handle.recordDir)).toHaveLength(1);
  });

  it("a planner that writes a git-ignored file or a symlink as its plan fails, naming them", async () => {
    const repo = makeRepo({ ...SPEC, ".gitignore": ".env\n" });
    const handle = writeScenario({
      plan: [
        {
          ...planStep(prdOf(story("US-1", 1))),
          files: { ".env": "SECRET=1\n" },
          sh: `rm -f ${plans}/add-greeting.md && ln -s /etc/hostname ${plans}/add-greeting.md`,
        },
      ],
    });
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    const result = await runPlanStep(ctx);
    expect(result.kind).toBe("invalid_output");
    if (result.kind !== "invalid_output") return;
    expect(result.errors[0]).toContain(`${plans}/add-greeting.md`);
    expect(result.errors[0]).toContain(".env");
    expect(existsSync(join(repo.dir, ".env"))).toBe(false);
    expect(existsSync(join(repo.dir, plans, "add-greeting.md"))).toBe(false);
    expect(existsSync(join(repo.dir, plans, "add-greeting.prd.json"))).toBe(false);
  });

  it("returns questions when allowed, and writes nothing", async () => {
    const repo = makeRepo(SPEC);
    const handle = writeScenario({
      plan: [{ envelope: envelope(null, ["Which greeting?", "Where?"]) }],
    });
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    const result = await runPlanStep(ctx);
    expect(result).toMatchObject({ kind: "questions", questions: ["Which greeting?", "Where?"] });
    // Only the (empty) folder the planner may write its plan into.
    expect(readdirSync(join(repo.dir, plans))).toEqual([]);
    expect(repo.git("status", "--porcelain")).toBe("");
  });

  it("rejects a PRD when the plan file was not written", async () => {
    const repo = makeRepo(SPEC);
    const handle = writeScenario({ plan: [{ envelope: envelope(prdOf(story("US-1", 1))) }] });
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    const result = await runPlanStep(ctx, { maxRetries: 0 });
    expect(result.kind).toBe("invalid_output");
    if (result.kind === "invalid_output") {
      expect(result.errors[0]).toBe("the planner's output was still invalid after 1 run");
      expect(result.errors.join(" ")).toMatch(/plan file .*add-greeting\.md is missing or empty/);
    }
  });

  it("reports a crashing planner as crash", async () => {
    const repo = makeRepo(SPEC);
    const handle = writeScenario({ plan: [{ stdout: "boom", exit: 3 }] });
    const ctx = await stepContext(repo, handle, "add-greeting.md");
    const result = await runPlanStep(ctx);
    expect(result).toMatchObject({ step: "plan", kind: "crash" });
    if (result.kind === "crash") expect(result.message).toMatch(/exited with code 3/);
  });
});
