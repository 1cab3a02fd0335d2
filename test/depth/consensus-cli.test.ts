import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliPerFile } from "../fixtures/pipeline/cli.js";
import { PLAN_MD, planStep, prdOf, story } from "../fixtures/pipeline/plans.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import { records, type ScenarioHandle, writeScenario } from "../fixtures/pipeline/scenario.js";
import { implementStep, verdict } from "../fixtures/pipeline/steps.js";
import { critic } from "./fixtures.js";

/**
 * Seed 004 consensus in the BUILT CLI: `ralph run` and `ralph plan` honour planning.consensus;
 * quality gates run as code before the critic; REJECT feedback reaches the planner; forced
 * approval lists the concerns; an ARCHITECT_QUESTION gets the architect first; a crash mid-round
 * resumes the round.
 */

const ralph = cliPerFile();

const CONFIG = "planning:\n  consensus: always\n  research: off\nlimits:\n  max_attempts: 3\n";

/** `ralph plan` / `ralph exec` for the same goal with no one at the terminal: the PRD taken as is. */
const unattended = (repo: Parameters<typeof ralph>[0], handle: ScenarioHandle, command: string) =>
  ralph(repo, handle, [command, "Add a greeting", "--non-interactive", "--yes-prd"]);
const phases = (h: ScenarioHandle) => records(h.recordDir).map((r) => r.phase);
const prompts = (h: ScenarioHandle, phase: string) =>
  records(h.recordDir)
    .filter((r) => r.phase === phase)
    .map((r) => r.prompt);

