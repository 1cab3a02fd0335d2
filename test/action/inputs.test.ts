import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  configOverrides,
  InputError,
  readInputs,
  repoUrlOf,
  runUrlOf,
  workflowFileOf,
} from "../../src/action/inputs.js";
import { agentEnvironment, secretValues } from "../../src/action/secrets.js";

const ENV = {
  GITHUB_REPOSITORY: "octo/repo",
  GITHUB_EVENT_NAME: "issue_comment",
  GITHUB_EVENT_PATH: "/tmp/event.json",
  GITHUB_RUN_ID: "42",
  GITHUB_WORKSPACE: "/work",
  RUNNER_TEMP: "/runner/tmp",
};

function reader(values: Record<string, string>) {
  return (name: string) => values[name] ?? "";
}

describe("readInputs", () => {
  it("reads the inputs and the runner's variables, with defaults", () => {
    const inputs = readInputs(reader({ "github-token": "tok" }), ENV);
    expect(inputs).toMatchObject({
      token: "tok",
      issue: null,
      phase: "auto",
      agent: "",
      configPath: ".github/ralph.yml",
      owner: "octo",
      repo: "repo",
      apiUrl: "https://api.github.com",
      serverUrl: "https://github.com",
      workspace: "/work",
      tempDir: "/runner/tmp",
    });
  });

  it("honours GitHub Enterprise Server URLs", () => {
    const inputs = readInputs(reader({ "github-token": "t" }), {
      ...ENV,
      GITHUB_API_URL: "https://ghes.example.com/api/v3",
      GITHUB_SERVER_URL: "https://ghes.example.com",
    });
    expect(inputs.apiUrl).toBe("https://ghes.example.com/api/v3");
    expect(repoUrlOf(inputs)).toBe("https://ghes.example.com/octo/repo");
    expect(runUrlOf(inputs)).toBe("https://ghes.example.com/octo/repo/actions/runs/42");
  });

  it.each([
    [{ issue: "42" }, { issue: 42 }],
    [{ issue: "#7" }, { issue: 7 }],
    [{ phase: "Verify" }, { phase: "verify" }],
    [{ phase: "research" }, { phase: "research" }],
    [
      { agent: "Command", "agent-command": "./a.sh" },
      { agent: "command", agentCommand: "./a.sh" },
    ],
  ])("parses %j", (values, expected) => {
    expect(readInputs(reader({ "github-token": "t", ...values }), ENV)).toMatchObject(expected);
  });

  it.each([
    [{}, ENV, "input `github-token` is empty"],
    [{ "github-token": "t", issue: "abc" }, ENV, "input `issue`"],
    [{ "github-token": "t", issue: "0" }, ENV, "positive"],
    [{ "github-token": "t" }, { ...ENV, GITHUB_REPOSITORY: "" }, "GITHUB_REPOSITORY"],
    [{ "github-token": "t" }, { ...ENV, GITHUB_API_URL: "not a url" }, "GITHUB_API_URL"],
  ])("rejects %j with a message naming the input", (values, env, message) => {
    expect(() => readInputs(reader(values), env)).toThrow(InputError);
    expect(() => readInputs(reader(values), env)).toThrow(message);
  });

  const PHASES =
    "auto | plan | implement | verify | understand | research | consensus | amend | merge_base";
  it.each([
    ["phase", "deploy", PHASES, null],
    ["agent", "gpt", "claude | codex | command", null],
    // One letter off the empty value that means the default: not a typo of it.
    ["agent", "x", "claude | codex | command", null],
    ["mode", "solo", "main | story | combine", null],
    ["phase", "Implemnt", PHASES, "implement"],
    ["agent", "cladue", "claude | codex | command", "claude"],
    ["agent-network", "allowlst", "open | allowlist", "allowlist"],
  ])(
    "input %s given %j: the values it takes, and the one a typo most likely meant",
    (name, value, listed, meant) => {
      const hint = meant === null ? "" : `; did you mean ${meant}?`;
      const said = `input \`${name}\` (${listed}) cannot be "${value}"${hint}`;
      expect(() => readInputs(reader({ "github-token": "t", [name]: value }), ENV)).toThrow(
        new InputError(`Invalid action inputs:\n- ${said}`),
      );
    },
  );

  it("finds the workflow file from GITHUB_WORKFLOW_REF", () => {
    expect(workflowFileOf("octo/repo/.github/workflows/ralph.yml@refs/heads/main")).toBe(
      "ralph.yml",
    );
    expect(workflowFileOf("")).toBeNull();
  });
});

