import type { MachineState, StoryState } from "./state.js";

/**
 * The state as it travels in the status comment's block (DESIGN §6.4): like the state, except
 * that each story is a short tuple `[id, status, attempts, commit, title]` instead of an object
 * (its status one letter, its commit id in base64url), and an approval of the current PRD revision leaves its revision out,
 * so that the most stories and approvals the limits allow fit in one comment next to a follow-up
 * round. `fromWire` also reads the stories of states saved before (objects, with the `priority`
 * and `criteria` they carried then: the order of the list is the execution order, and verdicts
 * live on the branch now).
 */
type WireStory = [
  id: string,
  status: string,
  attempts: number,
  commit: string | null,
  title: string,
];

const STATUS_CODES: Record<StoryState["status"], string> = {
  pending: "p",
  running: "r",
  passed: "v",
  failed: "f",
};
const STATUS_OF = new Map<string, string>(Object.entries(STATUS_CODES).map(([k, v]) => [v, k]));

const SHA1_HEX = /^[0-9a-f]{40}$/;
const SHA1_WIRE = /^[A-Za-z0-9_-]{27}$/;

/** A commit id as the block carries it: 40 hex digits as 27 characters of base64url. */
function commitToWire(commit: string | null): string | null {
  return commit !== null && SHA1_HEX.test(commit)
    ? Buffer.from(commit, "hex").toString("base64url")
    : commit;
}

function commitFromWire(commit: unknown): unknown {
  return typeof commit === "string" && SHA1_WIRE.test(commit)
    ? Buffer.from(commit, "base64url").toString("hex")
    : commit;
}

export function toWire(state: MachineState): unknown {
  if (state.prd === null) return state;
  const stories: WireStory[] = state.prd.stories.map((s) => [
    s.id,
    STATUS_CODES[s.status],
    s.attempts,
    commitToWire(s.commit),
    s.title,
  ]);
  const current = state.prd.revision;
  const approvals = state.approvals.map(({ revision, ...rest }) =>
    revision === current ? rest : { revision, ...rest },
  );
  return { ...state, approvals, prd: { ...state.prd, stories } };
}

function storyFromWire(raw: unknown): unknown {
  if (Array.isArray(raw)) {
    if (raw.length !== 5) return raw;
    const [id, status, attempts, commit, title] = raw as unknown[];
    const code = String(status);
    return {
      id,
      status: STATUS_OF.get(code) ?? status,
      attempts,
      commit: commitFromWire(commit),
      title,
    };
  }
  if (typeof raw !== "object" || raw === null) return raw;
  // Saved by an earlier version: the story object with its priority and verdict table.
  const { priority: _priority, criteria: _criteria, ...rest } = raw as Record<string, unknown>;
  return rest;
}

/** The decoded JSON of a state block, as the state's schema reads it (validated by the caller). */
export function fromWire(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null) return raw;
  const prd = (raw as { prd?: unknown }).prd;
  if (typeof prd !== "object" || prd === null) return raw;
  const { stories, revision } = prd as { stories?: unknown; revision?: unknown };
  if (!Array.isArray(stories)) return raw;
  const approvals = (raw as { approvals?: unknown }).approvals;
  return {
    ...raw,
    ...(Array.isArray(approvals) && {
      approvals: approvals.map((a: unknown) =>
        typeof a === "object" && a !== null && !("revision" in a) ? { ...a, revision } : a,
      ),
    }),
    prd: { ...prd, stories: stories.map(storyFromWire) },
  };
}
