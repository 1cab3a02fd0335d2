/**
 * The CI gate's read (DESIGN §2.3): while Ralph waits in phase `ci`, every event about the issue
 * (a CI event, the sweep, a command, the Action's checkpoint) reads the checks on the pull
 * request's head commit and hands the verdict to the machine as a `ci_result`; on a done pull
 * request only a CI event does (a check that turns red later). The job logs are read only for a
 * red verdict the machine will act on. Nothing is read with `verify.ci: off`, or once the pull
 * request was merged or closed.
 */
import { ciVerdict } from "../core/ci-verdict.js";
import type { RalphConfig } from "../core/config.js";
import type { MachineEvent } from "../core/events.js";
import { statePullRequest } from "../core/machine/index.js";
import type { MachineState } from "../core/state.js";
import { readCiFailures } from "../github/ci-failures.js";
import type { GitHubContext } from "../github/client.js";
import { readCommitChecks } from "../github/commit-checks.js";
import { getPullRequest } from "../github/pulls.js";
import type { Signal } from "./signals.js";

export interface CiReadInput {
  gh: GitHubContext;
  state: MachineState;
  signal: Signal;
  config: RalphConfig;
  /** The clock (milliseconds since the epoch): the wait for a first check is measured by it. */
  now: () => number;
  /** The pull request's head as a read a moment ago showed it (no second read), when known. */
  head?: string | null;
}

/** Which head commit to read, or null when the CI has nothing to say to the machine now. */
async function headToRead(input: CiReadInput): Promise<string | null> {
  const { gh, state, signal, config } = input;
  if (config.verify.ci !== "gate" || state.prClosed !== null) return null;
  const pr = statePullRequest(state);
  if (pr === null) return null;
  const fromEvent = signal.kind === "ci" && signal.pr === pr ? signal.sha : null;
  if (state.phase === "done") return fromEvent;
  if (state.phase !== "ci") return null;
  if (fromEvent !== null) return fromEvent;
  if (input.head !== undefined && input.head !== null) return input.head;
  const pull = await getPullRequest(gh, pr);
  return pull.state === "open" ? pull.head.sha : null;
}

export async function ciResultEvent(input: CiReadInput): Promise<MachineEvent | null> {
  const sha = await headToRead(input);
  if (sha === null) return null;
  const { gh, state, config } = input;
  const { checks } = await readCommitChecks(gh, sha, { workflow: config.workflow });
  const verdict = ciVerdict(checks);
  const at = new Date(input.now()).toISOString();
  const event: MachineEvent = { type: "ci_result", sha, at, verdict, pushedBy: gh.botLogin };
  if (verdict.kind !== "red" || state.followUp?.triggers.includes(`ci:${sha}`)) return event;
  return { ...event, failures: await readCiFailures(gh, verdict.failing) };
}
