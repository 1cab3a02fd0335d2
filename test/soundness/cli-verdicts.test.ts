/**
 * Issue 9 acceptance, the built `ralph run` against adversaries that attack the verdict: a PASS
 * quoted in a fence, a PASS printed early, echoed prompts, a verifier that always fails or always
 * invalidates the plan, a no-op implementer with a lenient verifier, and a failing check whose
 * output must reach the implementer's next prompt. Each case also passes assertSound.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/temp.js";
import { CONFIG, calls, play, promptOf, useBuiltCli } from "./cli-world.js";
import { BOTH_STORIES_ONCE } from "./world.js";

useBuiltCli();

describe("soundness of the built CLI: verdicts and checks (issue 9)", { timeout: 120_000 }, () => {
  it("a PASS quoted in a fenced example is no verdict: never done, the breaker names the stop", async () => {
    const { repo, run, log } = await play("fenced-pass");
    expect(run.stdout).toContain("greet.md: failed [circuit_breaker_open]");
    expect(run.stdout).toMatch(/inside a fenced code block/);
    expect(calls(log)).toEqual([
      "plan:",
      "implement:US-1",
      "verify:US-1",
      "verify:US-1",
      "verify:US-1",
    ]);
    // The reason goes back to the verifier's next run, not to the implementer.
    const rejected = "Ralph did not accept the verdict of your previous run";
    expect(promptOf(repo, 3, "verify")).not.toContain(rejected);
    expect(promptOf(repo, 4, "verify")).toContain(rejected);
    expect(promptOf(repo, 4, "verify")).toMatch(/inside a fenced code block/);
  });

  it("an agent that echoes its prompt in every phase plans nothing and passes nothing", async () => {
    const { run, log } = await play("echo-prompt");
    expect(run.stdout).toContain("greet.md: failed [planner_failed]");
    expect(log.every((e) => e.phase === "plan")).toBe(true);
  });

  it("a verifier that echoes its prompt passes nothing", async () => {
    const { run } = await play("echo-verify");
    expect(run.stdout).toContain("greet.md: failed [circuit_breaker_open]");
  });

  it("a PASS printed early (followed by more text) is not accepted", async () => {
    const { run } = await play("pass-early");
    expect(run.stdout).toContain("greet.md: failed [circuit_breaker_open]");
    expect(run.stdout).toMatch(/not at the end/);
  });

  it("a verifier that always FAILs ends at max_attempts", async () => {
    const { run, log } = await play("always-fail");
    expect(run.stdout).toContain("greet.md: failed [max_attempts_exhausted]");
    expect(calls(log)).toEqual([
      "plan:",
      "implement:US-1",
      "verify:US-1",
      "implement:US-1",
      "verify:US-1",
    ]);
  });

  it("a verifier that always invalidates the plan ends at max_replans", async () => {
    const { run, log } = await play("always-invalidate");
    expect(run.stdout).toContain("greet.md: failed [max_replans_exhausted]");
    expect(log.filter((e) => e.phase === "plan")).toHaveLength(3);
  });

  it("a no-op implementer with a lenient verifier never gets verified", async () => {
    const { run, log } = await play("noop-lenient");
    expect(run.stdout).toContain("greet.md: failed [max_attempts_exhausted]");
    expect(log.some((e) => e.phase === "verify")).toBe(false);
  });

  it("a failing check shows its output to the implementer's next run", async () => {
    const check = `test -f greeting-US-1.txt || { echo CHECK-SAYS-MISSING-US-1; exit 1; }`;
    const { repo, run, log } = await play(
      "check-once",
      CONFIG(`verify:\n  checks:\n    - ${JSON.stringify(check)}\n`),
    );
    expect(run.stdout).toContain("greet.md: done");
    expect(calls(log).slice(0, 4)).toEqual([
      "plan:",
      "implement:US-1",
      "implement:US-1",
      "verify:US-1",
    ]);
    expect(promptOf(repo, 2, "implement")).not.toContain("CHECK-SAYS-MISSING-US-1");
    expect(promptOf(repo, 3, "implement")).toContain("CHECK-SAYS-MISSING-US-1");
    // The verifier sees what Ralph ran and how it ended.
    expect(promptOf(repo, 4, "verify")).toContain("Checks Ralph ran (verify.checks)");
  });

  it("the checks run again on the final tree before done: a failure there sends the last story back with its output", async () => {
    // A check that fails on its third run only: after US-1's and US-2's, the final tree's.
    const counter = tempDir("ralph-check-runs-");
    const check = `n=$(( $(cat ${counter}/n 2>/dev/null || echo 0) + 1 )); echo $n > ${counter}/n; [ $n -ne 3 ] || { echo FINAL-TREE-CHECK-FAILED; exit 1; }`;
    const { repo, run, log } = await play(
      "honest",
      CONFIG(`verify:\n  checks:\n    - ${JSON.stringify(check)}\n`),
    );
    expect(run.stdout).toContain("greet.md: done");
    expect(calls(log)).toEqual([
      ...BOTH_STORIES_ONCE,
      "implement:US-2",
      "verify:US-2",
      "verify:US-1,US-2",
    ]);
    expect(promptOf(repo, 6, "implement")).toContain("FINAL-TREE-CHECK-FAILED");
    expect(readFileSync(join(counter, "n"), "utf8").trim()).toBe("5");
  });

  it("verify: per_spec: stories are only checked one by one, and one verifier run over all of them decides before done", async () => {
    const { repo, run, log } = await play("rm-verified", CONFIG("verify: per_spec\n"));
    expect(run.stdout).toContain("greet.md: done");
    expect(calls(log)).toEqual([
      "plan:",
      "implement:US-1",
      "implement:US-2",
      "verify:US-1,US-2",
      "implement:US-1",
      "verify:US-1,US-2",
    ]);
    expect(repo.git("show", "HEAD:greeting-US-1.txt")).toBe("hello from US-1");
  });
});
