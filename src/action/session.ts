import type { Clock } from "../agents/types.js";
import { sameJsonBesides } from "../core/canonical-json.js";
import type { BackoffOptions } from "../core/completion.js";
import type { RalphConfig } from "../core/config.js";
import type { Effect } from "../core/effects.js";
import { prdFileUrl } from "../core/links.js";
import type { StatusRenderOptions } from "../core/render/index.js";
import type { MachineState } from "../core/state.js";
import type { GitHubContext, Logger } from "../github/client.js";
import type { KnownComments } from "../github/comments.js";
import { applyEffects, type FileCommitter, type PrdSource } from "../github/effects.js";
import { type OkStatus, saveLearned } from "../github/learned-state.js";
import { type SavedStatus, savedLookup, saveStatus } from "../github/status.js";
import type { PhaseJournal } from "../pipeline/phase-journal.js";
import type { IssueInfo } from "../reconcile/issue-info.js";
import type { RunRecord } from "./report.js";

export type OkLookup = OkStatus;

/** Everything one issue's run needs, shared by the checkpoint, the step runner and the saver. */
export interface IssueSession {
  gh: GitHubContext;
  config: RalphConfig;
  issue: IssueInfo;
  repoUrl: string;
  runUrl: string | null;
  clock: Clock;
  /** No new agent step starts after this time (epoch ms); the rest continues in a new run. */
  deadline: number;
  /** Wait between retries of a failed step. */
  backoff: BackoffOptions;
  log: Logger;
  record: RunRecord;
  /** Makes commit_files changes on the branch (and pushes them), for the state `persist` saves. */
  commitFiles: FileCommitter;
  /** The same for the shared reconcile's effects (it reads the state it saved back). */
  reconcileCommitFiles: FileCommitter;
  /** The PRD and plan as committed on the branch, read from the checkout. */
  prdSource: PrdSource;
  /** The phase lines of this run's `ralph.log` (the loop hands it every state it loads or saves). */
  phases?: PhaseJournal;
  /** What the status comment says about the agent's boundary: warnings, blocked connections. */
  boundaryNotes?: () => string[];
}

export function statusLinks(
  session: Pick<IssueSession, "repoUrl" | "config" | "boundaryNotes">,
  state: MachineState,
): StatusRenderOptions {
  const boundary = session.boundaryNotes?.() ?? [];
  return {
    runUrl: state.runUrl,
    prUrl: state.prNumber === null ? null : `${session.repoUrl}/pull/${state.prNumber}`,
    approvalsRequired: session.config.approvals.required,
    ...(boundary.length > 0 && { boundary }),
    storiesUrl: prdFileUrl(session.repoUrl, session.config.ralph_home, state),
  };
}

function okLookup(saved: SavedStatus): OkLookup {
  return savedLookup(saved);
}

/**
 * Saves a transition's state (the revision check throws StateConflictError when another writer
 * saved meanwhile: nothing has been done yet, so the caller can reload and transition again), then
 * performs its effects in-process: an Action `dispatch` needs nothing (the loop reads the state's
 * pending step next) and `cancel_run` is this very run stopping at its checkpoint. What the
 * effects learned (PR number, PRD comment id) and what failed is saved once more — merged into
 * a newer state when another writer saved in between.
 */
export async function persist(
  session: IssueSession,
  lookup: OkLookup,
  next: MachineState,
  effects: readonly Effect[],
  comments?: KnownComments,
): Promise<OkLookup> {
  const { gh, config } = session;
  const number = session.issue.number;
  let current = okLookup(await saveStatus(gh, number, lookup, next, statusLinks(session, next)));
  session.record.state = current.state;
  const outcome = await applyEffects(effects, {
    gh,
    issue: number,
    state: current.state,
    config,
    dispatch: async (step, options) => {
      session.log.debug(
        `next step: ${step}${options.storyId === undefined ? "" : ` ${options.storyId}`}`,
      );
    },
    ...(comments === undefined ? {} : { comments }),
    issueTitle: session.issue.title,
    commitFiles: session.commitFiles,
    prdSource: session.prdSource,
    cancelRun: async () => {
      session.log.info("stop requested: this run ends after the current step");
    },
  });
  let after = outcome.state;
  if (outcome.failures.length > 0) {
    const what = outcome.failures.map((f) => `${f.effect.type} (${f.error})`).join("; ");
    session.record.notes.push(`Some effects failed: ${what}`);
    after = { ...after, lastError: `Ralph could not ${what}`.slice(0, 500) };
  }
  if (!sameJsonBesides(after, current.state, "revision") || outcome.refreshStatus) {
    const learned = await saveLearned(gh, {
      issue: number,
      saved: current,
      learned: after,
      links: (state) => statusLinks(session, state),
      log: session.log,
    });
    current = learned.status;
    session.record.state = current.state;
  }
  return current;
}
