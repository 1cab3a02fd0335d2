/**
 * Issue 9 acceptance through the BUILT action (bundled with the release options, run as a runner
 * does against the fake GitHub): the same engine as the CLI decides, so the same adversaries get
 * the same answers — a PASS quoted in a fence passes nothing, and verified work a later story
 * deletes goes back to work before the done marker.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BRANCH, commentEvent, ISSUE, SPEC_ID, seedIssue } from "../action/flows.js";
import { runAction, worldPerTest } from "../action/harness.js";
import { ADVERSARY, agentLog } from "./world.js";

describe("soundness of the built action against adversarial agents (issue 9)", {
  timeout: 180_000,
}, () => {
  const newWorld = worldPerTest();

  async function playIssue(adversary: string) {
    const w = await newWorld();
    seedIssue(w);
    const logDir = mkdtempSync(join(tmpdir(), "ralph-adversary-"));
    writeFileSync(join(logDir, "log.jsonl"), "");
    const options = {
      inputs: { "agent-command": `node ${ADVERSARY}` },
      env: { ADVERSARY: adversary, ADVERSARY_LOG: join(logDir, "log.jsonl") },
    };
    const plan = await runAction(w, {
      eventName: "issue_comment",
      payload: commentEvent(w, "/ralph plan"),
      ...options,
    });
    expect(plan.outputs.phase, plan.stdout).toBe("awaiting_approval");
    const run = await runAction(w, {
      eventName: "issue_comment",
      payload: commentEvent(w, "/approve"),
      ...options,
    });
    expect(run.code, run.stdout).toBe(0);
    const tree = w.remoteGit("ls-tree", "-r", "--name-only", BRANCH).split("\n");
    return { w, run, tree, calls: agentLog(logDir).map((e) => `${e.phase}:${e.story}`) };
  }

  it("a PASS quoted in a fenced example: no done marker, the PR stays a draft, a named stop", async () => {
    const { w, run, tree, calls } = await playIssue("fenced-pass");
    expect(run.outputs).toMatchObject({ phase: "failed" });
    expect(tree).not.toContain(`.ralph/specs/done/${SPEC_ID}.md`);
    const state = w.fake.stateOf(ISSUE)!;
    expect(state.stopReason).toMatch(/^circuit breaker: the verifier gave no acceptable verdict/);
    expect(state.prd?.stories.every((s) => s.status !== "passed")).toBe(true);
    expect([...w.fake.pulls.values()].every((pr) => pr.draft)).toBe(true);
    expect(calls).toEqual(["plan:", "implement:US-1", "verify:US-1", "verify:US-1", "verify:US-1"]);
  });

  it("verified work deleted by the next story goes back to work; done only with both stories there", async () => {
    const { w, run, tree, calls } = await playIssue("rm-verified");
    expect(run.outputs).toMatchObject({ phase: "done", status: "done" });
    expect(tree).toEqual(
      expect.arrayContaining([
        "greeting-US-1.txt",
        "greeting-US-2.txt",
        `.ralph/specs/done/${SPEC_ID}.md`,
      ]),
    );
    expect(calls).toEqual([
      "plan:",
      "implement:US-1",
      "verify:US-1",
      "implement:US-2",
      "verify:US-2",
      "verify:US-1,US-2",
      "implement:US-1",
      "verify:US-1",
      "verify:US-1,US-2",
    ]);
    const reviews = [...w.fake.reviews.values()]
      .flat()
      .map((r) => r.body)
      .join("\n");
    expect(reviews).toContain("US-1 no longer holds");
  });
});
