import { boundFollowUp, clipFollowUp } from "./followup-budget.js";
import type { MachineState } from "./state.js";
import { toWire } from "./state-wire.js";

/**
 * The status comment's budget (DESIGN §6.4): one GitHub comment of 65,536 characters holds the
 * human part and the state block (base64 of the state's JSON, 4/3 larger). Both are bounded: the
 * state by STATE_BUDGET_BYTES, the human part by what the block leaves (at least
 * STATUS_HUMAN_MIN, at most STATUS_HUMAN_MAX: its story list is cut, with a link to the PRD on the
 * branch). The state's structure (its stories above all) is bounded by construction, by
 * PRD_LIMITS (core/prd.ts) and the caps below; what humans and agents write into it is fitted into
 * the rest (fitState). test/core/state-budget.test.ts builds the largest state the limits allow
 * and checks the comment fits with STATUS_MARGIN to spare.
 */

/** JSON bytes (UTF-8) the state may take: 60,000 characters of base64. */
export const STATE_BUDGET_BYTES = 45_000;
/** Characters left free in the largest status comment. */
export const STATUS_MARGIN = 1_000;
/** Characters the human part always has, however large the state. */
export const STATUS_HUMAN_MIN = 4_000;
/** Characters the human part takes at most, however small the state. */
export const STATUS_HUMAN_MAX = 16_000;
/** JSON bytes all story titles in the state may take together. */
export const STORY_TITLES_BUDGET_BYTES = 5_000;
/** JSON bytes one story title in the state may take. */
export const STORY_TITLE_MAX_BYTES = 120;

/** Characters of a spec id the state keeps (a spec PR's file names; action/target.ts). */
export const SPEC_ID_MAX = 100;

/** Caps of the lists the machine grows that are not free text (newest kept). */
export const STATE_LIST_CAPS = {
  routedCommands: 20,
  /** Below `approvals.required` (at most 10) distinct approvers, on up to three channels each. */
  approvals: 30,
  approvedBy: 10,
  /** Specs of one spec PR (action/target.ts refuses more, and longer ids than SPEC_ID_MAX). */
  specs: 20,
  decisions: 8,
  /** Options of one decision, and maintainers' follow-up questions on it. */
  decisionOptions: 6,
  followUps: 3,
  openQuestions: 20,
  concerns: 20,
} as const;

const encoder = new TextEncoder();

/** Bytes `value` takes as JSON (UTF-8). */
export function jsonBytes(value: unknown): number {
  return encoder.encode(JSON.stringify(value)).length;
}

/** Bytes the state's JSON takes in the state block (its wire form, state-wire.ts). */
export function stateBytes(s: MachineState): number {
  return jsonBytes(toWire(s));
}

/**
 * `text` cut (with `…`) so that it takes at most `maxBytes` as a JSON string, quotes included;
 * never splits a surrogate pair.
 */
export function clipJsonBytes(text: string, maxBytes: number): string {
  if (jsonBytes(text) <= maxBytes) return text;
  const budget = maxBytes - jsonBytes("…");
  let used = 0;
  let end = 0;
  for (const ch of text) {
    const size = jsonBytes(ch) - 2;
    if (used + size > budget) break;
    used += size;
    end += ch.length;
  }
  return `${text.slice(0, end)}…`;
}

/** JSON bytes one title may take when the PRD has `stories` stories. */
export function storyTitleBytes(stories: number): number {
  return Math.min(
    STORY_TITLE_MAX_BYTES,
    Math.floor(STORY_TITLES_BUDGET_BYTES / Math.max(1, stories)),
  );
}

/** The title as the state keeps it for a PRD of `stories` stories. */
export function storyTitle(title: string, stories: number): string {
  return clipJsonBytes(title.replace(/\s+/g, " ").trim(), storyTitleBytes(stories));
}

/**
 * Whether a title the state kept (maybe cut, with `…`) is the same as a PRD's full title: a
 * re-plan keeps the verdict of a story that comes back with the same id and title.
 */
export function sameStoryTitle(kept: string, title: string): boolean {
  const full = title.replace(/\s+/g, " ").trim();
  if (kept === full) return true;
  return kept.endsWith("…") && full.startsWith(kept.slice(0, -1));
}

function capNewest<T>(list: T[], max: number): T[] {
  return list.length > max ? list.slice(list.length - max) : list;
}

