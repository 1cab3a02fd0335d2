import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { createCommandAgent } from "../../src/agents/command-agent.js";
import { AGENT_ROLES } from "../../src/agents/types.js";
import { runWithUsageLimitRetry, usageLimitMarginFromEnv } from "../../src/agents/usage-limit.js";
import { tempDir } from "../support/temp.js";
import { expectContains } from "../support/text.js";
import {
  childPidFrom,
  deadlineAtChildPid,
  FakeClock,
  nodeCommand,
  request,
  untilGone,
} from "./helpers.js";

describe("command agent (DESIGN §4.1 protocol)", () => {
  it("runs via sh -c in the workspace with the prompt on stdin and the RALPH_* env", async () => {
    const dir = tempDir("ralph-agents-");
    const agent = createCommandAgent({ command: nodeCommand("echo-env.mjs") });
    const prompt = "Plan it.\n$(touch pwned) `touch pwned2` ; touch pwned3 'quote\" \n ünïcode ✓\n";
    const env = {
      RALPH_SPEC_ID: "issue-42-add-login",
      RALPH_SPEC_FILE: ".ralph/specs/issue-42-add-login.md",
      RALPH_PLAN_FILE: ".ralph/specs/plans/issue-42-add-login.md",
      RALPH_PRD_FILE: ".ralph/specs/plans/issue-42-add-login.prd.json",
      RALPH_STORY_ID: "US-001",
      RALPH_ATTEMPT: "2",
      RALPH_CODEBASE_MAP: ".ralph/codebase_map.md",
      // The protocol's own variables always win over the request's.
      RALPH_PHASE: "bogus",
    };
    const result = await agent.run(request(dir, { role: "plan", prompt, env }));
    expect(result.exitCode).toBe(0);
    const echoed = JSON.parse(result.finalMessage);
    expect(echoed.stdin).toBe(prompt);
    expect(echoed.cwd).toBe(dir);
    // RALPH_RUN_ID marks every process of the run, so a timeout can find them all.
    expect(echoed.env).toEqual({
      ...env,
      RALPH_PHASE: "plan",
      RALPH_WORKSPACE: dir,
      RALPH_RUN_ID: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    for (const f of ["pwned", "pwned2", "pwned3"]) expect(existsSync(join(dir, f))).toBe(false);
    expect(result).toMatchObject({
      timedOut: false,
      usageLimit: null,
      sessionId: null,
      usage: null,
    });
  });

  it.each(AGENT_ROLES)("sets RALPH_PHASE=%s", async (role) => {
    const dir = tempDir("ralph-agents-");
    const agent = createCommandAgent({ command: nodeCommand("echo-env.mjs") });
    const result = await agent.run(request(dir, { role }));
    expect(JSON.parse(result.finalMessage).env.RALPH_PHASE).toBe(role);
  });

  it("reports a non-zero exit as a failed run with its stdout", async () => {
    const dir = tempDir("ralph-agents-");
    const agent = createCommandAgent({ command: nodeCommand("exit-nonzero.mjs") });
    const result = await agent.run(request(dir));
    expect(result.exitCode).toBe(3);
    expect(result.finalMessage).toBe("partial work\n");
    expect(result.usageLimit).toBeNull();
  });

  it("kills a hanging agent and its child at the timeout", async () => {
    const dir = tempDir("ralph-agents-");
    const agent = createCommandAgent({
      command: nodeCommand("hang-with-child.mjs"),
      killGraceMs: 10_000,
    });
    // The deadline fires once the agent has printed its child's pid, not after 1.5 s.
    const { deadline, onOutput } = deadlineAtChildPid();
    const result = await agent.run(request(dir, { timeoutMs: 0, deadline, onOutput }));
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).not.toBe(0);
    await untilGone(childPidFrom(result.finalMessage));
    const log = await readFile(result.logFile, "utf8");
    expect(log).toContain("timed_out: true");
  });

  it("writes a run log with the prompt, stdout, stderr and exit code", async () => {
    const dir = tempDir("ralph-agents-");
    const agent = createCommandAgent({
      command: nodeCommand("echo-env.mjs"),
      now: () => new Date("2026-02-08T12:34:56.789Z"),
    });
    const logDir = join(dir, "deep", "logs");
    const first = await agent.run(
      request(dir, {
        role: "verify",
        prompt: "PROMPT-MARKER\n",
        logDir,
        env: { RALPH_STORY_ID: "US-7" },
      }),
    );
    const second = await agent.run(request(dir, { role: "verify", logDir }));
    expect(basename(first.logFile)).toBe("verify-20260208T123456789Z.log");
    expect(basename(second.logFile)).toBe("verify-20260208T123456789Z-2.log");
    expect((await readdir(logDir)).sort()).toEqual([
      "verify-20260208T123456789Z-2.log",
      "verify-20260208T123456789Z.log",
    ]);
    const log = await readFile(first.logFile, "utf8");
    expectContains(log, [
      "role: verify",
      "RALPH_STORY_ID=US-7",
      "===== PROMPT (stdin) =====\nPROMPT-MARKER\n",
      `===== STDOUT =====\n${first.finalMessage}`,
      "===== STDERR =====\necho-env: stderr line\n",
      "exit_code: 0",
    ]);
    expect(log).toMatch(/duration_ms: \d+/);
  });

  it("applies the request's redaction to the run log", async () => {
    const dir = tempDir("ralph-agents-");
    const agent = createCommandAgent({ command: nodeCommand("echo-env.mjs") });
    const result = await agent.run(
      request(dir, {
        prompt: "token s3cr3t-value here",
        redact: (t) => t.replaceAll("s3cr3t-value", "***"),
      }),
    );
    const log = await readFile(result.logFile, "utf8");
    expect(log).not.toContain("s3cr3t-value");
    expect(log).toContain("token *** here");
  });

  it("masks token-shaped strings in the run log even without a redaction function", async () => {
    const dir = tempDir("ralph-agents-");
    const token = `ghp_${"A1b2".repeat(9)}`;
    const agent = createCommandAgent({ command: `printf 'leaked ${token}\n'` });
    const result = await agent.run(request(dir, { prompt: `the prompt has ${token} too` }));
    expect(result.finalMessage).toContain(token);
    const log = await readFile(result.logFile, "utf8");
    expect(log).not.toContain(token);
    expect(log).toContain("leaked ***");
  });

  it("retries after a usage limit, waiting via the injected clock", async () => {
    const dir = tempDir("ralph-agents-");
    const counter = join(dir, "counter");
    const agent = createCommandAgent({ command: nodeCommand("usage-limit-once.mjs", counter) });
    const clock = new FakeClock();
    const waits: number[] = [];
    const result = await runWithUsageLimitRetry(agent, request(dir), {
      clock,
      maxWaits: 2,
      onWait: (w) => waits.push(w.waitSeconds),
    });
    expect(clock.sleeps).toEqual([(2 * 3600 + 30) * 1000]);
    expect(waits).toEqual([2 * 3600 + 30]);
    expect(await readFile(counter, "utf8")).toBe("2");
    expect(result.exitCode).toBe(0);
    expect(result.usageLimit).toBeNull();
    expect(result.finalMessage).toBe("RALPH done after the limit reset\n");
    expect(result.usageLimitWaits).toHaveLength(1);
    const limitedLog = await readFile(result.usageLimitWaits[0]!.logFile, "utf8");
    expect(limitedLog).toContain("usage_limit: true");
    expect(limitedLog).toContain(
      "note: usage_limit_wait wait=1/2 wait_seconds=7230 reset_seconds=7200",
    );
    expect(result.logFile).not.toBe(result.usageLimitWaits[0]!.logFile);
  });

  it("RALPH_USAGE_LIMIT_MARGIN_SECONDS sets the margin added to the reset; anything else keeps 30 s", () => {
    expect(usageLimitMarginFromEnv({})).toBe(30);
    expect(usageLimitMarginFromEnv({ RALPH_USAGE_LIMIT_MARGIN_SECONDS: "0" })).toBe(0);
    expect(usageLimitMarginFromEnv({ RALPH_USAGE_LIMIT_MARGIN_SECONDS: " 5 " })).toBe(5);
    for (const bad of ["", "-1", "1.5", "soon"]) {
      expect(usageLimitMarginFromEnv({ RALPH_USAGE_LIMIT_MARGIN_SECONDS: bad })).toBe(30);
    }
  });

  it("waits the reset plus marginSeconds when given", async () => {
    const dir = tempDir("ralph-agents-");
    const counter = join(dir, "counter");
    const agent = createCommandAgent({ command: nodeCommand("usage-limit-once.mjs", counter) });
    const clock = new FakeClock();
    const result = await runWithUsageLimitRetry(agent, request(dir), { clock, marginSeconds: 0 });
    expect(clock.sleeps).toEqual([7200 * 1000]);
    expect(result.exitCode).toBe(0);
  });

  it("uses the default wait when the limit message has no reset time", async () => {
    const dir = tempDir("ralph-agents-");
    const counter = join(dir, "counter");
    const agent = createCommandAgent({
      command: nodeCommand("usage-limit-once.mjs", counter, "429 Too Many Requests"),
    });
    const clock = new FakeClock();
    const result = await runWithUsageLimitRetry(agent, request(dir), {
      clock,
      defaultWaitSeconds: 123,
    });
    expect(clock.sleeps).toEqual([123_000]);
    expect(result.usageLimitWaits[0]).toMatchObject({
      reason: "unknown_reset",
      resetSeconds: null,
    });
    expect(result.exitCode).toBe(0);
  });

  it("gives the limited result back once maxWaits is used up", async () => {
    const dir = tempDir("ralph-agents-");
    const counter = join(dir, "counter");
    const agent = createCommandAgent({ command: nodeCommand("usage-limit-once.mjs", counter) });
    const clock = new FakeClock();
    const result = await runWithUsageLimitRetry(agent, request(dir), { clock, maxWaits: 0 });
    expect(clock.sleeps).toEqual([]);
    expect(result.usageLimit).toEqual({ resetSeconds: 7200 });
    expect(result.exitCode).toBe(1);
  });

  it("does not wait longer than maxWaitSeconds", async () => {
    const dir = tempDir("ralph-agents-");
    const counter = join(dir, "counter");
    const agent = createCommandAgent({ command: nodeCommand("usage-limit-once.mjs", counter) });
    const clock = new FakeClock();
    const result = await runWithUsageLimitRetry(agent, request(dir), {
      clock,
      maxWaitSeconds: 3600,
    });
    expect(clock.sleeps).toEqual([]);
    expect(result.usageLimit).not.toBeNull();
  });

  it("stops waiting when the request is aborted", async () => {
    const dir = tempDir("ralph-agents-");
    const counter = join(dir, "counter");
    const agent = createCommandAgent({ command: nodeCommand("usage-limit-once.mjs", counter) });
    const controller = new AbortController();
    const neverWakes = {
      now: () => new Date(),
      sleep: () => {
        controller.abort();
        return new Promise<void>(() => {});
      },
    };
    const result = await runWithUsageLimitRetry(
      agent,
      request(dir, { signal: controller.signal }),
      { clock: neverWakes },
    );
    expect(result.aborted).toBe(true);
    expect(await readFile(counter, "utf8")).toBe("1");
  });

  it("does not treat a successful run that mentions rate limits as a usage limit", async () => {
    const dir = tempDir("ralph-agents-");
    const agent = createCommandAgent({
      command: `echo "Implemented the rate limit middleware; usage limit reached tests pass"`,
    });
    const result = await agent.run(request(dir));
    expect(result.exitCode).toBe(0);
    expect(result.usageLimit).toBeNull();
  });
});
