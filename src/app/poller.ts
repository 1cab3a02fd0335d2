import type { Logger } from "../github/client.js";

/** Injected so tests drive the sweep by hand; production uses unref'd intervals. */
export interface Scheduler {
  every(ms: number, task: () => Promise<void>): { cancel(): void };
}

export const intervalScheduler: Scheduler = {
  every(ms, task) {
    const handle = setInterval(() => {
      void task();
    }, ms);
    // The poller must never keep the process alive on its own.
    handle.unref();
    return { cancel: () => clearInterval(handle) };
  },
};

export const DEFAULT_POLL_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Reactions fire no webhook (DESIGN §3.3): one timer per installation sweeps issues labelled
 * `ralph:awaiting-approval`. Timers start when an installation is first seen (startup listing
 * or any webhook) and all stop on close(). A sweep still running when the next tick comes is not
 * doubled.
 */
export class ApprovalPoller {
  private readonly timers = new Map<number, { cancel(): void }>();
  private readonly running = new Set<number>();
  private closed = false;

  constructor(
    private readonly options: {
      scheduler: Scheduler;
      intervalMs: number;
      sweep: (installationId: number) => Promise<void>;
      log: Logger;
    },
  ) {}

  ensure(installationId: number): void {
    if (this.closed || this.options.intervalMs <= 0 || this.timers.has(installationId)) return;
    this.timers.set(
      installationId,
      this.options.scheduler.every(this.options.intervalMs, () => this.tick(installationId)),
    );
  }

  forget(installationId: number): void {
    this.timers.get(installationId)?.cancel();
    this.timers.delete(installationId);
  }

  async tick(installationId: number): Promise<void> {
    if (this.closed || this.running.has(installationId)) return;
    this.running.add(installationId);
    try {
      await this.options.sweep(installationId);
    } catch (error) {
      this.options.log.error(
        `approval sweep of installation ${installationId} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      this.running.delete(installationId);
    }
  }

  get installations(): number[] {
    return [...this.timers.keys()];
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) timer.cancel();
    this.timers.clear();
  }
}
