import type { MachineState, StoryState } from "./state.js";

/**
 * The state as it travels in the status comment's block (DESIGN §6.4): like the state, except
 * that each story is a short tuple `[id, status, attempts, commit, title]` instead of an object
 * (its status one letter, its commit id in base64url), a decision's options are tuples
 * `[number, label, description]`, and an approval (and the 👍 reads) of the current PRD revision
 * leave the revision out: so that the most the limits allow fits in one comment. `fromWire` also reads the stories of states saved before (objects, with the `priority`
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

type WireOption = [number: number, label: string, description: string];

export function toWire(state: MachineState): unknown {
  // A decision's options as tuples (its largest repeated part, before any PRD).
  const decisions = state.decisions.map((d) => ({
    ...d,
    options: d.options.map((o): WireOption => [o.number, o.label, o.description]),
  }));
  if (state.prd === null) return { ...state, decisions };
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
  const reads = state.approvalReads;
  const approvalReads =
    reads === undefined || reads.revision !== current
      ? reads
      : (({ revision: _revision, ...rest }) => rest)(reads);
  return {
    ...state,
    decisions,
    approvals,
    ...(approvalReads === undefined ? {} : { approvalReads }),
    prd: { ...state.prd, stories },
  };
}

function optionFromWire(raw: unknown): unknown {
  if (!Array.isArray(raw) || raw.length !== 3) return raw;
  const [number, label, description] = raw as unknown[];
  return { number, label, description };
}

function decisionsFromWire(raw: unknown): unknown {
  if (!Array.isArray(raw)) return raw;
  return raw.map((d: unknown) =>
    typeof d === "object" && d !== null && Array.isArray((d as { options?: unknown }).options)
      ? { ...d, options: (d as { options: unknown[] }).options.map(optionFromWire) }
      : d,
  );
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
  const decisions = (raw as { decisions?: unknown }).decisions;
  const base = decisions === undefined ? raw : { ...raw, decisions: decisionsFromWire(decisions) };
  const prd = (raw as { prd?: unknown }).prd;
  if (typeof prd !== "object" || prd === null) return base;
  const { stories, revision } = prd as { stories?: unknown; revision?: unknown };
  if (!Array.isArray(stories)) return base;
  const approvals = (raw as { approvals?: unknown }).approvals;
  const reads = (raw as { approvalReads?: unknown }).approvalReads;
  const withRevision = (a: unknown) =>
    typeof a === "object" && a !== null && !("revision" in a) ? { ...a, revision } : a;
  return {
    ...base,
    ...(Array.isArray(approvals) && { approvals: approvals.map(withRevision) }),
    ...(reads !== undefined && { approvalReads: withRevision(reads) }),
    prd: { ...prd, stories: stories.map(storyFromWire) },
  };
}
