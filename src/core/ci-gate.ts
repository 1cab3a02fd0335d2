/**
 * The CI gate's decision (DESIGN §2.3): given the verdict on the pull request's head commit, the
 * time Ralph began waiting for it and an injected clock, whether to wait on, call it ready, answer
 * a red check, or go on without CI. Pure: the clock is a number, the reads happen elsewhere.
 */

import { type CiCheck, type CiFailure, type CiVerdict, checkList } from "./ci-verdict.js";
import type { RalphConfig } from "./config.js";
import { counted } from "./counted.js";
import { neutralizeVerdictLines } from "./sanitize.js";

/** The login a workflow's `GITHUB_TOKEN` acts as: its pushes start no workflow. */
export const ACTIONS_TOKEN_LOGIN = "github-actions[bot]";

export interface CiGateInput {
  config: { verify: Pick<RalphConfig["verify"], "ci" | "ci_wait_minutes"> };
  verdict: CiVerdict;
  /** When Ralph began waiting for checks on this head commit (ISO time). */
  waitingSince: string;
  /** Now, in milliseconds since the epoch (the injected clock). */
  now: number;
  /** The login that pushed the head commit: Ralph's own (`github-actions[bot]` with GITHUB_TOKEN). */
  pushedBy: string;
  /** The head commit the verdict is about. */
  sha: string;
}

export type CiGateDecision =
  /** `verify.ci: off`: the repository's CI is not read. */
  | { kind: "off" }
  /**
   * Keep waiting (no runner held): checks still run, or none has appeared yet and the window of
   * `verify.ci_wait_minutes` is still open (`deadline`, ISO). Running checks are waited for as
   * long as they run: the window is for a first check to appear.
   */
  | { kind: "wait"; why: "pending" | "no_check_yet"; deadline: string | null }
  /** Every check passed; `note` names the checks that ended without a verdict, if any. */
  | { kind: "green"; note: string | null }
  /** At least one check failed: a follow-up answers it (within `limits.max_ci_fixes`). */
  | { kind: "red"; failing: CiCheck[]; note: string | null }
  /** No check appeared within the window: ready as without CI, with the reason as a note. */
  | { kind: "no_checks"; note: string };

export function ciDeadline(waitingSince: string, minutes: number): number {
  return Date.parse(waitingSince) + minutes * 60_000;
}

export function ciGateDecision(input: CiGateInput): CiGateDecision {
  const { config, verdict } = input;
  if (config.verify.ci === "off") return { kind: "off" };
  switch (verdict.kind) {
    case "pending":
      return { kind: "wait", why: "pending", deadline: null };
    case "green":
      return { kind: "green", note: unfinishedNote(verdict.unfinished) };
    case "red":
      return { kind: "red", failing: verdict.failing, note: unfinishedNote(verdict.unfinished) };
    case "none": {
      const deadline = ciDeadline(input.waitingSince, config.verify.ci_wait_minutes);
      // An unreadable start time must not make Ralph wait forever.
      if (Number.isFinite(deadline) && input.now < deadline) {
        return { kind: "wait", why: "no_check_yet", deadline: new Date(deadline).toISOString() };
      }
      return {
        kind: "no_checks",
        note: noCheckNote(config.verify.ci_wait_minutes, input.sha, input.pushedBy),
      };
    }
  }
}

/** Why no check appeared, as far as Ralph can tell (docs/action.md#tokens). */
export function noCheckNote(minutes: number, sha: string, pushedBy: string): string {
  const where = `No check of the repository's CI appeared on \`${sha.slice(0, 12)}\` within ${counted(minutes, "minute")} (verify.ci_wait_minutes)`;
  if (pushedBy.toLowerCase() === ACTIONS_TOKEN_LOGIN) {
    return `${where}: Ralph pushed it with the workflow's GITHUB_TOKEN, and commits pushed with GITHUB_TOKEN start no workflows, so your CI never ran on them. Give Ralph a GitHub App token (docs/action.md#tokens) to have CI run on its pull request. Ralph went on without CI.`;
  }
  return `${where}: the repository may have no CI that runs on pull requests, or it did not start. Ralph went on without CI.`;
}

function unfinishedNote(unfinished: readonly CiCheck[]): string | null {
  if (unfinished.length === 0) return null;
  return `Ended without a verdict (not counted, no fix started): ${checkList(unfinished)}. Re-run them to have Ralph read them again.`;
}

/** How much feedback text one CI follow-up gets in all. */
export const CI_FEEDBACK_CHARS = 12_000;
const MAX_DETAILED = 5;

/**
 * The feedback of a follow-up that answers red checks: each failing check with its conclusion,
 * link and the end of its log, within `maxChars` in all (shared evenly, logs cut from their start
 * at a line boundary). Verdict-looking lines a log may hold are defused (DESIGN §4.4).
 */
export function ciFailureFeedback(
  failures: readonly CiFailure[],
  maxChars = CI_FEEDBACK_CHARS,
): string {
  if (failures.length === 0) return "";
  const detailed = failures.slice(0, MAX_DETAILED);
  const rest = failures.slice(MAX_DETAILED);
  const heads = detailed.map(
    (f) =>
      `Check \`${f.name.replace(/`/g, "'")}\` ended ${f.conclusion}${f.url === null ? "" : ` (${f.url})`}.`,
  );
  const footer =
    rest.length > 0
      ? `\n\nAlso failing: ${rest.map((f) => `\`${f.name.replace(/`/g, "'")}\` (${f.conclusion})`).join(", ")}.`
      : "";
  const fixed = heads.reduce((n, h) => n + h.length + 40, footer.length);
  const perLog = Math.max(0, Math.floor((maxChars - fixed) / detailed.length));
  const blocks = detailed.map((f, i) => {
    const log = keepEnd(neutralizeVerdictLines(f.log.trim()), perLog);
    const what = f.source === "job_log" ? "The end of its log:" : "What it reported:";
    return log === "" ? heads[i] : `${heads[i]} ${what}\n\n${log}`;
  });
  return `${blocks.join("\n\n")}${footer}`;
}

/** The last `max` characters of `text`, starting at a line boundary when one is in reach. */
function keepEnd(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = text.slice(text.length - max);
  const newline = end.indexOf("\n");
  return newline >= 0 && newline < end.length - 1 ? end.slice(newline + 1) : end;
}
