import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAgent } from "../agents/create-agent.js";
import type { AgentRole, Clock } from "../agents/types.js";
import { parseConfig } from "../core/config.js";
import { type CheckPhaseName, PHASE_CHECKS } from "./agent-check-phases.js";
import { buildScene } from "./agent-check-scene.js";

export { CHECK_PHASE_NAMES, type CheckPhaseName, isCheckPhase } from "./agent-check-phases.js";

/** One phase of `ralph check-agent`: what Ralph accepted or rejected, and why. */
export interface PhaseReport {
  phase: CheckPhaseName;
  /** The `RALPH_PHASE` the agent ran with. */
  role: AgentRole;
  ok: boolean;
  /** One line. */
  detail: string;
}

export interface CheckAgentOptions {
  /** The agent's command line, run as `sh -c <command>` like `agent_command`. */
  command: string;
  /** The environment the agent inherits. */
  env: NodeJS.ProcessEnv;
  phases: readonly CheckPhaseName[];
  /** Each run's timeout, as `limits.phase_timeout_minutes`. */
  timeoutMinutes: number;
  clock: Clock;
  /** Applied to the run logs (secret masking), as in a real run. */
  redact?: (text: string) => string;
  /** Keep the temporary repositories and run logs (default: removed). */
  keep?: boolean;
  /** Called as each phase ends, in order. */
  onReport?: (report: PhaseReport) => void;
}

export interface CheckAgentResult {
  reports: PhaseReport[];
  /** Where the repositories and run logs are (removed unless `keep`). */
  dir: string;
}

const MAX_DETAIL = 500;

/** Whitespace runs (newlines of an agent's error output too) become one space; long text is cut. */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= MAX_DETAIL ? line : `${line.slice(0, MAX_DETAIL - 1)}…`;
}

/**
 * `ralph check-agent`: runs the agent once per phase, each in a fresh canned repository, through
 * the step the pipeline runs for that phase — the same prompt, environment, `sh -c` command
 * agent, read-only guards and parsers — and reports what Ralph made of each run. A phase whose
 * step throws (the canned repository could not be set up) is reported as rejected with the
 * error: one bad phase never hides the others.
 */
export async function checkAgent(options: CheckAgentOptions): Promise<CheckAgentResult> {
  const config = parseConfig({
    agent: "command",
    agent_command: options.command,
    // A usage limit is reported, not waited out: the check is about the replies.
    limits: { phase_timeout_minutes: options.timeoutMinutes, max_usage_wait_minutes: 0 },
  });
  const agent = createAgent(config, { baseEnv: options.env });
  const dir = await mkdtemp(join(tmpdir(), "ralph-check-agent-"));
  const reports: PhaseReport[] = [];
  try {
    for (const phase of options.phases) {
      const check = PHASE_CHECKS[phase];
      let outcome: { ok: boolean; detail: string };
      try {
        const scene = await buildScene(check.scene, {
          dir: join(dir, phase),
          config,
          agent,
          clock: options.clock,
          ...(options.redact ? { redact: options.redact } : {}),
        });
        outcome = await check.run(scene);
      } catch (error) {
        outcome = { ok: false, detail: error instanceof Error ? error.message : String(error) };
      }
      const report = { phase, role: check.role, ok: outcome.ok, detail: oneLine(outcome.detail) };
      reports.push(report);
      options.onReport?.(report);
    }
  } finally {
    if (options.keep !== true) await rm(dir, { recursive: true, force: true });
  }
  return { reports, dir };
}

/** The line `ralph check-agent` prints for a phase. */
export function reportLine(report: PhaseReport): string {
  return `${report.ok ? "ok  " : "FAIL"}  ${report.phase.padEnd(10)}  ${report.detail}`;
}
