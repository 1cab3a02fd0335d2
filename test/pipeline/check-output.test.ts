import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { runSpecLoop } from "../../src/pipeline/spec-loop.js";
import {
  COLOUR_TRACE,
  realPackageRepo,
  scenarioForTest,
  uselessThenFix,
} from "../fixtures/pipeline/real-package.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import * as scenario from "../fixtures/pipeline/scenario.js";

const { implementStep, records } = scenario;

interface CheckLine {
  event: string;
  purpose: string;
  command: string;
  ok: boolean;
  exitCode: number | null;
  durationMs: number;
  commit: string;
  outputFile: string | null;
}

const checkLines = (logRoot: string): CheckLine[] =>
  readFileSync(join(logRoot, "ralph.log"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as CheckLine)
    .filter((l) => l.event === "check");

async function contextFor(
  repo: ReturnType<typeof makeRepo>,
  implement: Parameters<typeof scenarioForTest>[0]["implement"],
  checks: string[],
  extra: { checkEnv?: NodeJS.ProcessEnv } = {},
) {
  const criterion = "equal handles objects without a prototype";
  const handle = scenarioForTest({
    plan: [scenario.planStep(scenario.prdOf(scenario.story("US-1", 1, [criterion])))],
    implement,
    verify: [scenario.verdict.pass(criterion)],
  });
  const lines: string[] = [];
  const ctx = await scenario.loopContext(repo, handle, { verify: { checks } }, lines);
  onTestFinished(() => rmSync(ctx.logRoot, { recursive: true, force: true }));
  return { handle, lines, ctx: { ...ctx, ...extra } };
}

describe("check output a user and an agent can read (issue 18), on a real package's mocha suite", () => {
  it("a colourful failing `npm test`: colour-free tail cut on lines, who rejected it, its lines on the console, an entry per run in ralph.log, the whole output kept", async () => {
    const repo = realPackageRepo({ ".ralph/specs/dictionaries.md": "# Dictionaries\n" });
    const { handle, lines, ctx } = await contextFor(repo, uselessThenFix(), ["npm test"]);
    const result = await runSpecLoop(ctx);
    expect(result.ok).toBe(true);
    const [, first, second] = records(handle.recordDir);
    expect(first?.prompt).not.toContain("hasOwnProperty is not a function");
    const prompt = second!.prompt;
    // The real failure reached the second attempt, colour-free, its stack trace indented.
    expect(prompt).toContain("TypeError: b.hasOwnProperty is not a function");
    expect(prompt).toMatch(/\n {6}at equal \(file:\/\/.*\/src\/index\.js:\d+:\d+\)\n/);
    expect(prompt).not.toMatch(COLOUR_TRACE);
    // Who rejected it: Ralph's check, not the verifier (no verifier ran on attempt 1).
    const sha = repo.git("rev-parse", "HEAD~3").slice(0, 7);
    expect(prompt).toContain(
      `Ralph's check \`npm test\` failed (exit code 1) on commit ${sha}, attempt 1.`,
    );
    expect(prompt).not.toContain("The verifier rejected");

    const checks = checkLines(ctx.logRoot);
    expect(checks.map((c) => [c.purpose, c.command, c.ok, c.exitCode])).toEqual([
      ["US-1 attempt 1", "npm test", false, 1],
      ["US-1 attempt 2", "npm test", true, 0],
    ]);
    expect(checks[0]!.commit.slice(0, 7)).toBe(sha);
    expect(checks.every((c) => c.durationMs > 0)).toBe(true);
    const full = readFileSync(join(ctx.logRoot, checks[0]!.outputFile!), "utf8");
    expect(full).toContain("> mocha --colors");
    expect(full).toContain("3 passing");
    expect(full).not.toMatch(COLOUR_TRACE);
    // The prompt names that file, so an agent can read more than the tail.
    expect(prompt).toContain(join(ctx.logRoot, checks[0]!.outputFile!));

    const failed = lines.findIndex((l) => /^ {2}check failed \(exit 1\) in \d/.test(l));
    expect(failed).toBeGreaterThan(-1);
    const shown = lines.slice(failed + 1, failed + 20);
    expect(shown).toContain("    │      TypeError: b.hasOwnProperty is not a function");
    expect(shown.some((l) => l.startsWith(`    full output: ${ctx.logRoot}`))).toBe(true);
    expect(lines.some((l) => /^ {2}check passed in \d/.test(l))).toBe(true);
    expect(lines).toContain(
      `  US-1 attempt 1/3 rejected: Ralph's check \`npm test\` failed (exit code 1) on commit ${sha}`,
    );
    expect(lines.join("\n")).not.toMatch(COLOUR_TRACE);
  });

  it("checks run with NO_COLOR=1 and FORCE_COLOR=0, whatever Ralph's own environment says", async () => {
    const repo = realPackageRepo({ ".ralph/specs/dictionaries.md": "# Dictionaries\n" });
    const { handle, ctx } = await contextFor(
      repo,
      [implementStep("a.txt", "1\n"), implementStep("b.txt", "2\n")],
      ["env | grep -E '^(NO_COLOR|FORCE_COLOR)=' | sort; exit 1"],
      { checkEnv: { ...process.env, FORCE_COLOR: "1", NO_COLOR: undefined } },
    );
    await runSpecLoop(ctx);
    const second = records(handle.recordDir)[2]!.prompt;
    expect(second).toContain("FORCE_COLOR=0\nNO_COLOR=1\n");
  });

  it("a long output: the tail holds whole lines only, and says how many came before", async () => {
    const repo = makeRepo({ ".ralph/specs/long.md": "# Long\n" });
    onTestFinished(() => rmSync(join(repo.dir, ".."), { recursive: true, force: true }));
    // One process prints all 300 lines. It was a shell loop starting a subshell and a `seq` per
    // line (some 600 processes each time the check ran), which took 5 s on idle cores and more
    // than the test's 120 s beside busy ones.
    const longLines = [
      "awk 'BEGIN {",
      'x = sprintf("%90s", ""); gsub(/ /, "x", x);',
      'for (i = 1; i <= 300; i++) printf "line %03d %s\\n", i, x;',
      "exit 2 }'",
    ].join(" ");
    const { handle, ctx } = await contextFor(
      repo,
      [implementStep("a.txt", "1\n"), implementStep("b.txt", "2\n")],
      [longLines],
    );
    await runSpecLoop(ctx);
    const prompt = records(handle.recordDir)[2]!.prompt;
    const feedback = prompt.slice(prompt.indexOf("BEGIN FEEDBACK"));
    const block = feedback.slice(feedback.indexOf("\n```text\n") + 9);
    const tail = block.slice(0, block.indexOf("\n```")).split("\n");
    expect(tail.length).toBeGreaterThan(10);
    for (const line of tail) expect(line).toMatch(/^line \d{3} x{90}$/);
    expect(tail.at(-1)).toBe(`line 300 ${"x".repeat(90)}`);
    expect(prompt).toContain(`Its last ${tail.length} lines (the whole output is in`);
    const [check] = checkLines(ctx.logRoot);
    const full = readFileSync(join(ctx.logRoot, check!.outputFile!), "utf8");
    expect(full).toContain(`line 001 ${"x".repeat(90)}\n`);
  });
});
