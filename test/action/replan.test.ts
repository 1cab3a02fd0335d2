/**
 * `/ralph replan` from waiting phases, run through the built action: the plan is archived on the
 * branch (seed 000) whether the reconcile in this run makes the commit (Actions-only mode) or the
 * App handled the command and could not (App mode: the plan step archives first), and a re-plan
 * that keeps an already verified story leaves the PRD file agreeing with the state.
 */
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { defaultConfig } from "../../src/core/config.js";
import { transition } from "../../src/core/machine/index.js";
import { user } from "../support/fake-github/index.js";
import {
  commentEvent,
  commentRun,
  dispatchEvent,
  planThroughAction,
  pushToBranch,
  seedIssue,
} from "./flows.js";
import { BRANCH, ISSUE, MAINTAINER, SPEC_ID } from "./greeting-issue.js";
import { AGENT, agentCalls, runAction, type World, worldPerTest } from "./harness.js";

const RECORDER = join(dirname(fileURLToPath(import.meta.url)), "recording-agent.mjs");
const PLANS = `.ralph/specs/plans/${SPEC_ID}`;
const REASON = "greetings belong in one file, not one per story";

describe("the built action: `/ralph replan` from a waiting phase", { timeout: 120_000 }, () => {
  const makeWorld = worldPerTest();

  async function newWorld(): Promise<World> {
    const world = await makeWorld();
    seedIssue(world);
    return world;
  }

  /** The scripted agent behind a recorder: every prompt is kept in the returned folder. */
  function recording(w: World): { inputs: Record<string, string>; prompts: () => string[] } {
    const dir = join(w.base, `prompts-${w.runs + 1}`);
    mkdirSync(dir, { recursive: true });
    return {
      inputs: { "agent-command": `node ${RECORDER} ${dir} ${AGENT} ${w.agentLog}` },
      prompts: () =>
        readdirSync(dir)
          .sort()
          .filter((f) => f.endsWith("-plan.txt"))
          .map((f) => readFileSync(join(dir, f), "utf8")),
    };
  }

  /** The plan meta as the archive commit left it (the re-plan activates a new one after it). */
  function archivedMeta(w: World): Record<string, unknown> {
    const sha = w.remoteGit("log", "--format=%H", "--grep=invalidated", `main..${BRANCH}`);
    expect(sha.split("\n")).toHaveLength(1);
    return JSON.parse(w.remoteGit("show", `${sha}:${PLANS}.json`));
  }

  function expectArchivedAndReplanned(w: World, oldPlan: string, prompts: string[]): void {
    expect(w.remoteGit("show", `${BRANCH}:${PLANS}.attempt-1.md`)).toBe(oldPlan);
    expect(archivedMeta(w)).toMatchObject({
      status: "invalidated",
      attempt: 1,
      invalidation_reason: REASON,
    });
    expect(JSON.parse(w.remoteGit("show", `${BRANCH}:${PLANS}.json`))).toMatchObject({
      status: "active",
      attempt: 2,
    });
    // Seed 000: the planner re-plans with the invalidated plan and the reason.
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain("Re-planning");
    expect(prompts[0]).toContain(REASON);
    expect(prompts[0]).toContain("- Approach: one greeting file per story.");
    const state = w.fake.stateOf(ISSUE)!;
    expect(state).toMatchObject({ phase: "awaiting_approval", lastError: null });
    expect(state.counters.replans).toBe(1);
    expect(state.prd?.number).toBe(2);
    expect(w.fake.botComments(ISSUE).some((c) => c.body.includes("needs a git workspace"))).toBe(
      false,
    );
    expect(w.fake.unhandled).toEqual([]);
  }

  it("Actions-only: the reconcile archives the plan on the branch, then the re-plan reads it", async () => {
    const w = await newWorld();
    await planThroughAction(w);
    const oldPlan = w.remoteGit("show", `${BRANCH}:${PLANS}.md`);
    const rec = recording(w);
    const run = await runAction(w, {
      eventName: "issue_comment",
      payload: commentEvent(w, `/ralph replan ${REASON}`),
      inputs: rec.inputs,
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({ phase: "awaiting_approval", status: "waiting" });
    expectArchivedAndReplanned(w, oldPlan, rec.prompts());
    expect(w.remoteGit("log", "--format=%s", `main..${BRANCH}`).split("\n")).toEqual([
      `ralph(${SPEC_ID}): plan attempt 2`,
      `ralph(${SPEC_ID}): plan attempt 1 invalidated`,
      `ralph(${SPEC_ID}): plan attempt 1`,
    ]);
  });

  it("App mode: the App could not commit the archive; the dispatched plan step archives first", async () => {
    const w = await newWorld();
    await planThroughAction(w);
    const oldPlan = w.remoteGit("show", `${BRANCH}:${PLANS}.md`);
    // What the App's reconcile saved for `/ralph replan` in awaiting_approval: the machine's
    // state, with its commit_files effect failed (no git workspace in the App).
    const before = w.fake.stateOf(ISSUE)!;
    const comment = w.fake.addComment(ISSUE, `/ralph replan ${REASON}`, user(MAINTAINER));
    const { state, effects } = transition(
      before,
      {
        type: "command",
        command: { name: "replan", args: REASON, line: `/ralph replan ${REASON}` },
        actor: { login: MAINTAINER, permission: "write", isBot: false, isIssueAuthor: true },
        commentId: comment.id,
      },
      defaultConfig(),
    );
    expect(effects.map((e) => (e.type === "commit_files" ? e.change.kind : e.type))).toContain(
      "archive_plan",
    );
    w.fake.seedState({
      ...state,
      revision: before.revision + 1,
      watermark: { ...state.watermark, commentId: comment.id },
      lastError:
        "Ralph could not commit_files (commit_files (archive_plan) needs a git workspace; it runs in the Action)",
    });
    expect(state).toMatchObject({ phase: "plan_invalidated", pendingStep: "plan" });

    const rec = recording(w);
    const run = await runAction(w, {
      eventName: "workflow_dispatch",
      payload: dispatchEvent(ISSUE, "plan"),
      inputs: { issue: "1", phase: "plan", ...rec.inputs },
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({ phase: "awaiting_approval", status: "waiting" });
    expectArchivedAndReplanned(w, oldPlan, rec.prompts());
  });

  it("a re-plan keeps a verified story: the PRD file says it passes, before and after done", async () => {
    const w = await newWorld();
    await planThroughAction(w);
    // The run stops while US-1 is verified: its PASS lands, US-2 waits.
    const stopped = await runAction(w, {
      eventName: "issue_comment",
      payload: commentEvent(w, "/approve"),
      env: { SCRIPTED_STOP_DURING: "verify:US-1", SCRIPTED_HUMAN: MAINTAINER },
    });
    expect(stopped.outputs).toMatchObject({ phase: "stopped" });
    expect(w.fake.stateOf(ISSUE)!.prd?.stories.map((s) => s.status)).toEqual(["passed", "running"]);
    const replanned = await commentRun(w, `/ralph replan ${REASON}`);
    expect(replanned.code, replanned.stdout).toBe(0);
    expect(replanned.outputs).toMatchObject({ phase: "awaiting_approval" });
    const passes = () =>
      (
        JSON.parse(w.remoteGit("show", `${BRANCH}:${PLANS}.prd.json`)) as {
          userStories: { id: string; passes: boolean }[];
        }
      ).userStories.map((s) => `${s.id}:${s.passes}`);
    expect(w.fake.stateOf(ISSUE)!.prd?.stories.map((s) => `${s.id}:${s.status}`)).toEqual([
      "US-1:passed",
      "US-2:pending",
    ]);
    expect(passes()).toEqual(["US-1:true", "US-2:false"]);

    // Whatever left the file behind the state (here: a stale write of the PRD), done fixes it.
    const prd = JSON.parse(w.remoteGit("show", `${BRANCH}:${PLANS}.prd.json`));
    for (const story of prd.userStories) story.passes = false;
    pushToBranch(w, { [`${PLANS}.prd.json`]: `${JSON.stringify(prd, null, 2)}\n` }, "stale PRD");
    expect(passes()).toEqual(["US-1:false", "US-2:false"]);

    const calls = agentCalls(w).length;
    const done = await commentRun(w, "/approve");
    expect(done.code, done.stdout).toBe(0);
    expect(done.outputs).toMatchObject({ phase: "done", status: "done" });
    expect(
      agentCalls(w)
        .slice(calls)
        .map((c) => `${c.phase}:${c.story}`),
    ).toEqual(["implement:US-2", "verify:US-2", "verify:US-1,US-2"]);
    expect(w.fake.stateOf(ISSUE)!.prd?.stories.map((s) => `${s.id}:${s.status}`)).toEqual([
      "US-1:passed",
      "US-2:passed",
    ]);
    expect(passes()).toEqual(["US-1:true", "US-2:true"]);
    expect(w.remoteGit("log", "-3", "--format=%s", BRANCH).split("\n")).toEqual([
      `ralph(${SPEC_ID}): done`,
      `ralph(${SPEC_ID}): PRD marks the verified stories as passing`,
      `ralph(${SPEC_ID}): US-2 verified`,
    ]);
    const marker = w.remoteGit("show", `${BRANCH}:.ralph/specs/done/${SPEC_ID}.md`);
    expect(marker).toContain("| US-1 | First greeting | PASS |");
    expect(marker).toContain("| US-2 | Second greeting | PASS |");
    expect(w.fake.unhandled).toEqual([]);
  });
});
