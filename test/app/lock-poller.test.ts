import { describe, expect, it } from "vitest";
import { pollIntervalFromEnv } from "../../src/app/index.js";
import { ApprovalPoller, DEFAULT_POLL_INTERVAL_MS } from "../../src/app/poller.js";
import { silentLogger } from "../../src/github/client.js";
import { KeyedLock } from "../../src/reconcile/lock.js";
import { ManualScheduler } from "./harness.js";

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("KeyedLock", () => {
  it("runs tasks of one key one after another, other keys alongside", async () => {
    const lock = new KeyedLock();
    const order: string[] = [];
    const gate = deferred();
    const a1 = lock.run("a", async () => {
      order.push("a1 start");
      await gate.promise;
      order.push("a1 end");
    });
    const a2 = lock.run("a", async () => {
      order.push("a2");
    });
    const b = lock.run("b", async () => {
      order.push("b");
    });
    await b;
    expect(order).toEqual(["a1 start", "b"]);
    gate.resolve();
    await Promise.all([a1, a2]);
    expect(order).toEqual(["a1 start", "b", "a1 end", "a2"]);
    await Promise.resolve();
    expect(lock.size).toBe(0);
  });

  it("a task queued after the first one finished still waits for the second", async () => {
    const lock = new KeyedLock();
    const order: string[] = [];
    const first = deferred();
    const second = deferred();
    const t1 = lock.run("a", async () => {
      await first.promise;
      order.push("1");
    });
    const t2 = lock.run("a", async () => {
      order.push("2 start");
      await second.promise;
      order.push("2 end");
    });
    first.resolve();
    await t1;
    await new Promise(setImmediate);
    const t3 = lock.run("a", async () => {
      order.push("3");
    });
    await new Promise(setImmediate);
    expect(order).toEqual(["1", "2 start"]);
    second.resolve();
    await Promise.all([t2, t3]);
    expect(order).toEqual(["1", "2 start", "2 end", "3"]);
  });

  it("a failing task does not block the next one and its error reaches its caller", async () => {
    const lock = new KeyedLock();
    const failed = lock.run("a", async () => {
      throw new Error("boom");
    });
    const next = lock.run("a", async () => "ok");
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe("ok");
  });
});

describe("ApprovalPoller", () => {
  it("one timer per installation; ticks never overlap; close() cancels every timer", async () => {
    const scheduler = new ManualScheduler();
    const gate = deferred();
    const swept: number[] = [];
    const poller = new ApprovalPoller({
      scheduler,
      intervalMs: 1000,
      sweep: async (id) => {
        swept.push(id);
        await gate.promise;
      },
      log: silentLogger,
    });
    poller.ensure(1);
    poller.ensure(1);
    poller.ensure(2);
    expect(scheduler.active.map((t) => t.ms)).toEqual([1000, 1000]);

    const first = poller.tick(1);
    await poller.tick(1); // still running: skipped
    gate.resolve();
    await first;
    expect(swept).toEqual([1]);

    poller.close();
    expect(scheduler.active).toEqual([]);
    poller.ensure(3);
    expect(scheduler.active).toEqual([]);
    await poller.tick(2);
    expect(swept).toEqual([1]);
  });

  it("a failing sweep is logged, not thrown", async () => {
    const errors: string[] = [];
    const poller = new ApprovalPoller({
      scheduler: new ManualScheduler(),
      intervalMs: 1000,
      sweep: async () => {
        throw new Error("API down");
      },
      log: { ...silentLogger, error: (m) => errors.push(m) },
    });
    await poller.tick(7);
    expect(errors.join()).toContain("API down");
  });

  it("interval 0 starts no timer", () => {
    const scheduler = new ManualScheduler();
    const poller = new ApprovalPoller({
      scheduler,
      intervalMs: 0,
      sweep: async () => {},
      log: silentLogger,
    });
    poller.ensure(1);
    expect(scheduler.timers).toEqual([]);
  });

  it.each([
    [undefined, DEFAULT_POLL_INTERVAL_MS],
    ["", DEFAULT_POLL_INTERVAL_MS],
    ["60", 60_000],
    ["0", 0],
    ["soon", DEFAULT_POLL_INTERVAL_MS],
  ])("RALPH_POLL_INTERVAL_SECONDS=%j → %d ms", (value, expected) => {
    expect(
      pollIntervalFromEnv(value === undefined ? {} : { RALPH_POLL_INTERVAL_SECONDS: value }),
    ).toBe(expected);
  });
});
