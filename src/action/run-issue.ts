import { systemClock } from "../agents/types.js";
import { type BackoffOptions, DEFAULT_BACKOFF } from "../core/completion.js";
import type { AgentStep } from "../core/state.js";
import { dispatchWorkflow } from "../github/actions.js";
import { PhaseJournal } from "../pipeline/phase-journal.js";
import { type DriveOptions, driveIssue } from "./drive.js";
import {
  createIssueCheckout,
  type IssueCheckout,
  type IssueCheckoutInput,
  issueLogRoot,
  type StateSource,
  savedStateOf,
} from "./issue-checkout.js";
import type { IssueSession } from "./session.js";
import { runStep } from "./steps.js";

export interface IssueRunInput extends IssueCheckoutInput {
  repoUrl: string;
  runUrl: string | null;
  /** The workflow file new runs are dispatched to (deadline continuation). */
  workflow: string;
  startedAt: number;
  /** The checkout, when this run already opened it for the issue (the reconcile's commits). */
  workspace?: IssueCheckout;
  /** The phase lines of `ralph.log`, when the event's reconcile already wrote to them. */
  phases?: PhaseJournal;
}

/** The first retry's wait; `RALPH_BACKOFF_BASE_MS` (as in the CLI) tunes it for tests and CI. */
export function backoffFromEnv(env: NodeJS.ProcessEnv): BackoffOptions {
  const raw = env.RALPH_BACKOFF_BASE_MS;
  const base = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : DEFAULT_BACKOFF.baseMs;
  return { baseMs: base, maxMs: Math.max(base, DEFAULT_BACKOFF.maxMs) };
}

/**
 * Runs one issue in this job: builds the workspace lazily (only when a step or a commit needs it)
 * and drives the issue until a human gate, a terminal phase or the deadline.
 */
export async function runIssue(input: IssueRunInput): Promise<void> {
  const { gh, config, inputs, issue, log } = input;
  const ws = input.workspace ?? createIssueCheckout(input);
  // The state being saved: effects (commits, the PRD comment) run right after it is saved.
  const latest: StateSource = async () => input.record.state;
  const session: IssueSession = {
    gh,
    config,
    issue,
    repoUrl: input.repoUrl,
    runUrl: input.runUrl,
    clock: systemClock,
    deadline: input.startedAt + config.limits.phase_timeout_minutes * 60_000,
    backoff: backoffFromEnv(process.env),
    log,
    record: input.record,
    commitFiles: ws.committer(latest),
    reconcileCommitFiles: ws.committer(savedStateOf(gh, issue.number)),
    prdSource: ws.prdSource(latest),
    phases:
      input.phases ?? new PhaseJournal(issueLogRoot(inputs.tempDir, issue.number), systemClock),
    boundaryNotes: () => input.boundary.notes().warnings,
  };
  const options: DriveOptions = {
    phase: inputs.phase,
    prepareStep: (state) => ws.prepareStep(state),
    // Agent waits (usage limits) end with the run's time budget, as new steps do.
    runStep: (ctx, state, step) => runStep({ ...ctx, deadline: session.deadline }, state, step),
    continueLater: async (step: AgentStep) => {
      try {
        await dispatchWorkflow(gh, input.workflow, issue.number, step);
      } catch (error) {
        log.warn(`could not dispatch a new run for #${issue.number}: ${(error as Error).message}`);
        input.record.notes.push(
          `Could not start a new run (${(error as Error).message}); comment on the issue or run the workflow by hand to continue.`,
        );
      }
    },
  };
  await driveIssue(session, options);
}
