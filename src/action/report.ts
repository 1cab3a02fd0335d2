import { redactSecrets } from "../core/redact-secrets.js";
import { truncate } from "../core/sanitize.js";
import { isAgentPhase, type MachineState } from "../core/state.js";

/** What one run did, for the outputs and the Step Summary. */
export interface StepRecord {
  step: string;
  storyId: string | null;
  /** e.g. `prd`, `verdict PASS`, `crash: …`, `resumed candidate abc123`. */
  outcome: string;
  durationMs: number;
}

export interface RunRecord {
  event: string;
  issue: number | null;
  /** The issues a schedule sweep looked at. */
  swept: number[];
  steps: StepRecord[];
  notes: string[];
  /** Set when the run refused or skipped the work, with why. */
  refusal: string | null;
  /** The error that failed the run (already redacted). */
  error: string | null;
  state: MachineState | null;
  prNumber: number | null;
  /** A batch this run handed to a job matrix (`parallel-runners`): the stories and their base. */
  parallel: { stories: string[]; base: string } | null;
  links: { issue: string | null; pr: string | null; run: string | null };
  /** The agent's boundary (DESIGN §7 rule 9): warnings first, then how the agent ran. */
  boundary?: string[];
}

export function newRunRecord(event: string): RunRecord {
  return {
    event,
    issue: null,
    swept: [],
    steps: [],
    notes: [],
    refusal: null,
    error: null,
    state: null,
    prNumber: null,
    parallel: null,
    links: { issue: null, pr: null, run: null },
    boundary: [],
  };
}

export type RunStatus = "waiting" | "done" | "failed" | "stopped" | "running" | "noop";

/** The `status` output (action.yml): how the run left the issue. */
export function runStatus(record: RunRecord): RunStatus {
  const state = record.state;
  if (record.refusal !== null && state === null) return "stopped";
  if (state === null) return "noop";
  if (state.phase === "done") return "done";
  if (state.phase === "failed") return "failed";
  if (state.phase === "stopped") return "stopped";
  if (isAgentPhase(state.phase)) return "running";
  if (state.phase === "idle") return "noop";
  return "waiting";
}

export interface ActionOutputs {
  phase: string;
  status: RunStatus;
  "pr-number": string;
  branch: string;
  reason: string;
  issue: string;
  "parallel-stories": string;
  "parallel-base": string;
}

export function runOutputs(record: RunRecord): ActionOutputs {
  const state = record.state;
  const pr = record.prNumber ?? state?.prNumber ?? (state?.kind === "spec_pr" ? state.issue : null);
  return {
    phase: state?.phase ?? "idle",
    status: runStatus(record),
    "pr-number": pr === null ? "" : String(pr),
    branch: state?.branch ?? "",
    reason: record.error ?? record.refusal ?? state?.stopReason ?? state?.lastError ?? "",
    issue: record.issue === null ? "" : String(record.issue),
    // A JSON list for the matrix (`fromJSON`); `[]` when nothing was handed to it.
    "parallel-stories": JSON.stringify(record.parallel?.stories ?? []),
    "parallel-base": record.parallel?.base ?? "",
  };
}

function cell(text: string): string {
  return text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|").trim();
}

const STORY_MARK: Record<string, string> = {
  passed: "✓ verified",
  failed: "✗ failed",
  running: "… running",
  pending: "pending",
};

/** The Step Summary (Markdown). Every secret value is redacted from it. */
export function renderSummary(record: RunRecord, secrets: readonly string[]): string {
  const state = record.state;
  const out = runOutputs(record);
  const lines: string[] = [`## Ralph${record.issue === null ? "" : ` · #${record.issue}`}`, ""];
  lines.push(`- **Event:** \`${record.event || "(none)"}\``);
  lines.push(`- **Phase:** \`${out.phase}\` (${out.status})`);
  if (state?.branch) lines.push(`- **Branch:** \`${state.branch}\``);
  if (record.links.issue) lines.push(`- **Issue:** ${record.links.issue}`);
  if (record.links.pr) lines.push(`- **Pull request:** ${record.links.pr}`);
  if (record.links.run) lines.push(`- **Run:** ${record.links.run}`);
  if (record.error) lines.push(`- **Error:** ${record.error}`);
  if (record.refusal) lines.push(`- **Not run:** ${record.refusal}`);
  if (state?.lastError) lines.push(`- **Last error:** ${state.lastError}`);
  if (state?.stopReason && state.stopReason !== state.lastError)
    lines.push(`- **Stop reason:** ${state.stopReason}`);
  if (record.swept.length > 0)
    lines.push(`- **Swept:** ${record.swept.map((n) => `#${n}`).join(", ")}`);
  lines.push("");
  lines.push("### What ran", "");
  if (record.steps.length === 0) {
    lines.push("No agent step ran in this job.");
  } else {
    lines.push("| # | Step | Story | Outcome | Time |", "|---|---|---|---|---|");
    record.steps.forEach((s, i) => {
      lines.push(
        `| ${i + 1} | ${cell(s.step)} | ${cell(s.storyId ?? "-")} | ${cell(s.outcome)} | ${(s.durationMs / 1000).toFixed(1)} s |`,
      );
    });
  }
  const stories = state?.prd?.stories ?? [];
  if (stories.length > 0) {
    lines.push(
      "",
      "### Stories",
      "",
      "| Story | Title | Status | Attempts | Commit |",
      "|---|---|---|---|---|",
    );
    for (const s of stories) {
      lines.push(
        `| ${cell(s.id)} | ${cell(s.title)} | ${STORY_MARK[s.status] ?? s.status} | ${s.attempts} | ${s.commit === null ? "-" : `\`${s.commit.slice(0, 12)}\``} |`,
      );
    }
  }
  if (state !== null) {
    const c = state.counters;
    lines.push(
      "",
      `Agent runs so far: ${c.agentRuns}${c.tokens > 0 ? `, tokens ${c.tokens}` : ""}${c.costUsd > 0 ? `, cost $${c.costUsd.toFixed(2)}` : ""}.`,
    );
  }
  const boundary = record.boundary ?? [];
  if (boundary.length > 0) {
    lines.push("", "### Agent boundary", "", ...boundary.map((n) => `- ${n}`));
  }
  if (record.notes.length > 0) {
    lines.push("", "### Notes", "", ...record.notes.map((n) => `- ${n}`));
  }
  return truncate(
    redactSecrets(`${lines.join("\n")}\n`, secrets),
    STEP_SUMMARY_LIMIT,
    "\n\n… (cut at the Step Summary's size limit)\n",
  );
}

/** GitHub refuses a Step Summary over 1 MiB; a UTF-16 unit is at most 3 bytes of UTF-8. */
export const STEP_SUMMARY_LIMIT = 340 * 1024;
