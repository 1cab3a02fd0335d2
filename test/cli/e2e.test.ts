import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isAlive, untilGone } from "../agents/helpers.js";
import { cliPerFile } from "../fixtures/pipeline/cli.js";
import { envelope, PLAN_MD, planStep, prdOf, story } from "../fixtures/pipeline/plans.js";
import { makeRepo, type TestRepo } from "../fixtures/pipeline/repo.js";
import {
  records,
  type ScenarioHandle,
  storyRuns,
  writeScenario,
} from "../fixtures/pipeline/scenario.js";
import { implementStep, verdict } from "../fixtures/pipeline/steps.js";
import { US1_FAILS_ONCE } from "../soundness/world.js";
import { untilFile } from "../support/until.js";

const plans = ".ralph/specs/plans";
const ralph = cliPerFile({ RALPH_BOT_NAME: "ralph-e2e[bot]", RALPH_BOT_EMAIL: "bot@e2e.test" });
const phases = (h: ScenarioHandle) => storyRuns(h.recordDir);

const remoteHead = (repo: TestRepo, branch: string) =>
  repo.git("ls-remote", "origin", `refs/heads/${branch}`).split("\t")[0] ?? "";

describe("ralph run (bundled CLI, real git, scripted command agents)", () => {
  it("plan → implement → FAIL → re-implement with the feedback → PASS → done marker; nothing pushed", async () => {
    const handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1), story("US-2", 2)))],
      implement: [
        implementStep("src/greet.txt", "helo\n"),
        implementStep("src/greet.txt", "hello\n"),
        implementStep("src/bye.txt", "bye\n"),
      ],
      verify: [
        verdict.fail("greet.txt says 'helo': fix the typo (VERIFIER-FEEDBACK-1)"),
        verdict.pass(),
        verdict.pass(),
      ],
    });
    // Config from the committed .github/ralph.yml (no agent flags).
    const repo = makeRepo({
      ".ralph/specs/greet.md": "# Greet\n\nWrite greetings.\n",
      // agent_isolation is the Action's: the CLI runs the agent as you whatever it says.
      ".github/ralph.yml": `agent: command\nagent_command: ${JSON.stringify(handle.command)}\nagent_isolation: user\nlimits:\n  max_attempts: 3\n`,
    });
    const initial = repo.git("rev-parse", "HEAD");
    const result = await ralph(repo, null, ["run"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("greet.md: done");

    expect(phases(handle)).toEqual(US1_FAILS_ONCE);
    // On your own machine the agent runs as you: the CLI has no boundary of its own
    // (docs/security.md), whatever agent_isolation says.
    expect(new Set(records(handle.recordDir).map((r) => r.uid))).toEqual(
      new Set([process.getuid?.()]),
    );
    const implementPrompts = records(handle.recordDir).filter((r) => r.phase === "implement");
    expect(implementPrompts[0]!.prompt).not.toContain("VERIFIER-FEEDBACK-1");
    expect(implementPrompts[1]!.prompt).toContain("VERIFIER-FEEDBACK-1");

    // Seed 000 files.
    expect(JSON.parse(readFileSync(join(repo.dir, plans, "greet.json"), "utf8"))).toMatchObject({
      spec_rel: "greet.md",
      spec_id: "greet",
      status: "active",
      attempt: 1,
      invalidation_reason: null,
    });
    expect(readFileSync(join(repo.dir, plans, "greet.md"), "utf8")).toBe(PLAN_MD("approach A"));
    const prd = JSON.parse(readFileSync(join(repo.dir, plans, "greet.prd.json"), "utf8"));
    expect(prd.userStories.map((s: { passes: boolean }) => s.passes)).toEqual([true, true]);
    const done = readFileSync(join(repo.dir, ".ralph/specs/done/greet.md"), "utf8");
    expect(done).toContain(`- Commit: ${repo.git("rev-parse", "HEAD~1")}`);
    expect(done).toMatch(/\| US-1 \| Story US-1 \| PASS \|/);
    expect(done).toMatch(/\| US-2 \| Story US-2 \| PASS \|/);
    expect(existsSync(join(repo.dir, ".ralph/specs/candidates/greet.json"))).toBe(false);

    // Git history: messages, bot author/committer, the local user as co-author.
    const log = repo
      .git(
        "log",
        "--format=%s|%an <%ae>|%cn|%(trailers:key=Co-authored-by,valueonly,separator=;)",
        `${initial}..HEAD`,
      )
      .split("\n");
    const trailer = "Test User <test@example.com>";
    const bot = "ralph-e2e[bot] <bot@e2e.test>";
    expect(log).toEqual([
      `ralph(greet): done|${bot}|ralph-e2e[bot]|${trailer}`,
      `ralph(greet): US-2 verified|${bot}|ralph-e2e[bot]|${trailer}`,
      `ralph(greet): US-2 Story US-2|${bot}|ralph-e2e[bot]|${trailer}`,
      `ralph(greet): US-1 verified|${bot}|ralph-e2e[bot]|${trailer}`,
      `ralph(greet): US-1 attempt 2: Story US-1|${bot}|ralph-e2e[bot]|${trailer}`,
      `ralph(greet): US-1 Story US-1|${bot}|ralph-e2e[bot]|${trailer}`,
      `ralph(greet): plan attempt 1|${bot}|ralph-e2e[bot]|${trailer}`,
    ]);
    expect(readFileSync(join(repo.dir, "src/greet.txt"), "utf8")).toBe("hello\n");
    expect(repo.git("status", "--porcelain")).toBe("");
    // Committed to the current branch, nothing pushed.
    expect(repo.git("branch", "--show-current")).toBe("main");
    expect(remoteHead(repo, "main")).toBe(initial);
    expect(repo.git("ls-remote", "--heads", "origin").split("\n")).toHaveLength(1);

    // Status and a second run: done is skipped.
    const status = await ralph(repo, null, ["status"]);
    expect(status.stdout.trim()).toBe("greet.md: done, plan attempt 1, stories 2/2 pass");
    const again = await ralph(repo, null, ["run"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("greet.md: skipped");
    expect(records(handle.recordDir)).toHaveLength(8);
  });

  it("PLAN_INVALIDATION: plan archived as attempt-1, re-planned with the old plan and reason", async () => {
    const handle = writeScenario({
      plan: [
        planStep(prdOf(story("US-1", 1)), "PUT-IT-IN-ROOT"),
        planStep(prdOf(story("US-1", 1)), "PUT-IT-IN-SRC"),
      ],
      implement: [implementStep("greet.txt", "hello\n"), implementStep("src/greet.txt", "hello\n")],
      verify: [
        verdict.invalidate("files belong under src/ (INVALIDATION-REASON-9)"),
        verdict.pass(),
      ],
    });
    const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
    const result = await ralph(repo, handle, ["run"]);
    expect(result.code).toBe(0);
    expect(phases(handle)).toEqual([
      "plan:",
      "implement:US-1",
      "verify:US-1",
      "plan:",
      "implement:US-1",
      "verify:US-1",
    ]);
    const replan = records(handle.recordDir)[3]!;
    expect(replan.prompt).toContain("PUT-IT-IN-ROOT");
    expect(replan.prompt).toContain("INVALIDATION-REASON-9");
    expect(readFileSync(join(repo.dir, plans, "greet.attempt-1.md"), "utf8")).toBe(
      PLAN_MD("PUT-IT-IN-ROOT"),
    );
    expect(readFileSync(join(repo.dir, plans, "greet.md"), "utf8")).toBe(PLAN_MD("PUT-IT-IN-SRC"));
    expect(JSON.parse(readFileSync(join(repo.dir, plans, "greet.json"), "utf8"))).toMatchObject({
      status: "active",
      attempt: 2,
    });
    const invalidated = repo.git("log", "--format=%H", "--grep=invalidated", "-1");
    expect(JSON.parse(repo.git("show", `${invalidated}:${plans}/greet.json`))).toMatchObject({
      status: "invalidated",
      attempt: 1,
      invalidation_reason: "files belong under src/ (INVALIDATION-REASON-9)",
    });
    expect(repo.git("log", "-1", "--format=%B", invalidated)).toContain("INVALIDATION-REASON-9");
    expect(existsSync(join(repo.dir, ".ralph/specs/done/greet.md"))).toBe(true);
  });

  it("--push pushes a Ralph branch with lease; the default branch is refused", async () => {
    const handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1)))],
      implement: [implementStep("x.txt", "x\n")],
      verify: [verdict.pass()],
    });
    const repo = makeRepo({ ".ralph/specs/x.md": "# X\n" });
    const onMain = await ralph(repo, handle, ["run", "--push"]);
    expect(onMain.code).toBe(1);
    // Refused up front, before any agent ran (issue 14), not after the work.
    expect(onMain.stderr).toMatch(/--push: Ralph only pushes branches under 'ralph\/'/);
    expect(records(handle.recordDir)).toEqual([]);
    expect(repo.git("ls-remote", "--heads", "origin").split("\n")).toHaveLength(1);

    repo.git("checkout", "--quiet", "-b", "ralph/7-x");
    repo.write(".ralph/specs/y.md", "# Y\n");
    const second = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1))), planStep(prdOf(story("US-1", 1)))],
      implement: [implementStep("x.txt", "x\n"), implementStep("y.txt", "y\n")],
      verify: [verdict.pass(), verdict.pass()],
    });
    const onRalph = await ralph(repo, second, ["run", "--push"]);
    expect(onRalph.code).toBe(0);
    expect(onRalph.stdout).toContain("pushed ralph/7-x to origin");
    expect(remoteHead(repo, "ralph/7-x")).toBe(repo.git("rev-parse", "HEAD"));
  });

  it("a planner with invalid JSON is retried with the errors, then fails with a clear error", async () => {
    const handle = writeScenario({ plan: [{ planFile: PLAN_MD("x"), stdout: "no json here\n" }] });
    const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
    const result = await ralph(repo, handle, ["run"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/greet\.md: failed \[planner_failed\]/);
    expect(result.stdout).toMatch(/no JSON object found/);
    const runs = records(handle.recordDir);
    expect(runs).toHaveLength(3);
    expect(runs[1]!.prompt).toContain("no JSON object found");
    expect(existsSync(join(repo.dir, plans, "greet.prd.json"))).toBe(false);
  });

  it("a planner that writes outside its plan file fails the run and the stray change is gone", async () => {
    const handle = writeScenario({
      plan: [{ ...planStep(prdOf(story("US-1", 1))), files: { "README.md": "defaced\n" } }],
    });
    const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n", "README.md": "# demo\n" });
    const result = await ralph(repo, handle, ["run"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/outside its plan file.*README\.md/);
    expect(readFileSync(join(repo.dir, "README.md"), "utf8")).toBe("# demo\n");
    expect(repo.git("status", "--porcelain", "--", "README.md")).toBe("");
  });

  it("a run killed between implement and verify resumes by verifying, without implementing again", async () => {
    const handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1)))],
      implement: [implementStep("x.txt", "x\n")],
      verify: [{ hang: true }],
    });
    const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
    const first = ralph.start(repo, handle, ["run"]);
    const hanging = Number(await untilFile(join(handle.recordDir, "hanging.pid")));
    first.child.kill("SIGKILL");
    process.kill(hanging, "SIGKILL");
    await first.done;
    const candidate = JSON.parse(
      readFileSync(join(repo.dir, ".ralph/specs/candidates/greet.json"), "utf8"),
    );
    expect(candidate).toMatchObject({ story_id: "US-1", status: "candidate" });

    handle.update({
      plan: [planStep(prdOf(story("US-1", 1)))],
      implement: [implementStep("x.txt", "x\n")],
      verify: [verdict.pass()],
    });
    const status = await ralph(repo, null, ["status"]);
    expect(status.stdout).toMatch(
      /greet\.md: candidate, plan attempt 1, stories 0\/1 pass, commit [0-9a-f]{12} for US-1/,
    );
    const second = await ralph(repo, handle, ["run"]);
    expect(second.code).toBe(0);
    expect(phases(handle)).toEqual(["plan:", "implement:US-1", "verify:US-1", "verify:US-1"]);
    expect(records(handle.recordDir).at(-1)!.prompt).toContain(candidate.candidate_commit);
    // The candidate file is local resume state: never committed.
    expect(repo.git("log", "--all", "--format=", "--name-only")).not.toContain("candidates");
    expect(repo.git("status", "--porcelain")).toBe("");
  });
});

