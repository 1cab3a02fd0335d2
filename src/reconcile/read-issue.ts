import { parseCommands } from "../core/commands.js";
import { ConfigError, type RalphConfig } from "../core/config.js";
import { thousands } from "../core/counted.js";
import type { Command } from "../core/events.js";
import { firstWatermark, isCommentSeen, raiseCommentFloor } from "../core/seen-comments.js";
import { initialState, isAgentPhase, type MachineState } from "../core/state.js";
import { isStatusComment } from "../core/state-codec.js";
import type { GitHubContext, GitHubUser } from "../github/client.js";
import { type IssueComment, type KnownComments, postComment } from "../github/comments.js";
import { loadRepoConfig, reportConfigError } from "../github/config.js";
import { type IssueRead, MAX_HISTORY_PAGES, readIssue } from "../github/issue-read.js";
import type { ReviewComment } from "../github/review-threads.js";
import type { StatusLookup } from "../github/status.js";
import { foreignStatuses } from "../github/status-lookup.js";
import {
  classifyPullRequest,
  FORK_REFUSAL,
  FORK_REFUSAL_KEY,
  fetchIssueInfo,
  type IssueInfo,
  NOT_A_SPEC_PR_KEY,
  notSpecPrMessage,
  RALPH_PR_KEY,
  ralphPrMessage,
} from "./issue-info.js";
import { loadRoutedComments } from "./pr-commands.js";
import { isHuman, type ReconcileInput, type ReconcileReport, report } from "./signals.js";

/** The first steps of a reconcile: what they read, or the report that ends it early. */
export type Step<T> = T | { done: ReconcileReport };

export function isDone<T extends object>(step: Step<T>): step is { done: ReconcileReport } {
  return "done" in step;
}

/** A human comment newer than the watermark, with the commands it carries. */
export interface CommentItem {
  kind: "comment";
  at: string;
  id: number;
  comment: IssueComment;
  user: GitHubUser;
  commands: Command[];
}

export interface IssueReading {
  /** The comments read (everything the state had not read, and the page around it). */
  comments: KnownComments;
  status: StatusLookup;
  /** The state in Ralph's status comment, null when there is none (or it is broken). */
  loaded: MachineState | null;
  items: CommentItem[];
  hasCommands: boolean;
  /** The issue as the read saw it; null when it could not tell (then it is fetched). */
  issue: IssueInfo | null;
  /** Reading stopped at its bound here (the issue is told); null when it read all it needed. */
  cutAt: number | null;
  /** Comments read that are nobody's input (Ralph's own, bots'): marked read when saving. */
  others: number[];
}

/**
 * The issue's new comments, Ralph's status among them and the human comments it has not read yet
 * (github/issue-read.ts reads only back to the state's watermark). Ends early, before any other
 * request, when the event cannot concern Ralph.
 */
export async function readComments(
  input: ReconcileInput,
  number: number,
): Promise<Step<IssueReading>> {
  const { gh, signal } = input;
  // No loops: Ralph's own comments and bots' never start anything (DESIGN §7.2).
  if (signal.kind === "comment" && !isHuman(gh, signal.comment.user))
    return { done: report("ignored") };
  if (signal.kind === "trigger" && !isHuman(gh, signal.sender)) return { done: report("ignored") };
  if (signal.kind === "review_comment" && !isFixComment(gh, signal.comment)) {
    return { done: report("ignored") };
  }

  const read: IssueRead = input.read ?? (await readIssue(gh, number));
  const list = [...read.known.list];
  if (signal.kind === "comment" && !list.some((c) => c.id === signal.comment.id)) {
    list.push(signal.comment);
    list.sort((a, b) => a.id - b.id);
  }
  const comments: KnownComments = { list, from: read.known.from };
  const status: StatusLookup = { ...read.status, foreign: foreignStatuses(gh, list) };
  const loaded = status.kind === "ok" ? status.state : null;

  // Without a status comment Ralph never engaged here: only the current comment is new.
  const fresh =
    status.kind === "none"
      ? signal.kind === "comment"
        ? [signal.comment]
        : []
      : list.filter((c) => loaded === null || !isCommentSeen(loaded.watermark, c.id));
  // Commands said on Ralph's PR while a job ran (`routedCommands`): taken in now that nobody
  // else will; the intake then clears the list.
  const routed =
    loaded !== null && loaded.routedCommands.length > 0 && !isAgentPhase(loaded.phase)
      ? (await loadRoutedComments(gh, loaded.routedCommands)).filter(
          (r) => !fresh.some((f) => f.id === r.id),
        )
      : [];
  const items = commentItems(gh, [...fresh, ...routed]);
  const hasCommands = items.some((i) => i.commands.length > 0);
  const relevant = status.kind !== "none" || hasCommands || signal.kind === "trigger";
  if (!relevant) return { done: report("ignored") };
  const inputs = new Set(items.map((i) => i.id));
  return {
    comments,
    status,
    loaded,
    items,
    hasCommands,
    issue: read.issue,
    cutAt: read.cutAt,
    others: list.filter((c) => !inputs.has(c.id) && !isHuman(gh, c.user)).map((c) => c.id),
  };
}

