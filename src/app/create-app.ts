import type { Probot } from "probot";
import { onAfterPrEvents } from "./after-pr-handlers.js";
import { AppRuntime } from "./app-runtime.js";
import { type ApprovalPoller, DEFAULT_POLL_INTERVAL_MS, type Scheduler } from "./poller.js";
import {
  onIssueEvents,
  onPullRequestEvents,
  onReviewEvents,
  onRunAndInstallationEvents,
} from "./webhook-handlers.js";

export interface RalphAppOptions {
  /** Approval sweep interval per installation (DESIGN §3.3); 0 disables the poller. */
  pollIntervalMs?: number;
  scheduler?: Scheduler;
  /** Ralph's own login; default `<app slug>[bot]` from GET /app (looked up once). */
  botLogin?: string;
  /** List installations at load to start their pollers without waiting for a webhook. */
  discoverInstallations?: boolean;
  /**
   * Answer each webhook as soon as it is accepted and handle it after: GitHub gives up after
   * 10 s. `idle()` waits for the work; the sweep recovers it after a crash. What `npm start` runs
   * (src/app/index.ts) sets it; the default (false) makes a failed handling a failed delivery,
   * which the suites that test the handling itself rely on.
   */
  answerFirst?: boolean;
}

export interface RalphApp {
  (app: Probot): void;
  /** One approval sweep of an installation now (what the timer runs). */
  sweep(installationId: number): Promise<void>;
  /** Stops every poller timer. */
  close(): void;
  /** Resolves when every webhook answered so far has been handled. */
  idle(): Promise<void>;
  readonly poller: ApprovalPoller;
}

/**
 * The Probot app (DESIGN §3.6). It holds no state of its own: every webhook becomes a reconcile
 * of one issue under a per-issue in-process lock; all state lives in the status comment.
 */
export function createRalphApp(options: RalphAppOptions = {}): RalphApp {
  const rt = new AppRuntime(options);
  const ralph = ((app: Probot) => {
    rt.probot = app;
    onIssueEvents(app, rt);
    onPullRequestEvents(app, rt);
    onReviewEvents(app, rt);
    onRunAndInstallationEvents(app, rt);
    onAfterPrEvents(app, rt);
    const interval = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    app.log.info(
      `Ralph loaded; approval poller ${options.pollIntervalMs === 0 ? "off" : `every ${Math.round(interval / 1000)} s`}`,
    );
    if (options.discoverInstallations ?? true) void rt.discover(app);
  }) as RalphApp;

  Object.assign(ralph, {
    sweep: (id: number) => rt.poller.tick(id),
    close: () => rt.poller.close(),
    idle: () => rt.inFlight.idle(),
    poller: rt.poller,
  });
  return ralph;
}
