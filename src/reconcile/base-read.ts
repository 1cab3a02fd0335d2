/**
 * A moving base's read (DESIGN §2.3): while Ralph holds its finished pull request — waiting for
 * CI (every reconcile, so before it is marked ready) or done (an event about its CI, or a sweep
 * that found it conflicting, reconcile/conflict-sweep.ts) — GitHub's
 * mergeability is read; a conflict with the base goes to the machine as `base_unmergeable`, which
 * has the default branch merged in the runner (core/machine/base-merge.ts). GitHub computes
 * mergeability in the background: a value it has not computed yet is left to the next event.
 */
import type { MachineEvent } from "../core/events.js";
import { statePullRequest } from "../core/machine/index.js";
import type { MachineState } from "../core/state.js";
import { readMergeability } from "../github/mergeability.js";
import { type CiReadInput, ciResultEvent } from "./ci-read.js";

/** One short pause for a mergeability GitHub is still computing; the next event reads it again. */
const RETRY_DELAYS_MS = [1_000];

type Input = CiReadInput & { sleep?: (ms: number) => Promise<void> };

/**
 * The base's read: a `base_unmergeable` event when GitHub says the pull request conflicts, and
 * the head it read (so the CI read needs no second read of the same pull request), or nulls.
 */
export async function baseUnmergeableEvent(
  input: Input,
): Promise<{ event: MachineEvent | null; head: string | null }> {
  const { gh, state, signal } = input;
  const none = { event: null, head: null };
  const pr = statePullRequest(state);
  if (pr === null || state.prClosed !== null || state.prd === null) return none;
  const aboutIt = (signal.kind === "ci" || signal.kind === "base") && signal.pr === pr;
  if (state.phase !== "ci" && !(state.phase === "done" && aboutIt)) return none;
  const read = await readMergeability(gh, pr, {
    retryDelaysMs: RETRY_DELAYS_MS,
    ...(input.sleep === undefined ? {} : { sleep: input.sleep }),
  });
  if (read.kind === "closed") return none;
  if (read.kind !== "conflicts") return { event: null, head: read.headSha };
  const event: MachineEvent = {
    type: "base_unmergeable",
    pr,
    sha: read.headSha,
    baseSha: read.baseSha,
  };
  return { event, head: read.headSha };
}

/**
 * What the pull request says after the events were taken in: a conflict with the base first (the
 * merge, not the CI of a head that cannot merge), then the CI gate's read.
 */
export async function pullRequestReads(
  input: Omit<Input, "state">,
  intake: { state: MachineState; step(event: MachineEvent): void },
): Promise<void> {
  const base = await baseUnmergeableEvent({ ...input, state: intake.state });
  if (base.event !== null) intake.step(base.event);
  const ci = await ciResultEvent({ ...input, state: intake.state, head: base.head });
  if (ci !== null) intake.step(ci);
}