/**
 * The human comments among `comments`, with the commands each carries. Ralph's own comments,
 * other bots' and anything that looks like a status comment are never input.
 */
export function commentItems(gh: GitHubContext, comments: readonly IssueComment[]): CommentItem[] {
  return comments.flatMap((c): CommentItem[] =>
    isHuman(gh, c.user) && !isStatusComment(c.body)
      ? [
          {
            kind: "comment",
            at: c.created_at,
            id: c.id,
            comment: c,
            user: c.user,
            commands: parseCommands(c.body),
          },
        ]
      : [],
  );
}

/** The repository's `.github/ralph.yml`; a broken one is reported on the issue instead. */
export async function loadConfig(
  gh: GitHubContext,
  number: number,
  comments: KnownComments,
): Promise<Step<{ config: RalphConfig }>> {
  try {
    return { config: await loadRepoConfig(gh) };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    await reportConfigError(gh, number, error, comments);
    return { done: report("config_error") };
  }
}

/**
 * Status comments written by someone else are pointed out; a broken own one stops everything; a
 * read that stopped at its bound is said on the issue (no listing stops silently).
 */
export async function reportStatusTrouble(
  gh: GitHubContext,
  number: number,
  { status, comments, cutAt }: IssueReading,
): Promise<Step<object>> {
  if (cutAt !== null) await reportCut(gh, number, cutAt, status, comments);
  for (const f of status.foreign) {
    await postComment(
      gh,
      number,
      `Ignoring [a comment](${f.html_url}) that looks like Ralph's status but was written by @${f.user?.login ?? "unknown"}: only Ralph's own status comment holds its state.`,
      { key: `foreign-status:${f.id}`, known: comments },
    );
  }
  if (status.kind !== "broken") return {};
  await postComment(
    gh,
    number,
    `**Ralph can't read its state** in [its status comment](${status.comment.html_url}): ${status.error}. Nothing runs until it is fixed; delete the status comment to start over.`,
    { key: `state-broken:${status.comment.id}`, known: comments },
  );
  return { done: report("broken_state") };
}

/**
 * The issue and the state the events apply to: the saved one, or a fresh one. A pull request
 * Ralph does not start on (its own, a fork's, one that adds no spec) gets a one-time answer.
 */
export async function startingState(
  input: ReconcileInput,
  number: number,
  config: RalphConfig,
  { loaded, comments, items, issue: read, cutAt }: IssueReading,
): Promise<Step<{ issue: IssueInfo; initial: MachineState }>> {
  const { gh } = input;
  const issue =
    typeof input.issue !== "number" ? input.issue : (read ?? (await fetchIssueInfo(gh, number)));
  // Past a read's bound nothing older is read any more: the floor moves up to where it stopped.
  if (loaded !== null) {
    return {
      issue,
      initial:
        cutAt === null
          ? loaded
          : { ...loaded, watermark: raiseCommentFloor(loaded.watermark, cutAt - 1) },
    };
  }
  // Ralph starts reading here: what was said before its first read is history.
  const fresh = (kind: MachineState["kind"]): MachineState => {
    const state = initialState(number, kind);
    const newest = Math.max(0, ...comments.list.map((c) => c.id));
    return { ...state, watermark: firstWatermark(state.watermark, items[0]?.id ?? null, newest) };
  };
  if (!issue.isPullRequest) return { issue, initial: fresh("issue") };
  const pr = await classifyPullRequest(gh, number, config);
  const refusal =
    pr.kind === "ralph"
      ? { body: ralphPrMessage(pr.issue), key: RALPH_PR_KEY }
      : pr.kind === "fork"
        ? { body: FORK_REFUSAL, key: FORK_REFUSAL_KEY }
        : pr.kind === "other"
          ? { body: notSpecPrMessage(config), key: NOT_A_SPEC_PR_KEY }
          : null;
  if (refusal === null) return { issue, initial: fresh("spec_pr") };
  await postComment(gh, number, refusal.body, { key: refusal.key, known: comments });
  return { done: report("refused") };
}

/** A read that stopped at MAX_HISTORY_PAGES: said once on the issue. */
export async function reportCut(
  gh: GitHubContext,
  number: number,
  cutAt: number,
  status: StatusLookup,
  comments: KnownComments,
): Promise<void> {
  const read = `the newest ${thousands(MAX_HISTORY_PAGES * 100)} comments`;
  const body =
    status.kind === "none"
      ? `**Ralph looked for its status comment among ${read} of this issue and did not find it**, so it starts here as if it had never worked on this issue. If an older status comment of Ralph's holds work in progress, comment \`/ralph plan\` to start over.`
      : `**Ralph read only ${read} it had not read yet** on this issue: older comments it had not read were skipped (their commands did nothing). Repeat anything still meant for Ralph.`;
  await postComment(gh, number, body, { key: `history-cut:${cutAt}`, known: comments });
}

/** An inline review comment by a human with `/ralph fix` in it: the only kind Ralph reads. */
export function isFixComment(gh: GitHubContext, comment: ReviewComment): boolean {
  return isHuman(gh, comment.user) && parseCommands(comment.body).some((c) => c.name === "fix");
}
