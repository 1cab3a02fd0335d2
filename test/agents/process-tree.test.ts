/**
 * killTree's parent links (src/agents/process-tree.ts): followed while the leader lives, skipped
 * once it was reaped (its children were re-parented as it exited, so the links lead nowhere; each
 * agent run ends with two such passes, and skipping them halves what a pass reads).
 */
import { spawn } from "node:child_process";
import { describe, expect, it, onTestFinished } from "vitest";
import { killTree } from "../../src/agents/process-tree.js";
import { isAlive, untilGone } from "./helpers.js";

/** A node process (in this process's group, unmarked) whose one child sleeps; both pids. */
async function parentWithChild(): Promise<{ parent: number; child: number }> {
  const script =
    "const c = require('node:child_process').spawn('sleep', ['300'], { stdio: 'ignore' });" +
    "console.log(c.pid); setInterval(() => {}, 1000);";
  const parent = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "ignore"] });
  onTestFinished(() => {
    parent.kill("SIGKILL");
  });
  const child = await new Promise<number>((resolve, reject) => {
    parent.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    parent.once("exit", () => reject(new Error("the parent exited before its child started")));
  });
  onTestFinished(() => {
    try {
      process.kill(child, "SIGKILL");
    } catch {
      // already gone
    }
  });
  return { parent: parent.pid ?? 0, child };
}

describe("killTree", () => {
  it("finds a live leader's children by their parent link", async () => {
    const { parent, child } = await parentWithChild();
    // No group of that id and no marker: only the parent link leads to the child.
    expect(killTree(parent, "no-such-run", "SIGKILL")).toBe(1);
    expect(await untilGone(child)).toBe(true);
  });

  it("skips the parent links once the leader is reaped", async () => {
    const { parent, child } = await parentWithChild();
    expect(killTree(parent, "no-such-run", "SIGKILL", undefined, { leaderReaped: true })).toBe(0);
    expect(isAlive(child)).toBe(true);
  });
});
