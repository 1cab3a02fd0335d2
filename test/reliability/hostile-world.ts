/**
 * The hostile scripted agent (test/fixtures/security/hostile-agent.mjs) on a built-action world:
 * the maintainer's issue seeded, the agent's scratch folder inside the world, and `say` — a
 * comment by the maintainer, run through the built action with that agent.
 */
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { dispatchEvent, ISSUE, maintainerIssue } from "../action/flows.js";
import { type ActionRun, runAction, type World } from "../action/harness.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const HOSTILE_AGENT = join(ROOT, "test/fixtures/security/hostile-agent.mjs");

export interface HostileWorld {
  /** HOSTILE_DIR: where the agent keeps its one-shot markers. */
  dir: string;
  say(body: string, env?: Record<string, string>): Promise<ActionRun>;
  /** The run a previous run dispatched to continue `phase` (what GitHub would start next). */
  resume(phase: string, env?: Record<string, string>): Promise<ActionRun>;
}

export function withHostileAgent(w: World): HostileWorld {
  const issue = maintainerIssue();
  issue.seed(w);
  const dir = join(w.base, "hostile");
  mkdirSync(dir);
  const run = (
    event: Pick<Parameters<typeof runAction>[1], "eventName" | "payload" | "inputs">,
    env: Record<string, string>,
  ) =>
    runAction(w, {
      ...event,
      inputs: { ...event.inputs, "agent-command": `node ${HOSTILE_AGENT}` },
      env: { HOSTILE_DIR: dir, RALPH_BACKOFF_BASE_MS: "1", ...env },
    });
  return {
    dir,
    say: (body, env = {}) =>
      run({ eventName: "issue_comment", payload: issue.commentEvent(w, body) }, env),
    resume: (phase, env = {}) =>
      run(
        {
          eventName: "workflow_dispatch",
          payload: dispatchEvent(ISSUE, phase),
          inputs: { issue: String(ISSUE), phase },
        },
        env,
      ),
  };
}
