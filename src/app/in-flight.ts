/**
 * Work the App started after answering a webhook (issue 11: GitHub waits at most 10 s for the
 * answer, and a `/ralph plan` takes ~10 API calls). The answer goes out as soon as the payload is
 * accepted; the reconcile runs on. Nothing is lost if the process dies in between: the state
 * lives on GitHub, and the approval sweep re-reads commands Ralph has not acknowledged
 * (recover-commands.ts).
 *
 * Bounded per installation (issue 16): at most `running` handlings of one installation run at
 * once, the next `queued` wait their turn in order, and a delivery beyond that is refused (the
 * webhook answers 503, so GitHub records a failed delivery that can be redelivered, and the
 * sweep still recovers its command). One busy installation neither holds the process's memory
 * nor delays the others: their handlings have their own slots.
 */
export const RUNNING_PER_INSTALLATION = 8;
export const QUEUED_PER_INSTALLATION = 500;

/** The installation's queue is full: this delivery is refused, not silently dropped. */
export class InFlightFullError extends Error {
  override readonly name = "InFlightFullError";
  readonly status = 503;
}

interface Lane {
  running: number;
  waiting: (() => void)[];
}

export class InFlight {
  private readonly running = new Set<Promise<void>>();
  private readonly lanes = new Map<string, Lane>();

  constructor(
    private readonly onError: (error: unknown) => void,
    private readonly limits = {
      running: RUNNING_PER_INSTALLATION,
      queued: QUEUED_PER_INSTALLATION,
    },
  ) {}

  /**
   * Starts `work` (now, or when its installation has a free slot) and returns at once; its
   * failure goes to `onError`. Throws InFlightFullError when the installation's queue is full.
   */
  start(work: () => Promise<unknown>, key = "app"): void {
    const lane = this.lanes.get(key) ?? { running: 0, waiting: [] };
    if (lane.running >= this.limits.running && lane.waiting.length >= this.limits.queued) {
      throw new InFlightFullError(
        `${lane.running} handlings run and ${lane.waiting.length} wait for ${key}: refusing the delivery`,
      );
    }
    this.lanes.set(key, lane);
    const turn =
      lane.running < this.limits.running
        ? Promise.resolve()
        : new Promise<void>((resolve) => lane.waiting.push(resolve));
    if (lane.running < this.limits.running) lane.running += 1;
    const promise: Promise<void> = turn
      .then(work)
      .then(
        () => {},
        (error: unknown) => this.onError(error),
      )
      .finally(() => {
        this.running.delete(promise);
        this.release(key, lane);
      });
    this.running.add(promise);
  }

  /** A slot of `lane` is free: the next waiting handling takes it, or the lane goes. */
  private release(key: string, lane: Lane): void {
    const next = lane.waiting.shift();
    if (next !== undefined) {
      next();
      return;
    }
    lane.running -= 1;
    if (lane.running === 0) this.lanes.delete(key);
  }

  get size(): number {
    return this.running.size;
  }

  /** Handlings waiting for a slot, all installations together. */
  get waiting(): number {
    let n = 0;
    for (const lane of this.lanes.values()) n += lane.waiting.length;
    return n;
  }

  /** Resolves when nothing is running (including work started meanwhile). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
