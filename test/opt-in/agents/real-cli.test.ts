import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClaudeAgent } from "../../../src/agents/claude-agent.js";
import { createCodexAgent } from "../../../src/agents/codex-agent.js";
import type { Agent, AgentRunRequest } from "../../../src/agents/types.js";
import { parseVerdict } from "../../../src/core/verdict.js";
import { type FakeModelServer, startFakeModelServer } from "./fake-model-server.js";

/**
 * Opt-in: runs the REAL `claude` and `codex` CLIs against a scripted model server on 127.0.0.1,
 * fully offline. Not part of `npm test`. Install the CLIs on demand, then run:
 *
 *   npm i --no-save @anthropic-ai/claude-code @openai/codex
 *   npx vitest run --config test/opt-in/agents/vitest.config.ts
 *
 * or point RALPH_CLAUDE_BIN / RALPH_CODEX_BIN at binaries installed elsewhere. A CLI that is not
 * found is skipped. The CLIs get a minimal environment (temp HOME / CODEX_HOME, fake keys), so a
 * developer's real credentials are never read and nothing leaves the machine.
 */

const ROOT = resolve(import.meta.dirname, "../../..");

function findBin(envVar: string, name: string): string | null {
  const fromEnv = process.env[envVar];
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  const local = join(ROOT, "node_modules", ".bin", name);
  if (existsSync(local)) return local;
  try {
    return execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
}

const claudeBin = findBin("RALPH_CLAUDE_BIN", "claude");
const codexBin = findBin("RALPH_CODEX_BIN", "codex");

// The fixed answer is a verifier verdict block, so the run is checked end to end: CLI -> final
// message -> Ralph's strict verdict parser.
const ANSWER =
  "Checked the change.\n\n| criterion | result |\n|---|---|\n| tests pass | pass |\nRALPH_VERDICT: PASS";

let server: FakeModelServer;
let dir: string;

beforeAll(async () => {
  server = await startFakeModelServer(ANSWER);
  dir = await mkdtemp(join(tmpdir(), "ralph-opt-in-"));
});
afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function workspace(name: string): Promise<{ ws: string; home: string }> {
  const ws = join(dir, name, "ws");
  const home = join(dir, name, "home");
  await mkdir(ws, { recursive: true });
  await mkdir(home, { recursive: true });
  execFileSync("git", ["init", "-q"], {
    cwd: ws,
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
  });
  return { ws, home };
}

function req(ws: string, prompt: string, extra: Partial<AgentRunRequest> = {}): AgentRunRequest {
  return {
    role: "verify",
    prompt,
    workspace: ws,
    env: { RALPH_STORY_ID: "US-001" },
    timeoutMs: 180_000,
    logDir: join(ws, "..", "logs"),
    ...extra,
  };
}

function postsContaining(marker: string) {
  return server.requests.filter((r) => r.method === "POST" && r.body.includes(marker));
}

async function expectVerifiedRun(agent: Agent, ws: string, marker: string) {
  const first = await agent.run(req(ws, `${marker}: verify story US-001`));
  expect(first.error ?? null).toBeNull();
  expect(first.exitCode).toBe(0);
  expect(first.timedOut).toBe(false);
  expect(first.finalMessage.trim()).toBe(ANSWER);
  expect(parseVerdict(first.finalMessage, ["tests pass"])).toMatchObject({
    verdict: "PASS",
    problem: null,
  });
  expect(first.sessionId).toMatch(/\S/);
  expect(first.usage).toMatchObject({ inputTokens: expect.any(Number), outputTokens: 7 });
  expect(postsContaining(marker).length).toBeGreaterThan(0);
  const log = await readFile(first.logFile, "utf8");
  expect(log).toContain(`${marker}: verify story US-001`);
  expect(log).toContain("exit_code: 0");

  // Session resume: the second request must carry the first turn's prompt too.
  const second = await agent.run(
    req(ws, `${marker}-RESUMED: once more`, { resumeSessionId: first.sessionId ?? undefined }),
  );
  expect(second.exitCode).toBe(0);
  expect(second.finalMessage.trim()).toBe(ANSWER);
  const resumed = postsContaining(`${marker}-RESUMED`);
  expect(resumed.length).toBeGreaterThan(0);
  expect(resumed.at(-1)!.body).toContain(`${marker}: verify story US-001`);
}

describe.skipIf(claudeBin === null)(`real claude CLI (${claudeBin ?? "not installed"})`, () => {
  it("runs -p stream-json against the local Messages API and resumes the session", async () => {
    const { ws, home } = await workspace("claude");
    const agent = createClaudeAgent({
      bin: claudeBin!,
      model: "claude-sonnet-4-5",
      baseEnv: {
        PATH: process.env.PATH,
        HOME: home,
        ANTHROPIC_BASE_URL: server.baseUrl,
        ANTHROPIC_API_KEY: "sk-ant-fake-opt-in",
        DISABLE_TELEMETRY: "1",
        DISABLE_AUTOUPDATER: "1",
        DISABLE_ERROR_REPORTING: "1",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      },
    });
    await expectVerifiedRun(agent, ws, "CLAUDE-MARKER");
    expect(server.requests.some((r) => r.path === "/v1/messages")).toBe(true);
  });
});

describe.skipIf(codexBin === null)(`real codex CLI (${codexBin ?? "not installed"})`, () => {
  it("runs exec --json against the local Responses API and resumes the thread", async () => {
    const { ws, home } = await workspace("codex");
    const codexHome = join(home, "codex");
    await mkdir(codexHome);
    await writeFile(
      join(codexHome, "config.toml"),
      [
        'model = "fake-model"',
        'model_provider = "fake"',
        "[model_providers.fake]",
        'name = "Fake"',
        `base_url = "${server.baseUrl}/v1"`,
        'wire_api = "responses"',
        'env_key = "FAKE_OPENAI_API_KEY"',
        "request_max_retries = 0",
        "stream_max_retries = 0",
        "",
      ].join("\n"),
    );
    const agent = createCodexAgent({
      bin: codexBin!,
      baseEnv: {
        PATH: process.env.PATH,
        HOME: home,
        CODEX_HOME: codexHome,
        FAKE_OPENAI_API_KEY: "sk-fake-opt-in",
      },
    });
    await expectVerifiedRun(agent, ws, "CODEX-MARKER");
    expect(server.requests.some((r) => r.path === "/v1/responses")).toBe(true);
  });
});
