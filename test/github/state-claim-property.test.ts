/**
 * The state claim as a compare-and-set, over any schedule of stale writers (issue 10): with every
 * claim of a series kept, a save succeeds exactly when the writer read the revision that is still
 * current — one, two or ten revisions behind all fail — and each save is the last one + 1.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  loadStatus,
  StateConflictError,
  type StatusLookup,
  saveStatus,
} from "../../src/github/status.js";
import { stateAt } from "../app/states.js";
import { claimed, manualClock, withFake } from "./helpers.js";

/** Each step: one writer saves, after reading afresh or from whatever it read before. */
type Step = { writer: number; reread: boolean };

const schedule = fc.array(fc.record({ writer: fc.nat(2), reread: fc.boolean() }), {
  minLength: 4,
  maxLength: 10,
});

describe("state claims kept for the whole series", () => {
  it("property: a save succeeds iff its writer read the current revision; saves go +1", async () => {
    const { fake, gh: plain } = withFake();
    const gh = { ...plain, claimSha: "a".repeat(40) };
    await fc.assert(
      fc.asyncProperty(schedule, async (steps: Step[]) => {
        // A fresh status comment and no claims each run, on one fake.
        fake.comments.clear();
        fake.refs.clear();
        fake.seedState(stateAt("questions", { revision: 1, claimed: true }));
        const read = new Map<number, StatusLookup>();
        let current = 1;
        for (const step of steps) {
          let lookup = read.get(step.writer);
          if (step.reread || lookup === undefined) {
            lookup = await loadStatus(gh, 42);
            read.set(step.writer, lookup);
          }
          if (lookup.kind !== "ok") throw new Error("no status");
          const fresh = lookup.state.revision === current;
          const saving = saveStatus(gh, 42, lookup, {
            ...lookup.state,
            lastError: `writer ${step.writer}`,
          });
          if (fresh) {
            expect((await saving).state.revision).toBe(current + 1);
            current += 1;
          } else {
            await expect(saving).rejects.toBeInstanceOf(StateConflictError);
          }
          // Nothing is written over a newer revision.
          expect(fake.stateOf(42)?.revision).toBe(current);
        }
      }),
      { numRuns: 25 },
    );
  });
});

/**
 * The same with time passing and claims cleaned (docs/security.md): a writer may hold what it read
 * for any time, saves happen at any pace, and a save after the state rested deletes the claims up
 * to what it read. Still a save succeeds exactly when its writer read the current revision.
 */
const timed = fc.array(
  fc.record({
    writer: fc.nat(2),
    reread: fc.boolean(),
    // Up to 15 minutes between steps: past the hold (60 s) and the settling time (7 min) alike.
    waitMs: fc.oneof(fc.nat(5_000), fc.nat(90_000), fc.nat(900_000)),
  }),
  { minLength: 4, maxLength: 12 },
);

describe("state claims cleaned once they can no longer matter", () => {
  it("property: with time passing and old claims deleted, a save succeeds iff its writer read the current revision", async () => {
    const { fake, gh: plain } = withFake();
    const { clock, timing } = manualClock();
    const gh = claimed(plain, timing);
    let cleaned = 0;
    await fc.assert(
      fc.asyncProperty(timed, async (steps) => {
        fake.comments.clear();
        fake.refs.clear();
        clock.t = Date.parse("2026-01-02T00:00:00Z");
        const savedAt = new Date(clock.t).toISOString();
        fake.seedState(stateAt("questions", { revision: 1, claimed: true, savedAt }));
        const read = new Map<number, StatusLookup>();
        let current = 1;
        for (const step of steps) {
          clock.t += step.waitMs;
          let lookup = read.get(step.writer);
          if (step.reread || lookup === undefined) {
            lookup = await loadStatus(gh, 42);
            read.set(step.writer, lookup);
          }
          if (lookup.kind !== "ok") throw new Error("no status");
          const claims = fake.refs.size;
          const saving = saveStatus(gh, 42, lookup, {
            ...lookup.state,
            lastError: `w${step.writer}`,
          });
          if (lookup.state.revision === current) {
            expect((await saving).state.revision).toBe(current + 1);
            current += 1;
            if (fake.refs.size <= claims) cleaned += 1;
          } else {
            await expect(saving).rejects.toBeInstanceOf(StateConflictError);
          }
          expect(fake.stateOf(42)?.revision).toBe(current);
        }
      }),
      { numRuns: 40, seed: 20 },
    );
    // The schedules did rest long enough for claims to go.
    expect(cleaned).toBeGreaterThan(0);
  });
});
