import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runResearchStep } from "../../src/pipeline/research-step.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import { records, stepContext, writeScenario } from "../fixtures/pipeline/scenario.js";
import { researchDecision } from "../fixtures/research.js";

const SPEC = { ".ralph/specs/login.md": "# Add a login\n\nUsers sign in with OAuth.\n" };
const FINDINGS = { specs: [], best_practices: [], pitfalls: [], references: [] };
const DECISION = researchDecision({
  id: "D-1",
  title: "Session storage",
  context: "Where the session lives",
  options: [
    ["Cookie", "httpOnly cookie"],
    ["Server", "server-side store"],
  ],
  recommendation: 1,
  rationale: "simplest",
});
const answer = (decisions: unknown[]) => ({
  stdout: `Findings below.\n${JSON.stringify({ research: FINDINGS, decisions })}\n`,
});

describe("runResearchStep", () => {
  it("parses the decisions of the final JSON object; the prompt has the goal, Q&A and notes", async () => {
    const repo = makeRepo(SPEC);
    const handle = writeScenario({ research: [answer([DECISION])] });
    const ctx = await stepContext(repo, handle, "login.md");
    const result = await runResearchStep(ctx, {
      qa: [{ question: "Which provider?", answer: "Google", by: "alice" }],
      notes: ["keep it small"],
    });
    expect(result).toEqual({
      step: "research",
      kind: "decisions",
      decisions: [
        {
          id: "D-1",
          title: "Session storage",
          critical: true,
          options: DECISION.options,
          recommendation: 1,
          selected: null,
          custom: null,
          category: "security",
          context: "Where the session lives",
          rationale: "simplest",
          followUps: [],
        },
      ],
      findings: { specs: [], best_practices: [], pitfalls: [], references: [] },
    });
    const [run] = records(handle.recordDir);
    expect(run?.phase).toBe("research");
    expect(run?.env.RALPH_SPEC_ID).toBe("login");
    expect(run?.prompt).toContain("Users sign in with OAuth.");
    expect(run?.prompt).toContain("Which provider?");
    expect(run?.prompt).toContain("keep it small");
  });

  it("output without JSON or against the schema is invalid_output with the reason", async () => {
    const repo = makeRepo(SPEC);
    const handle = writeScenario({
      research: [{ stdout: "no json here\n" }, answer([{ ...DECISION, options: [] }])],
    });
    const ctx = await stepContext(repo, handle, "login.md");
    const noJson = await runResearchStep(ctx);
    expect(noJson).toMatchObject({ step: "research", kind: "invalid_output" });
    const badSchema = await runResearchStep(ctx);
    expect(badSchema).toMatchObject({ step: "research", kind: "invalid_output" });
    if (badSchema.kind === "invalid_output") expect(badSchema.errors.join(" ")).toMatch(/options/);
  });

  it("a research run that writes a file fails naming it, and the change is reverted", async () => {
    const repo = makeRepo({ ...SPEC, "src/app.js": "original\n" });
    const handle = writeScenario({
      research: [{ ...answer([DECISION]), files: { "src/app.js": "hacked\n" } }],
    });
    const ctx = await stepContext(repo, handle, "login.md");
    const result = await runResearchStep(ctx);
    expect(result).toEqual({
      step: "research",
      kind: "invalid_output",
      errors: ["the research run changed files it must not touch (reverted): src/app.js"],
    });
    expect(readFileSync(join(repo.dir, "src/app.js"), "utf8")).toBe("original\n");
  });

  it("a research run that writes a git-ignored file fails too, and the file is removed", async () => {
    const repo = makeRepo({ ...SPEC, ".gitignore": ".env\n" });
    const handle = writeScenario({
      research: [{ ...answer([DECISION]), files: { ".env": "TOKEN=stolen\n" } }],
    });
    const ctx = await stepContext(repo, handle, "login.md");
    const result = await runResearchStep(ctx);
    expect(result).toEqual({
      step: "research",
      kind: "invalid_output",
      errors: ["the research run changed files it must not touch (reverted): .env"],
    });
    expect(existsSync(join(repo.dir, ".env"))).toBe(false);
  });

  it("a crashing research run is a crash", async () => {
    const repo = makeRepo(SPEC);
    const handle = writeScenario({ research: [{ stdout: "boom\n", exit: 2 }] });
    const ctx = await stepContext(repo, handle, "login.md");
    expect(await runResearchStep(ctx)).toMatchObject({ step: "research", kind: "crash" });
  });
});
