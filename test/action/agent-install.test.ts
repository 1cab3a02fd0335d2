import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commentEvent, seedIssue } from "./flows.js";
import { agentCalls, runAction, type World, worldPerTest } from "./harness.js";

/** An "installer" that records each run and whether it could see the GitHub token. */
const INSTALLER = `
const fs = require("fs");
const sawToken = Object.keys(process.env).some((k) => k.startsWith("INPUT_") || k === "GITHUB_TOKEN");
fs.appendFileSync(process.argv[2], JSON.stringify({ sawToken }) + "\\n");
`;

describe("the agent-install input: the agent CLI is installed only when an agent step runs", {
  timeout: 120_000,
}, () => {
  const newWorld = worldPerTest();

  async function setup(): Promise<{ w: World; log: string; install: string }> {
    const w = await newWorld();
    seedIssue(w);
    const script = join(w.base, "installer.cjs");
    writeFileSync(script, INSTALLER);
    const log = join(w.base, "installs.jsonl");
    writeFileSync(log, "");
    return { w, log, install: `node ${script} ${log}` };
  }

  const installs = (log: string) =>
    readFileSync(log, "utf8")
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l) as { sawToken: boolean });

  it("a run without an agent step installs nothing; a planning run installs once, without the token", async () => {
    const { w, log, install } = await setup();
    const help = await runAction(w, {
      eventName: "issue_comment",
      payload: commentEvent(w, "/ralph help"),
      inputs: { "agent-install": install },
    });
    expect(help.code, help.stdout).toBe(0);
    expect(installs(log)).toEqual([]);

    const plan = await runAction(w, {
      eventName: "issue_comment",
      payload: commentEvent(w, "/ralph plan"),
      inputs: { "agent-install": install },
    });
    expect(plan.code, plan.stdout).toBe(0);
    expect(plan.outputs.phase).toBe("awaiting_approval");
    expect(installs(log)).toEqual([{ sawToken: false }]);
    expect(agentCalls(w).map((c) => c.phase)).toEqual(["plan"]);
  });

  it("a failing install stops the step with the command named, and no agent runs", async () => {
    const { w } = await setup();
    const run = await runAction(w, {
      eventName: "issue_comment",
      payload: commentEvent(w, "/ralph plan"),
      inputs: { "agent-install": "exit 3" },
    });
    expect(run.stdout).toContain("the agent-install command failed (exit 3): exit 3");
    expect(agentCalls(w)).toEqual([]);
  });
});
