import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import type { UserStory } from "../../src/core/prd.js";
import { researchDecision } from "../fixtures/research.js";

/** A research agent's answer (seed 002): findings plus one critical and one ordinary decision. */
export const researchOutput = {
  research: {
    specs: [{ title: "RFC 6749", summary: "OAuth 2.0 framework", url: "" }],
    best_practices: [{ practice: "PKCE-EVERYWHERE", rationale: "stops code interception" }],
    pitfalls: [],
    references: [],
  },
  decisions: [
    researchDecision({
      id: "D1",
      title: "Token storage",
      context: "Tokens must not leak to scripts.",
      options: [
        ["httpOnly cookies", "browser keeps them"],
        ["Server-side sessions", "session id only"],
      ],
      recommendation: 2,
      rationale: "revocable",
    }),
    researchDecision({
      id: "D2",
      title: "Error display",
      category: "behavior",
      options: [
        ["Inline", ""],
        ["Toast", ""],
      ],
      recommendation: 1,
      rationale: "accessible",
    }),
  ],
};

/** Critic final messages in the CRITIC_FEEDBACK protocol (seed 004). */
export const critic = {
  okay: () => ({
    stdout:
      "Reviewed.\n\nCRITIC_FEEDBACK:\n- Verdict: OKAY\n- Critical Issues:\n  None\n- Minor Issues:\n  None\n- Questions for Architect (if any):\n  None\n",
  }),
  reject: (issue: string) => ({
    stdout: `Reviewed.\n\nCRITIC_FEEDBACK:\n- Verdict: REJECT\n- Critical Issues:\n  1. ${issue}\n- Minor Issues:\n  None\n- Questions for Architect (if any):\n  None\n`,
  }),
};

/** A story of parallel group 1 that changes `files` (seed 002). */
export function grouped(id: string, files: string[]): UserStory {
  return {
    id,
    title: `Story ${id}`,
    acceptanceCriteria: [`${id}.txt exists`],
    priority: 1,
    passes: false,
    notes: "",
    group: 1,
    files,
  };
}

/**
 * A shell line for a scripted implement run that marks that it started and waits until both US-1
 * and US-2 have, however long the other takes to start on a loaded machine: run one after the
 * other, the first would wait forever (the test's timeout ends it). So a pass proves the two ran
 * at the same time.
 */
export function rendezvous(dir: string): string {
  return `touch '${dir}/{{STORY}}'; until [ -e '${dir}/US-1' ] && [ -e '${dir}/US-2' ]; do sleep 0.05; done`;
}

export interface JournalLine {
  event: string;
  role?: string;
  time?: string;
  durationMs?: number;
  story?: string;
  reason?: string;
  /** Phase lines. */
  spec?: string | null;
  from?: string;
  to?: string;
  durationFrom?: string;
  stopReason?: string | null;
}

/** The lines of a `ralph.log`. */
export function journalAt(file: string): JournalLine[] {
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as JournalLine);
}

/**
 * [start, end] of each implement run in a journal, in the order they were written. A line's `time`
 * is when its step began, before Ralph prepared the run (the snapshot of its protected files);
 * `durationMs` is the agent process alone. So `end` comes before the run really ended, by
 * that preparation: good to show that runs were one after the other (`a[1] <= b[0]`), never that
 * two overlapped. On a loaded machine two runs held together by `rendezvous` gave windows 120 ms
 * apart.
 */
export function implementWindows(lines: readonly JournalLine[]): [number, number][] {
  return lines
    .filter((l) => l.event === "agent_run" && l.role === "implement")
    .map((l) => {
      const start = Date.parse(l.time ?? "");
      return [start, start + (l.durationMs ?? 0)];
    });
}

/** The reference `command` agent of docs/agents.md, as an `agent_command`. */
export const REFERENCE_AGENT = `'${process.execPath}' '${fileURLToPath(new URL("../../examples/agents/reference-agent.mjs", import.meta.url))}'`;

/** Every planning step on: research with its decisions, consensus, and understand. */
export const ALL_PLANNING_ON =
  "planning:\n  research: always\n  consensus: always\n  understand: always\n";

/** The agent runs (`phase:spec`) of two one-story specs done in path order, each passing once. */
export const ALPHA_THEN_BETA = [
  "plan:alpha",
  "implement:alpha",
  "verify:alpha",
  "plan:beta",
  "implement:beta",
  "verify:beta",
];

/** A journal line saying `story` ran in sequence, not with its group, for `reason`. */
export const sequenced = (story: string, reason: unknown) =>
  expect.objectContaining({ event: "sequence", story, reason });
