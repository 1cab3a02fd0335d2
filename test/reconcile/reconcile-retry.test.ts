/**
 * A reconcile whose save finds that another writer saved first (src/reconcile/reconcile.ts
 * `reconcileIssue`, DESIGN §6.2): it reads the issue again and redoes the whole reconcile, at most
 * RECONCILE_ATTEMPTS times, saying so in the log; any other error ends it at once. No other test
 * made a save conflict more than once, so a mutation pass found this loop unrun.
 */
import { describe, expect, it } from "vitest";
import { StateConflictError } from "../../src/github/status.js";
import { RECONCILE_ATTEMPTS } from "../../src/reconcile/reconcile.js";
import { awaitingApproval, prd } from "../app/states.js";
import { concurrentSave } from "./concurrent-save.js";
import { loginWorld } from "./login-world.js";

/** Alice asks for a revision; another writer saves first on each of the first `conflicts` claims. */
function contested(conflicts: number) {
  const world = loginWorld(awaitingApproval(prd(), 1));
  const rival = concurrentSave(
    world.fake,
    (r) => r.method === "POST" && r.path.endsWith("/git/refs"),
    () => ({}),
    { times: conflicts },
  );
  const { signal } = world.say("/ralph revise make it blue");
  const reloads = () =>
    world.log.infos.filter((m) => m.startsWith("state conflict on #42, reloading: "));
  return { ...world, rival, signal, reloads };
}

describe("reconcileIssue: another writer saved first", () => {
  it("retried from a fresh read until the save goes through, within the attempts", async () => {
    const { fake, run, signal, rival, reloads } = contested(RECONCILE_ATTEMPTS - 1);
    const report = await run(signal);
    expect(report.outcome).toBe("reconciled");
    expect(fake.stateOf(42)).toMatchObject({ phase: "planning" });
    expect(rival.count()).toBe(RECONCILE_ATTEMPTS - 1);
    expect(reloads()).toHaveLength(RECONCILE_ATTEMPTS - 1);
  });

  it("a conflict on every attempt: the conflict, after RECONCILE_ATTEMPTS tries", async () => {
    // The rival stops after that many saves: one more try would go through.
    const { fake, run, signal, rival, reloads } = contested(RECONCILE_ATTEMPTS);
    await expect(run(signal)).rejects.toBeInstanceOf(StateConflictError);
    expect(rival.count()).toBe(RECONCILE_ATTEMPTS);
    expect(reloads()).toHaveLength(RECONCILE_ATTEMPTS - 1);
    expect(fake.stateOf(42)).toMatchObject({ phase: "awaiting_approval" });
  });

  it("any other error: thrown at once, nothing read again", async () => {
    const { fake, run, signal, reloads } = contested(0);
    fake.inject({ route: "*", status: 500, times: 1 });
    await expect(run(signal)).rejects.not.toBeInstanceOf(StateConflictError);
    expect(fake.requests).toHaveLength(1);
    expect(reloads()).toEqual([]);
  });
});
