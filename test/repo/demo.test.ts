/**
 * `npm run demo` reaches done: the demo script runs the test run's action bundle (the options of
 * dist/action.js, test/support/build-bundles.ts) against its simulated GitHub with the scripted agent, and
 * prints the whole story. The assertions are on what a newcomer reads.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DemoGitHub } from "../../scripts/demo/fake-github.mjs";
import { builtBundle } from "../support/bundles.js";
import { captureOutput } from "../support/output.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
function runDemo(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  expect(pkg.scripts.demo).toBe("node scripts/demo.mjs");
  const child = spawn(process.execPath, [join(ROOT, "scripts/demo.mjs")], {
    cwd: ROOT,
    // Nothing from the developer's environment: no tokens, no proxies, no HOME config.
    env: { PATH: process.env.PATH ?? "", RALPH_DEMO_ACTION: builtBundle("action") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  return new Promise((done) =>
    child.on("close", (code) => done({ code, stdout: output.stdout(), stderr: output.stderr() })),
  );
}

describe("npm run demo", { timeout: 120_000 }, () => {
  it("its simulated GitHub leaves idle connections to the action (no keep-alive timeout)", async () => {
    const github = new DemoGitHub();
    const url = await github.start();
    try {
      const res = await fetch(`${url}/repos/octo-org/greetings/issues/1`);
      await res.text();
      expect(res.headers.get("connection")).toBe("keep-alive");
      expect(res.headers.get("keep-alive")).toBeNull();
    } finally {
      await github.stop();
    }
  });

  it("plays an issue from /ralph plan to a PR ready for review and prints what Ralph posted", async () => {
    const { code, stdout, stderr } = await runDemo();
    expect(stderr).toBe("");
    expect(code, stdout).toBe(0);
    const steps = [
      "▶ @octocat comments: /ralph plan",
      "## Ralph has a question",
      "▶ @octocat comments: Plain ones, please",
      "🔀 opened draft PR #2",
      "## Ralph: PRD revision 1",
      "▶ @octocat comments: /approve",
      "❌ **US-1: Add hello.txt**, attempt 1 of 3: The verifier rejected the work on commit",
      "✅ **US-1: Add hello.txt** verified",
      "✅ **US-2: Add goodbye.txt** verified",
      "✅ marked PR #2 ready for review",
      "issue #1: done (labels: ralph:done)",
      "PR #2: ready for review",
      'hello.txt: "hello, world"',
      'goodbye.txt: "goodbye, world"',
      "Done in ",
    ];
    // In this order.
    let at = 0;
    for (const step of steps) {
      const next = stdout.indexOf(step, at);
      expect(next, `"${step}" after position ${at}`).toBeGreaterThanOrEqual(at);
      at = next + step.length;
    }
    // The branch log: the plan, the typo, its fix, the second story, the done marker.
    expect(stdout).toMatch(/ralph\(issue-1-add-greeting-files\): done\n/);
    expect(stdout).toMatch(/ralph\(issue-1-add-greeting-files\): US-1 Add hello\.txt\n/);
    expect(stdout).toMatch(/ralph\(issue-1-add-greeting-files\): US-1 attempt 2: Add hello\.txt\n/);
    expect(stdout).toContain("plan attempt 1");
    expect(stdout).not.toContain("requests the simulation did not know");
  });
});
