import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliPerFile } from "../fixtures/pipeline/cli.js";
import { planStep, prdOf, story } from "../fixtures/pipeline/plans.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import { records, writeScenario } from "../fixtures/pipeline/scenario.js";
import { verdict } from "../fixtures/pipeline/steps.js";
import { ALPHA_THEN_BETA } from "./fixtures.js";

/**
 * Issue 13 acceptance, CLI side of "a spec PR with two specs ends with both done": `ralph run`
 * over two specs plans and runs both, in path order, through the BUILT CLI.
 */
const ralph = cliPerFile();

describe("two specs through the built CLI", () => {
  it("ralph run plans and runs alpha, then beta; both end done", async () => {
    const handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1)))],
      implement: [{ files: { "{{SPEC}}-{{STORY}}.txt": "hello from {{SPEC}}\n" } }],
      verify: [verdict.pass()],
    });
    const repo = makeRepo({
      ".ralph/specs/beta.md": "# Beta\n",
      ".ralph/specs/alpha.md": "# Alpha\n",
      ".github/ralph.yml": "planning:\n  research: off\n",
    });
    const run = await ralph(repo, handle, ["run"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(records(handle.recordDir).map((r) => `${r.phase}:${r.env.RALPH_SPEC_ID}`)).toEqual(
      ALPHA_THEN_BETA,
    );
    expect(run.stdout).toContain("alpha.md: done");
    expect(run.stdout).toContain("beta.md: done");
    for (const name of ["alpha", "beta"]) {
      expect(existsSync(join(repo.dir, `.ralph/specs/done/${name}.md`))).toBe(true);
      expect(readFileSync(join(repo.dir, `${name}-US-1.txt`), "utf8")).toBe(`hello from ${name}\n`);
    }
  });
});
