import { defaultConfig } from "../../src/core/config.js";
import type { Effect } from "../../src/core/effects.js";
import { initialState, type MachineState } from "../../src/core/state.js";
import { isStatusComment } from "../../src/core/state-codec.js";
import type { GitHubContext } from "../../src/github/client.js";
import { listIssueComments } from "../../src/github/comments.js";
import { findStatus } from "../../src/github/status.js";
import { saveThenApply } from "../../src/reconcile/persist.js";
import type { ReconcileInput } from "../../src/reconcile/signals.js";
import { LOGIN_ISSUE, seedLoginIssue } from "../app/login-issue.js";
import type { FakeGitHub, RecordedRequest } from "../support/fake-github/index.js";

export interface SaveThenApplyCase {
  /** The saved state (its status comment is seeded); null: the issue has no status comment. */
  loaded: MachineState | null;
  /** What the transition made of it. */
  state: MachineState;
  effects?: Effect[];
  input?: Partial<ReconcileInput>;
}

/** The requests that wrote Ralph's status comment (its first post or a save over it). */
export function statusWrites(requests: readonly RecordedRequest[]): RecordedRequest[] {
  return requests.filter((r) => {
    const body = (r.body as { body?: unknown } | null)?.body;
    return r.method !== "GET" && typeof body === "string" && isStatusComment(body);
  });
}

/**
 * `saveThenApply` on LOGIN_ISSUE (#42) of the fake, as reconcile calls it after a transition
 * (dispatch: a no-op unless `input` gives one); with the state it leaves (`after`), the requests
 * it made and its status writes.
 */
export async function saveThenApplyOn(fake: FakeGitHub, gh: GitHubContext, c: SaveThenApplyCase) {
  seedLoginIssue(fake);
  if (c.loaded !== null) fake.seedState(c.loaded);
  const comments = await listIssueComments(gh, LOGIN_ISSUE.number);
  const status = findStatus(gh, comments);
  const from = fake.requests.length;
  const report = await saveThenApply({
    input: {
      gh,
      issue: LOGIN_ISSUE.number,
      signal: { kind: "touch" },
      dispatch: async () => {},
      ...c.input,
    },
    number: LOGIN_ISSUE.number,
    config: defaultConfig(),
    status,
    loaded: status.kind === "ok" ? status.state : null,
    initial: status.kind === "ok" ? status.state : initialState(LOGIN_ISSUE.number),
    state: c.state,
    effects: c.effects ?? [],
    comments: { list: comments, from: 0 },
    issueTitle: LOGIN_ISSUE.title,
  });
  if (report.state === null) throw new Error("saveThenApply reported no state");
  const requests = fake.requests.slice(from);
  return { report, after: report.state, requests, writes: statusWrites(requests) };
}
