/**
 * killTree's parent links (src/agents/process-tree.ts): followed while the leader lives, skipped
 * once it was reaped (its children were re-parented as it exited, so the links lead nowhere; each
 * agent run ends with two such passes, and skipping them halves what a pass reads).
 */
import { spawn } from "node:child_process";
import { describe, expect, it, onTestFinished } from "vitest";
import { killTree } from "../../src/agents/process-tree.js";
import { childPidWatcher, fixture, isAlive, untilGone } from "./helpers.js";

/**
 * The fixture that starts a child and prints its pid, in this process's group and unmarked (not
 * through runSubprocess): only the parent link leads from it to its child.
 */
async function parentWithChild(): Promise<{ parent: number; child: number }> {
  const parent = spawn(process.execPath, [fixture("hang-with-child.mjs")], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  let child = 0;
  onTestFinished(() => {
    parent.kill("SIGKILL");
    if (child !== 0 && isAlive(child)) process.kill(child, "SIGKILL");
  });
  child = await new Promise<number>((resolve, reject) => {
    const see = childPidWatcher(resolve);
    parent.stdout.on("data", (chunk: Buffer) => see(chunk.toString()));
    parent.once("exit", () => reject(new Error("the parent exited before its child started")));
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