describe("secrets", () => {
  it("masks the token and secret-looking variables, not dates or paths", () => {
    const values = secretValues(
      {
        ANTHROPIC_API_KEY: "sk-ant-0123456789",
        OPENAI_API_KEY: "sk-openai-0123456789",
        MY_SERVICE_TOKEN: "abcdefgh12345",
        DB_PASSWORD: "hunter2hunter2",
        GIT_AUTHOR_DATE: "2026-01-02T03:04:05Z",
        GITHUB_WORKSPACE: "/home/runner/work",
        SHORT_TOKEN: "abc",
      },
      ["ghs_input_token_value"],
    );
    expect(values.sort()).toEqual(
      [
        "abcdefgh12345",
        "ghs_input_token_value",
        "hunter2hunter2",
        "sk-ant-0123456789",
        "sk-openai-0123456789",
      ].sort(),
    );
  });

  it("agents get the runner's environment minus every way to act as Ralph on GitHub", () => {
    const env = agentEnvironment(
      {
        PATH: "/usr/bin",
        ANTHROPIC_API_KEY: "sk-ant",
        "INPUT_GITHUB-TOKEN": "ghs_x",
        GITHUB_TOKEN: "ghs_x",
        GH_TOKEN: "ghs_y",
        ACTIONS_RUNTIME_TOKEN: "rt",
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: "id",
        GIT_CONFIG_COUNT: "1",
        GIT_CONFIG_KEY_0: "http.https://github.com/.extraheader",
        GIT_CONFIG_VALUE_0: "AUTHORIZATION: basic abc",
        SOME_COPY: "prefix-ghs_x",
        GITHUB_REPOSITORY: "o/r",
      },
      "ghs_x",
    );
    expect(env).toEqual({
      PATH: "/usr/bin",
      ANTHROPIC_API_KEY: "sk-ant",
      GITHUB_REPOSITORY: "o/r",
    });
  });

  it("property: no returned agent variable contains the token", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.stringMatching(/^[A-Z_]{1,12}$/), fc.string()),
        fc.string({ minLength: 4 }),
        (raw, token) => {
          const env = agentEnvironment({ ...raw, LEAK: `x${token}y` }, token);
          return Object.values(env).every((v) => !v?.includes(token));
        },
      ),
    );
  });
});

describe("agent option inputs (agent-args, allowed-tools)", () => {
  it("read one item per line and override agent_args / allowed_tools", () => {
    const inputs = readInputs(
      reader({
        "github-token": "t",
        model: "claude-sonnet-test",
        "agent-args": "--max-turns\n  40\n\n",
        "allowed-tools": "Bash(make:*)\nmcp__tracker__search\n",
      }),
      ENV,
    );
    expect(inputs.agentArgs).toEqual(["--max-turns", "40"]);
    expect(configOverrides(inputs)).toEqual({
      model: "claude-sonnet-test",
      agent_args: ["--max-turns", "40"],
      allowed_tools: ["Bash(make:*)", "mcp__tracker__search"],
    });
  });

  it("empty inputs override nothing", () => {
    expect(configOverrides(readInputs(reader({ "github-token": "t" }), ENV))).toEqual({});
  });

  it("the agent's boundary: agent-isolation, agent-network, agent-allowed-hosts (one per line)", () => {
    const inputs = readInputs(
      reader({
        "github-token": "t",
        "agent-isolation": "User",
        "agent-network": "allowlist",
        "agent-allowed-hosts": "api.anthropic.com\n\n  localhost:3000\n",
      }),
      ENV,
    );
    expect(configOverrides(inputs)).toEqual({
      agent_isolation: "user",
      agent_network: "allowlist",
      agent_allowed_hosts: ["api.anthropic.com", "localhost:3000"],
    });
    expect(() =>
      readInputs(reader({ "github-token": "t", "agent-isolation": "sometimes" }), ENV),
    ).toThrow('input `agent-isolation` (auto | user | off) cannot be "sometimes"');
  });
});
