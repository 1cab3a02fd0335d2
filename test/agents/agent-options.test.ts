/**
 * The agent CLI's own options from `.github/ralph.yml` (issue 14): `agent_args` reaches the
 * claude and codex command lines, `allowed_tools` widens claude's per-role allow list without
 * lifting the read-only roles' deny list. Real subprocesses: the fake CLIs record their argv.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentEnvironment } from "../../src/action/secrets.js";
import { CLAUDE_ROLE_PERMISSIONS } from "../../src/agents/claude-agent.js";
import { createAgent } from "../../src/agents/create-agent.js";
import { ConfigError, parseConfig } from "../../src/core/config.js";
import { tempDir } from "../support/temp.js";
import { fixture, request } from "./helpers.js";

const argvOf = async (path: string): Promise<string[]> =>
  (JSON.parse(await readFile(path, "utf8")) as { argv: string[] }).argv;

function fakeEnv(dir: string) {
  return {
    ...process.env,
    RALPH_CLAUDE_BIN: fixture("fake-claude.mjs"),
    RALPH_CODEX_BIN: fixture("fake-codex.mjs"),
    FAKE_RECORD: join(dir, "record.json"),
    FAKE_SCENARIO: "success",
  };
}

describe("agent options in .github/ralph.yml", () => {
  it("default to none: the command line is what it was", () => {
    const config = parseConfig({});
    expect(config.agent_args).toEqual([]);
    expect(config.allowed_tools).toEqual([]);
  });

  it("claude: agent_args are appended, allowed_tools join every role's allow list", async () => {
    const dir = tempDir("ralph-agents-");
    const env = fakeEnv(dir);
    const config = parseConfig({
      agent: "claude",
      model: "claude-opus-test",
      agent_args: ["--max-turns", "40"],
      allowed_tools: ["Bash(make:*)", "mcp__tracker__search"],
    });
    const agent = createAgent(config, { baseEnv: env });
    await agent.run(request(dir, { role: "verify", prompt: "check\n" }));
    const argv = await argvOf(env.FAKE_RECORD);
    expect(argv.slice(-2)).toEqual(["--max-turns", "40"]);
    expect(argv[argv.indexOf("--model") + 1]).toBe("claude-opus-test");
    const allowed = (argv[argv.indexOf("--allowedTools") + 1] ?? "").split(",");
    expect(allowed).toEqual([
      ...CLAUDE_ROLE_PERMISSIONS.verify.allowedTools,
      "Bash(make:*)",
      "mcp__tracker__search",
    ]);
    // A read-only role keeps denying edits whatever is allowed on top.
    expect(argv[argv.indexOf("--disallowedTools") + 1]).toBe("Edit,Write,NotebookEdit");
  });

  it("codex: agent_args are passed on (allowed_tools is claude's only)", async () => {
    const dir = tempDir("ralph-agents-");
    const env = fakeEnv(dir);
    const config = parseConfig({
      agent: "codex",
      agent_args: ["-c", 'model_provider="azure"'],
      allowed_tools: ["ignored-by-codex"],
    });
    await createAgent(config, { baseEnv: env }).run(
      request(dir, { role: "implement", prompt: "do\n" }),
    );
    const argv = await argvOf(env.FAKE_RECORD);
    expect(argv).toContain('model_provider="azure"');
    expect(argv.join(" ")).not.toContain("ignored-by-codex");
  });

  it("rejects a non-list value with the key named", () => {
    expect(() => parseConfig({ agent_args: "--max-turns 40" })).toThrow(ConfigError);
    expect(() => parseConfig({ agent_args: "--max-turns 40" })).toThrow(/agent_args/);
  });
});

describe("agent credentials other than an API key reach the agent in the Action", () => {
  it("CLAUDE_CODE_OAUTH_TOKEN, Bedrock and Vertex variables pass; GitHub tokens do not", () => {
    const env = agentEnvironment(
      {
        CLAUDE_CODE_OAUTH_TOKEN: "sk-ant-oat01-abcdefghijkl",
        CLAUDE_CODE_USE_BEDROCK: "1",
        AWS_REGION: "us-east-1",
        AWS_ACCESS_KEY_ID: "AKIAEXAMPLE1234",
        AWS_SECRET_ACCESS_KEY: "secret-example-1234",
        CLAUDE_CODE_USE_VERTEX: "1",
        CLOUD_ML_REGION: "us-east5",
        ANTHROPIC_VERTEX_PROJECT_ID: "my-project",
        GOOGLE_APPLICATION_CREDENTIALS: "/home/runner/gcp.json",
        GITHUB_TOKEN: "ghs_the_token_itself",
        INPUT_GITHUB_TOKEN: "ghs_the_token_itself",
      },
      "ghs_the_token_itself",
    );
    expect(Object.keys(env).sort()).toEqual([
      "ANTHROPIC_VERTEX_PROJECT_ID",
      "AWS_ACCESS_KEY_ID",
      "AWS_REGION",
      "AWS_SECRET_ACCESS_KEY",
      "CLAUDE_CODE_OAUTH_TOKEN",
      "CLAUDE_CODE_USE_BEDROCK",
      "CLAUDE_CODE_USE_VERTEX",
      "CLOUD_ML_REGION",
      "GOOGLE_APPLICATION_CREDENTIALS",
    ]);
  });
});
