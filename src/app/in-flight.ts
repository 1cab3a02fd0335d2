/**
 * Work the App started after answering a webhook (issue 11: GitHub waits at most 10 s for the
 * answer, and a `/ralph plan` takes ~10 API calls). The answer goes out as soon as the payload is
 * accepted; the reconcile runs on. Nothing is lost if the process dies in between: the state
 * lives on GitHub, and the approval sweep re-reads commands Ralph has not acknowledged
 * (recover-commands.ts).
 */
export class InFlight {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Starts `work` and returns at once; its failure goes to `onError`. */
  start(work: () => Promise<unknown>): void {
    const promise: Promise<void> = work()
      .then(
        () => {},
        (error: unknown) => this.onError(error),
      )
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  get size(): number {
    return this.running.size;
  }

  /** Resolves when nothing is running (including work started meanwhile). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