describe("consensus in the built CLI", () => {
  it("ralph run: the critic rejects twice, then approves; its feedback reaches the planner", async () => {
    const handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1)), "first")],
      critic: [critic.reject("CONCERN-ONE"), critic.reject("CONCERN-TWO"), critic.okay()],
      implement: [implementStep("hello.txt", "hello\n")],
      verify: [verdict.pass()],
    });
    const repo = makeRepo({ ".ralph/specs/hello.md": "# Hello\n", ".github/ralph.yml": CONFIG });
    const run = await ralph(repo, handle, ["run"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(phases(handle)).toEqual([
      "plan",
      "critic",
      "plan",
      "critic",
      "plan",
      "critic",
      "implement",
      "verify",
    ]);
    const plans = prompts(handle, "plan");
    expect(plans[0]).not.toContain("CONCERN-ONE");
    expect(plans[1]).toContain("CONCERN-ONE");
    expect(plans[2]).toContain("CONCERN-TWO");
    expect(prompts(handle, "critic")[2]).toContain("round 3 of 5");
    expect(run.stdout).toContain("hello.md: done");
    // ralph.log: one JSON line per agent run, with its duration and outcome; a session record each
    // (the phase lines of the story loop are between them).
    const journal = readFileSync(join(repo.dir, ".ralph/runs/ralph.log"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .filter((e) => e.event === "agent_run");
    expect(journal.map((e) => e.role)).toEqual(phases(handle));
    expect(journal[1]).toMatchObject({ event: "agent_run", step: "consensus", outcome: "ok" });
    expect(typeof journal[1].durationMs).toBe("number");
    expect(readdirSync(join(repo.dir, ".ralph/runs/sessions"))).toHaveLength(journal.length);
  });

  it.each([
    [5, CONFIG, "5 rounds"],
    [
      1,
      `${CONFIG.replace("research: off", "research: off\n  consensus_max_rounds: 1")}`,
      "1 round",
    ],
  ])(
    "ralph plan: a critic that rejects every round is overruled after consensus_max_rounds (%i), its concerns shown",
    async (rounds, config, said) => {
      const handle = writeScenario({
        plan: [planStep(prdOf(story("US-1", 1)))],
        critic: [critic.reject("STILL-NO-TESTS")],
      });
      const repo = makeRepo({ "README.md": "# demo\n", ".github/ralph.yml": config });
      const run = await unattended(repo, handle, "plan");
      expect(run.code).toBe(0);
      expect(phases(handle)).toEqual(Array(rounds).fill(["plan", "critic"]).flat());
      expect(run.stdout).toContain(
        `Consensus was forced after ${said} (planning.consensus_max_rounds). The critic's unresolved concerns:`,
      );
      expect(run.stdout).toContain("  - STILL-NO-TESTS");
    },
  );

  it("the quality gate sends a plan naming a missing file back without a critic run", async () => {
    const bad = `${PLAN_MD("bad")}\n- Key files to modify: src/missing.ts\n`;
    const good = `${PLAN_MD("good")}\n- Key files to modify: README.md\n- Create src/greet.ts (new)\n`;
    const handle = writeScenario({
      plan: [
        { ...planStep(prdOf(story("US-1", 1))), planFile: bad },
        { ...planStep(prdOf(story("US-1", 1))), planFile: good },
      ],
      critic: [critic.okay()],
    });
    const repo = makeRepo({ "README.md": "# demo\n", ".github/ralph.yml": CONFIG });
    const run = await ralph(repo, handle, ["plan", "Add a greeting", "--non-interactive"]);
    expect(run.code).toBe(0);
    expect(phases(handle)).toEqual(["plan", "plan", "critic"]);
    expect(prompts(handle, "plan")[1]).toContain(
      "Quality gate files_exist: the plan names files that do not exist in the repository: src/missing.ts",
    );
    expect(run.stdout).toContain("The critic approved the plan in round 2.");
  });

  it("an ARCHITECT_QUESTION in the plan gets the architect before the critic, on the same plan", async () => {
    const asking = `${PLAN_MD("asks")}\nARCHITECT_QUESTION:\n- Topic: Pattern\n- Specific Question: ARCH-Q-42?\n`;
    const handle = writeScenario({
      plan: [{ ...planStep(prdOf(story("US-1", 1))), planFile: asking }],
      architect: [{ stdout: "ARCHITECT_ANSWER:\n- Recommendation: ARCH-A-42\n" }],
      critic: [critic.okay()],
    });
    const repo = makeRepo({ "README.md": "# demo\n", ".github/ralph.yml": CONFIG });
    const run = await ralph(repo, handle, ["plan", "Add a greeting", "--non-interactive"]);
    expect(run.code).toBe(0);
    expect(phases(handle)).toEqual(["plan", "architect", "critic"]);
    expect(prompts(handle, "architect")[0]).toContain("ARCH-Q-42?");
    const criticPrompt = prompts(handle, "critic")[0]!;
    expect(criticPrompt).toContain("ARCH-A-42");
    expect(criticPrompt).toContain("ARCH-Q-42?");
  });

  it("a critic that crashes mid-round: the next planning attempt resumes that round", async () => {
    const handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1)))],
      critic: [critic.reject("FIRST-ROUND"), { stdout: "boom\n", exit: 1 }, critic.okay()],
      implement: [implementStep("hello.txt", "hello\n")],
      verify: [verdict.pass()],
    });
    const repo = makeRepo({ ".ralph/specs/hello.md": "# Hello\n", ".github/ralph.yml": CONFIG });
    const run = await ralph(repo, handle, ["run"]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const critics = prompts(handle, "critic");
    expect(critics.map((p) => /round (\d) of 5/.exec(p)?.[1])).toEqual(["1", "2", "2"]);
    expect(critics[2]).toContain("FIRST-ROUND");
  });

  it("ralph exec: a stale codebase map is recommended for refresh with its date and the cap", async () => {
    const handle = writeScenario({ plan: [planStep(prdOf(story("US-1", 1)))] });
    const repo = makeRepo({
      "README.md": "# demo\n",
      ".ralph/codebase_map.md":
        "# Codebase Map\n\n## Next Topics\n- [ ] Tests\n- [ ] Build\n\n## 2025-01-01 - Layout\n- README\n",
    });
    const run = await unattended(repo, handle, "exec");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("the codebase map is stale (last entry 2025-01-01)");
    expect(run.stdout).toContain("It will run up to 2 iterations");
    expect(run.stdout).toContain("Run ralph understand now? [y/N] no (non-interactive)");
  });

  it("ralph understand: a run that writes outside the codebase map is reverted and fails", async () => {
    const handle = writeScenario({
      understand: [
        { files: { "README.md": "overwritten\n", ".ralph/codebase_map.md": "# map\n" } },
      ],
    });
    const repo = makeRepo({ "README.md": "# demo\n" });
    const run = await ralph(repo, handle, ["understand"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /understand changed files outside \.ralph\/codebase_map\.md \(reverted\): README\.md/,
    );
    expect(phases(handle)).toEqual(["understand"]);
    expect(readFileSync(join(repo.dir, "README.md"), "utf8")).toBe("# demo\n");
    expect(readFileSync(join(repo.dir, ".ralph/codebase_map.md"), "utf8")).toBe("# map\n");
  });
});
