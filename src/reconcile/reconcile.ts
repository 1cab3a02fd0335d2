import type { RalphConfig } from "../core/config.js";
import { StateConflictError } from "../github/status.js";
import { pullRequestReads } from "./base-read.js";
import { reviewCommentEvents } from "./followup-feedback.js";
import { Intake, type Item } from "./intake.js";
import { issueGoal } from "./issue-info.js";
import { saveThenApply } from "./persist.js";
import { pullRequestEndEvent } from "./pr-events.js";
import {
  isDone,
  loadConfig,
  readComments,
  reportStatusTrouble,
  startingState,
} from "./read-issue.js";
import { loadPrReviews, newReviews } from "./reviews.js";
import { type ReconcileInput, type ReconcileReport, report } from "./signals.js";

export { settledDispatches } from "./intake.js";
export type { ReconcileInput, ReconcileReport, Signal } from "./signals.js";

/**
 * One reconcile of one issue (DESIGN §6.1): state from the status comment → everything newer than
 * its watermark → core events → transitions → save (revision re-checked) → effects. The state is
 * saved BEFORE the effects run, so a conflicting writer makes us retry with nothing done yet
 * (no double dispatch); a second save records what the effects learned (PR, PRD comment id) and
 * what failed.
 */
export async function reconcileIssue(input: ReconcileInput): Promise<ReconcileReport> {
  let current = input;
  for (let attempt = 1; ; attempt++) {
    try {
      return await reconcileOnce(current);
    } catch (error) {
      // Each conflict means another writer saved (or claimed) first; reloading sees its state.
      // Bounded: a state that keeps moving is left to the next event.
      if (!(error instanceof StateConflictError) || attempt >= RECONCILE_ATTEMPTS) throw error;
      input.gh.log.info(`state conflict on #${issueNumberOf(input)}, reloading: ${error.message}`);
      // What the caller read is stale now: read again.
      const { read: _stale, ...fresh } = current;
      current = fresh;
    }
  }
}

/** Tries of one reconcile when other writers keep saving first (replicas, the Actions job). */
export const RECONCILE_ATTEMPTS = 5;

function issueNumberOf(input: ReconcileInput): number {
  return typeof input.issue === "number" ? input.issue : input.issue.number;
}

/** The steps of one reconcile, each named for what it does; each may end it early. */
async function reconcileOnce(input: ReconcileInput): Promise<ReconcileReport> {
  const { gh, signal } = input;
  const number = issueNumberOf(input);
  const reading = await readComments(input, number);
  if (isDone(reading)) return reading.done;
  const loadedConfig = await loadConfig(gh, number, reading.comments);
  if (isDone(loadedConfig)) return loadedConfig.done;
  const { config } = loadedConfig;
  const trouble = await reportStatusTrouble(gh, number, reading);
  if (isDone(trouble)) return trouble.done;

  const triggered = signal.kind === "trigger" && triggerWanted(config, signal);
  if (reading.status.kind === "none" && !reading.hasCommands && !triggered) {
    return report("ignored");
  }
  const start = await startingState(input, number, config, reading);
  if (isDone(start)) return start.done;
  const { issue, initial } = start;

  const prReviews = input.prdJustPosted ? null : await loadPrReviews(gh, initial, signal);
  const items: Item[] = [...reading.items, ...newReviews(gh, initial, prReviews)];
  items.sort((a, b) => (a.at === b.at ? a.id - b.id : a.at < b.at ? -1 : 1));

  const intake = new Intake({ gh, config, issue, signal, loaded: reading.loaded, initial });
  intake.runFailed();
  const ended = pullRequestEndEvent(signal);
  if (ended !== null) intake.step(ended);
  await intake.withdrawApprovals(prReviews);
  await intake.takeInItems(items);
  const actorOf = (user: Parameters<Intake["actorOf"]>[0]) => intake.actorOf(user);
  for (const event of await reviewCommentEvents(
    gh,
    intake.state,
    signal,
    actorOf,
    issueGoal(issue),
  )) {
    intake.step(event);
  }
  await intake.trigger(triggered);
  if (!input.prdJustPosted) await intake.countReactionApprovals();
  await pullRequestReads({ gh, signal, config, now: input.now ?? Date.now }, intake);
  const { state, effects } = intake.finish();
  // Ralph's own comments and bots' were read too; recorded when the state is saved anyway, and
  // never past a human comment this reconcile left for the running job (intake.ts).
  const left = reading.items.filter((i) => !intake.taken.has(i.id)).map((i) => i.id);
  const lowestLeft = Math.min(Number.POSITIVE_INFINITY, ...left);

  return saveThenApply({
    input,
    number,
    config,
    status: reading.status,
    loaded: reading.loaded,
    initial,
    state,
    effects,
    comments: reading.comments,
    alsoSeen: reading.others.filter((id) => id < lowestLeft),
    issueTitle: issue.title,
  });
}

/** Does the config start planning on this trigger: a label, an assignment, an opened issue? */
export function triggerWanted(
  config: RalphConfig,
  signal: { label: string | null; assignee?: string },
): boolean {
  const same = (a: string) => (b: string) => a.toLowerCase() === b.toLowerCase();
  if (signal.assignee !== undefined) return config.trigger.assignees.some(same(signal.assignee));
  if (signal.label === null) return config.trigger.on_open;
  return config.trigger.labels.some(same(signal.label));
}
