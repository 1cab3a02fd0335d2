/**
 * Issue 14's CLI fixes, each driven through `main()` in-process with a fake terminal, real git and
 * scripted command agents: live progress, the cause of a failure, a missing agent binary, missing
 * vs invalid config, no specs, `--push` checked up front, nothing absolute on the branch.
 */
import { chmodSync, existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CliIo } from "../../src/cli/io.js";
import { main } from "../../src/cli/main.js";
import { formatElapsed, runLabel } from "../../src/cli/progress.js";
import { planStep, prdOf, story } from "../fixtures/pipeline/plans.js";
import { makeRepo, type TestRepo } from "../fixtures/pipeline/repo.js";
import {
  fakeClock,
  records,
  type ScenarioHandle,
  writeScenario,
} from "../fixtures/pipeline/scenario.js";
import { implementStep, verdict } from "../fixtures/pipeline/steps.js";

function session(repo: TestRepo, opts: { tty?: boolean; env?: Record<string, string> } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const raw: string[] = [];
  const io: CliIo = {
    cwd: repo.dir,
    env: { ...process.env, ...repo.env, RALPH_BACKOFF_BASE_MS: "0", ...opts.env },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    isTTY: false,
    stdoutIsTTY: opts.tty === true,
    write: (text) => raw.push(text),
    columns: 200,
    prompter: () => ({ ask: async () => null, close: () => {} }),
    clock: fakeClock(),
  };
  return { io, out, err, raw };
}

const agent = (h: ScenarioHandle) => ["--agent", "command", "--agent-command", h.command];

function oneStoryScenario() {
  return writeScenario({
    plan: [planStep(prdOf(story("US-1", 1)))],
    implement: [
      { ...implementStep("hello.txt", "hello\n"), sh: "echo 'writing hello.txt now' >&2" },
    ],
    verify: [verdict.pass()],
  });
}

describe("counts in what the run prints", () => {
  it("a PRD of one story is planned as 1 story", async () => {
    const repo = makeRepo({ ".ralph/specs/hello.md": "# Hello\n" });
    const t = session(repo);
    expect(await main(["run", ...agent(oneStoryScenario())], t.io)).toBe(0);
    expect(t.out).toContain("  planned hello: 1 story");
  });
});

describe("live progress while an agent runs", () => {
  it("streams the agent's output under the step when stdout is not a terminal", async () => {
    const repo = makeRepo({ ".ralph/specs/hello.md": "# Hello\n" });
    const t = session(repo);
    expect(await main(["run", ...agent(oneStoryScenario())], t.io)).toBe(0);
    const at = t.out.findIndex((l) => l.includes("│ writing hello.txt now"));
    expect(at).toBeGreaterThan(0);
    // Indented under the implement step that produced it.
    expect(t.out.slice(0, at).some((l) => /implement hello US-1: attempt 1\/3/.test(l))).toBe(true);
    expect(t.raw).toEqual([]);
  });

  it("on a terminal draws a spinner line with phase, story, attempt and elapsed time, then clears it", async () => {
    const repo = makeRepo({ ".ralph/specs/hello.md": "# Hello\n" });
    const t = session(repo, { tty: true });
    expect(await main(["run", ...agent(oneStoryScenario())], t.io)).toBe(0);
    // Each frame starts by clearing the line: carriage return + erase-line.
    const frames = t.raw.join("").replaceAll("\r\x1b[2K", "<CLEAR>");
    expect(frames).toMatch(/<CLEAR>. implement US-1 · attempt 1 · \d+:\d\d/);
    expect(frames).toMatch(/<CLEAR>. verify US-1 · attempt 1 · \d+:\d\d/);
    expect(frames).toMatch(/<CLEAR>. plan · \d+:\d\d/);
    // The spinner never leaks into the log lines, and the last thing drawn is a cleared line.
    expect(t.out.every((l) => !l.includes("\x1b"))).toBe(true);
    expect(t.raw.at(-1)).toBe("\r\x1b[2K");
    expect(t.out.some((l) => l.includes("│"))).toBe(false);
  });

  it("labels and elapsed times read the way they are shown", () => {
    expect(
      runLabel({ role: "implement", env: { RALPH_STORY_ID: "US-2", RALPH_ATTEMPT: "3" } }),
    ).toBe("implement US-2 · attempt 3");
    expect(runLabel({ role: "plan", env: { RALPH_ATTEMPT: "1" } })).toBe("plan");
    expect(formatElapsed(65_400)).toBe("1:05");
  });
});

/**
 * `ralph run` on a one-spec repo whose agent command names a program that does not exist (`limits`:
 * the config's limits block, if any).
 */
