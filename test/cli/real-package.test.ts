/**
 * Issue 18's acceptance through the BUILT CLI: the trial on a fresh repository of a real package
 * (test/fixtures/real-package) whose `npm test` runs a real colourful test runner (mocha
 * --colors), with `verify.checks: ["npm test"]`, a `command` agent whose first attempt is useless
 * and whose second applies the fix, and a lenient verifier.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliPerFile } from "../fixtures/pipeline/cli.js";
import {
  COLOUR_TRACE,
  realPackageRepo,
  scenarioForTest,
  uselessThenFix,
} from "../fixtures/pipeline/real-package.js";
import {
  envelope,
  PLAN_MD,
  prdOf,
  records,
  story,
  verdict,
} from "../fixtures/pipeline/scenario.js";

const ralph = cliPerFile({ RALPH_BOT_NAME: "ralph-trial[bot]", RALPH_BOT_EMAIL: "bot@trial.test" });

// Long on purpose: the spec heading is cut at 120 characters, between two words.
const GOAL =
  "equal() throws on object dictionaries made with `Object.create(null)`: `foo.hasOwnProperty is not a function` at src/index.js. Make equal support them.";
const CRITERION = "equal() compares objects without a prototype; npm test passes";

describe("the trial on a real package (issue 18 acceptance, built CLI)", () => {
  it("plan, run, status: colour-free tails, the check's lines and ralph.log entries, Ralph's check named, attempt 2 in the subject, a clean checkout throughout", async () => {
    const [useless, fix] = uselessThenFix()!;
    const handle = scenarioForTest({
      plan: [
        {
          planFile: PLAN_MD("own-property test"),
          envelope: envelope(
            prdOf({ ...story("US-1", 1, [CRITERION]), title: "Support dictionaries" }),
          ),
        },
      ],
      // The second attempt reports what it did, indented, as an agent would.
      implement: [
        useless!,
        { ...fix!, stdout: "Fixed:\n  - src/index.js\n      own-property test\n" },
      ],
      verify: [verdict.pass(CRITERION)],
    });
    const repo = realPackageRepo({
      ".github/ralph.yml": `agent: command\nagent_command: ${JSON.stringify(handle.command)}\nverify:\n  checks: ["npm test"]\n`,
    });
    const clean = () => expect(repo.git("status", "--porcelain", "--untracked-files=all")).toBe("");

    const plan = await ralph(repo, null, ["plan", GOAL, "--non-interactive", "--yes-prd"]);
    expect(plan.stderr).toBe("");
    expect(plan.code).toBe(0);
    // A bug fix quoting code is not a new feature.
    expect(plan.stdout).toContain("complexity: simple\n");
    clean();
    const spec = repo.git("ls-files", ":(glob).ralph/specs/*.md");
    const specId = spec.replace(/^\.ralph\/specs\/|\.md$/g, "");
    const heading = readFileSync(join(repo.dir, spec), "utf8").split("\n")[0]!;
    expect(heading).toBe(
      "# equal() throws on object dictionaries made with `Object.create(null)`: `foo.hasOwnProperty is not a function` at…",
    );

    const run = await ralph(repo, null, ["run"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    clean();
    const subjects = repo.git("log", "--format=%s", "-4").split("\n");
    expect(subjects).toEqual([
      `ralph(${specId}): done`,
      `ralph(${specId}): US-1 verified`,
      `ralph(${specId}): US-1 attempt 2: Support dictionaries`,
      `ralph(${specId}): US-1 Support dictionaries`,
    ]);
    const attempt1 = repo.git("rev-parse", "HEAD~3").slice(0, 7);

    // The console: the check's time, its last lines, where the rest is, who rejected the attempt.
    const out = run.stdout;
    expect(out).not.toMatch(COLOUR_TRACE);
    expect(out).toMatch(/\n {2}check failed \(exit 1\) in \d+(\.\d)? m?s: npm test\n/);
    expect(out).toContain("\n    │      TypeError: b.hasOwnProperty is not a function\n");
    const fullOutput =
      /\n {4}full output: (\.ralph\/runs\/\S+-check-us-1-attempt-1-npm-test\.log)\n/.exec(out)?.[1];
    expect(fullOutput).toBeDefined();
    expect(out).toContain(
      `\n  US-1 attempt 1/3 rejected: Ralph's check \`npm test\` failed (exit code 1) on commit ${attempt1}\n`,
    );
    expect(out).toMatch(/\n {2}check passed in \d+(\.\d)? m?s: npm test\n/);
    // Streamed agent lines keep their indentation.
    expect(out).toContain("\n    │   - src/index.js\n    │       own-property test\n");

    // The implementer's prompt and the output file it names: the real failure, colour-free.
    const prompts = records(handle.recordDir).filter((r) => r.phase === "implement");
    const second = prompts[1]!.prompt;
    expect(second).toContain(
      `Ralph's check \`npm test\` failed (exit code 1) on commit ${attempt1}, attempt 1.`,
    );
    expect(second).not.toMatch(/verifier rejected/i);
    expect(second).toContain("TypeError: b.hasOwnProperty is not a function");
    expect(second).not.toMatch(COLOUR_TRACE);
    const feedbackFile = join(repo.dir, fullOutput!);
    expect(second).toContain(feedbackFile);
    const full = readFileSync(feedbackFile, "utf8");
    expect(full).toContain("TypeError: b.hasOwnProperty is not a function");
    expect(full).not.toMatch(COLOUR_TRACE);

    // ralph.log: one entry per check run.
    const checks = readFileSync(join(repo.dir, ".ralph/runs/ralph.log"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .filter((e) => e.event === "check");
    expect(checks).toEqual([
      expect.objectContaining({
        command: "npm test",
        ok: false,
        exitCode: 1,
        purpose: "US-1 attempt 1",
      }),
      expect.objectContaining({
        command: "npm test",
        ok: true,
        exitCode: 0,
        purpose: "US-1 attempt 2",
      }),
    ]);
    for (const c of checks) {
      expect(c.durationMs).toBeGreaterThan(0);
      expect(existsSync(join(repo.dir, ".ralph/runs", c.outputFile))).toBe(true);
    }

    const status = await ralph(repo, null, ["status"]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`${specId}.md: done`);
    clean();
  });
});
