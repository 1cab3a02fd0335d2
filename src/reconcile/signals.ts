import type { Effect } from "../core/effects.js";
import type { MachineState } from "../core/state.js";
import { type GitHubContext, type GitHubUser, isBotUser } from "../github/client.js";
import type { IssueComment } from "../github/comments.js";
import type { Dispatcher, EffectFailure, FileCommitter } from "../github/effects.js";
import type { IssueRead } from "../github/issue-read.js";
import type { Review } from "../github/pulls.js";
import type { ReviewComment } from "../github/review-threads.js";
import type { IssueInfo } from "./issue-info.js";

/** What the webhook (or the poller) saw; everything else is read from GitHub (DESIGN §6.1). */
export type Signal =
  /**
   * `issue_comment.created`: included even if the listing does not show it yet. `from`: the
   * number of Ralph's pull request the comment was written on, when it was routed to its issue.
   */
  | { kind: "comment"; comment: IssueComment; from?: number }
  /**
   * Trigger label added (`label`), issue opened (`label: null`), or issue assigned to `assignee`.
   * `at`: the payload's issue `updated_at`, so a redelivered trigger starts nothing twice.
   */
  | {
      kind: "trigger";
      sender: GitHubUser;
      label: string | null;
      assignee?: string;
      at?: string;
    }
  /** `pull_request_review.submitted` on the PR `pr`. */
  | { kind: "review"; pr: number; review: Review }
  /** `pull_request_review.dismissed`: the listing may not show the dismissal yet. */
  | { kind: "review_dismissed"; pr: number; review: Review }
  /**
   * `pull_request_review_comment.created` on the PR `pr`: an inline comment, which only matters
   * with `/ralph fix` in it (its thread and the round's inline comments are the feedback).
   */
  | { kind: "review_comment"; pr: number; comment: ReviewComment }
  /** A Ralph workflow run that failed or was cancelled. */
  | { kind: "run_failed"; conclusion: string; runUrl: string | null }
  /** `pull_request.closed` of Ralph's pull request (or the spec PR) `pr`. */
  | { kind: "pr_closed"; pr: number; merged: boolean }
  /** `pull_request.reopened` of Ralph's pull request `pr`. */
  | { kind: "pr_reopened"; pr: number }
  /**
   * The repository's CI reported on `sha`, the head of Ralph's pull request `pr` (a check suite or
   * run completed, a commit status, a workflow run): re-read like a touch; the CI gate reads the
   * checks from it.
   */
  | { kind: "ci"; pr: number; sha: string }
  /** A sweep found Ralph's pull request `pr` conflicting with its base (reconcile/conflict-sweep.ts). */
  | { kind: "base"; pr: number }
  /** Nothing specific: re-read (poller sweep, dismissed review, review comment, PR push). */
  | { kind: "touch" };

export interface ReconcileInput {
  gh: GitHubContext;
  issue: number | IssueInfo;
  signal: Signal;
  /** How agent steps run; default: workflow_dispatch of `config.workflow` (App mode). */
  dispatch?: Dispatcher;
  /** https://github.com/<owner>/<repo> (or the GHES equivalent), for links in the status. */
  repoUrl?: string;
  /**
   * Makes `commit_files` effects (a `/ralph replan` from a waiting phase archives the plan). Only
   * a git workspace can: the Action passes one; without it the effect fails visibly.
   */
  commitFiles?: FileCommitter;
  /**
   * The issue as the caller read it a moment ago (the Action's checkpoint): the reconcile starts
   * from it instead of reading again. A retry after a state conflict reads.
   */
  read?: IssueRead;
  /**
   * The Actions run that does dispatched work in-process (the Action): its link goes into the
   * same save that starts the step, not into a second one at the run's first checkpoint.
   */
  runUrl?: string | null;
  /**
   * The caller's own run posted the PRD the issue awaits approval for, a moment ago, and nobody
   * saved since (the Action's closing checkpoint after its plan step): the PR's reviews and the
   * PRD comment's 👍 are not read (issue 11: three calls). Nothing is lost: a review arrives as
   * its own event, and reactions — which fire none — are read by the next event or the sweep, as
   * any given after this run ends are.
   */
  prdJustPosted?: boolean;
  /**
   * The clock the CI gate measures its wait for a first check by (milliseconds since the epoch);
   * default the system's. Tests inject one.
   */
  now?: () => number;
}

export interface ReconcileReport {
  outcome: "ignored" | "config_error" | "broken_state" | "refused" | "reconciled";
  state: MachineState | null;
  /** The state the reconcile started from (before the event), when it got that far. */
  initial?: MachineState;
  saved: boolean;
  effects: Effect[];
  failures: EffectFailure[];
}

export function report(outcome: ReconcileReport["outcome"]): ReconcileReport {
  return { outcome, state: null, saved: false, effects: [], failures: [] };
}

/** Neither a bot nor Ralph itself: the only authors whose text can become events (§7.2). */
export function isHuman(
  gh: GitHubContext,
  user: GitHubUser | null | undefined,
): user is GitHubUser {
  return !!user && !isBotUser(user) && user.login.toLowerCase() !== gh.botLogin.toLowerCase();
}
