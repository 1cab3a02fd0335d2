/**
 * `ralph check-agent` through the BUILT CLI (issue 20): the reference agent conforms in every
 * phase; each deliberately broken variant fails with the phase and Ralph's reason on one line;
 * the Gemini CLI wrapper example works against a stand-in `gemini`; a crashing agent, `--phase`
 * and `--keep`. The command line and the argument parsing are checked in-process.
 */
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseCommandLine } from "../../src/cli/args.js";
import { agentCommandLine } from "../../src/cli/check-agent-command.js";
import { bundleCli, type CliRun, runCli } from "../fixtures/pipeline/cli.js";
import { agentsDoc, ROOT } from "../repo/agents-doc.js";
import { removeAfterTest, tempDir } from "../support/temp.js";

const REFERENCE = "examples/agents/reference-agent.mjs";
const BROKEN = join(ROOT, "test/fixtures/agents/broken-reference.mjs");
const FAKE_GEMINI = join(ROOT, "test/fixtures/agents/fake-gemini.mjs");
const PHASES = [
  "plan",
  "research",
  "architect",
  "critic",
  "understand",
  "implement",
  "verify",
  "regression",
  "amend",
];

const linesOf = (run: CliRun, status: "ok" | "FAIL") =>
  run.stdout.split("\n").filter((l) => l.startsWith(`${status}  `));
const leftovers = () => readdirSync(tmpdir()).filter((f) => f.startsWith("ralph-check-agent-"));

