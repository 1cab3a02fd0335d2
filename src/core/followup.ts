import * as z from "zod";
import { counted } from "./counted.js";
import { PRD_LIMITS, type ValidationResult } from "./prd.js";
import { formatZodIssues } from "./zod-errors.js";

/**
 * Follow-up rounds (DESIGN §2.3): what reaches Ralph's pull request after its stories passed —
 * review feedback, `/ralph fix`, later a red CI check or a conflicting base — becomes follow-up
 * stories `FU-n` appended to the PRD. Pure: the schemas of the feedback (as the state keeps it and
 * as agents read it from RALPH_FEEDBACK_FILE), of the amend envelope, and their bounds.
 */

/** Where a round's feedback came from. `review` and `fix` are human; `ci` and `conflict` Ralph's. */
export const FOLLOWUP_SOURCES = ["review", "fix", "ci", "conflict"] as const;
export const followUpSourceSchema = z.enum(FOLLOWUP_SOURCES);
export type FollowUpSource = z.infer<typeof followUpSourceSchema>;

/** One review thread: `id` is the thread's first comment, the one replies are posted to. */
export const reviewThreadSchema = z.strictObject({
  id: z.number().int().min(1),
  path: z.string(),
  /** The line in the file the comment sits on; null for a comment on the whole file. */
  line: z.number().int().min(1).nullable(),
  author: z.string(),
  /** Every human comment of the thread Ralph read, oldest first, as one text. */
  text: z.string(),
  url: z.string().nullable().default(null),
});
export type ReviewThread = z.infer<typeof reviewThreadSchema>;

/** A check that failed on Ralph's head commit (filled by the CI gate). */
export const ciFailureSchema = z.strictObject({
  check: z.string(),
  conclusion: z.string(),
  logTail: z.string(),
  url: z.string().nullable().default(null),
});
export type CiFailure = z.infer<typeof ciFailureSchema>;

/** The feedback of one round, structured. Every text in it is untrusted (fenced in prompts). */
export const followUpFeedbackSchema = z.strictObject({
  /** Free text: a review's body, the words after `/ralph fix`. */
  text: z.array(z.string()).default([]),
  threads: z.array(reviewThreadSchema).default([]),
  ciFailures: z.array(ciFailureSchema).default([]),
  /** Files left conflicted by a merge of the default branch. */
  conflicts: z.array(z.string()).default([]),
});
export type FollowUpFeedback = z.infer<typeof followUpFeedbackSchema>;
export type FollowUpFeedbackInput = z.input<typeof followUpFeedbackSchema>;

const nonBlank = z.string().refine((c) => c.trim() !== "", { message: "must not be blank" });

/** A story Ralph forms itself (ci, conflict): no planner run; numbered FU-n by the machine. */
export const followUpDraftSchema = z.strictObject({
  title: nonBlank,
  acceptanceCriteria: z.array(nonBlank).min(1),
  notes: z.string().default(""),
  /** Review threads it answers (none for Ralph's own). */
  threads: z.array(z.number().int().min(1)).default([]),
});
export type FollowUpDraft = z.infer<typeof followUpDraftSchema>;
/** A draft as callers write it (`notes` and `threads` may be left out). */
export type FollowUpDraftInput = z.input<typeof followUpDraftSchema>;

export const FOLLOWUP_ID = /^FU-(\d+)$/;

/** FU-n numbers continue across rounds: the next free number after every FU story so far. */
export function nextFollowUpNumber(storyIds: readonly string[]): number {
  let max = 0;
  for (const id of storyIds) {
    const n = Number(FOLLOWUP_ID.exec(id)?.[1] ?? 0);
    if (n > max) max = n;
  }
  return max + 1;
}

/**
 * FU stories one amendment may add, and thread answers over all of them: the round's stories
 * live in the state next to the largest PRD (DESIGN §6.4, core/followup-budget.ts).
 */
export const FOLLOWUP_STORIES_MAX = 20;
export const FOLLOWUP_ANSWERS_MAX = 60;

/**
 * The amend envelope: the planner's final message in amend mode. Strict like the seed-003
 * envelope: exactly these keys; every story names the threads it answers (ids from the feedback).
 */
export const amendStorySchema = z.strictObject({
  id: z.string().regex(FOLLOWUP_ID, 'must be "FU-<n>"'),
  title: nonBlank,
  acceptanceCriteria: z.array(nonBlank).min(1),
  notes: z.string(),
  /** Ids of the review threads this story answers; [] when it answers free text only. */
  answers: z.array(z.number().int().min(1)),
});
export const amendEnvelopeSchema = z.strictObject({
  followUps: z.array(amendStorySchema).min(1).max(FOLLOWUP_STORIES_MAX),
  /** What changes in the plan: appended to the plan file under the round's heading. */
  planAddendum: z.string(),
});
export type AmendStory = z.infer<typeof amendStorySchema>;
export type AmendEnvelope = z.infer<typeof amendEnvelopeSchema>;