/** The structure of the state within its caps: story titles and the lists above. */
function boundStructure(s: MachineState): void {
  const caps = STATE_LIST_CAPS;
  if (s.prd !== null) {
    const stories = s.prd.stories;
    for (const story of stories) story.title = storyTitle(story.title, stories.length);
  }
  s.routedCommands = capNewest(s.routedCommands, caps.routedCommands);
  // Only approvals of the current PRD revision count (core/machine/approvals.ts); the block
  // carries them without their revision (state-wire.ts).
  const current = s.prd?.revision;
  if (current !== undefined) s.approvals = s.approvals.filter((a) => a.revision === current);
  s.approvals = capNewest(s.approvals, caps.approvals);
  s.approvedBy = capNewest(s.approvedBy, caps.approvedBy);
  // One spec PR has at most `caps.specs` specs: those done and those left are apart.
  s.specsDone = capNewest(s.specsDone, caps.specs);
  s.specsLeft = s.specsLeft
    .filter((id) => !s.specsDone.includes(id))
    .slice(0, caps.specs - s.specsDone.length);
  s.decisions = s.decisions.slice(0, caps.decisions).map((d) => ({
    ...d,
    options: d.options.slice(0, caps.decisionOptions),
    followUps: capNewest(d.followUps, caps.followUps),
  }));
  s.openQuestions = s.openQuestions.slice(0, caps.openQuestions);
  s.concerns = s.concerns.slice(0, caps.concerns);
  boundFollowUp(s.followUp);
  // The 👍 counted are those of approvals by reaction (one a login), within the approvals' cap.
  if (s.approvalReads !== undefined) {
    s.approvalReads.counted = capNewest(s.approvalReads.counted, caps.approvals);
  }
}

/** Free text written by humans and agents, cut to `max` characters each (fitState's last resort). */
function clipFreeText(s: MachineState, max: number): void {
  const cut = (t: string) => (t.length <= max ? t : max === 0 ? "" : `${t.slice(0, max - 1)}…`);
  const cutOrNull = (t: string | null) => (t === null ? null : cut(t));
  s.verifierFeedback = cutOrNull(s.verifierFeedback);
  s.lastError = cutOrNull(s.lastError);
  s.stopReason = cutOrNull(s.stopReason);
  s.verdictProblem = cutOrNull(s.verdictProblem);
  if (s.invalidation !== null) s.invalidation.reason = cut(s.invalidation.reason);
  s.openQuestions = s.openQuestions.map(cut);
  s.concerns = s.concerns.map(cut);
  s.planNotes = s.planNotes.map(cut);
  s.feedback = s.feedback.map(cut);
  s.qa = s.qa.map((e) => ({ ...e, question: cut(e.question), answer: cut(e.answer) }));
  s.decisions = s.decisions.map((d) => ({
    ...d,
    title: cut(d.title),
    custom: cutOrNull(d.custom),
    context: cut(d.context),
    rationale: cut(d.rationale),
    options: d.options.map((o) => ({ ...o, label: cut(o.label), description: cut(o.description) })),
    followUps: d.followUps.map((f) => ({ question: cut(f.question), answer: cut(f.answer) })),
  }));
  if (s.understandAdvice !== null) {
    s.understandAdvice.reasons = s.understandAdvice.reasons.map(cut);
    s.understandAdvice.topics = s.understandAdvice.topics.map(cut);
  }
  clipFollowUp(s.followUp, cut);
  if (s.ci != null) s.ci.note = cutOrNull(s.ci.note);
}

/**
 * Bytes of what fitState can never drop or cut: the state with the lists it drops emptied and
 * every free text cut to nothing. The limits keep it within STATE_BUDGET_BYTES with room to spare
 * (test/core/state-budget.test.ts), so fitState always brings a state within its budget.
 */
export function structureBytes(state: MachineState): number {
  const s = structuredClone(state);
  boundStructure(s);
  Object.assign(s, { planNotes: [], feedback: [], qa: [] });
  if (s.followUp !== null) s.followUp.queued = [];
  if (s.approvalReads !== undefined) s.approvalReads.denied = [];
  clipFreeText(s, 0);
  return stateBytes(s);
}

/**
 * Keeps the state within STATE_BUDGET_BYTES: the structure within its caps, then the oldest
 * entries of the lists humans grow without bound (plan notes, feedback, Q&A, follow-up requests
 * waiting for their round) dropped, the largest list first, and as a last resort every free text
 * cut shorter. Returns how many entries went.
 */
export function fitState(s: MachineState): number {
  boundStructure(s);
  let dropped = 0;
  let total = stateBytes(s);
  // Reactors already refused are a cache (core/read-cursors.ts): one forgotten costs one more
  // permission lookup, nothing else. They go first, oldest first, and nobody needs telling.
  const denied = s.approvalReads?.denied ?? [];
  while (total > STATE_BUDGET_BYTES && denied.length > 0) {
    denied.splice(0, Math.max(1, Math.ceil((total - STATE_BUDGET_BYTES) / 40)));
    total = stateBytes(s);
  }
  while (total > STATE_BUDGET_BYTES) {
    // Sizes tracked as entries go (a comma each), re-measured once the estimate fits.
    const lists: unknown[][] = [s.planNotes, s.feedback, s.qa, s.followUp?.queued ?? []].filter(
      (l) => l.length > 0,
    );
    if (lists.length === 0) break;
    const sizes = lists.map((l) => jsonBytes(l));
    const target = lists[sizes.indexOf(Math.max(...sizes))]!;
    let excess = total - STATE_BUDGET_BYTES;
    while (excess > 0 && target.length > 0) {
      excess -= jsonBytes(target.shift()) + 1;
      dropped += 1;
    }
    total = stateBytes(s);
  }
  for (const max of [2_000, 1_000, 500, 200, 80, 20, 0]) {
    if (total <= STATE_BUDGET_BYTES) break;
    clipFreeText(s, max);
    total = stateBytes(s);
  }
  return dropped;
}
