import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CliIo } from "../../src/cli/io.js";
import { main } from "../../src/cli/main.js";
import { cliPerFile } from "../fixtures/pipeline/cli.js";
import { planStep, prdOf, story } from "../fixtures/pipeline/plans.js";
import { makeRepo, type TestRepo } from "../fixtures/pipeline/repo.js";
import {
  fakeClock,
  records,
  type ScenarioHandle,
  writeScenario,
} from "../fixtures/pipeline/scenario.js";
import { critic, researchOutput } from "./fixtures.js";

/**
 * Seed 002 in the CLI: complexity, research.json, decisions asked before planning, decisions.json,
 * and both in the planner's prompt. Through the BUILT CLI with scripted command agents.
 */

const ralph = cliPerFile();

const SIMPLE = "Fix the typo in the greeting";
const COMPLEX = "Implement OAuth2 login and connect the external token API";
const plans = ".ralph/specs/plans";

const phases = (h: ScenarioHandle) => records(h.recordDir).map((r) => r.phase);
const readJson = (repo: TestRepo, path: string) =>
  JSON.parse(readFileSync(join(repo.dir, path), "utf8"));

/** An empty repository and an agent that researches (two decisions), plans one story, agrees. */
function researchedRepo() {
  const repo = makeRepo();
  const handle = writeScenario({
    research: [{ envelope: researchOutput }],
    plan: [planStep(prdOf(story("US-1", 1)))],
    critic: [critic.okay()],
  });
  return { repo, handle };
}

