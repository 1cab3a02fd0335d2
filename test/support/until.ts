/**
 * Waiting on an event only the operating system or another process can report — a process
 * ending, a file appearing, a server answering — without a time budget of its own: the test's
 * timeout is the only bound, so a slow or loaded machine makes a test slower, never red. A test
 * that times out while waiting names the event it was waiting for.
 */
import { existsSync, readFileSync, watch } from "node:fs";
import { basename, dirname } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { onTestFailed } from "vitest";

const POLL_MS = 20;

/** Logs what a test that fails (a timeout included) was still waiting for. */
function naming(what: string): { done(): void } {
  let waiting = true;
  try {
    onTestFailed(() => {
      if (waiting) console.error(`the test was still waiting until ${what}`);
    });
  } catch {
    // Outside a running test (a hook): the hook's own failure says enough.
  }
  return {
    done: () => {
      waiting = false;
    },
  };
}

/**
 * Resolves with the first value `ready` returns that is neither undefined, null nor false, and
 * that it returns without throwing; polls every 20 ms. `what` names the event ("pid 123 ended").
 */
export async function until<T>(
  what: string,
  ready: () => T | Promise<T>,
): Promise<Exclude<T, undefined | null | false>> {
  const name = naming(what);
  try {
    for (;;) {
      try {
        const value = await ready();
        if (value !== undefined && value !== null && value !== false) {
          return value as Exclude<T, undefined | null | false>;
        }
      } catch {
        // Not yet.
      }
      await delay(POLL_MS);
    }
  } finally {
    name.done();
  }
}

/**
 * Resolves with the content of `path` once it exists and is not empty: told by the file system
 * (a watch on its folder), not polled.
 */
export async function untilFile(path: string): Promise<string> {
  const name = naming(`${path} is written`);
  const watcher = watch(dirname(path));
  const content = () => (existsSync(path) ? readFileSync(path, "utf8") : "");
  try {
    const written = new Promise<string>((resolve) => {
      watcher.on("change", (_event, file) => {
        if (file === basename(path) && content() !== "") resolve(content());
      });
    });
    return content() !== "" ? content() : await written;
  } finally {
    watcher.close();
    name.done();
  }
}

/** A promise a test settles itself: `signal()` resolves `happened`. */
export interface Signal {
  happened: Promise<void>;
  signal(): void;
}

export function signal(): Signal {
  let resolve = () => {};
  const happened = new Promise<void>((done) => {
    resolve = done;
  });
  return { happened, signal: () => resolve() };
}
