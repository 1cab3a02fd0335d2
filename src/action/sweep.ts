import { defaultConfig } from "../core/config.js";
import type { Dispatcher } from "../github/effects.js";
import { listSweptIssues } from "../github/labels.js";
import { conflictingPulls, openRalphPulls } from "../reconcile/conflict-sweep.js";
import { type IssueInfo, toIssueInfo } from "../reconcile/issue-info.js";
import { reconcileIssue } from "../reconcile/reconcile.js";
import type { Signal } from "../reconcile/signals.js";
import { loadConfig } from "./action-config.js";
import { core } from "./core-logger.js";
import type { EventContext } from "./handle-event.js";

/** Pages of 100 issues one schedule sweep reads (10,000 issues: far past a token's hourly budget). */
export const SWEEP_MAX_PAGES = 100;

/**
 * `schedule` (DESIGN §3.3): reactions fire no event, so issues waiting for approval are re-read;
 * approvals found start the agent work in a workflow_dispatch run per issue (its own concurrency
 * group), exactly like the App's poller. Issues waiting for CI are re-read too (a CI that is not
 * GitHub Actions, or the end of verify.ci_wait_minutes, brings no event of its own), and Ralph's
 * finished pull requests that GitHub says conflict with a moved base (no CI event may come).
 */
export async function sweep(
  ctx: EventContext,
  dispatcherFor: (issue: number) => Promise<Dispatcher>,
): Promise<void> {
  const swept = await listSweptIssues<Parameters<typeof toIssueInfo>[0]>(ctx.gh, SWEEP_MAX_PAGES);
  for (const { label, read } of swept.cut) {
    // Never silent (issue 16): the run says how far it got; the rest wait for their next event.
    const note = `More than ${read} issues are labelled ${label}: this sweep read the first ${read}; the others are read at their next event or by a later sweep.`;
    core.warning(note);
    ctx.record.notes.push(note);
  }
  for (const raw of swept.issues) {
    const issue = toIssueInfo(raw);
    ctx.record.swept.push(issue.number);
    await sweepOne(ctx, issue, { kind: "touch" }, dispatcherFor);
  }
  const config = await loadConfig(ctx).catch(() => defaultConfig());
  const pulls = await openRalphPulls(ctx.gh, config, new Set(ctx.record.swept));
  for (const target of await conflictingPulls(ctx.gh, pulls, config)) {
    ctx.record.swept.push(target.issue);
    await sweepOne(ctx, target.issue, { kind: "base", pr: target.pr }, dispatcherFor);
  }
}

async function sweepOne(
  ctx: EventContext,
  issue: IssueInfo | number,
  signal: Signal,
  dispatcherFor: (issue: number) => Promise<Dispatcher>,
): Promise<void> {
  const number = typeof issue === "number" ? issue : issue.number;
  try {
    const report = await reconcileIssue({
      gh: ctx.gh,
      issue,
      signal,
      dispatch: await dispatcherFor(number),
      repoUrl: ctx.repoUrl,
    });
    if (report.effects.some((e) => e.type === "dispatch")) {
      ctx.record.notes.push(
        signal.kind === "base"
          ? `#${number}: its pull request conflicts with the default branch; the merge started in a new run.`
          : `#${number}: approved; implementation started in a new run.`,
      );
    }
  } catch (error) {
    const message = (error as Error).message;
    core.warning(`sweep of #${number} failed: ${message}`);
    ctx.record.notes.push(`#${number}: the sweep failed (${message}).`);
  }
}
