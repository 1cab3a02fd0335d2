import { describe, expect, it } from "vitest";
import { ConfigError, defaultConfig, parseConfig } from "../../src/core/config.js";
import { DEFAULT_VAGUE_WORDS } from "../../src/core/quality-gates.js";

describe("config schema (.github/ralph.yml)", () => {
  it("fills every default from an empty file", () => {
    expect(defaultConfig()).toEqual({
      agent: "claude",
      agent_command: "",
      model: "",
      agent_args: [],
      allowed_tools: [],
      ralph_home: ".ralph",
      branch_prefix: "ralph/",
      trigger: { labels: ["ralph"], on_open: false, assignees: [] },
      approvals: {
        required: 1,
        min_permission: "write",
        users: [],
        allow_author: true,
        reactions: true,
        reviews: true,
      },
      gates: { run: false, replan: true, followup: "auto" },
      planning: {
        max_question_rounds: 3,
        research: "auto",
        consensus: "auto",
        consensus_max_rounds: 5,
        understand: "auto",
        vague_words: [...DEFAULT_VAGUE_WORDS],
        max_criteria_per_story: 8,
      },
      limits: {
        max_attempts: 3,
        max_replans: 2,
        max_agent_runs: 40,
        phase_timeout_minutes: 30,
        max_usage_wait_minutes: 360,
        max_followups: 5,
        max_cost_usd: null,
        max_ci_fixes: 3,
      },
      verify: {
        mode: "per_story",
        checks: [],
        check_timeout_minutes: 10,
        ci: "gate",
        ci_wait_minutes: 15,
      },
      workflow: "ralph.yml",
      parallel: { max: 1 },
      agent_isolation: "auto",
      agent_network: "open",
      agent_allowed_hosts: null,
    });
    expect(parseConfig(null)).toEqual(defaultConfig());
  });

  it("verify: a plain mode stays valid; checks and their timeout are read", () => {
    expect(parseConfig({ verify: "per_spec" }).verify).toEqual({
      mode: "per_spec",
      checks: [],
      check_timeout_minutes: 10,
      ci: "gate",
      ci_wait_minutes: 15,
    });
    expect(
      parseConfig({ verify: { checks: ["npm test", "npm run lint"], check_timeout_minutes: 2 } })
        .verify,
    ).toEqual({
      mode: "per_story",
      checks: ["npm test", "npm run lint"],
      check_timeout_minutes: 2,
      ci: "gate",
      ci_wait_minutes: 15,
    });
    expect(() => parseConfig({ verify: { checks: [" "] } })).toThrow(/verify/);
    expect(() => parseConfig({ verify: { check_timeout_minutes: 0 } })).toThrow(/verify/);
    expect(() => parseConfig({ verify: "sometimes" })).toThrow(/verify/);
  });

  it("the repository's CI and assignment: verify.ci, verify.ci_wait_minutes, limits.max_ci_fixes, trigger.assignees", () => {
    const cfg = parseConfig({
      verify: { ci: "off", ci_wait_minutes: 40 },
      limits: { max_ci_fixes: 0 },
      trigger: { assignees: ["ralph-bot", "octocat"] },
    });
    expect(cfg.verify).toMatchObject({ mode: "per_story", ci: "off", ci_wait_minutes: 40 });
    expect(cfg.limits.max_ci_fixes).toBe(0);
    expect(cfg.trigger).toEqual({
      labels: ["ralph"],
      on_open: false,
      assignees: ["ralph-bot", "octocat"],
    });
    expect(parseConfig({ verify: "per_story" }).verify).toMatchObject({
      ci: "gate",
      ci_wait_minutes: 15,
    });
    expect(() => parseConfig({ verify: { ci: "maybe" } })).toThrow(/verify/);
    expect(() => parseConfig({ verify: { ci_wait_minutes: 0 } })).toThrow(/verify/);
    expect(() => parseConfig({ limits: { max_ci_fixes: -1 } })).toThrow(/limits\.max_ci_fixes/);
    expect(() => parseConfig({ trigger: { assignees: [""] } })).toThrow(/trigger\.assignees\[0\]/);
  });

  it("keeps a ralph_home inside the repository, dots in a name included", () => {
    expect(parseConfig({ ralph_home: "docs/ralph" }).ralph_home).toBe("docs/ralph");
    expect(parseConfig({ ralph_home: "notes..ralph/" }).ralph_home).toBe("notes..ralph/");
  });

  it("keeps given values and fills the rest of a nested object", () => {
    const cfg = parseConfig({ approvals: { required: 2 }, limits: { max_cost_usd: 5 } });
    expect(cfg.approvals).toMatchObject({ required: 2, min_permission: "write", reactions: true });
    expect(cfg.limits.max_cost_usd).toBe(5);
    expect(cfg.limits.max_attempts).toBe(3);
  });

  it.each([
    [{ approvals: { required: "two" } }, "approvals.required"],
    [{ limits: { bogus: 1 } }, "limits.bogus: unknown key"],
    [{ agnet: "claude" }, "agnet: unknown key"],
    [{ agent: "gpt" }, "agent:"],
    [{ agent: "command" }, "agent_command: is required when agent is 'command'"],
    [{ planning: { research: "sometimes" } }, "planning.research"],
    [{ trigger: { labels: ["ok", ""] } }, "trigger.labels[1]"],
    // "@login" never equals the login GitHub sends: the trigger or approval would never count.
    [
      { trigger: { assignees: ["@ralph-bot"] } },
      "trigger.assignees[0]: write the login without its @ (ralph-bot)",
    ],
    [
      { approvals: { users: ["alice", "@bob"] } },
      "approvals.users[1]: write the login without its @ (bob)",
    ],
    [{ agent: "command", agent_command: "  " }, "agent_command: is required when agent is"],
    [{ ralph_home: "../outside" }, "ralph_home: must be a relative path"],
    [{ ralph_home: "/etc/ralph" }, "ralph_home: must be a relative path"],
    [{ ralph_home: "docs/../../outside" }, "ralph_home: must be a relative path"],
    // `verify` is a mode or an object: a value of neither shape names both, one of the object's
    // shape names the key inside it (zod alone says "verify: Invalid input" for all three).
    [
      { verify: "sometimes" },
      'verify: Invalid input: expected one of "per_story"|"per_spec", or an object, received string',
    ],
    [
      { verify: 5 },
      'verify: Invalid input: expected one of "per_story"|"per_spec", or an object, received number',
    ],
    [
      { verify: { mode: "bad" } },
      'verify.mode: Invalid option: expected one of "per_story"|"per_spec"',
    ],
  ])("rejects %j naming the key path", (raw, expected) => {
    let error: unknown;
    try {
      parseConfig(raw);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(expected);
  });

  it("names the key or value a typo most likely meant, a letter or two off", () => {
    const raw = {
      agnet: "claude",
      limits: { max_attemps: 3, foo: 1, bar: 2 },
      verify: "per_spce",
      agent_isolation: "usr",
      approvals: { min_permission: "wrte" },
      trigger: { label: ["ralph"] },
    };
    expect(() => parseConfig(raw)).toThrow(
      expect.objectContaining({
        issues: [
          "trigger.label: unknown key; did you mean labels?",
          'approvals.min_permission: Invalid option: expected one of "read"|"triage"|"write"|"maintain"|"admin"; did you mean write?',
          "limits.max_attemps: unknown key; did you mean max_attempts?",
          "limits.foo, limits.bar: unknown keys",
          'verify: Invalid input: expected one of "per_story"|"per_spec", or an object, received string; did you mean per_spec?',
          'agent_isolation: Invalid option: expected one of "auto"|"user"|"off"; did you mean user?',
          "agnet: unknown key; did you mean agent?",
        ],
      }),
    );
    // Inside the object form of `verify` (a branch of a union, with defaults).
    expect(() => parseConfig({ verify: { mode: "per_stroy", cii: "gate" } })).toThrow(
      expect.objectContaining({
        issues: [
          'verify.mode: Invalid option: expected one of "per_story"|"per_spec"; did you mean per_story?',
          "verify.cii: unknown key; did you mean ci?",
        ],
      }),
    );
  });

  it("says which file is wrong, one issue a line, as a ConfigError by name", () => {
    expect(() => parseConfig({ agnet: "claude", model: 5 })).toThrow(
      expect.objectContaining({
        name: "ConfigError",
        message: expect.stringMatching(/^Invalid \.github\/ralph\.yml:\n- .+\n- .+$/),
      }),
    );
  });

  it("takes a command agent with its command", () => {
    const cfg = parseConfig({ agent: "command", agent_command: "node agent.mjs" });
    expect(cfg.agent_command).toBe("node agent.mjs");
  });
});
