import type { StatusRenderOptions } from "../core/render/index.js";
import type { MachineState } from "../core/state.js";
import type { GitHubContext, Logger } from "./client.js";
import {
  loadStatus,
  StateConflictError,
  type StatusLookup,
  savedLookup,
  saveStatus,
} from "./status.js";

/**
 * The second save of save-then-act (App reconcile and Action persist alike): the state was saved,
 * effects ran and taught it things (the PR number, the PRD comment id, what failed). Another writer
 * may have saved in between; its state wins, but what the effects learned is merged into it and
 * saved again: a lost PRD comment id would make Ralph blind to 👍 approvals, a lost PR number would
 * open a second PR. The effects are never run again.
 */

export type OkStatus = Extract<StatusLookup, { kind: "ok" }>;

/** Tries of the save before what effects learned is left out of a state that keeps moving. */
export const LEARNED_SAVE_ATTEMPTS = 3;

export interface SaveLearnedOptions {
  issue: number;
  /** The status as saved before the effects ran (the merge base). */
  saved: OkStatus;
  /** `saved.state` plus what the effects (and their failures) changed. */
  learned: MachineState;
  /** Links rendered into the status comment for a state. */
  links(state: MachineState): StatusRenderOptions;
  /** Where conflicts are reported; `gh.log` unless given. */
  log?: Logger;
  attempts?: number;
}

export interface LearnedSave {
  /** The status comment as it now stands: this save, or a newer state that lacked nothing. */
  status: OkStatus;
  /** This call wrote the status comment. */
  saved: boolean;
}

export async function saveLearned(
  gh: GitHubContext,
  options: SaveLearnedOptions,
): Promise<LearnedSave> {
  const { issue, saved, learned } = options;
  const log = options.log ?? gh.log;
  const attempts = options.attempts ?? LEARNED_SAVE_ATTEMPTS;
  let previous = saved;
  let next = learned;
  for (let attempt = 1; ; attempt++) {
    try {
      const written = await saveStatus(gh, issue, previous, next, options.links(next));
      return {
        status: savedLookup(written),
        saved: true,
      };
    } catch (error) {
      if (!(error instanceof StateConflictError)) throw error;
      const latest = await loadStatus(gh, issue);
      if (latest.kind !== "ok") {
        // Not retried as a conflict: the effects already ran, and must not run twice.
        log.warn(`#${issue}: the status comment is gone or broken (${error.message})`);
        return { status: saved, saved: false };
      }
      const merged = mergeLearned(saved.state, learned, latest.state);
      if (merged === null) return { status: latest, saved: false };
      if (attempt >= attempts) {
        log.warn(
          `#${issue}: the state kept changing; what the effects learned is not saved (${error.message})`,
        );
        return { status: latest, saved: false };
      }
      log.info(
        `#${issue}: a newer state was saved meanwhile; merging what the effects learned into it`,
      );
      previous = latest;
      next = merged;
    }
  }
}

/**
 * Three-way merge of what effects (and failures) taught `base` — the state saved before they ran —
 * into `latest`, another writer's newer state: each field the effects changed and the other writer
 * left as it was. The PRD comment id only for the same PRD revision (a newer revision has its own
 * comment). Returns null when `latest` lacks nothing.
 */
export function mergeLearned(
  base: MachineState,
  learned: MachineState,
  latest: MachineState,
): MachineState | null {
  let merged = latest;
  let changed = false;
  const take = <K extends "prNumber" | "runUrl" | "lastError">(key: K) => {
    if (learned[key] !== base[key] && latest[key] === base[key]) {
      merged = { ...merged, [key]: learned[key] };
      changed = true;
    }
  };
  take("prNumber");
  take("runUrl");
  take("lastError");
  const commentId = learned.prd?.commentId ?? null;
  if (
    merged.prd !== null &&
    learned.prd !== null &&
    merged.prd.revision === learned.prd.revision &&
    commentId !== null &&
    commentId !== (base.prd?.commentId ?? null) &&
    merged.prd.commentId === (base.prd?.commentId ?? null)
  ) {
    merged = { ...merged, prd: { ...merged.prd, commentId } };
    changed = true;
  }
  return changed ? merged : null;
}
