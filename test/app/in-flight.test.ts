/**
 * Issue 16: the App's work in flight is bounded per installation (src/app/in-flight.ts): a few
 * handlings run at once, the next wait in order, one more is refused; another installation is
 * never held up by a busy one.
 */
import { describe, expect, it } from "vitest";
import { InFlight, InFlightFullError } from "../../src/app/in-flight.js";

/** Work that ends when the test says so. */
function gate() {
  let open = () => {};
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, work: () => done };
}

describe("work in flight per installation", () => {
  it("runs at most `running` at once per installation, queues `queued` more, refuses the next", async () => {
    const errors: unknown[] = [];
    const flight = new InFlight((e) => errors.push(e), { running: 2, queued: 1 });
    const started: number[] = [];
    const gates = [gate(), gate(), gate()];
    for (const [i, g] of gates.entries()) {
      flight.start(async () => {
        started.push(i);
        await g.work();
      }, "busy");
    }
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(flight.waiting).toBe(1);
    expect(() => flight.start(async () => {}, "busy")).toThrow(InFlightFullError);
    // Another installation starts at once.
    let other = false;
    flight.start(async () => {
      other = true;
    }, "quiet");
    await Promise.resolve();
    expect(other).toBe(true);
    // A slot frees: the queued one runs; then everything drains.
    gates[0]?.open();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    gates[1]?.open();
    gates[2]?.open();
    await flight.idle();
    expect(flight.size).toBe(0);
    expect(flight.waiting).toBe(0);
    expect(errors).toEqual([]);
  });

  it("a failed handling frees its slot and reports the failure", async () => {
    const errors: unknown[] = [];
    const flight = new InFlight((e) => errors.push(e), { running: 1, queued: 1 });
    const ran: string[] = [];
    flight.start(() => Promise.reject(new Error("boom")), "i");
    flight.start(() => Promise.resolve(ran.push("next")), "i");
    await flight.idle();
    expect(ran).toEqual(["next"]);
    expect(String(errors[0])).toContain("boom");
  });
});
