import type { CiFailure as CiCheckFailure, CiVerdict } from "./ci-verdict.js";
import type { CommandName } from "./command-table.js";
import type {
  FollowUpDraftInput,
  FollowUpFeedbackInput,
  FollowUpSource,
  ReviewThread,
} from "./followup.js";
import type { Prd, Uncertainty } from "./prd.js";
import type { Rejection } from "./rejection.js";
import type { AgentStep, ApprovalChannel, PendingDecision } from "./state.js";

/** GitHub repository permission, from the collaborator-permission API (never author_association). */
export type Permission = "admin" | "maintain" | "write" | "triage" | "read" | "none";
export const PERMISSION_RANK: Record<Permission, number> = {
  none: 0,
  read: 1,
  triage: 2,
  write: 3,
  maintain: 4,
  admin: 5,
};
export function hasPermission(actual: Permission, needed: Permission): boolean {
  return PERMISSION_RANK[actual] >= PERMISSION_RANK[needed];
}

export interface Actor {
  login: string;
  permission: Permission;
  isBot: boolean;
  isIssueAuthor: boolean;
}

export { COMMAND_NAMES, type CommandName } from "./command-table.js";

/** One parsed command line (DESIGN §3.1). `args` is the rest of the line, trimmed. */
export type Command =
  | { name: CommandName; args: string; line: string }
  | { name: "unknown"; subcommand: string; args: string; line: string };

/** Seed 003's understand recommendation after planning: why, and how many runs it would take. */
export interface UnderstandAdvice {
  reasons: string[];
  iterations: number;
  /** Topics the planner was unsure about (covered first by `/ralph understand`). */
  topics: string[];
}

/** Result of one agent step, as the pipeline reports it to the machine. */
export type AgentResult =
  | { step: "plan"; kind: "questions"; questions: string[]; uncertainties: Uncertainty[] }
  | {
      step: "plan";
      kind: "prd";
      prd: Prd;
      planText: string;
      /** prdRevision(prd, planText), computed by the caller. */
      revision: string;
      branch: string;
      specId: string;
      /** Spec PR: its other specs not done yet, in path order (planned and run after this one). */
      specsLeft?: string[];
      /** Set when the codebase map is missing or stale or the planner was unsure (seed 003). */
      understand?: UnderstandAdvice | null;
    }
  | { step: "research"; kind: "decisions"; decisions: PendingDecision[] }
  | { step: "consensus"; kind: "critic"; verdict: "OKAY" | "REJECT"; feedback: string[] }
  | { step: "implement"; kind: "implemented"; storyId: string; commit: string }
  | { step: "implement"; kind: "no_progress"; storyId: string }
  | {
      step: "verify";
      kind: "verdict";
      storyId: string;
      commit: string;
      verdict: "PASS" | "FAIL";
      invalidation: string | null;
      feedback: string;
      criteria: { criterion: string; pass: boolean }[];
      /**
       * Ralph could not accept the verdict (a PASS without the full table, in a fence, or no
       * verdict at all): the verifier runs again with this reason instead of the implementer.
       */
      problem?: string | null;
      /** Who turned a FAIL down when it was not the verifier (a check, Ralph's guard). */
      rejectedBy?: Rejection;
      /**
       * The default branch's head when it holds commits Ralph's branch lacks, read by the runner
       * after a verify run that may be the last before ready (core/machine/base-merge.ts merges
       * it first); absent when the base did not move.
       */
      baseAhead?: string | null;
    }
  /** The regression gate's verdict on the final tree (DESIGN §4.4). */
  | {
      step: "verify";
      kind: "regression";
      commit: string;
      /**
       * Stories that no longer hold, with the feedback for their implementer and who found it
       * (a check on the final tree; the regression gate's verifier when absent).
       */
      regressed: { storyId: string; feedback: string; rejectedBy?: Rejection }[];
      criteria: { criterion: string; pass: boolean; story?: string }[];
      /** No acceptable verdict: nothing is decided on it, the gate runs again. */
      problem: string | null;
      /**
       * The default branch's head when it holds commits Ralph's branch lacks, read by the runner
       * after a verify run that may be the last before ready (core/machine/base-merge.ts merges
       * it first); absent when the base did not move.
       */
      baseAhead?: string | null;
    }
  | { step: "understand"; kind: "understood" }
  /**
   * A follow-up round's amendment (DESIGN §2.3): the PRD with the round's FU stories appended (a
   * new revision), the plan with its addendum, and which review threads each FU story answers.
   */
  | {
      step: "amend";
      kind: "amended";
      prd: Prd;
      planText: string;
      /** prdRevision(prd, planText). */
      revision: string;
      stories: { id: string; threads: number[] }[];
    }
  /**
   * The default branch merged into Ralph's branch and pushed (DESIGN §2.3): nothing to merge, a
   * clean merge commit, or a merge commit holding conflict markers in `files`. `head`: the
   * branch's head after it.
   */
  | {
      step: "merge_base";
      kind: "base_merged";
      outcome: "up_to_date" | "clean" | "conflicts";
      head: string;
      base: string;
      files: string[];
    }
  | { step: AgentStep; kind: "invalid_output"; errors: string[] }
  | { step: AgentStep; kind: "timeout" }
  | { step: AgentStep; kind: "usage_limit"; retryAfterSeconds: number | null }
  | { step: AgentStep; kind: "crash"; message: string };