describe("ralph check-agent (built CLI)", { timeout: 180_000 }, () => {
  let cli = "";
  beforeAll(async () => {
    cli = await bundleCli();
  }, 60_000);
  // From the repository root, as the docs say to run it: relative paths name its files.
  const checkAgent = (args: string[], env: Record<string, string> = {}) =>
    runCli(cli, ["check-agent", ...args], { cwd: ROOT, env });

  it("the reference agent conforms in every phase, as docs/agents.md shows it", async () => {
    const before = leftovers();
    const run = await checkAgent(["--", "node", REFERENCE]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`sh -c "node ${join(ROOT, REFERENCE)}"`);
    const ok = linesOf(run, "ok");
    expect(ok.map((l) => l.split(/\s+/)[1])).toEqual(PHASES);
    expect(linesOf(run, "FAIL")).toEqual([]);
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe(
      "the agent conforms: 9 of 9 phases accepted",
    );
    // The lines docs/agents.md quotes are the lines it prints.
    const quoted = agentsDoc()
      .split("\n")
      .filter((l) => /^ok {4}\w/.test(l));
    expect(quoted.length).toBeGreaterThan(1);
    expect(ok).toEqual(expect.arrayContaining(quoted));
    // The temporary repositories are gone.
    expect(leftovers().filter((d) => !before.includes(d))).toEqual([]);
  });

  it.each([
    [
      "research-without-pitfalls",
      "research    research.pitfalls: Invalid input: expected array, received undefined",
    ],
    [
      "critic-without-verdict",
      "critic      the CRITIC_FEEDBACK block has no Verdict: OKAY or REJECT line",
    ],
    [
      "verdict-missing-criterion",
      'verify      PASS but the criterion table does not name "`hello.txt` says hello"',
    ],
    ["amend-story-with-priority", "amend       followUps[0].priority: unknown key"],
  ])(
    "a reference agent with %s fails, naming the phase and the reason in one line",
    async (variant, line) => {
      const run = await checkAgent(["--", "node", BROKEN, variant]);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(linesOf(run, "FAIL")).toEqual([`FAIL  ${line}`]);
      expect(linesOf(run, "ok")).toHaveLength(PHASES.length - 1);
      const phase = line.split(" ")[0]!;
      expect(run.stdout).toContain(`1 of 9 phases rejected (${phase})`);
      // What the agent is told is what docs/agents.md says it is told.
      if (phase !== "verify") expect(agentsDoc()).toContain(line.slice(12));
    },
  );

  it("the Gemini CLI wrapper conforms against a stand-in gemini, with each phase's permissions", async () => {
    const bin = tempDir("ralph-fake-gemini-");
    writeFileSync(
      join(bin, "gemini"),
      `#!/bin/sh\nexec '${process.execPath}' '${FAKE_GEMINI}' "$@"\n`,
    );
    chmodSync(join(bin, "gemini"), 0o755);
    const log = join(bin, "calls.jsonl");
    const env = { PATH: `${bin}:${process.env.PATH}`, FAKE_GEMINI_LOG: log };
    const run = await checkAgent(["--", "sh", "examples/agents/gemini-agent.sh"], env);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const calls = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { phase: string; args: string[] });
    const approval = Object.fromEntries(
      calls.map((c) => [c.phase, c.args[c.args.indexOf("--approval-mode") + 1]]),
    );
    expect(approval).toEqual({
      plan: "auto_edit",
      research: "default",
      architect: "default",
      critic: "default",
      understand: "auto_edit",
      implement: "yolo",
      verify: "yolo",
      amend: "default",
    });
    expect(calls[0]!.args.slice(0, 2)).toEqual(["--output-format", "json"]);

    const failed = await checkAgent(
      ["--phase", "critic", "--", "sh", "examples/agents/gemini-agent.sh"],
      {
        ...env,
        FAKE_GEMINI_ERROR: "model not found",
      },
    );
    expect(failed.code).toBe(1);
    expect(linesOf(failed, "FAIL")).toEqual([
      expect.stringMatching(
        /^FAIL {2}critic {6}agent exited with code 1: .*gemini: model not found/,
      ),
    ]);
  });

  it("a crashing agent fails the phases tried, with its own words; --keep keeps the runs, secrets masked", async () => {
    const secret = "correct-horse-battery-staple-42";
    const crash = `sh -c 'echo "my key: $MY_API_KEY"; echo no model configured >&2; exit 3'`;
    const run = await checkAgent(
      [..."--phase plan --phase implement --keep --".split(" "), crash],
      {
        MY_API_KEY: secret,
      },
    );
    expect(run.code).toBe(1);
    const failed = linesOf(run, "FAIL");
    expect(failed.map((l) => l.split(/\s+/)[1])).toEqual(["plan", "implement"]);
    expect(failed[0]).toMatch(/agent exited with code 3: no model configured \(log: \S+\)$/);
    const dir = /run logs are in (\S+)/.exec(run.stdout)?.[1] ?? "";
    removeAfterTest(dir);
    expect(existsSync(join(dir, "plan", "repo", ".ralph/specs/greeting.md"))).toBe(true);
    const logs = readdirSync(join(dir, "plan", "runs"), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => readFileSync(join(e.parentPath, e.name), "utf8"));
    expect(logs.some((l) => l.includes("my key: "))).toBe(true);
    expect(logs.filter((l) => l.includes(secret))).toEqual([]);
    expect(run.stdout).toContain("2 of 2 phases rejected (plan, implement)");
  });

  it("a usage limit is reported at once, not waited out", async () => {
    const limited = "sh -c 'echo Error: quota exceeded, try again later >&2; exit 1'";
    const run = await checkAgent(["--phase", "critic", "--", limited]);
    expect(run.code).toBe(1);
    expect(linesOf(run, "FAIL")).toEqual([
      "FAIL  critic      the failed run's output reads as a usage limit: Ralph would wait for the reset and run it again",
    ]);
  });

  it("a script that is not there, or not executable: said once, no phase run", async () => {
    const missing = await checkAgent(["--", "./no-such-agent.sh"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      `ralph: the agent's command runs ./no-such-agent.sh, which does not exist (looked in ${ROOT}); no phase was run\n`,
    );
    expect(linesOf(missing, "FAIL")).toEqual([]);
    const script = join(tempDir("ralph-check-script-"), "agent.sh");
    writeFileSync(script, "#!/bin/sh\n");
    const plain = await checkAgent(["--", script]);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toContain(`${script}, which is not executable: chmod +x ${script}`);
    expect(linesOf(plain, "FAIL")).toEqual([]);
  });

  it("usage errors: no command, an unknown phase", async () => {
    const none = await checkAgent([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("ralph check-agent needs the agent's command");
    const unknown = await checkAgent(["--phase", "deploy", "--", "true"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      "--phase must be one of plan, research, architect, critic, understand, implement, verify, regression, amend",
    );
  });
});

describe("the agent's command line", () => {
  it("takes the words after --, Ralph's options before them", () => {
    expect(
      parseCommandLine(["check-agent", "--phase", "plan", "--", "node", "a.mjs", "--phase", "x"]),
    ).toEqual({
      name: "check-agent",
      args: {
        command: ["node", "a.mjs", "--phase", "x"],
        phases: ["plan"],
        timeoutMinutes: 10,
        keep: false,
      },
    });
    expect(() => parseCommandLine(["check-agent", "stray", "--", "node"])).toThrow(/before "--"/);
    expect(() => parseCommandLine(["check-agent", "--timeout-minutes", "0", "--", "x"])).toThrow(
      /--timeout-minutes/,
    );
  });

  it("makes words naming files here absolute and quotes what the shell would split", () => {
    expect(agentCommandLine(["node", REFERENCE, "--fast", "it's"], ROOT)).toBe(
      `node ${join(ROOT, REFERENCE)} --fast 'it'\\''s'`,
    );
    expect(agentCommandLine(["./my agent.sh --fast"], ROOT)).toBe("./my agent.sh --fast");
    expect(agentCommandLine(["missing.mjs"], ROOT)).toBe("missing.mjs");
  });
});