describe("research and decisions in the built CLI (seed 002)", () => {
  it("a simple task skips research and plans at once; a --decision given anyway says so", async () => {
    const repo = makeRepo();
    const handle = writeScenario({ plan: [planStep(prdOf(story("US-1", 1)))] });
    const gates = ["--non-interactive", "--yes-prd", "--decision", "D1=1"];
    const run = await ralph(repo, handle, ["plan", SIMPLE, ...gates]);
    expect(run.stderr).toBe(
      "ralph: --decision D1 not used: this goal has no decisions to answer\n",
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("complexity: simple");
    expect(run.stdout).toContain("research: skipped");
    expect(phases(handle)).toEqual(["plan"]);
    expect(existsSync(join(repo.dir, plans, "fix-the-typo-in-the-greeting.research.json"))).toBe(
      false,
    );
  });

  it("a complex task researches; the critical decision answered by flag, the other skipped to its recommendation; both reach the planner", async () => {
    const { repo, handle } = researchedRepo();
    const run = await ralph(repo, handle, [
      "plan",
      COMPLEX,
      "--non-interactive",
      "--yes-prd",
      "--decision",
      "D1=1",
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("complexity: complex");
    expect(run.stdout).toContain("2 decisions before planning:");
    expect(phases(handle)).toEqual(["research", "plan", "critic"]);
    const stem = `${plans}/implement-oauth2-login-and-connect-the`;
    const research = readJson(repo, `${stem}.research.json`);
    expect(research.task).toBe(COMPLEX);
    expect(research.best_practices[0].practice).toBe("PKCE-EVERYWHERE");
    const decisions = readJson(repo, `${stem}.decisions.json`);
    expect(decisions.decisions.map((d: { selected_option: number }) => d.selected_option)).toEqual([
      1, 1,
    ]);
    expect(decisions.deferred).toEqual(["D2"]);
    expect(decisions.critical_resolved).toBe(true);
    const prompt = records(handle.recordDir)[1]!.prompt;
    expect(prompt).toContain("D1 Token storage: option 1: httpOnly cookies");
    expect(prompt).toContain("D2 Error display: option 1: Inline");
    expect(prompt).toContain("PKCE-EVERYWHERE");
  });

  it("an unanswered critical decision blocks planning; --reset-decisions asks again", async () => {
    const { repo, handle } = researchedRepo();
    const plan = (...flags: string[]) =>
      ralph(repo, handle, ["plan", COMPLEX, "--non-interactive", ...flags]);
    const blocked = await plan("--decision", "D9=1");
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain(
      "--decision D9 not used: no open decision has that id (open: D1, D2)",
    );
    expect(blocked.stderr).toContain(
      "the critical decision D1 (Token storage) has no answer and cannot be skipped",
    );
    expect(phases(handle)).toEqual(["research"]);

    const answered = await plan("--decision", "D1=Server-side sessions");
    expect(answered.code).toBe(0);
    expect(answered.stdout).toContain("PRD not written");
    // The research is reused, not run again.
    expect(phases(handle)).toEqual(["research", "plan", "critic"]);
    expect(answered.stdout).toContain("research: reusing");
    // Decided is decided (seed 002: decisions are cached) ...
    const cached = await plan("--decision", "D1=2");
    expect(cached.code).toBe(0);
    expect(cached.stderr).toBe(
      "ralph: --decision D1 not used: every decision is answered already (--reset-decisions asks them again)\n",
    );
    expect(phases(handle)).toEqual(["research", "plan", "critic", "plan", "critic"]);
    // A malformed --decision is refused even with every decision answered: nothing runs.
    const malformed = await plan("--decision", "D1");
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toContain('--decision expects ID=ANSWER, got "D1"');
    expect(phases(handle)).toEqual(["research", "plan", "critic", "plan", "critic"]);
    // ... until --reset-decisions: the critical one blocks again.
    const reset = await plan("--reset-decisions");
    expect(reset.code).toBe(1);
    expect(reset.stdout).toContain("decisions: reset (--reset-decisions)");
    expect(reset.stderr).toContain("the critical decision D1");
    expect(phases(handle)).toEqual(["research", "plan", "critic", "plan", "critic"]);
  });

  it("a failed research run leaves research.json with the error and planning goes on", async () => {
    const repo = makeRepo();
    const handle = writeScenario({
      research: [{ stdout: "boom\n", exit: 3 }],
      plan: [planStep(prdOf(story("US-1", 1)))],
      critic: [critic.okay()],
    });
    const run = await ralph(repo, handle, ["plan", COMPLEX, "--non-interactive", "--yes-prd"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("research: failed, planning goes on without findings");
    expect(phases(handle)).toEqual(["research", "plan", "critic"]);
    const research = readJson(
      repo,
      `${plans}/implement-oauth2-login-and-connect-the.research.json`,
    );
    expect(research.error).toMatch(/Research run failed/);
    expect(research.specs).toEqual([]);
    expect(
      existsSync(join(repo.dir, `${plans}/implement-oauth2-login-and-connect-the.prd.json`)),
    ).toBe(true);
  });

  it("init writes the config and workflow, refuses to overwrite, --force overwrites; --version", async () => {
    const repo = makeRepo();
    const first = await ralph(repo, null, ["init"]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("next: commit both files, add the");
    const config = readFileSync(join(repo.dir, ".github/ralph.yml"), "utf8");
    const workflow = readFileSync(join(repo.dir, ".github/workflows/ralph.yml"), "utf8");
    expect(config).toContain("# planning:");
    expect(workflow).toBe(
      readFileSync(join(import.meta.dirname, "../../examples/ralph.yml"), "utf8"),
    );
    repo.write(".github/ralph.yml", "agent: codex\n");
    const again = await ralph(repo, null, ["init"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already exist");
    expect(readFileSync(join(repo.dir, ".github/ralph.yml"), "utf8")).toBe("agent: codex\n");
    const forced = await ralph(repo, null, ["init", "--force"]);
    expect(forced.code).toBe(0);
    expect(readFileSync(join(repo.dir, ".github/ralph.yml"), "utf8")).toBe(config);
    const version = await ralph(repo, null, ["--version"]);
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, "../../package.json"), "utf8"));
    expect(version.stdout.trim()).toBe(`ralph ${pkg.version}`);
  });

  it.each([
    [".github/ralph.yml", ".github/workflows/ralph.yml"],
    [".github/workflows/ralph.yml", ".github/ralph.yml"],
  ])("init keeps an existing %s and still writes %s", async (kept, written) => {
    const repo = makeRepo();
    repo.write(kept, "# mine\n");
    const run = await ralph(repo, null, ["init"]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines).toContain(`kept ${kept} (it exists; --force overwrites it)`);
    expect(lines).toContain(`wrote ${written}`);
    expect(run.stdout).toContain(`next: commit ${written}, add the`);
    expect(readFileSync(join(repo.dir, kept), "utf8")).toBe("# mine\n");
    expect(readFileSync(join(repo.dir, written), "utf8")).not.toBe("");
  });
});

describe("decisions on a terminal", () => {
  it("a question is answered and the decision asked again; skip is refused for a critical one", async () => {
    const { repo, handle } = researchedRepo();
    const answers = ["Which one is safer?", "skip", "2", "skip", "y"];
    const asked: string[] = [];
    const out: string[] = [];
    const io: CliIo = {
      cwd: repo.dir,
      env: { ...process.env, ...repo.env },
      out: (line) => out.push(line),
      err: (line) => out.push(line),
      isTTY: true,
      prompter: () => ({
        ask: async (q) => {
          asked.push(q);
          return answers.shift() ?? null;
        },
        close: () => {},
      }),
      clock: fakeClock(),
    };
    const code = await main(
      ["plan", COMPLEX, "--agent", "command", "--agent-command", handle.command],
      io,
    );
    expect(code).toBe(0);
    const text = out.join("\n");
    expect(text).toContain("Tokens must not leak to scripts. Option 1 (httpOnly cookies)");
    expect(text).toContain("D1 is critical: it cannot be skipped.");
    expect(text).toContain("D2: skipped, using the recommendation (1)");
    const decisions = JSON.parse(
      readFileSync(
        join(repo.dir, `${plans}/implement-oauth2-login-and-connect-the.decisions.json`),
        "utf8",
      ),
    );
    expect(decisions.decisions[0].selected_option).toBe(2);
    expect(decisions.decisions[0].follow_up_questions[0].question).toBe("Which one is safer?");
    expect(records(handle.recordDir)[1]!.prompt).toContain("asked: Which one is safer?");
  });
});
