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
import { withFake } from "./helpers.js";

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