describe("ralph interrupted", () => {
  it.each(["SIGINT", "SIGTERM"] as const)(
    "%s ends the running agent too (it runs in its own process group)",
    async (signal) => {
      const handle = writeScenario({
        plan: [planStep(prdOf(story("US-1", 1)))],
        implement: [{ hang: true }],
      });
      const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
      const run = ralph.start(repo, handle, ["run"]);
      const agentPid = Number(await untilFile(join(handle.recordDir, "hanging.pid")));
      run.child.kill(signal);
      const result = await run.done;
      try {
        expect(result.code).toBe(signal === "SIGINT" ? 130 : 143);
        expect(result.stderr).toContain(`interrupted (${signal})`);
        await untilGone(agentPid);
      } finally {
        if (isAlive(agentPid)) process.kill(agentPid, "SIGKILL");
      }
    },
  );
});

describe("ralph plan / exec without a terminal", () => {
  it("exec without a TTY and without --non-interactive exits with the seed 003 error", async () => {
    const repo = makeRepo();
    const result = await ralph(repo, null, ["exec", "add a greeting"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "planner requires an interactive terminal, or use --non-interactive with pre-supplied inputs",
    );
    expect(existsSync(join(repo.dir, ".ralph"))).toBe(false);
  });

  it("exec --non-interactive writes the approved PRD but never starts run unless --yes-run", async () => {
    const handle = writeScenario({
      plan: [{ envelope: envelope(null, ["Which greeting?"]) }, planStep(prdOf(story("US-1", 1)))],
      implement: [implementStep("hello.txt", "hello\n")],
      verify: [verdict.pass()],
    });
    const repo = makeRepo();
    const base = [
      "exec",
      "Add a greeting",
      "--non-interactive",
      "--answer",
      "Say hello",
      "--understand",
      "never",
    ];
    const noApproval = await ralph(repo, handle, base);
    expect(noApproval.code).toBe(0);
    expect(noApproval.stdout).toContain("PRD not written (pass --yes-prd");
    expect(noApproval.stdout).toContain("PRD not approved: stopping before understand and run");
    // Write safety: before approval only ralph_home is written, and no PRD; what Ralph keeps
    // there (plan state, transcript) is in a folder git never shows (issue 18).
    expect(repo.git("status", "--porcelain", "--untracked-files=all")).toBe("");
    expect(existsSync(join(repo.dir, ".ralph/specs/add-a-greeting.md"))).toBe(false);
    expect(existsSync(join(repo.dir, plans, "add-a-greeting.prd.json"))).toBe(false);
    expect(records(handle.recordDir)[1]!.prompt).toContain("Say hello");

    const approved = await ralph(repo, handle, [...base, "--yes-prd"]);
    expect(approved.code).toBe(0);
    // Resumed: the answer was taken in the first run, and this run's copy is said to be unused.
    expect(approved.stderr).toContain(
      'ralph: --answer "Say hello" not used: the planner asked no more questions',
    );
    expect(approved.stdout).toContain("Start ralph run now? [y/N] no (non-interactive)");
    expect(approved.stdout).toMatch(
      /up to 1 implement iteration \(auto: 1 of 1 story has passes=false\)/,
    );
    expect(phases(handle).filter((p) => p !== "plan:")).toEqual([]);
    expect(readFileSync(join(repo.dir, ".ralph/specs/add-a-greeting.md"), "utf8")).toContain(
      "Say hello",
    );
    expect(
      JSON.parse(readFileSync(join(repo.dir, plans, "add-a-greeting.json"), "utf8")),
    ).toMatchObject({
      status: "active",
      attempt: 1,
    });
    const state = JSON.parse(readFileSync(join(repo.dir, ".ralph/local/plan_state.json"), "utf8"));
    expect(state).toMatchObject({ goal: "Add a greeting", specRel: "add-a-greeting.md" });
    expect(state.qa).toEqual([
      expect.objectContaining({ question: "Which greeting?", answer: "Say hello" }),
    ]);
    expect(state.approvedPrdAt).toEqual(expect.any(String));
    const transcript = readFileSync(join(repo.dir, ".ralph/local/plan_transcript.md"), "utf8");
    expect(transcript).toContain("Which greeting?");
    expect(transcript).toContain("PRD decision\n\napproved (non-interactive)");
    // The approved spec and plan are committed, nothing else: the checkout is clean.
    expect(repo.git("log", "--format=%s", "-1")).toBe("ralph(add-a-greeting): plan attempt 1");
    expect(repo.git("show", "--format=", "--name-only", "HEAD").split("\n").sort()).toEqual([
      ".ralph/specs/add-a-greeting.md",
      `${plans}/add-a-greeting.json`,
      `${plans}/add-a-greeting.md`,
      `${plans}/add-a-greeting.prd.json`,
    ]);
    expect(repo.git("status", "--porcelain", "--untracked-files=all")).toBe("");

    const run = await ralph(repo, handle, ["run"]);
    expect(run.code).toBe(0);
    expect(phases(handle).filter((p) => p !== "plan:")).toEqual(["implement:US-1", "verify:US-1"]);
    expect(repo.git("log", "--format=%s", "-4").split("\n")).toEqual([
      "ralph(add-a-greeting): done",
      "ralph(add-a-greeting): US-1 verified",
      "ralph(add-a-greeting): US-1 Story US-1",
      "ralph(add-a-greeting): plan attempt 1",
    ]);
  });

  it("exec --non-interactive --yes-prd --yes-run runs, with --max-run-iterations as the cap", async () => {
    const handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1), story("US-2", 2)))],
      implement: [implementStep("{{STORY}}.txt", "ok\n")],
      verify: [verdict.pass()],
    });
    const repo = makeRepo();
    const result = await ralph(repo, handle, [
      "exec",
      "Two things",
      "--non-interactive",
      "--yes-prd",
      "--yes-run",
      "--understand",
      "never",
      "--max-run-iterations",
      "1",
    ]);
    expect(result.stdout).toContain("Start ralph run now? [y/N] yes (flag)");
    expect(result.stdout).toContain("up to 1 implement iteration (set explicitly to 1)");
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("stopped: max_run_iterations_reached");
    expect(phases(handle)).toEqual(["plan:", "implement:US-1", "verify:US-1"]);
  });

  it("exec --non-interactive fails clearly when the planner's questions have no answers", async () => {
    const handle = writeScenario({ plan: [{ envelope: envelope(null, ["Which database?"]) }] });
    const repo = makeRepo();
    const result = await ralph(repo, handle, ["plan", "Store things", "--non-interactive"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("1. Which database?");
    expect(result.stderr).toContain("--answer");
  });
});

