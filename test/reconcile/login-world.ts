import type { MachineState } from "../../src/core/state.js";
import { type ReconcileInput, reconcileIssue } from "../../src/reconcile/reconcile.js";
import type { Signal } from "../../src/reconcile/signals.js";
import { seedLoginIssue } from "../app/login-issue.js";
import { prd, putPrdFiles } from "../app/states.js";
import { recordingLog, withFake } from "../github/helpers.js";
import { user } from "../support/fake-github/index.js";
import { addRalphPull } from "./ralph-pulls.js";

/** Ralph's pull request in the login world, and the commit its reviews are given on. */
export const PR = 77;
export const SHA = "c".repeat(40);

/**
 * Issue 42 (LOGIN_ISSUE) on a fresh fake: alice and bob may write, Ralph's PR 77 is open, the
 * login PRD sits at SHA, and `state` (when given) is in Ralph's status comment. `run` reconciles
 * the issue on `signal` (dispatching nothing), logging into `log`; `say` adds a comment and
 * returns it with its webhook's signal.
 */
export function loginWorld(state: MachineState | null) {
  const { fake, gh: plain } = withFake();
  fake.grant("alice", "write");
  fake.grant("bob", "write");
  seedLoginIssue(fake);
  addRalphPull(fake, PR, 42);
  putPrdFiles(fake, prd(), SHA);
  const status = state === null ? null : fake.seedState(state);
  const log = recordingLog();
  const gh = { ...plain, log };
  const run = (signal: Signal, extra: Partial<ReconcileInput> = {}) =>
    reconcileIssue({ gh, issue: 42, signal, dispatch: async () => {}, ...extra });
  const say = (body: string, login = "alice", issue = 42) => {
    const comment = fake.addComment(issue, body, user(login));
    return { comment, signal: { kind: "comment", comment } as const satisfies Signal };
  };
  return { fake, gh, log, status, run, say };
}