export interface AgentUsage {
  costUsd?: number;
  tokens?: number;
  /** Agent processes behind one result (usage-limit retries included); 1 when absent. */
  runs?: number;
}

export type MachineEvent =
  /**
   * A command line from an `issue_comment.created` (or review body). `revision`: the PRD revision
   * the author was looking at when the adapter knows it (a review's head commit, or a stale marker
   * for a comment older than the current PRD comment); `/approve` binds to it instead of the
   * current revision (DESIGN §3.3).
   */
  | {
      type: "command";
      command: Command;
      actor: Actor;
      commentId?: number;
      goal?: string;
      revision?: string;
      /**
       * `/ralph fix`: the pull request's inline review comments since the last follow-up round
       * (the adapter reads them for write users only), and where the command came from
       * (`comment:<id>`, `review:<id>`, `review-comment:<id>`) so a redelivery starts one round.
       */
      threads?: ReviewThread[];
      trigger?: string;
      /** When the command was written (ISO). */
      at?: string;
    }
  /** A non-command comment: answers in the questions / decisions phases, otherwise ignored. */
  | { type: "comment"; body: string; actor: Actor; commentId: number }
  /**
   * The trigger label added, an issue opened with `trigger.on_open`, or the issue assigned to one
   * of `trigger.assignees`. `at`: when it happened (the payload's issue `updated_at`), so a
   * redelivered event is not taken twice.
   */
  | { type: "trigger"; actor: Actor; goal?: string; at?: string }
  /** An approval by comment, 👍 reaction on the PRD comment, or approving review. */
  | {
      type: "approval";
      channel: ApprovalChannel;
      actor: Actor;
      revision: string;
      /** The approving review's id (channel `review`), so its dismissal can withdraw it. */
      reviewId?: number;
    }
  /**
   * An approval taken back: the approving review was dismissed, or the 👍 removed. That user's
   * approval on that channel stops counting for the current revision (DESIGN §3.3).
   */
  /** A dismissed review, a removed 👍, or an approver who no longer may approve (permission lost). */
  | { type: "approval_withdrawn"; channel: ApprovalChannel; login: string }
  /**
   * A "changes requested" review: its body and inline comments are the feedback. Before
   * implementation it sends the PRD back to the planner (`feedback`); on finished work it starts a
   * follow-up round (`review`: the same, structured).
   */
  | {
      type: "changes_requested";
      actor: Actor;
      feedback: string;
      review?: { id: number; body: string; threads: ReviewThread[]; at: string | null };
    }
  /**
   * Feedback on Ralph's pull request that becomes a follow-up round (DESIGN §2.3), from any
   * source: the CI gate and the base merge send it with the stories Ralph formed itself
   * (`stories`, no planner run); without stories a planner run in amend mode writes them.
   */
  | {
      type: "followup_request";
      source: FollowUpSource;
      /** The human who asked (write access needed); absent for a round Ralph forms itself. */
      actor?: Actor;
      feedback: FollowUpFeedbackInput;
      /** Idempotency key (`review:<id>`, `check_run:<id>`, `base:<sha>`): one round per key. */
      trigger?: string;
      at?: string;
      stories?: FollowUpDraftInput[];
      /** Whose review to ask for again when the round is done. */
      reviewers?: string[];
    }
  | { type: "agent_result"; result: AgentResult; usage?: AgentUsage; runUrl?: string }
  | { type: "budget_exhausted"; reason: string }
  /** A Ralph workflow run that failed or was cancelled outside Ralph's control. */
  | { type: "run_failed"; conclusion: string; runUrl: string | null }
  /** Ralph's pull request (or the spec PR) was merged or closed: Ralph stops watching it. */
  | { type: "pr_closed"; pr: number; merged: boolean }
  /** A closed, unmerged pull request of Ralph's was reopened. */
  | { type: "pr_reopened"; pr: number }
  /**
   * GitHub reports Ralph's pull request as conflicting with its base: `sha` its head, `baseSha`
   * the base branch's commit it was computed against (core/machine/base-merge.ts).
   */
  | { type: "base_unmergeable"; pr: number; sha: string; baseSha: string }
  /**
   * What the repository's CI says about `sha`, the head of Ralph's pull request, read `at` (the
   * reader's clock, ISO): the CI gate decides on it (core/machine/ci-wait.ts). `failures`: the
   * failing checks with the end of their logs, read only for a red verdict. `pushedBy`: the login
   * Ralph pushes as (a push with GITHUB_TOKEN starts no workflow: the note says so).
   */
  | {
      type: "ci_result";
      sha: string;
      at: string;
      verdict: CiVerdict;
      pushedBy: string;
      failures?: CiCheckFailure[];
    };
