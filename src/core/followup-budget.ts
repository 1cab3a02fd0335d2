import {
  FEEDBACK_CI_FAILURES_MAX,
  FEEDBACK_CONFLICTS_MAX,
  FEEDBACK_TEXTS_MAX,
  FEEDBACK_THREADS_MAX,
  FOLLOWUP_ANSWERS_MAX,
  FOLLOWUP_STORIES_MAX,
  type FollowUpFeedback,
  type FollowUpRequestRecord,
  type FollowUpState,
} from "./followup.js";

/**
 * The follow-up state within the state's budget (DESIGN §6.4, core/state-budget.ts). Its
 * structure is bounded by caps — requests waiting (5, the state's schema), the triggers taken
 * (40, each a short id), a round's threads, checks and conflicts (core/followup.ts), its FU
 * stories (FOLLOWUP_STORIES_MAX, each naming threads once), reviewers and drafts — and everything
 * people and checks wrote into it (feedback texts, thread paths and texts, log tails, drafts) is
 * free text that fitState cuts as a last resort, after dropping the oldest waiting requests.
 */
export const FOLLOWUP_CAPS = {
  triggers: 40,
  /**
   * Characters of one trigger (`review:<id>`, `comment:<id>`, `ci:<40-hex sha>`): never cut
   * shorter than the longest, or a clipped trigger would no longer match and start a round twice.
   */
  triggerChars: 48,
  reviewers: 10,
  /** Characters of a login (GitHub allows 39). */
  loginChars: 40,
  /** Stories Ralph forms itself (one per failing check, at most FEEDBACK_CI_FAILURES_MAX). */
  drafts: FEEDBACK_CI_FAILURES_MAX,
  draftCriteria: 5,
} as const;

function clipTo(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max);
}

function unique<T>(list: readonly T[]): T[] {
  return [...new Set(list)];
}

function boundFeedbackLists(f: FollowUpFeedback): void {
  f.text = f.text.slice(-FEEDBACK_TEXTS_MAX);
  f.threads = f.threads.slice(0, FEEDBACK_THREADS_MAX);
  f.ciFailures = f.ciFailures.slice(-FEEDBACK_CI_FAILURES_MAX);
  f.conflicts = f.conflicts.slice(0, FEEDBACK_CONFLICTS_MAX);
}

/**
 * `items` with their thread ids each named once and FOLLOWUP_ANSWERS_MAX in all (the amend
 * envelope's rule; the later items lose theirs first).
 */
function boundAnswers<T extends { threads: number[] }>(items: readonly T[]): T[] {
  let left = FOLLOWUP_ANSWERS_MAX;
  return items.map((item) => {
    const threads = unique(item.threads).slice(0, left);
    left -= threads.length;
    return { ...item, threads };
  });
}

function boundRequest(r: FollowUpRequestRecord): void {
  const caps = FOLLOWUP_CAPS;
  boundFeedbackLists(r.feedback);
  if (r.by !== null) r.by = clipTo(r.by, caps.loginChars);
  r.reviewers = r.reviewers.slice(0, caps.reviewers).map((l) => clipTo(l, caps.loginChars));
  r.drafts = boundAnswers(
    r.drafts.slice(0, caps.drafts).map((d) => ({
      ...d,
      acceptanceCriteria: d.acceptanceCriteria.slice(0, caps.draftCriteria),
    })),
  );
}

/** The follow-up state's structure within its caps (fitState's first step). */
export function boundFollowUp(f: FollowUpState | null): void {
  if (f === null) return;
  f.triggers = f.triggers
    .slice(-FOLLOWUP_CAPS.triggers)
    .map((t) => clipTo(t, FOLLOWUP_CAPS.triggerChars));
  f.queued = f.queued.slice(-5);
  for (const r of f.queued) boundRequest(r);
  const round = f.current;
  if (round === null) return;
  boundRequest(round);
  round.stories = boundAnswers(round.stories.slice(0, FOLLOWUP_STORIES_MAX));
}

function clipRequest(r: FollowUpRequestRecord, cut: (t: string) => string): void {
  const f = r.feedback;
  f.text = f.text.map(cut);
  f.threads = f.threads.map((t) => ({
    ...t,
    path: cut(t.path),
    author: cut(t.author),
    text: cut(t.text),
    url: t.url === null ? null : cut(t.url),
  }));
  f.ciFailures = f.ciFailures.map((c) => ({
    check: cut(c.check),
    conclusion: cut(c.conclusion),
    logTail: cut(c.logTail),
    url: c.url === null ? null : cut(c.url),
  }));
  f.conflicts = f.conflicts.map(cut);
  // A draft's title and criteria must not be blank (the state's schema): cut, never emptied.
  const keep = (t: string) => (cut(t).trim() === "" ? "…" : cut(t));
  r.drafts = r.drafts.map((d) => ({
    ...d,
    title: keep(d.title),
    acceptanceCriteria: d.acceptanceCriteria.map(keep),
    notes: cut(d.notes),
  }));
}

/**
 * The follow-up state's free text cut with `cut` (fitState's last resort). A thread cut to
 * nothing keeps its id and line: the reply still lands in it.
 */
export function clipFollowUp(f: FollowUpState | null, cut: (t: string) => string): void {
  if (f === null) return;
  for (const r of f.queued) clipRequest(r, cut);
  if (f.current !== null) clipRequest(f.current, cut);
}
