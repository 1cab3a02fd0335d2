/**
 * Issue 18: nothing Ralph writes is left untracked and unignored in the user's checkout. After
 * every command of a full local run on a fresh repository `git status` shows only what the user
 * changed (and what `ralph init` was asked to write); Ralph's local files live in folders git
 * never shows; a `plan_state.json` where older versions kept it is read and moved.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { cliPerFile } from "../fixtures/pipeline/cli.js";
import { scenarioForTest } from "../fixtures/pipeline/real-package.js";
import { makeRepo, type TestRepo } from "../fixtures/pipeline/repo.js";
import {
  implementStep,
  planStep,
  prdOf,
  records,
  story,
  verdict,
} from "../fixtures/pipeline/scenario.js";

const ralph = cliPerFile();

function freshRepo(files?: Record<string, string>): TestRepo {
  const repo = makeRepo(files);
  onTestFinished(() => rmSync(dirname(repo.dir), { recursive: true, force: true }));
  return repo;
}

const PLAN_A_GREETING = ["plan", "Add a greeting", "--non-interactive", "--yes-prd"];

const status = (repo: TestRepo) =>
  repo.git("status", "--porcelain", "--untracked-files=all").split("\n").filter(Boolean);

describe("a clean checkout after every CLI command (issue 18)", () => {
  it("init, plan, understand, run, status, exec: only what the user changed or asked for", async () => {
    const handle = scenarioForTest({
      plan: [planStep(prdOf(story("US-1", 1)))],
      understand: [
        {
          files: { ".ralph/codebase_map.md": "# Codebase Map\n\n## Next Topics\n- [x] Layout\n" },
          stdout: "covered Layout\n",
        },
      ],
      implement: [implementStep("{{STORY}}-{{SPEC}}.txt", "done\n")],
      verify: [verdict.pass()],
    });
    const repo = freshRepo();

    const init = await ralph(repo, null, ["init"]);
    expect(init.code).toBe(0);
    // Exactly what `ralph init` was asked to write; the user commits it, as it says.
    expect(status(repo)).toEqual(["?? .github/ralph.yml", "?? .github/workflows/ralph.yml"]);
    repo.git("add", "--all");
    repo.git("commit", "--quiet", "-m", "Ralph's config and workflow");

    // The user's own change stays theirs: uncommitted, never swept into Ralph's commits.
    repo.write("NOTES.md", "my notes\n");
    const plan = await ralph(repo, handle, PLAN_A_GREETING);
    expect(plan.code).toBe(0);
    expect(status(repo)).toEqual(["?? NOTES.md"]);
    expect(repo.git("log", "-1", "--format=%s")).toBe("ralph(add-a-greeting): plan attempt 1");

    const understand = await ralph(repo, handle, [
      "understand",
      "--max-understand-iterations",
      "1",
    ]);
    expect(understand.code).toBe(0);
    expect(status(repo)).toEqual(["?? NOTES.md"]);
    expect(repo.git("log", "-1", "--format=%s")).toBe("ralph: codebase map");

    repo.git("add", "NOTES.md");
    repo.git("commit", "--quiet", "-m", "notes");
    const run = await ralph(repo, handle, ["run"]);
    expect(run.code).toBe(0);
    expect(status(repo)).toEqual([]);

    expect((await ralph(repo, handle, ["status"])).code).toBe(0);
    expect(status(repo)).toEqual([]);

    const gates = "--non-interactive --yes-prd --yes-run --understand never".split(" ");
    const exec = await ralph(repo, handle, ["exec", "Add a farewell", ...gates]);
    expect(exec.code).toBe(0);
    expect(exec.stdout).toContain("add-a-farewell.md: done");
    expect(status(repo)).toEqual([]);

    // Ralph's local files are there, where git never shows them, and never in a commit.
    for (const file of ["plan_state.json", "plan_transcript.md"]) {
      expect(existsSync(join(repo.dir, ".ralph/local", file))).toBe(true);
    }
    expect(existsSync(join(repo.dir, ".ralph/runs/ralph.log"))).toBe(true);
    const committed = repo.git("log", "--all", "--format=", "--name-only");
    expect(committed).not.toMatch(
      /plan_state|plan_transcript|\.ralph\/local|\.ralph\/runs|draft\//,
    );
  });

  it("a run that stops with a candidate to resume leaves it where git never shows it; the next run verifies it", async () => {
    const handle = scenarioForTest({
      plan: [planStep(prdOf(story("US-1", 1)))],
      implement: [implementStep("hello.txt", "hello\n")],
      // The verifier crashes every time: the circuit breaker stops the run after the commit.
      verify: [{ exit: 1, stdout: "boom\n" }],
    });
    const repo = freshRepo({ ".ralph/specs/hello.md": "# Hello\n" });
    const stopped = await ralph(repo, handle, ["run"]);
    expect(stopped.code).toBe(1);
    expect(existsSync(join(repo.dir, ".ralph/specs/candidates/hello.json"))).toBe(true);
    expect(status(repo)).toEqual([]);

    handle.update({ verify: [verdict.pass()] });
    const resumed = await ralph(repo, handle, ["run"]);
    expect(resumed.code).toBe(0);
    expect(records(handle.recordDir).filter((r) => r.phase === "implement")).toHaveLength(1);
    expect(status(repo)).toEqual([]);
  });

  it("a plan_state.json where older versions kept it is resumed from and moved", async () => {
    const handle = scenarioForTest({ plan: [planStep(prdOf(story("US-1", 1)))] });
    const repo = freshRepo();
    const legacy = join(repo.dir, ".ralph/plan_state.json");
    repo.write(
      ".ralph/plan_state.json",
      `${JSON.stringify({
        schemaVersion: 1,
        root: repo.dir,
        goal: "Add a greeting",
        createdAt: "2026-01-01T00:00:00.000Z",
        updatedAt: "2026-01-01T00:00:00.000Z",
        specRel: "add-a-greeting.md",
        qa: [{ id: "q1", question: "Which greeting?", answer: "LEGACY-ANSWER", askedAt: "x" }],
        uncertainties: [],
        recommendUnderstand: null,
        lastPrdDraft: null,
        approvedPrdAt: null,
      })}\n`,
    );
    const plan = await ralph(repo, handle, PLAN_A_GREETING);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain("resuming the plan for this goal (1 answer so far)");
    expect(records(handle.recordDir)[0]!.prompt).toContain("LEGACY-ANSWER");
    expect(existsSync(legacy)).toBe(false);
    const moved = JSON.parse(readFileSync(join(repo.dir, ".ralph/local/plan_state.json"), "utf8"));
    expect(moved.qa).toEqual([expect.objectContaining({ answer: "LEGACY-ANSWER" })]);
    expect(status(repo)).toEqual([]);
  });
});