async function runWithMissingAgent(limits?: string, program = "no-such-agent-program-xyz") {
  const repo = makeRepo({
    ".ralph/specs/hello.md": "# Hello\n",
    ...(limits === undefined ? {} : { ".github/ralph.yml": `limits:\n${limits}` }),
  });
  const t = session(repo);
  const code = await main(["run", "--agent", "command", "--agent-command", program], t.io);
  return { repo, t, code };
}

describe("a failing agent: the cause, not a bare exit code", () => {
  it("prints what the agent's shell said (exit 127: command not found)", async () => {
    // Not a path Ralph checks up front (a program looked up on PATH at run time).
    const { t, code } = await runWithMissingAgent();
    expect(code).toBe(1);
    const text = t.out.join("\n");
    expect(text).toMatch(
      /agent exited with code 127: command not found: .*no-such-agent-program-xyz.*not found/,
    );
  });
});

describe("retries after a failed planner run", () => {
  it("count planner runs on (1, 2, 3), and the stop names the cause", async () => {
    const { t, code } = await runWithMissingAgent();
    expect(code).toBe(1);
    const counters = t.out.filter((l) => l.includes("planner run")).map((l) => l.trim());
    expect(counters).toEqual([
      "plan hello: planner run 1 (plan attempt 1)",
      "plan hello: planner run 2 (plan attempt 1)",
      "plan hello: planner run 3 (plan attempt 1)",
    ]);
    expect(t.out.join("\n")).toMatch(
      /hello\.md: failed \[planner_failed\] - the planner failed 3 times \(limits\.max_attempts=3\): agent exited with code 127: command not found/,
    );
  });

  it("with one attempt allowed, the stop says one time", async () => {
    const { t, code } = await runWithMissingAgent("  max_attempts: 1\n");
    expect(code).toBe(1);
    expect(t.out.join("\n")).toMatch(
      /hello\.md: failed \[planner_failed\] - the planner failed 1 time \(limits\.max_attempts=1\): agent exited with code 127/,
    );
  });

  it("the circuit breaker's message shows the failure as it happened (no digits masked)", async () => {
    const { repo, t, code } = await runWithMissingAgent(
      "  max_attempts: 5\n",
      "no-such-program-2026",
    );
    expect(code).toBe(1);
    const stop = t.out.find((l) => l.startsWith("stopped: circuit_breaker_open")) ?? "";
    expect(stop).toContain(
      "circuit breaker open: 3 runs in a row failed the same way: plan failed: agent exited with code 127: command not found: ",
    );
    expect(stop).toContain("no-such-program-2026");
    expect(stop).toContain(`(log: ${repo.dir}/.ralph/runs/hello/`);
    expect(stop).not.toMatch(/no-such-program-N|code N/);
  });
});

describe("a missing agent binary: a hint, and no retries", () => {
  it("claude not on PATH: says what to install, runs nothing, exit 1", async () => {
    const repo = makeRepo({ ".ralph/specs/hello.md": "# Hello\n" });
    const t = session(repo, { env: { PATH: "/nonexistent-bin", RALPH_CLAUDE_BIN: "" } });
    const code = await main(["run", "--agent", "claude"], t.io);
    expect(code).toBe(1);
    expect(t.err.join("\n")).toContain(
      "agent claude: cannot find 'claude' on PATH; install Claude Code (npm install -g @anthropic-ai/claude-code)",
    );
    expect(t.out.join("\n")).not.toContain("backing off");
  });

  it("an agent_command script that does not exist", async () => {
    const repo = makeRepo({ ".ralph/specs/hello.md": "# Hello\n" });
    const t = session(repo);
    const code = await main(["run", "--agent", "command", "--agent-command", "./agent.sh"], t.io);
    expect(code).toBe(1);
    expect(t.err.join("\n")).toContain("agent_command runs ./agent.sh, which does not exist");
  });

  it("an agent_command script that is not executable", async () => {
    const repo = makeRepo({ ".ralph/specs/hello.md": "# Hello\n", "agent.sh": "#!/bin/sh\n" });
    chmodSync(join(repo.dir, "agent.sh"), 0o644);
    const t = session(repo);
    const code = await main(["run", "--agent", "command", "--agent-command", "./agent.sh"], t.io);
    expect(code).toBe(1);
    expect(t.err.join("\n")).toContain("which is not executable: chmod +x ./agent.sh");
  });
});

