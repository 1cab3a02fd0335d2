import { sameJson } from "../core/canonical-json.js";
import { isCommentSeen, markCommentsSeen, raiseCommentFloor } from "../core/seen-comments.js";
import { isAgentPhase, type MachineState } from "../core/state.js";
import type { KnownComments } from "../github/comments.js";
import { type IssueRead, readIssue } from "../github/issue-read.js";
import { StateConflictError } from "../github/status.js";
import { Intake } from "../reconcile/intake.js";
import { loadRoutedComments } from "../reconcile/pr-commands.js";
import { commentItems, reportCut } from "../reconcile/read-issue.js";
import { reconcileIssue } from "../reconcile/reconcile.js";
import { type IssueSession, type OkLookup, persist } from "./session.js";

export type CheckpointResult =
  /**
   * `comments`: the issue's comments as read for this lookup, when nothing was written since
   * (the step's result reuses them for keyed replies instead of reading again).
   */
  | { kind: "ok"; lookup: OkLookup; comments?: KnownComments }
  /** No usable state: nothing may run (the reason is for the summary). */
  | { kind: "stop"; reason: string; state: MachineState | null };

/**
 * Between agent runs (DESIGN §6.2): reload the state from the status comment and take in
 * everything said on the issue since its watermark. In a waiting phase that is exactly what the
 * App does on any event (the shared reconcile, reactions and reviews included). In an agent phase
 * this run owns the state, so it applies the new commands and answers itself — `/ralph stop`,
 * `/ralph replan`, notes for the planner — which the App only acknowledged.
 */
export async function checkpoint(session: IssueSession): Promise<CheckpointResult> {
  for (let attempt = 1; ; attempt++) {
    let loaded = await load(session);
    if (loaded.kind === "ok" && !isAgentPhase(loaded.lookup.state.phase)) {
      const before = loaded.lookup.state.revision;
      const reconciled = await reconcileIssue({
        gh: session.gh,
        // By number: labels and title are read fresh, not from the triggering payload.
        issue: session.issue.number,
        signal: { kind: "touch" },
        dispatch: async () => {},
        repoUrl: session.repoUrl,
        runUrl: session.runUrl,
        // `/ralph replan` from a waiting phase archives the plan on the branch right away.
        commitFiles: session.reconcileCommitFiles,
        // Read a moment ago: the reconcile starts from it (issue 11: one read, not two).
        read: loaded.read,
        ...(prdPostedByThisRun(session, loaded.lookup.state) ? { prdJustPosted: true } : {}),
      });
      // Reload only when the state moved: saved here, or by another writer (the reconcile's
      // retry after a conflict read a newer revision).
      if (reconciled.saved || reconciled.state?.revision !== before) loaded = await load(session);
    }
    if (loaded.kind !== "ok") return loaded;
    if (!isAgentPhase(loaded.lookup.state.phase)) return { kind: "ok", lookup: loaded.lookup };
    try {
      const lookup = await applyNewComments(session, loaded.lookup, loaded.read);
      return lookup === loaded.lookup
        ? { kind: "ok", lookup, comments: loaded.read.known }
        : { kind: "ok", lookup };
    } catch (error) {
      if (!(error instanceof StateConflictError) || attempt >= 3) throw error;
      session.log.info(`state changed while reading new comments; reloading (${error.message})`);
    }
  }
}

/**
 * This run's plan step took the issue to awaiting approval (posting the PRD) and nobody saved
 * since: no one can have approved it through a review or a 👍 that the next event or the sweep
 * would not read anyway.
 */
function prdPostedByThisRun(session: IssueSession, state: MachineState): boolean {
  return (
    state.phase === "awaiting_approval" &&
    session.record.steps.at(-1)?.step === "plan" &&
    session.record.state?.revision === state.revision
  );
}

type Loaded =
  | Extract<CheckpointResult, { kind: "stop" }>
  | { kind: "ok"; lookup: OkLookup; read: IssueRead };

/** The status comment and what is new since the state's watermark (github/issue-read.ts). */
async function load(session: IssueSession): Promise<Loaded> {
  const read = await readIssue(session.gh, session.issue.number);
  const status = read.status;
  if (status.kind === "ok") return { kind: "ok", lookup: status, read };
  if (status.kind === "broken") {
    return {
      kind: "stop",
      reason: `Ralph's state in the status comment is unreadable: ${status.error}`,
      state: null,
    };
  }
  const foreign = status.foreign[0]?.user?.login;
  if (foreign !== undefined) {
    // App mode with the wrong token: the App wrote the status, this run acts as someone else.
    return {
      kind: "stop",
      reason: `Ralph's status comment on this issue was written by @${foreign}, but this run acts as @${session.gh.botLogin}: give the action the Ralph App's token (actions/create-github-app-token) so it can continue the issue`,
      state: null,
    };
  }
  return {
    kind: "stop",
    reason: "Ralph has no status comment on this issue: there is nothing to continue",
    state: null,
  };
}

/**
 * In an agent phase this run owns the state: the new comments go through the same intake as in
 * the App's reconcile, but all of them are taken in here (the App only acknowledged them).
 */
async function applyNewComments(
  session: IssueSession,
  lookup: OkLookup,
  read: IssueRead,
): Promise<OkLookup> {
  const { gh, config, issue } = session;
  const comments = read.known;
  const before = lookup.state;
  if (read.cutAt !== null) await reportCut(gh, issue.number, read.cutAt, read.status, comments);
  // Commands written on Ralph's PR meanwhile, which the App handed over (`routedCommands`).
  const routed = await loadRoutedComments(gh, before.routedCommands);
  const fresh = comments.list.filter((c) => !isCommentSeen(before.watermark, c.id));
  const all = [...fresh, ...routed.filter((r) => !fresh.some((c) => c.id === r.id))].sort(
    (a, b) => a.id - b.id,
  );
  const intake = new Intake({
    gh,
    config,
    issue,
    signal: { kind: "touch" },
    loaded: before,
    initial: before,
  });
  await intake.takeInAsOwner(commentItems(gh, all));
  const taken = intake.finish();
  let next: MachineState = {
    ...taken.state,
    routedCommands: [],
    // Every comment listed was read, Ralph's own and bots' included, and those routed from its PR
    // (and past a read's bound, nothing older is read again).
    watermark: markCommentsSeen(
      read.cutAt === null
        ? taken.state.watermark
        : raiseCommentFloor(taken.state.watermark, read.cutAt - 1),
      all.map((c) => c.id),
    ),
  };
  // The status comment links the run doing the work while it works.
  if (session.runUrl !== null && isAgentPhase(next.phase) && next.runUrl !== session.runUrl) {
    next = { ...next, runUrl: session.runUrl };
  }
  if (sameJson(next, before) && taken.effects.length === 0) return lookup;
  // Only Ralph's own or bots' comments were new (its status comment, its replies): moving the
  // watermark past them is not worth a save of its own; a later save carries it (issue 11).
  const onlyWatermark = { ...next, watermark: before.watermark };
  if (
    taken.effects.length === 0 &&
    commentItems(gh, all).length === 0 &&
    sameJson(onlyWatermark, before)
  ) {
    return lookup;
  }
  return persist(session, lookup, next, taken.effects, comments);
}
