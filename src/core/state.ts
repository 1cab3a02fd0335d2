import * as z from "zod";
import { followUpStateSchema } from "./followup.js";
import { approvalReadsSchema } from "./read-cursors.js";

/**
 * The machine state (DESIGN §6.1): versioned, zod-validated, stored base64 in the status comment.
 * Everything here is trusted only when read from a comment Ralph itself authored.
 */
export const PHASES = [
  "idle",
  "planning",
  "questions",
  "decisions",
  "consensus",
  "awaiting_approval",
  "run_gate",
  "implementing",
  "verifying",
  "plan_invalidated",
  /** Waiting (no runner held) for the repository's CI on the pull request's head (§2.3). */
  "ci",
  "done",
  "failed",
  "stopped",
] as const;
export const phaseSchema = z.enum(PHASES);
export type Phase = z.infer<typeof phaseSchema>;

/** Phases owned by the Actions job running them (DESIGN §6.2); the others wait for humans. */
export const AGENT_PHASES: readonly Phase[] = [
  "planning",
  "consensus",
  "implementing",
  "verifying",
  "plan_invalidated",
];
export function isAgentPhase(phase: Phase): boolean {
  return AGENT_PHASES.includes(phase);
}

/**
 * What a dispatched Actions job runs. `amend`: a planner run in amend mode, feedback on the
 * finished work becomes FU stories (§2.3). `merge_base`: a moving base (§2.3), the default branch
 * merged into Ralph's branch in the runner that has the checkout (a merge commit); no agent runs.
 */
export const AGENT_STEPS = [
  ...["research", "plan", "consensus", "implement", "verify", "understand"],
  ...["amend", "merge_base"],
] as const;
export const agentStepSchema = z.enum(AGENT_STEPS);
export type AgentStep = z.infer<typeof agentStepSchema>;

export const storyStatusSchema = z.enum(["pending", "running", "passed", "failed"]);
export type StoryStatus = z.infer<typeof storyStatusSchema>;

/**
 * One story as the machine needs it (DESIGN §6.4): what it decides on, nothing more. The title is
 * kept short (core/state-budget.ts storyTitle) for the checklist and the review texts; the full
 * story is the PRD file on the branch, and its verdicts (criteria, commits, times) the stories
 * sidecar next to it. The list is in execution order (priority, then PRD order).
 */
export const storyStateSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  status: storyStatusSchema,
  attempts: z.number().int().min(0),
  /** Commit the last implement run produced (the seed-000 candidate); verified against this. */
  commit: z.string().nullable(),
});
export type StoryState = z.infer<typeof storyStateSchema>;

export const approvalChannelSchema = z.enum(["comment", "reaction", "review"]);
export type ApprovalChannel = z.infer<typeof approvalChannelSchema>;

export const decisionOptionSchema = z.strictObject({
  number: z.number().int().min(1),
  label: z.string(),
  description: z.string().default(""),
});

export const pendingDecisionSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  critical: z.boolean(),
  options: z.array(decisionOptionSchema).min(1),
  recommendation: z.number().int().nullable(),
  selected: z.number().int().nullable(),
  /** Free-text answer when a user replies with something other than an option number. */
  custom: z.string().nullable().default(null),
  /** Seed 002 decisions.json fields, kept so the file on the branch is complete. */
  category: z.string().default(""),
  context: z.string().default(""),
  rationale: z.string().default(""),
  /** Questions a maintainer asked about this decision, with Ralph's answers (seed 002). */
  followUps: z.array(z.strictObject({ question: z.string(), answer: z.string() })).default([]),
});
export type PendingDecision = z.infer<typeof pendingDecisionSchema>;