/** The round an amend envelope answers. */
export interface AmendRound {
  firstNumber: number;
  threadIds: readonly number[];
  /** Stories the PRD may still take (PRD_LIMITS.stories less the stories it has); no limit when absent. */
  room?: number;
}

/**
 * Validates an amend envelope against its round: ids FU-<first>, FU-<first+1>, … in order, only
 * thread ids the feedback holds, and every thread answered by some story; and what Ralph can
 * carry: titles within PRD_LIMITS.title, no more stories than the PRD has room for, at most
 * FOLLOWUP_ANSWERS_MAX thread answers in all.
 */
export function validateAmendEnvelope(
  raw: unknown,
  round: AmendRound,
): ValidationResult<AmendEnvelope> {
  const parsed = amendEnvelopeSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: formatZodIssues(parsed.error) };
  const errors: string[] = [];
  const known = new Set(round.threadIds);
  const answered = new Set<number>();
  const stories = parsed.data.followUps;
  if (round.room !== undefined && stories.length > round.room) {
    errors.push(
      `followUps: ${counted(stories.length, "story", "stories")}, but the PRD has room for ${Math.max(0, round.room)} more (Ralph carries at most ${PRD_LIMITS.stories} stories in one PRD): answer the feedback with fewer, larger stories`,
    );
  }
  const answers = stories.reduce((n, story) => n + new Set(story.answers).size, 0);
  if (answers > FOLLOWUP_ANSWERS_MAX) {
    errors.push(
      `followUps: ${answers} thread answers in all (at most ${FOLLOWUP_ANSWERS_MAX}): let one story answer each thread`,
    );
  }
  stories.forEach((story, i) => {
    const want = `FU-${round.firstNumber + i}`;
    if (story.id !== want) errors.push(`followUps[${i}].id: must be "${want}" (got "${story.id}")`);
    if (story.title.length > PRD_LIMITS.title) {
      errors.push(
        `followUps[${i}].title: ${story.title.length} characters (at most ${PRD_LIMITS.title}): keep the title short and put details in the acceptance criteria or notes`,
      );
    }
    for (const id of story.answers) {
      if (!known.has(id))
        errors.push(`followUps[${i}].answers: ${id} is not a thread id of the feedback`);
      answered.add(id);
    }
  });
  const open = round.threadIds.filter((id) => !answered.has(id));
  if (open.length > 0) {
    errors.push(
      `every review thread must be answered by a story; not answered: ${open.join(", ")}`,
    );
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: parsed.data };
}

/** Longest text of one thread, one free-text entry or one log tail the state keeps. */
export const FEEDBACK_TEXT_MAX = 2_000;
export const FEEDBACK_THREADS_MAX = 30;
/** Free-text entries and failing checks one round keeps (the newest). */
export const FEEDBACK_TEXTS_MAX = 20;
export const FEEDBACK_CI_FAILURES_MAX = 10;
export const FEEDBACK_CONFLICTS_MAX = 100;
/** JSON bytes a round's feedback may take in the state (which must fit one comment). */
export const FEEDBACK_BUDGET_BYTES = 16_000;

function cut(text: string, max: number): string {
  const t = text.trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}

function bytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/**
 * Feedback bounded for the state: each text cut to FEEDBACK_TEXT_MAX, at most
 * FEEDBACK_THREADS_MAX threads, then texts halved until the whole fits FEEDBACK_BUDGET_BYTES.
 * A cut thread keeps its id, path and line: the reply still lands in it, and its URL says where
 * the whole text is.
 */
export function boundFeedback(input: FollowUpFeedbackInput): FollowUpFeedback {
  const f = followUpFeedbackSchema.parse(input);
  let max = FEEDBACK_TEXT_MAX;
  const shape = (): FollowUpFeedback => ({
    text: f.text
      .map((t) => cut(t, max))
      .filter((t) => t !== "")
      .slice(-FEEDBACK_TEXTS_MAX),
    threads: f.threads.slice(0, FEEDBACK_THREADS_MAX).map((t) => ({
      ...t,
      path: cut(t.path, 300),
      author: cut(t.author, 100),
      text: cut(t.text, max),
      url: t.url === null ? null : cut(t.url, 300),
    })),
    ciFailures: f.ciFailures.slice(-FEEDBACK_CI_FAILURES_MAX).map((c) => ({
      check: cut(c.check, 200),
      conclusion: cut(c.conclusion, 40),
      logTail: cut(c.logTail, max),
      url: c.url === null ? null : cut(c.url, 300),
    })),
    conflicts: f.conflicts.slice(0, FEEDBACK_CONFLICTS_MAX).map((p) => cut(p, 300)),
  });
  let out = shape();
  while (bytes(out) > FEEDBACK_BUDGET_BYTES && max > 100) {
    max = Math.floor(max / 2);
    out = shape();
  }
  return out;
}