describe("config: missing is not invalid", () => {
  it("no .github/ralph.yml and flags that do not fit: names the flag, not a file", async () => {
    const repo = makeRepo({ ".ralph/specs/hello.md": "# Hello\n" });
    const t = session(repo);
    expect(await main(["run", "--agent", "command"], t.io)).toBe(1);
    const text = t.err.join("\n");
    expect(text).toContain("invalid options (there is no .github/ralph.yml in");
    expect(text).toContain(
      "agent_command: is required when agent is 'command' (pass --agent-command)",
    );
    expect(text).not.toContain("Invalid .github/ralph.yml");
  });

  it("an invalid file says so, with the key", async () => {
    const repo = makeRepo({
      ".ralph/specs/hello.md": "# Hello\n",
      ".github/ralph.yml": "limits:\n  max_attempts: 0\n",
    });
    const t = session(repo);
    expect(await main(["run", "--dry-run"], t.io)).toBe(1);
    expect(t.err.join("\n")).toMatch(/Invalid \.github\/ralph\.yml:\n- limits\.max_attempts/);
  });

  it("a file that is not YAML says so", async () => {
    const repo = makeRepo({ ".github/ralph.yml": "agent: [claude\n" });
    const t = session(repo);
    expect(await main(["status"], t.io)).toBe(1);
    expect(t.err.join("\n")).toContain(".github/ralph.yml is not valid YAML");
  });

  it("--config naming a missing file", async () => {
    const repo = makeRepo();
    const t = session(repo);
    expect(await main(["status", "--config", "conf/ralph.yml"], t.io)).toBe(1);
    expect(t.err.join("\n")).toContain("cannot read conf/ralph.yml: no such file in");
  });
});

describe("-C naming what is no repository", () => {
  it.each([
    ["nope", "does not exist"],
    ["README.md", "is not a directory"],
    ["..", "is not a git repository"],
  ])("-C %s: says the folder %s", async (where, said) => {
    const repo = makeRepo({ "README.md": "# Hello\n" });
    const t = session(repo);
    expect(await main(["status", "-C", where], t.io)).toBe(1);
    expect(t.err).toEqual([`ralph: ${join(repo.dir, where)} ${said}`]);
  });
});

describe("no specs", () => {
  it("is an error with what to do, exit 1", async () => {
    const repo = makeRepo();
    const t = session(repo);
    const handle = writeScenario({});
    expect(await main(["run", ...agent(handle)], t.io)).toBe(1);
    expect(t.err.join("\n")).toContain(
      'no specs found under .ralph/specs/: write one there (a Markdown file: the goal and its acceptance criteria), or create one with ralph plan "<goal>"',
    );
    expect(records(handle.recordDir)).toEqual([]);
  });

  // Before, the missing agent came first: the user installed it only to hear there was nothing to run.
  it("is said before a missing agent is, and so is a --force that names no spec", async () => {
    const env = { PATH: "/nonexistent-bin", RALPH_CLAUDE_BIN: "" };
    const empty = session(makeRepo(), { env });
    expect(await main(["run", "--agent", "claude"], empty.io)).toBe(1);
    expect(empty.err.join("\n")).toContain("no specs found under .ralph/specs/");
    expect(empty.err.join("\n")).not.toContain("cannot find 'claude'");

    const typo = session(makeRepo({ ".ralph/specs/greet.md": "# Greet\n" }), { env });
    expect(await main(["run", "--agent", "claude", "--force", "gret"], typo.io)).toBe(1);
    expect(typo.err.join("\n")).toContain('no spec "gret" under .ralph/specs; did you mean greet?');
    expect(typo.err.join("\n")).not.toContain("cannot find 'claude'");
  });

  it("ralph fix: no done spec, or a spec name that is a typo, is said before a missing agent is", async () => {
    const env = { PATH: "/nonexistent-bin", RALPH_CLAUDE_BIN: "" };
    const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
    for (const [args, said] of [
      [["fix", "louder"], "no done spec to follow up on"],
      [["fix", "louder", "gret"], 'no spec "gret" under .ralph/specs; did you mean greet?'],
    ] as const) {
      const t = session(repo, { env });
      expect(await main([...args, "--agent", "claude"], t.io)).toBe(1);
      expect(t.err.join("\n")).toContain(said);
      expect(t.err.join("\n")).not.toContain("cannot find 'claude'");
    }
  });

  it("ralph fix with no done spec commits nothing, though the agent is there", async () => {
    const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
    repo.write(".ralph/specs/later.md", "# Later\n");
    const before = repo.git("rev-parse", "HEAD");
    const t = session(repo);
    const agentArgs = ["--agent", "command", "--agent-command", "true"];
    expect(await main(["fix", "louder", ...agentArgs], t.io)).toBe(1);
    expect(t.err.join("\n")).toContain("no done spec to follow up on");
    // Before, the pending spec was committed ("ralph: record specs and plans"), then refused.
    expect(repo.git("rev-parse", "HEAD")).toBe(before);
    expect(repo.git("status", "--porcelain")).toBe("?? .ralph/specs/later.md");
  });
});

