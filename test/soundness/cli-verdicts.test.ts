/**
 * Issue 9 acceptance, the built `ralph run` against adversaries that attack the verdict: a PASS
 * quoted in a fence, a PASS printed early, echoed prompts, a verifier that always fails or always
 * invalidates the plan, a no-op implementer with a lenient verifier, and a failing check whose
 * output must reach the implementer's next prompt. Each case also passes assertSound.
 */
import { describe, expect, it } from "vitest";
import { CONFIG, calls, play, promptOf, useBuiltCli } from "./cli-world.js";

useBuiltCli();

describe("soundness of the built CLI: verdicts and checks (issue 9)", { timeout: 120_000 }, () => {
  it("a PASS quoted in a fenced example is no verdict: never done, the breaker names the stop", async () => {
    const { run, log } = await play("fenced-pass");
    expect(run.stdout).toContain("greet.md: failed [circuit_breaker_open]");
    expect(run.stdout).toMatch(/inside a fenced code block/);
    expect(calls(log)).toEqual([
      "plan:",
      "implement:US-1",
      "verify:US-1",
      "verify:US-1",
      "verify:US-1",
    ]);
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
  });
});