/** Merges two rounds' feedback (a request queued behind another): threads by id, once. */
export function mergeFeedback(a: FollowUpFeedback, b: FollowUpFeedback): FollowUpFeedback {
  const threads = [...a.threads];
  for (const t of b.threads) if (!threads.some((x) => x.id === t.id)) threads.push(t);
  return boundFeedback({
    text: [...a.text, ...b.text],
    threads,
    ciFailures: [...a.ciFailures, ...b.ciFailures],
    conflicts: [...new Set([...a.conflicts, ...b.conflicts])],
  });
}

export function isEmptyFeedback(f: FollowUpFeedback): boolean {
  return (
    f.text.length === 0 &&
    f.threads.length === 0 &&
    f.ciFailures.length === 0 &&
    f.conflicts.length === 0
  );
}

/**
 * What `RALPH_FEEDBACK_FILE` holds (docs/agents.md "Follow-up feedback"): the round, where its
 * feedback came from, the feedback, and — once the amendment exists — which story answers which
 * threads.
 */
export const feedbackFileSchema = z.strictObject({
  version: z.literal(1),
  round: z.number().int().min(1),
  source: followUpSourceSchema,
  requestedBy: z.string().nullable(),
  text: z.array(z.string()),
  threads: z.array(reviewThreadSchema),
  ciFailures: z.array(ciFailureSchema),
  conflicts: z.array(z.string()),
  /** FU story id → the thread ids it answers ({} before the amendment). */
  stories: z.record(z.string().regex(FOLLOWUP_ID), z.array(z.number().int().min(1))),
});
export type FeedbackFile = z.output<typeof feedbackFileSchema>;

export function feedbackFileOf(round: {
  number: number;
  source: FollowUpSource;
  by: string | null;
  feedback: FollowUpFeedback;
  stories: readonly { id: string; threads: readonly number[] }[];
}): FeedbackFile {
  return {
    version: 1,
    round: round.number,
    source: round.source,
    requestedBy: round.by,
    ...round.feedback,
    stories: Object.fromEntries(round.stories.map((s) => [s.id, [...s.threads]])),
  };
}

/** A request waiting for its round: taken while another round (or the first work) was running. */
export const followUpRequestSchema = z.strictObject({
  source: followUpSourceSchema,
  /** The write user who asked; null for a round Ralph forms itself. */
  by: z.string().nullable(),
  feedback: followUpFeedbackSchema,
  drafts: z.array(followUpDraftSchema).default([]),
  /** Whose review to ask for again when the round is done. */
  reviewers: z.array(z.string()).default([]),
  /** When it was asked (ISO), when known: the next `/ralph fix` reads inline comments from here. */
  at: z.string().nullable().default(null),
});
export type FollowUpRequestRecord = z.infer<typeof followUpRequestSchema>;

/** The round in progress: its request, and the FU stories its amendment added. */
export const followUpRoundSchema = followUpRequestSchema.extend({
  number: z.number().int().min(1),
  /** The FU stories of this round with the thread ids each answers ([] before the amendment). */
  stories: z
    .array(z.strictObject({ id: z.string(), threads: z.array(z.number().int()) }))
    .default([]),
});
export type FollowUpRound = z.infer<typeof followUpRoundSchema>;

export const followUpStateSchema = z.strictObject({
  /** Rounds started on this pull request, every source (limits.max_followups). */
  rounds: z.number().int().min(0),
  current: followUpRoundSchema.nullable().default(null),
  queued: z.array(followUpRequestSchema).max(5).default([]),
  /** Requests already taken (a review, a comment, a check run): the same one twice starts one round. */
  triggers: z.array(z.string()).max(40).default([]),
  /** Where the next `/ralph fix` starts reading the pull request's inline comments (ISO). */
  since: z.string().nullable().default(null),
});
export type FollowUpState = z.infer<typeof followUpStateSchema>;

/** The feedback file of the round in progress, or null when none runs. */
export function roundFeedbackFile(f: FollowUpState | null | undefined): FeedbackFile | null {
  const round = f?.current ?? null;
  return round === null ? null : feedbackFileOf(round);
}
