/**
 * The BUILT action (bundled with the release options, run as a runner does against the fake
 * GitHub) in a world of its own per case: the issue seeded, the config committed on main by a
 * maintainer, the adversary as the agent command, its log and prompts outside the checkout; and
 * the promises of issue 9 checked on the branch the action pushed (assertSoundTree).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { BRANCH, commentEvent, ISSUE, SPEC_ID, seedIssue } from "../action/flows.js";
import {
  type ActionRun,
  pushFiles,
  runAction,
  type World,
  worldPerTest,
} from "../action/harness.js";
import { tempDir } from "../support/temp.js";
import { ADVERSARY, agentLog, assertSoundTree } from "./world.js";

export const MAX_RUNS = 14;
export const CONFIG = (extra = "") =>
  `limits:\n  max_attempts: 2\n  max_agent_runs: ${MAX_RUNS}\n${extra}`;

export interface ActionCase {
  w: World;
  run: ActionRun;
  logDir: string;
  /** `phase:story` of every agent run, in order. */
  calls: string[];
}

export interface PlayOptions {
  /** The config a maintainer commits after planning, before the first approval. */
  approveConfig?: string;
  /** More files on main before `/ralph plan` (e.g. an earlier spec's done marker). */
  files?: Record<string, string>;
}

/** The n-th agent run's prompt (1-based, as the adversary numbers them). */
export function promptOf(c: ActionCase, n: number, phase: string): string {
  return readFileSync(join(c.logDir, `prompt-${String(n).padStart(3, "0")}-${phase}.txt`), "utf8");
}

/**
 * One world per test (call at describe level). `playIssue` runs `/ralph plan`, then `/approve` as
 * long as the state asks for an approval (at most 5: a maintainer who keeps approving re-plans is
 * the worst case, and still bounded), then checks the branch with assertSoundTree.
 */
export function actionWorld(): {
  playIssue(adversary: string, config?: string, more?: PlayOptions): Promise<ActionCase>;
} {
  const newWorld = worldPerTest();
  return {
    async playIssue(adversary, config = CONFIG(), { approveConfig, files = {} } = {}) {
      const w = await newWorld();
      seedIssue(w);
      pushFiles(w, "main", { ".github/ralph.yml": config, ...files }, "config");
      const logDir = tempDir("ralph-adversary-");
      writeFileSync(join(logDir, "log.jsonl"), "");
      const options = {
        inputs: { "agent-command": `node ${ADVERSARY}` },
        env: { ADVERSARY: adversary, ADVERSARY_LOG: join(logDir, "log.jsonl") },
      };
      let run = await runAction(w, {
        eventName: "issue_comment",
        payload: commentEvent(w, "/ralph plan"),
        ...options,
      });
      if (approveConfig !== undefined) {
        pushFiles(w, "main", { ".github/ralph.yml": approveConfig }, "config for the work");
      }
      for (
        let approvals = 0;
        approvals < 5 && run.outputs.phase === "awaiting_approval";
        approvals++
      ) {
        run = await runAction(w, {
          eventName: "issue_comment",
          payload: commentEvent(w, "/approve"),
          ...options,
        });
        expect(run.code, run.stdout).toBe(0);
      }
      const log = agentLog(logDir);
      // No branch at all (planning never succeeded) is an empty tree: nothing pushed, nothing done.
      const pushed = w.remoteGit("branch", "--list", BRANCH) !== "";
      const tree = pushed ? w.remoteGit("ls-tree", "-r", "--name-only", BRANCH).split("\n") : [];
      const state = w.fake.stateOf(ISSUE);
      assertSoundTree(tree, (path) => w.remoteGit("show", `${BRANCH}:${path}`), log, {
        maxRuns: MAX_RUNS,
        spec: SPEC_ID,
        stopNamed: state?.phase === "failed" && (state.stopReason ?? "") !== "",
      });
      return { w, run, logDir, calls: log.map((e) => `${e.phase}:${e.story}`) };
    },
  };
}
