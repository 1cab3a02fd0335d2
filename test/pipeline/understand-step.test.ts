import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { HomeContext } from "../../src/pipeline/context.js";
import { runUnderstandStep } from "../../src/pipeline/understand-step.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import {
  loopContext,
  records,
  type Step,
  stepContext,
  writeScenario,
} from "../fixtures/pipeline/scenario.js";

const MAP = ".ralph/codebase_map.md";
const mapStep = (extra: Partial<Step> = {}): Step => ({
  files: { [MAP]: "# Codebase Map\n\n## Next Topics\n- [x] Layout\n" },
  stdout: "covered Layout\n",
  ...extra,
});

describe("runUnderstandStep", () => {
  it("without a spec: writes only the map; env and log folder are ralph_home's", async () => {
    const repo = makeRepo();
    const handle = writeScenario({ understand: [mapStep()] });
    const ctx: HomeContext = await loopContext(repo, handle);
    const outcome = await runUnderstandStep(ctx, {
      today: "2026-03-01",
      maxTopics: 1,
      focusTopics: ["Auth flow"],
      goal: "Add a login",
    });
    expect(outcome.result).toEqual({ step: "understand", kind: "understood" });
    expect(outcome.offending).toEqual([]);
    expect(outcome.run?.exitCode).toBe(0);
    expect(outcome.run?.logFile.startsWith(join(ctx.logRoot, "understand"))).toBe(true);
    expect(readFileSync(join(repo.dir, MAP), "utf8")).toContain("- [x] Layout");
    const [run] = records(handle.recordDir);
    expect(run?.env).toEqual({
      RALPH_PHASE: "understand",
      RALPH_WORKSPACE: repo.dir,
      RALPH_CODEBASE_MAP: join(repo.dir, MAP),
      RALPH_TEST_SCENARIO: handle.file,
      RALPH_RUN_ID: expect.any(String),
      cwd: repo.dir,
    });
    expect(run?.prompt).toContain("## 2026-03-01 - <topic>");
    expect(run?.prompt).toContain("Auth flow");
    expect(run?.prompt).toContain("Add a login");
    expect(run?.prompt).toContain("Pick up to 1 topics");
  });

  it("for a spec: the spec's environment and log folder; today defaults to the clock's UTC date", async () => {
    const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
    const handle = writeScenario({ understand: [mapStep()] });
    const ctx = await stepContext(repo, handle, "greet.md");
    const outcome = await runUnderstandStep(ctx, { maxTopics: 3 });
    expect(outcome.result.kind).toBe("understood");
    expect(readdirSync(join(ctx.logRoot, "greet"))).toHaveLength(1);
    const [run] = records(handle.recordDir);
    expect(run?.env).toMatchObject({
      RALPH_SPEC_ID: "greet",
      RALPH_CODEBASE_MAP: join(repo.dir, MAP),
    });
    // fakeClock starts on 2026-03-01.
    expect(run?.prompt).toContain("## 2026-03-01 - <topic>");
    expect(run?.prompt).toContain("Pick up to 3 topics");
  });

  it("a change outside the map, ignored files included, fails the run and is reverted", async () => {
    const repo = makeRepo({ "README.md": "# demo\n", ".gitignore": "tmp/\n" });
    const handle = writeScenario({
      understand: [
        mapStep({ files: { "README.md": "changed\n", "tmp/cache": "x", [MAP]: "# m\n" } }),
      ],
    });
    const ctx = await loopContext(repo, handle);
    const outcome = await runUnderstandStep(ctx, { maxTopics: 1 });
    // A new ignored folder is reported (and removed) as a whole.
    expect(outcome.offending).toEqual(["README.md", "tmp/"]);
    expect(outcome.result).toEqual({
      step: "understand",
      kind: "invalid_output",
      errors: ["the understand run changed files it must not touch (reverted): README.md, tmp/"],
    });
    expect(readFileSync(join(repo.dir, "README.md"), "utf8")).toBe("# demo\n");
    expect(existsSync(join(repo.dir, "tmp"))).toBe(false);
    expect(readFileSync(join(repo.dir, MAP), "utf8")).toBe("# m\n");
  });

  it("a failing run comes back with the agent's result", async () => {
    const repo = makeRepo();
    const handle = writeScenario({ understand: [{ stdout: "boom\n", exit: 4 }] });
    const ctx = await loopContext(repo, handle);
    const outcome = await runUnderstandStep(ctx, { maxTopics: 1 });
    expect(outcome.result).toMatchObject({ step: "understand", kind: "crash" });
    expect(outcome.run?.exitCode).toBe(4);
    expect(outcome.offending).toEqual([]);
  });
});
