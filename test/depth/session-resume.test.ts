import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { createAgent } from "../../src/agents/create-agent.js";
import { parseConfig } from "../../src/core/config.js";
import { runAgent } from "../../src/pipeline/agent-run.js";
import { runPlanStep } from "../../src/pipeline/plan-step.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import { stepContext, writeScenario } from "../fixtures/pipeline/scenario.js";

const FAKE_CLAUDE = resolve(import.meta.dirname, "../fixtures/agents/fake-claude.mjs");

describe("agent sessions within a phase", () => {
  it("a planner validation retry resumes the previous claude session; both runs are journaled", async () => {
    const repo = makeRepo({ ".ralph/specs/hello.md": "# Hello\n" });
    const ctx = await stepContext(repo, writeScenario({}), "hello.md");
    const record = join(ctx.logRoot, "record.json");
    const env = { ...process.env, FAKE_RECORD: record, FAKE_SCENARIO: "success" };
    ctx.agent = createAgent(parseConfig({ agent: "claude" }), {
      baseEnv: env,
      claude: { bin: FAKE_CLAUDE },
    });
    // The fake answers prose without an envelope: invalid, retried once.
    const result = await runPlanStep(ctx, { maxRetries: 1 });
    expect(result.kind).toBe("invalid_output");
    const { argv, stdin } = JSON.parse(readFileSync(record, "utf8")) as {
      argv: string[];
      stdin: string;
    };
    // The resumed session has the first prompt: the retry sends the errors and the envelope only.
    expect(stdin).toContain("VALIDATION ERRORS");
    expect(stdin).toContain('"prdDraft"');
    expect(stdin).not.toContain("## Mission");
    expect(argv.slice(argv.indexOf("--resume"), argv.indexOf("--resume") + 2)).toEqual([
      "--resume",
      "3f1c2a9e-0000-4000-8000-00000000abcd",
    ]);
    const journal = readFileSync(join(ctx.logRoot, "ralph.log"), "utf8").trim().split("\n");
    expect(journal.map((l) => JSON.parse(l).sessionId)).toEqual([
      "3f1c2a9e-0000-4000-8000-00000000abcd",
      "3f1c2a9e-0000-4000-8000-00000000abcd",
    ]);
  });

  it("the example workflow uploads the Action's run logs as an artifact, whatever the outcome", () => {
    const wf = parseYaml(
      readFileSync(resolve(import.meta.dirname, "../../examples/ralph.yml"), "utf8"),
    ) as { jobs: { ralph: { steps: { uses?: string; if?: string; with?: { path?: string } }[] } } };
    const upload = wf.jobs.ralph.steps.find((s) => s.uses?.startsWith("actions/upload-artifact@"));
    expect(upload).toMatchObject({
      if: "always()",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression
      with: { path: "${{ runner.temp }}/ralph-runs" },
    });
  });
});

describe("usage limits within limits.max_usage_wait_minutes", () => {
  const agentScript = resolve(import.meta.dirname, "../fixtures/agents/usage-limit-once.mjs");
  async function understandWith(ceilingMinutes: number) {
    const repo = makeRepo({ ".ralph/specs/hello.md": "# Hello\n" });
    const counter = join(repo.dir, "..", `counter-${ceilingMinutes}`);
    const cfg = parseConfig({
      agent: "command",
      agent_command: `'${process.execPath}' '${agentScript}' '${counter}'`,
      limits: { max_usage_wait_minutes: ceilingMinutes },
    });
    const ctx = await stepContext(repo, writeScenario({}), "hello.md");
    ctx.config = cfg;
    ctx.agent = createAgent(cfg);
    const outcome = await runAgent(ctx, {
      step: "understand",
      role: "understand",
      prompt: "map it\n",
      logName: "understand",
    });
    return { outcome, sleeps: ctx.clock.sleeps };
  }

  it("a reset within the ceiling is waited out (+30 s) and the run retried", async () => {
    const { outcome, sleeps } = await understandWith(180);
    expect(outcome.ok).toBe(true);
    expect(sleeps).toEqual([(2 * 3600 + 30) * 1000]);
  });

  it("a reset beyond the ceiling is not waited for: the step ends with usage_limit", async () => {
    const { outcome, sleeps } = await understandWith(60);
    expect(outcome).toMatchObject({ ok: false, failure: { kind: "usage_limit" } });
    expect(sleeps).toEqual([]);
  });
});