export const machineStateSchema = z.strictObject({
  version: z.literal(1),
  issue: z.number().int().min(1),
  /** `spec_pr` when the issue is a same-repo PR adding spec files (DESIGN §2.2). */
  kind: z.enum(["issue", "spec_pr"]).default("issue"),
  phase: phaseSchema,
  /** Writer counter (DESIGN §6.2): each writer re-checks it before saving. */
  revision: z.number().int().min(0),
  /**
   * This revision was saved under its claim ref (github/state-claim.ts, kept for the whole series),
   * so a writer that read it needs no re-read of the comment before its own claimed save: a newer
   * revision would hold the claim it asks for. Absent in states saved without a claim.
   */
  claimed: z.boolean().optional(),
  /**
   * Command comments written on Ralph's own pull request while a job owned the state: the job's
   * next checkpoint (or the next reconcile) takes them in, as it does the issue's own comments.
   */
  routedCommands: z.array(z.number().int().min(1)).default([]),
  /**
   * What was already turned into events (DESIGN §6.1): the highest comment / review id, and for
   * comments a bounded record of ids read above a floor, since GitHub can list a comment late
   * (core/seen-comments.ts). Without `commentFloor` (older states) `commentId` is the floor.
   */
  watermark: z
    .strictObject({
      commentId: z.number().int().min(0),
      reviewId: z.number().int().min(0),
      commentFloor: z.number().int().min(0).optional(),
      comments: z.array(z.number().int().min(0)).max(100).optional(),
    })
    .default({ commentId: 0, reviewId: 0 }),
  /** The step a dispatched job must run next, when in an agent phase. */
  pendingStep: agentStepSchema.nullable().default(null),
  /** Notes given with `/ralph plan <notes>` and reviewer feedback for the next planner run. */
  planNotes: z.array(z.string()).default([]),
  feedback: z.array(z.string()).default([]),
  complexity: z.enum(["simple", "complex"]).nullable().default(null),
  researchDone: z.boolean().default(false),
  questionRounds: z.number().int().min(0).default(0),
  /** The question round's questions, kept after the first answer until the planner's next result. */
  openQuestions: z.array(z.string()).default([]),
  /** Trusted Q&A only: answers by users with write access. */
  qa: z
    .array(z.strictObject({ question: z.string(), answer: z.string(), by: z.string() }))
    .default([]),
  decisions: z.array(pendingDecisionSchema).default([]),
  consensusRounds: z.number().int().min(0).default(0),
  /** Critic concerns left when consensus was forced (listed on the PRD comment). */
  concerns: z.array(z.string()).default([]),
  /** Seed 003 understand recommendation of the current PRD (shown on the PRD comment). */
  understandAdvice: z
    .strictObject({
      reasons: z.array(z.string()),
      iterations: z.number().int().min(0),
      topics: z.array(z.string()).default([]),
    })
    .nullable()
    .default(null),
  prd: z
    .strictObject({
      /** sha256 of canonical PRD JSON + plan text (DESIGN §3.3). */
      revision: z.string(),
      /** 1 for the first PRD, +1 for every re-plan or revision. */
      number: z.number().int().min(1),
      branchName: z.string(),
      commentId: z.number().int().nullable().default(null),
      stories: z.array(storyStateSchema),
    })
    .nullable()
    .default(null),
  approvals: z
    .array(
      z.strictObject({
        login: z.string(),
        revision: z.string(),
        channel: approvalChannelSchema,
        /** The approving review (channel `review`): its dismissal withdraws the approval. */
        reviewId: z.number().int().optional(),
      }),
    )
    .default([]),
  /** The login(s) whose approval started implementation, for `Co-authored-by:`. */
  approvedBy: z.array(z.string()).default([]),
  runGatePassed: z.boolean().default(false),
  branch: z.string().nullable().default(null),
  prNumber: z.number().int().nullable().default(null),
  specId: z.string().nullable().default(null),
  /** Spec PR (DESIGN §2.2): specs whose stories are all verified, in the order they ran. */
  specsDone: z.array(z.string()).default([]),
  /** Spec PR: the PR's specs still to plan after the current one (path order), as of its plan. */
  specsLeft: z.array(z.string()).default([]),
  currentStory: z.string().nullable().default(null),
  verifierFeedback: z.string().nullable().default(null),
  /**
   * The regression gate runs (DESIGN §4.4): every story re-verified on the final tree before the
   * done marker. The pending `verify` step is then about all stories, not `currentStory`.
   */
  finalCheck: z.boolean().default(false),
  /** Why Ralph did not accept the verifier's last verdict: shown to the verifier's next run. */
  verdictProblem: z.string().nullable().default(null),
  invalidation: z
    .strictObject({ reason: z.string(), attempt: z.number().int().min(1) })
    .nullable()
    .default(null),
  counters: z
    .strictObject({
      agentRuns: z.number().int().min(0),
      replans: z.number().int().min(0),
      costUsd: z.number().min(0),
      tokens: z.number().int().min(0),
    })
    .default({ agentRuns: 0, replans: 0, costUsd: 0, tokens: 0 }),
  /** Circuit breaker (DESIGN §4.5): same failure signature (or no progress) in a row. */
  breaker: z
    .strictObject({ signature: z.string().nullable(), count: z.number().int().min(0) })
    .default({ signature: null, count: 0 }),
  lastError: z.string().nullable().default(null),
  stopReason: z.string().nullable().default(null),
  /** Where `/ralph run` resumes after stop or failure. */
  resumePhase: phaseSchema.nullable().default(null),
  resumeStep: agentStepSchema.nullable().default(null),
  /** Phase to return to after an understand run started from a waiting phase. */
  returnPhase: phaseSchema.nullable().default(null),
  runUrl: z.string().nullable().default(null),
  /**
   * When the current phase began (ISO time), stamped by the save that changed the phase: the
   * phase lines of `ralph.log` measure a phase from it, also in a run that did not see it begin.
   */
  phaseSince: z.string().nullable().default(null),
  /** The 👍 read so far on the current PRD comment (core/read-cursors.ts, issue 16). */
  approvalReads: approvalReadsSchema.optional(),
  /**
   * Ralph's pull request was merged or closed (DESIGN §2.3): Ralph stopped watching it and starts
   * nothing more for it (core/machine/pr-closed.ts). Cleared when it is reopened unmerged, or when
   * a new plan starts over with a new pull request.
   */
  prClosed: z
    .strictObject({ number: z.number().int().min(1), merged: z.boolean() })
    .nullable()
    .default(null),
  /**
   * When the last trigger Ralph took (trigger label, assignment, opened issue) was made, as the
   * event's issue `updated_at` says: a redelivered or re-run event is not taken twice.
   */
  triggeredAt: z.string().nullable().default(null),
  /**
   * Follow-up rounds on Ralph's pull request (DESIGN §2.3): the round in progress, the requests
   * queued behind it, and the count against `limits.max_followups`. Null until the first request.
   */
  followUp: followUpStateSchema.nullable().default(null),
  /**
   * The CI gate (DESIGN §2.3, core/machine/ci-wait.ts): the head commit Ralph waits for checks
   * on and since when (both set by the first CI read after the push, from its clock), the
   * follow-up rounds spent on red checks (limits.max_ci_fixes), and what the last gate decision
   * had to say (no check appeared, checks ended without a verdict), for the status comment.
   */
  ci: z
    .strictObject({
      sha: z.string().nullable(),
      since: z.string().nullable(),
      fixes: z.number().int().min(0),
      note: z.string().nullable(),
    })
    .nullable()
    .default(null),
  /**
   * When this revision was saved (ISO time, the saver's clock): a save long after it knows every
   * state claim up to it can no longer matter and cleans them (github/claim-cleanup.ts).
   */
  savedAt: z.string().nullable().default(null),
  /**
   * The base merge (core/machine/base-merge.ts): why the last one ran (`/ralph update`, GitHub
   * reported the pull request unmergeable, or the base moved before ready), the phase it returns to when there is nothing to
   * merge, and which unmergeable report (`<head>..<base>` commits) started it, so a report that
   * GitHub has not recomputed yet does not start the same merge again.
   */
  baseMerge: z
    .strictObject({
      reason: z.enum(["command", "unmergeable", "ready"]),
      from: phaseSchema,
      report: z.string().nullable().default(null),
    })
    .nullable()
    .default(null),
  /**
   * Seed 002 on GitHub with `parallel-runners`: the batch of stories (the current one first) a
   * run handed to a job matrix, one runner per story, from `base` (Ralph's branch then). Cleared
   * by the next result the machine takes; a run that finds it still set knows the combine never
   * happened (a cancelled or crashed matrix) and runs the batch itself.
   */
  parallelDispatch: z
    .strictObject({
      stories: z.array(z.string()).min(2),
      base: z.string().regex(/^[0-9a-f]{40}$/),
      runUrl: z.string().nullable(),
    })
    .optional(),
});

export type MachineState = z.infer<typeof machineStateSchema>;

export function initialState(issue: number, kind: MachineState["kind"] = "issue"): MachineState {
  return machineStateSchema.parse({ version: 1, issue, kind, phase: "idle", revision: 0 });
}

/** Exactly one phase label at a time (DESIGN §3.2). `idle` has none. */
export const PHASE_LABELS: Record<Phase, string | null> = {
  idle: null,
  planning: "ralph:planning",
  questions: "ralph:questions",
  decisions: "ralph:questions",
  consensus: "ralph:planning",
  awaiting_approval: "ralph:awaiting-approval",
  run_gate: "ralph:awaiting-approval",
  implementing: "ralph:implementing",
  verifying: "ralph:verifying",
  plan_invalidated: "ralph:plan-invalidated",
  ci: "ralph:ci",
  done: "ralph:done",
  failed: "ralph:failed",
  stopped: "ralph:stopped",
};
export const ALL_PHASE_LABELS: readonly string[] = [
  ...new Set(Object.values(PHASE_LABELS).filter((l): l is string => l !== null)),
];