describe("--push is checked before any agent runs", () => {
  it("on a branch outside branch_prefix: refuses at once", async () => {
    const repo = makeRepo({ ".ralph/specs/hello.md": "# Hello\n" });
    const handle = oneStoryScenario();
    const t = session(repo);
    expect(await main(["run", "--push", ...agent(handle)], t.io)).toBe(1);
    expect(t.err.join("\n")).toContain(
      "--push: Ralph only pushes branches under 'ralph/', and the current branch is 'main'",
    );
    expect(records(handle.recordDir)).toEqual([]);
  });

  it("without an origin remote: refuses at once", async () => {
    const repo = makeRepo({ ".ralph/specs/hello.md": "# Hello\n" });
    repo.git("remote", "remove", "origin");
    repo.git("switch", "--quiet", "-c", "ralph/hello");
    const handle = oneStoryScenario();
    const t = session(repo);
    expect(await main(["run", "--push", ...agent(handle)], t.io)).toBe(1);
    expect(t.err.join("\n")).toContain("--push: this repository has no remote named 'origin'");
    expect(records(handle.recordDir)).toEqual([]);
  });

  it("on a ralph/ branch: runs, then pushes", async () => {
    const repo = makeRepo({ ".ralph/specs/hello.md": "# Hello\n" });
    repo.git("switch", "--quiet", "-c", "ralph/hello");
    const t = session(repo);
    expect(await main(["run", "--push", ...agent(oneStoryScenario())], t.io)).toBe(0);
    expect(t.out).toContain("pushed ralph/hello to origin");
  });
});

describe("nothing absolute on the branch", () => {
  it("ralph plan then ralph run commits no file holding the checkout's path", async () => {
    const repo = makeRepo();
    const handle = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1))), planStep(prdOf(story("US-1", 1)))],
      implement: [implementStep("hello.txt", "hello\n")],
      verify: [verdict.pass()],
    });
    const plan = session(repo);
    const planned = await main(
      ["plan", "Say hello", "--non-interactive", "--yes-prd", ...agent(handle)],
      plan.io,
    );
    expect(plan.err).toEqual([]);
    expect(planned).toBe(0);
    // Kept in a folder git never shows (issue 18): nothing of Ralph's is left for `git status`.
    expect(existsSync(join(repo.dir, ".ralph/local/plan_state.json"))).toBe(true);
    expect(repo.git("status", "--porcelain")).toBe("");
    const run = session(repo);
    expect(await main(["run", ...agent(handle)], run.io)).toBe(0);
    // Every file of every commit on the branch: none mentions where the checkout lives.
    const commits = repo.git("rev-list", "HEAD").split("\n").filter(Boolean);
    expect(commits.length).toBeGreaterThan(3);
    let hits = "";
    try {
      hits = repo.git("grep", "-l", "-F", repo.dir, ...commits, "--");
    } catch {
      // git grep exits 1 when nothing matches.
    }
    expect(hits).toBe("");
    expect(repo.git("ls-files", ".ralph")).not.toContain("plan_state.json");
    expect(repo.git("status", "--porcelain")).toBe("");
  });
});

describe("--force on a done spec", () => {
  it("starts it over for real: a forced run that stops leaves the spec not done", async () => {
    const repo = makeRepo({ ".ralph/specs/hello.md": "# Hello\n" });
    expect(await main(["run", ...agent(oneStoryScenario())], session(repo).io)).toBe(0);
    const done = session(repo);
    await main(["status"], done.io);
    expect(done.out).toContain("hello.md: done, plan attempt 1, stories 1/1 pass");

    // The forced run re-plans, then the implementer changes nothing until the breaker opens.
    const stuck = writeScenario({
      plan: [planStep(prdOf(story("US-1", 1)))],
      implement: [{ stdout: "nothing to do" }, { stdout: "nothing" }, { stdout: "still nothing" }],
    });
    const forced = session(repo);
    expect(await main(["run", "--force", "hello", ...agent(stuck)], forced.io)).toBe(1);
    expect(forced.out.join("\n")).toContain("implement US-1 made no change");
    expect(existsSync(join(repo.dir, ".ralph/specs/done/hello.md"))).toBe(false);
    const after = session(repo);
    await main(["status"], after.io);
    expect(after.out.join("\n")).not.toContain("hello.md: done");
    expect(after.out.join("\n")).toMatch(/hello\.md: .*plan attempt 2, stories 0\/1 pass/);
    expect(repo.git("log", "--format=%s")).toContain("ralph(hello): forced re-run");
  });
});
