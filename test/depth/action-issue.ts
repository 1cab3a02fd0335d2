/**
 * The set-up the built-action depth suites share: per test a world of its own (the action
 * bundled once per file, test/action/harness.ts), the maintainer's issue on it, the files a
 * maintainer committed on main before (a config), and a scripted agent
 * (test/fixtures/pipeline/scenario.ts) that each comment runs the action with.
 */
import { dirname, join } from "node:path";
import { expect } from "vitest";
import { ISSUE, maintainerIssue } from "../action/flows.js";
import { type ActionRun, pushFiles, type World, worldPerTest } from "../action/harness.js";
import {
  records,
  type Scenario,
  type ScenarioHandle,
  writeScenario,
} from "../fixtures/pipeline/scenario.js";
import { type JournalLine, journalAt } from "./fixtures.js";

export interface ScriptedWorld {
  w: World;
  handle: ScenarioHandle;
}

/** Call at describe level: `files` go on main in every world unless a test names its own. */
export function scriptedIssue(options: { title?: string; body?: string; files?: Files } = {}) {
  const newWorld = worldPerTest();
  const issue = maintainerIssue(options.title, options.body);
  const comment = (w: World, handle: ScenarioHandle, body: string): Promise<ActionRun> =>
    issue.comment(w, handle.command, body);
  return {
    issue,
    comment,
    /** A fresh world with the issue, `files` on main, and the agent scripted by `scenario`. */
    async world(scenario: Scenario, files = options.files ?? {}): Promise<ScriptedWorld> {
      const w = await newWorld();
      issue.seed(w);
      if (Object.keys(files).length > 0) pushFiles(w, "main", files, "config");
      return { w, handle: writeScenario(scenario) };
    },
    /** `/ralph plan` (it must reach awaiting_approval), then `/approve`: both runs. */
    async planAndApprove(w: World, handle: ScenarioHandle) {
      const planned = await comment(w, handle, "/ralph plan");
      expect(planned.code, planned.stdout + planned.stderr).toBe(0);
      expect(planned.outputs.phase).toBe("awaiting_approval");
      const run = await comment(w, handle, "/approve");
      expect(run.code, run.stdout + run.stderr).toBe(0);
      return { planned, run };
    },
  };
}

type Files = Record<string, string>;

/** `.github/ralph.yml` as the only file a maintainer committed. */
export const configFile = (config: string): Files => ({ ".github/ralph.yml": config });

/** The phase of every agent run the scenario answered, in order. */
export const phasesOf = (handle: ScenarioHandle): string[] =>
  records(handle.recordDir).map((r) => r.phase);

/** The folder of a run's logs (RUNNER_TEMP/ralph-runs/<issue>, the workflow's artifact). */
export const runLogs = (run: ActionRun, issue = ISSUE): string =>
  join(dirname(run.checkout), "tmp", "ralph-runs", String(issue));

/** The lines of a run's ralph.log. */
export const journalOf = (run: ActionRun, issue = ISSUE): JournalLine[] =>
  journalAt(join(runLogs(run, issue), "ralph.log"));
