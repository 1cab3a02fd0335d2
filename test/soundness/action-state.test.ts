/**
 * Issue 9 acceptance through the BUILT action, the cases the CLI suites also play: a symlink in
 * place of the done folder, a config edit that raises the budget, an agent that echoes its prompt,
 * and a failing check whose output must reach the implementer's next prompt. (A PASS printed early
 * takes the verdict parser's path of the fenced PASS, which action.test.ts plays.)
 * Each case also passes assertSoundTree on the branch the action pushed.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { BRANCH, ISSUE, SPEC_ID } from "../action/flows.js";
import { actionWorld, CONFIG, promptOf } from "./action-world.js";

/** The done marker of a spec finished before this issue's: the done folder exists from the start. */
const EARLIER_DONE = ".ralph/specs/done/earlier-spec.md";

describe("soundness of the built action: Ralph's state, echoes and checks (issue 9)", {
  timeout: 180_000,
}, () => {
  const { playIssue } = actionWorld();

  it.each([
    ["where no done folder was", {}],
    ["in place of an existing done folder (an earlier spec's)", { [EARLIER_DONE]: "# Done\n" }],
  ])("a committed symlink %s never reaches the branch and fakes nothing", async (_where, files) => {
    const played = await playIssue("symlink-done,always-fail", CONFIG(), { files });
    const { w, run } = played;
    expect(run.outputs).toMatchObject({ phase: "failed" });
    expect(w.fake.stateOf(ISSUE)?.stopReason).toMatch(/limits\.max_attempts/);
    // No tree entry of type link (mode 120000) anywhere under Ralph's specs on the branch.
    expect(w.remoteGit("ls-tree", "-r", BRANCH, ".ralph/specs")).not.toMatch(/^120000 /m);
    const tree = w.remoteGit("ls-tree", "-r", "--name-only", BRANCH);
    expect(tree).not.toContain(`.ralph/specs/done/${SPEC_ID}.md`);
    for (const path of Object.keys(files)) expect(tree).toContain(path);
    // Ralph wrote nothing through the link: its target holds only what the agent put there.
    expect(tree.split("\n").filter((p) => p.startsWith(".fake-done/"))).toEqual([
      `.fake-done/${SPEC_ID}.md`,
    ]);
  });

  it("an agent that commits a bigger budget into the config gets none of it", async () => {
    const { w, run, calls } = await playIssue("config-edit,always-fail");
    expect(run.outputs).toMatchObject({ phase: "failed" });
    expect(w.fake.stateOf(ISSUE)?.stopReason).toMatch(/limits\.max_attempts/);
    expect(calls.filter((c) => c.startsWith("implement:"))).toHaveLength(2);
    expect(w.remoteGit("show", `${BRANCH}:.github/ralph.yml`)).toBe(CONFIG().trimEnd());
  });

  it("an agent that echoes its prompt in every phase plans nothing, and nothing is approved", async () => {
    const { w, run, calls } = await playIssue("echo-prompt");
    expect(run.outputs.phase).not.toBe("awaiting_approval");
    expect(w.fake.stateOf(ISSUE)?.phase).toBe("failed");
    expect(calls.every((c) => c === "plan:")).toBe(true);
  });

  it("a failing check shows its output to the implementer's next run", async () => {
    const check = `test -f greeting-US-1.txt || { echo CHECK-SAYS-MISSING-US-1; exit 1; }`;
    const played = await playIssue(
      "check-once",
      CONFIG(`verify:\n  checks:\n    - ${JSON.stringify(check)}\n`),
    );
    expect(played.run.outputs).toMatchObject({ phase: "done", status: "done" });
    expect(played.calls.slice(0, 4)).toEqual([
      "plan:",
      "implement:US-1",
      "implement:US-1",
      "verify:US-1",
    ]);
    expect(promptOf(played, 2, "implement")).not.toContain("CHECK-SAYS-MISSING-US-1");
    const second = promptOf(played, 3, "implement");
    expect(second).toContain("CHECK-SAYS-MISSING-US-1");
    // Issue 18: who rejected the attempt is named, on GitHub as in the prompt and the summary.
    const named = `Ralph's check \`${check}\` failed (exit code 1) on commit`;
    expect(second).toContain(named);
    expect(second).not.toMatch(/verifier rejected/i);
    const reviews = [...played.w.fake.reviews.values()].flat().map((r) => r.body ?? "");
    expect(reviews.some((b) => b.startsWith("❌ **US-1: ") && b.includes(named))).toBe(true);
    expect(played.run.summary).toContain("verdict FAIL: Ralph's check `test -f greeting-US-1.txt");
    // The run-log artifact holds the check's whole output, and ralph.log an entry per check run.
    const logs = join(dirname(played.run.checkout), "tmp", "ralph-runs", String(ISSUE));
    const checks = readFileSync(join(logs, "ralph.log"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .filter((e) => e.event === "check");
    expect(checks.map((c) => [c.purpose, c.ok, c.exitCode])).toEqual([
      ["US-1 attempt 1", false, 1],
      ["US-1 attempt 2", true, 0],
      ["US-2 attempt 1", true, 0],
      ["final tree", true, 0],
    ]);
    expect(readFileSync(join(logs, checks[0].outputFile), "utf8")).toContain(
      "CHECK-SAYS-MISSING-US-1",
    );
  });

  it("a story that fails on a check: the status comment names the check", async () => {
    const check = "echo NEVER-GREEN; exit 3";
    const played = await playIssue(
      "honest",
      CONFIG(`verify:\n  checks:\n    - ${JSON.stringify(check)}\n`),
    );
    expect(played.run.outputs).toMatchObject({ phase: "failed" });
    const body = played.w.fake.statusComment(ISSUE)?.body ?? "";
    expect(body).toContain(
      `**Last rejection (US-1):** Ralph's check \`${check}\` failed (exit code 3) on commit`,
    );
    expect(body).toMatch(
      /story US-1 failed verification 2 times \(limits\.max_attempts\): Ralph's check/,
    );
  });
});
