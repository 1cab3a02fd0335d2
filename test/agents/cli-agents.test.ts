import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AgentSpawnError } from "../../src/agents/agent-process.js";
import { CLAUDE_ROLE_PERMISSIONS, claudeArgs } from "../../src/agents/claude-agent.js";
import { CODEX_ROLE_SANDBOX, codexArgs } from "../../src/agents/codex-agent.js";
import { AgentConfigError, createAgent } from "../../src/agents/create-agent.js";
import { parseConfig } from "../../src/core/config.js";
import { tempDir } from "../support/temp.js";
import { fixture, request } from "./helpers.js";

interface Recorded {
  argv: string[];
  stdin: string;
  cwd: string;
  env: Record<string, string>;
}

const read = async (path: string): Promise<Recorded> => JSON.parse(await readFile(path, "utf8"));

function fakeEnv(dir: string, scenario: string) {
  return {
    ...process.env,
    RALPH_CLAUDE_BIN: fixture("fake-claude.mjs"),
    RALPH_CODEX_BIN: fixture("fake-codex.mjs"),
    FAKE_RECORD: join(dir, "record.json"),
    FAKE_SCENARIO: scenario,
  };
}

describe("claude adapter", () => {
  it("runs claude -p with stream-json, the prompt on stdin, and parses the result", async () => {
    const dir = tempDir("ralph-agents-");
    const env = fakeEnv(dir, "success");
    const agent = createAgent(parseConfig({ agent: "claude", model: "claude-test-model" }), {
      baseEnv: env,
    });
    expect(agent.name).toBe("claude");
    const result = await agent.run(
      request(dir, { role: "verify", prompt: "verify this\n", env: { RALPH_STORY_ID: "US-1" } }),
    );
    const rec = await read(env.FAKE_RECORD);
    expect(rec.stdin).toBe("verify this\n");
    expect(rec.cwd).toBe(dir);
    expect(rec.env).toMatchObject({
      RALPH_PHASE: "verify",
      RALPH_WORKSPACE: dir,
      RALPH_STORY_ID: "US-1",
    });
    expect(rec.argv).toEqual([
      "-p",
      "--output-format",
      "stream-json",
      "--verbose",
      "--permission-mode",
      "dontAsk",
      "--allowedTools",
      CLAUDE_ROLE_PERMISSIONS.verify.allowedTools.join(","),
      "--disallowedTools",
      "Edit,Write,NotebookEdit",
      "--setting-sources",
      "user",
      "--model",
      "claude-test-model",
    ]);
    expect(result).toMatchObject({
      finalMessage: "All done.\nRALPH final line",
      exitCode: 0,
      sessionId: "3f1c2a9e-0000-4000-8000-00000000abcd",
      usage: { inputTokens: 150, outputTokens: 40, costUsd: 0.0123 },
      usageLimit: null,
      error: null,
      timedOut: false,
    });
    const log = await readFile(result.logFile, "utf8");
    expect(log).toContain("verify this");
    expect(log).toContain("session_id: 3f1c2a9e-0000-4000-8000-00000000abcd");
  });

  it("resumes a session with --resume", () => {
    expect(claudeArgs({ role: "implement", resumeSessionId: "abc" }, {}).slice(-2)).toEqual([
      "--resume",
      "abc",
    ]);
  });

  it("gives writing roles edit tools and read-only roles none", () => {
    const edits = ["Edit", "Write", "NotebookEdit"];
    for (const role of ["verify", "research", "architect", "critic"] as const) {
      const p = CLAUDE_ROLE_PERMISSIONS[role];
      expect(p.allowedTools.filter((t) => edits.includes(t))).toEqual([]);
      expect(p.disallowedTools).toEqual(expect.arrayContaining(["Edit", "Write"]));
    }
    expect(CLAUDE_ROLE_PERMISSIONS.implement.allowedTools).toEqual(
      expect.arrayContaining([...edits, "Bash"]),
    );
    for (const role of ["plan", "understand"] as const) {
      const p = CLAUDE_ROLE_PERMISSIONS[role];
      expect(p.allowedTools).toEqual(expect.arrayContaining(["Write", "Edit"]));
      expect(p.allowedTools).not.toContain("Bash");
    }
  });

  it("reports error_max_turns as an error with the exit code", async () => {
    const dir = tempDir("ralph-agents-");
    const agent = createAgent(parseConfig({ agent: "claude" }), {
      baseEnv: fakeEnv(dir, "max_turns"),
    });
    const result = await agent.run(request(dir));
    expect(result.exitCode).toBe(1);
    expect(result.error).toBe("error_max_turns");
    expect(result.finalMessage).toBe("Looking at the code.");
    expect(result.usageLimit).toBeNull();
    expect(result.usage?.costUsd).toBe(0.5);
  });

  it("detects a usage limit in the error result", async () => {
    const dir = tempDir("ralph-agents-");
    const agent = createAgent(parseConfig({ agent: "claude" }), {
      baseEnv: fakeEnv(dir, "usage_limit"),
    });
    const result = await agent.run(request(dir));
    expect(result.usageLimit).toEqual({ resetSeconds: 3600 });
  });

  it("reports a crash without a result event, with stderr", async () => {
    const dir = tempDir("ralph-agents-");
    const agent = createAgent(parseConfig({ agent: "claude" }), {
      baseEnv: fakeEnv(dir, "crash"),
    });
    const result = await agent.run(request(dir));
    expect(result.exitCode).toBe(2);
    expect(result.error).toBe(
      "the stream ended without a result event: fatal: could not reach the API",
    );
    expect(result.sessionId).toBe("3f1c2a9e-0000-4000-8000-00000000abcd");
  });

  it("throws AgentSpawnError, with a run log, when the binary is missing", async () => {
    const dir = tempDir("ralph-agents-");
    const agent = createAgent(parseConfig({ agent: "claude" }), {
      baseEnv: { ...process.env, RALPH_CLAUDE_BIN: join(dir, "missing-claude") },
    });
    const error = await agent.run(request(dir)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentSpawnError);
    const log = await readFile((error as AgentSpawnError).logFile, "utf8");
    expect(log).toContain("spawn_error:");
  });
});

