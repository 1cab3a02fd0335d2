/**
 * What the repository's CI says about a commit (DESIGN §2.3, issue 17): every check run of every
 * app and every commit status on it, Ralph's own workflow left out, folded into one verdict.
 * Pure: the reads are src/github/checks.ts and commit-statuses.ts.
 */

/** One check on a commit: a check run of any app, or the latest commit status of one context. */
export interface CiCheck {
  kind: "check_run" | "status";
  /** The check run's name, or the status's context. */
  name: string;
  /** The check run's app (slug, e.g. `github-actions`); null for a commit status. */
  app: string | null;
  /**
   * A check run's status (`queued`, `in_progress`, `completed`, and for Actions `waiting`,
   * `requested`, `pending`); a commit status's state (`pending`, `success`, `failure`, `error`).
   */
  status: string;
  /** A completed check run's conclusion; null while it runs and for commit statuses. */
  conclusion: string | null;
  /** Where a human reads the details (the run's page, the status's target URL). */
  url: string | null;
  /** The GitHub Actions job behind a check run (its log is readable through the API), or null. */
  jobId: number | null;
  /** What the check said about itself: a check run's output, a status's description (bounded). */
  output: string;
  /** Made by Ralph's own workflow: never part of the verdict. */
  own: boolean;
}

/**
 * How one check counts:
 * - `passing`: success, and also `neutral` and `skipped` — GitHub itself treats those as
 *   satisfied (a skipped job behind a path filter, an informational check);
 * - `failing`: failure, timed_out, startup_failure, a status `failure` or `error`: something a
 *   follow-up can look at, with the check's log or output as feedback;
 * - `unfinished`: cancelled or stale — the check ended without a verdict on the code (a human or
 *   a newer run stopped it, or GitHub gave up on it after 14 days). It holds nothing back and
 *   starts no fix; the status comment names it, and a re-run is read again;
 * - `pending`: not completed yet, and `action_required` (the run waits for a human to approve it).
 */
export type CheckOutcome = "pending" | "passing" | "failing" | "unfinished";

/** Check run conclusions that fail a check (a follow-up can act on them). */
export const FAILING_CHECK_CONCLUSIONS: readonly string[] = [
  "failure",
  "timed_out",
  "startup_failure",
];
const FAILING_CONCLUSIONS = new Set(FAILING_CHECK_CONCLUSIONS);
const PASSING_CONCLUSIONS = new Set(["success", "neutral", "skipped"]);
const UNFINISHED_CONCLUSIONS = new Set(["cancelled", "stale"]);

export function checkOutcome(check: Pick<CiCheck, "kind" | "status" | "conclusion">): CheckOutcome {
  if (check.kind === "status") {
    if (check.status === "success") return "passing";
    if (check.status === "failure" || check.status === "error") return "failing";
    return "pending";
  }
  if (check.status !== "completed" || check.conclusion === null) return "pending";
  if (FAILING_CONCLUSIONS.has(check.conclusion)) return "failing";
  if (PASSING_CONCLUSIONS.has(check.conclusion)) return "passing";
  if (UNFINISHED_CONCLUSIONS.has(check.conclusion)) return "unfinished";
  // action_required, and any conclusion GitHub adds later: not decided yet.
  return "pending";
}

export type CiVerdict =
  /** No check at all on the commit (Ralph's own excluded). */
  | { kind: "none" }
  /** Some check still runs (or waits for a human); `failing` lists those already red. */
  | { kind: "pending"; pending: CiCheck[]; failing: CiCheck[]; total: number }
  /** Every check finished and none failed; `unfinished` ended without a verdict. */
  | { kind: "green"; total: number; unfinished: CiCheck[] }
  /** Every check finished and at least one failed. */
  | { kind: "red"; failing: CiCheck[]; total: number; unfinished: CiCheck[] };

/**
 * The verdict on one commit. Red waits for every check to finish, so one follow-up gets every
 * failure at once instead of one per finished check.
 */
export function ciVerdict(checks: readonly CiCheck[]): CiVerdict {
  const counted = checks.filter((c) => !c.own);
  if (counted.length === 0) return { kind: "none" };
  const by = (outcome: CheckOutcome) => counted.filter((c) => checkOutcome(c) === outcome);
  const [pending, failing, unfinished] = [by("pending"), by("failing"), by("unfinished")];
  const total = counted.length;
  if (pending.length > 0) return { kind: "pending", pending, failing, total };
  if (failing.length > 0) return { kind: "red", failing, total, unfinished };
  return { kind: "green", total, unfinished };
}

/** A failing check as a follow-up story gets it (and the agents' feedback file). */
export interface CiFailure {
  name: string;
  /** The check run's conclusion, or the status's state. */
  conclusion: string;
  url: string | null;
  /** The end of its job log, or its output / description when no log is readable. */
  log: string;
  /** Where `log` came from. */
  source: "job_log" | "check_output" | "status_description" | "none";
}

/** The failure of one failing check before its log is read: its own output stands in. */
export function failureOf(check: CiCheck, log?: string): CiFailure {
  const fromLog = log !== undefined && log.trim() !== "";
  const output = check.output.trim();
  return {
    name: check.name,
    conclusion: check.kind === "status" ? check.status : (check.conclusion ?? "failure"),
    url: check.url,
    log: fromLog ? log : output,
    source: fromLog
      ? "job_log"
      : output === ""
        ? "none"
        : check.kind === "status"
          ? "status_description"
          : "check_output",
  };
}

/** One line per check for the status comment: `name` (conclusion). */
export function checkList(checks: readonly CiCheck[], max = 10): string {
  const named = checks.slice(0, max).map((c) => {
    const word = c.kind === "status" ? c.status : (c.conclusion ?? c.status);
    return `\`${c.name.replace(/`/g, "'")}\` (${word})`;
  });
  const more = checks.length > max ? `, and ${checks.length - max} more` : "";
  return `${named.join(", ")}${more}`;
}
