import { sameJson, sameJsonBesides } from "../core/canonical-json.js";
import type { RalphConfig } from "../core/config.js";
import type { Effect } from "../core/effects.js";
import { prdFileUrl } from "../core/links.js";
import { transition } from "../core/machine/index.js";
import type { StatusRenderOptions } from "../core/render/index.js";
import { markCommentsSeen } from "../core/seen-comments.js";
import { isAgentPhase, type MachineState } from "../core/state.js";
import { dispatchWorkflow } from "../github/actions.js";
import type { KnownComments } from "../github/comments.js";
import { applyEffects, type Dispatcher } from "../github/effects.js";
import { type OkStatus, saveLearned } from "../github/learned-state.js";
import { type SavedStatus, type StatusLookup, savedLookup, saveStatus } from "../github/status.js";
import type { ReconcileInput, ReconcileReport } from "./signals.js";

/**
 * Save when anything changed. Without a status comment yet, a change of the watermark alone is
 * not worth one: an issue where Ralph was only mentioned (or refused someone) stays untouched.
 */
export function needsSave(
  loaded: MachineState | null,
  initial: MachineState,
  state: MachineState,
): boolean {
  if (loaded !== null) return !sameJsonBesides(loaded, state, "revision");
  const bare = (s: MachineState) => ({
    ...s,
    revision: 0,
    watermark: { commentId: 0, reviewId: 0 },
  });
  return !sameJson(bare(initial), bare(state));
}

export function statusLinks(
  input: ReconcileInput,
  config: RalphConfig,
  state: MachineState,
): StatusRenderOptions {
  const repoUrl = input.repoUrl ?? `https://github.com/${input.gh.owner}/${input.gh.repo}`;
  return {
    runUrl: state.runUrl,
    prUrl: state.prNumber === null ? null : `${repoUrl}/pull/${state.prNumber}`,
    approvalsRequired: config.approvals.required,
    storiesUrl: prdFileUrl(repoUrl, config.ralph_home, state),
  };
}

/** The state with this run's link when this run itself does the step it dispatches. */
function inProcessRunLink(
  input: ReconcileInput,
  state: MachineState,
  effects: readonly Effect[],
): MachineState {
  const runUrl = input.runUrl;
  if (!runUrl || !isAgentPhase(state.phase) || !effects.some((e) => e.type === "dispatch")) {
    return state;
  }
  return state.runUrl === runUrl ? state : { ...state, runUrl };
}

export interface Transitioned {
  input: ReconcileInput;
  number: number;
  config: RalphConfig;
  status: StatusLookup;
  loaded: MachineState | null;
  initial: MachineState;
  state: MachineState;
  effects: Effect[];
  comments: KnownComments;
  /** Comments read that are nobody's input: recorded as read when the state is saved anyway. */
  alsoSeen?: readonly number[];
  issueTitle: string;
}

/**
 * Save, then act (DESIGN §6.1 with the order swapped on purpose): the state is saved BEFORE the
 * effects run, so a StateConflictError here leaves nothing done and the caller can redo the whole
 * reconcile (no double dispatch). Afterwards a second save records what the effects taught the
 * state (PR number, PRD comment id) and what failed — merged into a newer state when another
 * writer saved in between; a failed dispatch fails the issue instead of leaving it in an agent
 * phase no job will ever report from.
 */
export async function saveThenApply(t: Transitioned): Promise<ReconcileReport> {
  const { input, number, config, status, loaded } = t;
  const gh = input.gh;
  let state = inProcessRunLink(input, t.state, t.effects);
  let saved: SavedStatus | null = null;
  if (needsSave(loaded, t.initial, state)) {
    state = { ...state, watermark: markCommentsSeen(state.watermark, t.alsoSeen ?? []) };
    saved = await saveStatus(gh, number, status, state, statusLinks(input, config, state));
    state = saved.state;
  }

  const dispatch: Dispatcher =
    input.dispatch ?? ((step) => dispatchWorkflow(gh, config.workflow, number, step));
  const effectCtx = {
    gh,
    issue: number,
    config,
    dispatch,
    comments: t.comments,
    issueTitle: t.issueTitle,
    ...(input.commitFiles === undefined ? {} : { commitFiles: input.commitFiles }),
  };
  const allEffects = [...t.effects];
  const outcome = await applyEffects(allEffects, { ...effectCtx, state });
  let after = outcome.state;
  const failures = [...outcome.failures];

  const failedDispatch = failures.find((f) => f.effect.type === "dispatch");
  if (failedDispatch !== undefined) {
    const result = transition(
      after,
      { type: "run_failed", conclusion: `dispatch failed: ${failedDispatch.error}`, runUrl: null },
      config,
    );
    allEffects.push(...result.effects);
    const more = await applyEffects(result.effects, { ...effectCtx, state: result.state });
    after = more.state;
    failures.push(...more.failures);
  }
  // A missing 👀 is not worth an error line; anything else the humans should see.
  const visible = failures.filter(
    (f) => f.effect.type !== "dispatch" && f.effect.type !== "acknowledge",
  );
  if (visible.length > 0) {
    const what = visible.map((f) => `${f.effect.type} (${f.error})`).join("; ");
    after = { ...after, lastError: `Ralph could not ${what}`.slice(0, 500) };
  }

  const changedByEffects = !sameJsonBesides(after, state, "revision");
  const before: OkStatus | null =
    saved !== null ? savedLookup(saved) : status.kind === "ok" ? status : null;
  if (before !== null && (changedByEffects || outcome.refreshStatus)) {
    // A newer state saved meanwhile wins; what the effects learned is merged into it.
    const learned = await saveLearned(gh, {
      issue: number,
      saved: before,
      learned: after,
      links: (s) => statusLinks(input, config, s),
    });
    after = learned.status.state;
    if (learned.saved) saved = learned.status;
  }
  return {
    outcome: "reconciled",
    state: after,
    initial: t.initial,
    saved: saved !== null,
    effects: allEffects,
    failures,
  };
}
