/**
 * One in-process lock per issue (DESIGN §6.2): work for the same key runs one after another,
 * different keys in parallel. A promise chain per key; the entry is dropped when the chain
 * drains so the map does not grow with every issue ever seen.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    // A failed predecessor must not block its successors.
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  get size(): number {
    return this.tails.size;
  }
}