describe("ralph usage", () => {
  it.each([
    [["bogus"], /unknown command "bogus"/],
    [["stauts"], /unknown command "stauts"; did you mean status\?/],
    [["help", "toString"], /unknown command "toString"/],
    [["--agent", "gpt", "run"], /--agent must be claude, codex or command/],
    [["run", "--nope"], /ralph run has no option --nope/],
    [["exec", "goal", "--max-run-iterations", "zero"], /expected "auto" or a positive integer/],
    [["plan"], /needs a goal/],
    [["run", "--agent", "gpt"], /--agent must be claude, codex or command/],
  ])("%j exits 2", async (args, message) => {
    const repo = makeRepo();
    const result = await ralph(repo, null, args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it("options before the command are that command's, as git takes them", async () => {
    const repo = makeRepo();
    const status = await ralph(repo, null, ["--ralph-home", "ops/ralph", "-C", ".", "status"]);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain("no specs under ops/ralph/specs");
  });

  it("--help prints usage and exits 0; an invalid config exits 1 naming the key", async () => {
    const repo = makeRepo({ ".github/ralph.yml": "limits:\n  max_attempts: zero\n" });
    const help = await ralph(repo, null, ["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('ralph exec "<goal>"');
    const bad = await ralph(repo, null, ["status"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("limits.max_attempts");
    expect(readdirSync(repo.dir)).not.toContain(".ralph");
  });
});
