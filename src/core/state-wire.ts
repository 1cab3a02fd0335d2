import type { MachineState, StoryState } from "./state.js";

/**
 * The state as it travels in the status comment's block (DESIGN §6.4): like the state, except
 * that each story is a short tuple `[id, status, attempts, commit, title]` instead of an object,
 * so that the most stories a PRD may have (PRD_LIMITS) fit in one comment. `fromWire` also reads
 * the stories of states saved before (objects, with the `priority` and `criteria` they carried
 * then: the order of the list is the execution order, and verdicts live on the branch now).
 */
type WireStory = [
  id: string,
  status: StoryState["status"],
  attempts: number,
  commit: string | null,
  title: string,
];

export function toWire(state: MachineState): unknown {
  if (state.prd === null) return state;
  const stories: WireStory[] = state.prd.stories.map((s) => [
    s.id,
    s.status,
    s.attempts,
    s.commit,
    s.title,
  ]);
  return { ...state, prd: { ...state.prd, stories } };
}

function storyFromWire(raw: unknown): unknown {
  if (Array.isArray(raw)) {
    if (raw.length !== 5) return raw;
    const [id, status, attempts, commit, title] = raw as unknown[];
    return { id, status, attempts, commit, title };
  }
  if (typeof raw !== "object" || raw === null) return raw;
  // Saved by an earlier version: the story object with its priority and verdict table.
  const { priority: _priority, criteria: _criteria, ...rest } = raw as Record<string, unknown>;
  return rest;
}

/** The decoded JSON of a state block, stories as objects again (validated by the caller). */
export function fromWire(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null) return raw;
  const prd = (raw as { prd?: unknown }).prd;
  if (typeof prd !== "object" || prd === null) return raw;
  const stories = (prd as { stories?: unknown }).stories;
  if (!Array.isArray(stories)) return raw;
  return { ...raw, prd: { ...prd, stories: stories.map(storyFromWire) } };
}