describe("codex adapter", () => {
  it("runs codex exec --json with the prompt on stdin and parses the events", async () => {
    const dir = tempDir("ralph-agents-");
    const env = fakeEnv(dir, "success");
    const agent = createAgent(parseConfig({ agent: "codex", model: "gpt-test" }), {
      baseEnv: env,
    });
    expect(agent.name).toBe("codex");
    const result = await agent.run(request(dir, { role: "critic", prompt: "review\n" }));
    const rec = await read(env.FAKE_RECORD);
    expect(rec.stdin).toBe("review\n");
    expect(rec.cwd).toBe(dir);
    expect(rec.env).toMatchObject({ RALPH_PHASE: "critic", RALPH_WORKSPACE: dir });
    expect(rec.argv).toEqual([
      "exec",
      "--json",
      "--skip-git-repo-check",
      "--model",
      "gpt-test",
      "--cd",
      dir,
      "--sandbox",
      "read-only",
      "-",
    ]);
    expect(result).toMatchObject({
      finalMessage: "Final answer",
      exitCode: 0,
      sessionId: "0199a213-81c0-7800-8aa1-bbab2a035a53",
      usage: { inputTokens: 1000, outputTokens: 50 },
      error: null,
      usageLimit: null,
    });
  });

  it("resumes with codex exec resume <thread id> -", () => {
    expect(
      codexArgs(
        { role: "implement", workspace: "/w", resumeSessionId: "th-1" },
        { configOverrides: ['model_provider="x"'] },
      ),
    ).toEqual([
      "exec",
      "resume",
      "--json",
      "--skip-git-repo-check",
      "-c",
      'model_provider="x"',
      "-c",
      'sandbox_mode="workspace-write"',
      "th-1",
      "-",
    ]);
  });

  it("uses a writable sandbox only where the role writes or runs checks", () => {
    expect(CODEX_ROLE_SANDBOX).toEqual({
      implement: "workspace-write",
      verify: "workspace-write",
      plan: "workspace-write",
      understand: "workspace-write",
      // Amend mode writes nothing: Ralph writes the stories from its envelope.
      amend: "read-only",
      research: "read-only",
      architect: "read-only",
      critic: "read-only",
    });
  });

  it("reports turn.failed", async () => {
    const dir = tempDir("ralph-agents-");
    const agent = createAgent(parseConfig({ agent: "codex" }), {
      baseEnv: fakeEnv(dir, "failed"),
    });
    const result = await agent.run(request(dir));
    expect(result).toMatchObject({ exitCode: 1, error: "model refused", usageLimit: null });
  });

  it("detects a usage limit in the error events", async () => {
    const dir = tempDir("ralph-agents-");
    const agent = createAgent(parseConfig({ agent: "codex" }), {
      baseEnv: fakeEnv(dir, "usage_limit"),
    });
    const result = await agent.run(request(dir));
    expect(result.usageLimit).toEqual({ resetSeconds: 45 * 60 });
  });
});

describe("createAgent", () => {
  it("builds the command agent from agent_command", async () => {
    const dir = tempDir("ralph-agents-");
    const agent = createAgent(parseConfig({ agent: "command", agent_command: "cat; echo done" }));
    expect(agent.name).toBe("command");
    const result = await agent.run(request(dir, { prompt: "hello\n" }));
    expect(result.finalMessage).toBe("hello\ndone\n");
  });

  it("refuses a command agent without a command", () => {
    const config = { ...parseConfig({}), agent: "command" as const, agent_command: " " };
    expect(() => createAgent(config)).toThrow(AgentConfigError);
  });
});
