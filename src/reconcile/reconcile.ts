import { parseCommands } from "../core/commands.js";
import { ConfigError, type RalphConfig } from "../core/config.js";
import type { Effect } from "../core/effects.js";
import { type Actor, type Command, hasPermission, type MachineEvent } from "../core/events.js";
import { mayCommand } from "../core/machine/auth.js";
import { transition } from "../core/machine/index.js";
import { sanitizeUntrusted } from "../core/sanitize.js";
import { initialState, isAgentPhase, type MachineState } from "../core/state.js";
import { isStatusComment } from "../core/state-codec.js";
import { type GitHubUser, isBotUser } from "../github/client.js";
import { type IssueComment, listIssueComments, postComment } from "../github/comments.js";
import { loadRepoConfig, reportConfigError } from "../github/config.js";
import { createPermissionResolver } from "../github/permissions.js";
import { type ReactionApproval, readReactionApprovals } from "../github/prd-comment.js";
import { findStatus, StateConflictError } from "../github/status.js";
import {
  classifyPullRequest,
  FORK_REFUSAL,
  FORK_REFUSAL_KEY,
  fetchIssueInfo,
  issueGoal,
  NOT_A_SPEC_PR_KEY,
  notSpecPrMessage,
  RALPH_PR_KEY,
  ralphPrMessage,
} from "./issue-info.js";
import { saveThenApply } from "./persist.js";
import {
  dismissedReviewApprovals,
  loadPrReviews,
  newReviews,
  type ReviewItem,
  reviewEvents,
} from "./reviews.js";
import { isHuman, type ReconcileInput, type ReconcileReport, report } from "./signals.js";

export type { ReconcileInput, ReconcileReport, Signal } from "./signals.js";

const WAITING_FOR_TEXT = new Set(["questions", "decisions"]);
/** Phases where an approval still gates something, so taking it back matters. */
const GATED = new Set(["awaiting_approval", "run_gate"]);

function sameLogin(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * One reconcile of one issue (DESIGN §6.1): state from the status comment → everything newer than
 * its watermark → core events → transitions → save (revision re-checked) → effects. The state is
 * saved BEFORE the effects run, so a conflicting writer makes us retry with nothing done yet
 * (no double dispatch); a second save records what the effects learned (PR, PRD comment id) and
 * what failed.
 */
export async function reconcileIssue(input: ReconcileInput): Promise<ReconcileReport> {
  try {
    return await reconcileOnce(input);
  } catch (error) {
    if (!(error instanceof StateConflictError)) throw error;
    input.gh.log.info(`state conflict on #${issueNumberOf(input)}, reloading: ${error.message}`);
    return reconcileOnce(input);
  }
}

function issueNumberOf(input: ReconcileInput): number {
  return typeof input.issue === "number" ? input.issue : input.issue.number;
}

interface CommentItem {
  kind: "comment";
  at: string;
  id: number;
  comment: IssueComment;
  user: GitHubUser;
  commands: Command[];
}
type Item = CommentItem | ReviewItem;

async function reconcileOnce(input: ReconcileInput): Promise<ReconcileReport> {
  const { gh, signal } = input;
  const number = issueNumberOf(input);
  // No loops: Ralph's own comments and bots' never start anything (DESIGN §7.2).
  if (signal.kind === "comment" && !isHuman(gh, signal.comment.user)) return report("ignored");
  if (signal.kind === "trigger" && !isHuman(gh, signal.sender)) return report("ignored");

  const comments = await listIssueComments(gh, number);
  if (signal.kind === "comment" && !comments.some((c) => c.id === signal.comment.id)) {
    comments.push(signal.comment);
    comments.sort((a, b) => a.id - b.id);
  }
  const status = findStatus(gh, comments);
  const loaded = status.kind === "ok" ? status.state : null;

  // Without a status comment Ralph never engaged here: only the current comment is new.
  const fresh =
    status.kind === "none"
      ? signal.kind === "comment"
        ? [signal.comment]
        : []
      : comments.filter((c) => c.id > (loaded?.watermark.commentId ?? 0));
  const commentItems: CommentItem[] = [];
  for (const c of fresh) {
    if (!isHuman(gh, c.user) || isStatusComment(c.body)) continue;
    commentItems.push({
      kind: "comment",
      at: c.created_at,
      id: c.id,
      comment: c,
      user: c.user,
      commands: parseCommands(c.body),
    });
  }
  const hasCommands = commentItems.some((i) => i.commands.length > 0);
  const relevant = status.kind !== "none" || hasCommands || signal.kind === "trigger";
  if (!relevant) return report("ignored");

  let config: RalphConfig;
  try {
    config = await loadRepoConfig(gh);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    await reportConfigError(gh, number, error, comments);
    return report("config_error");
  }

  for (const f of status.foreign) {
    await postComment(
      gh,
      number,
      `Ignoring [a comment](${f.html_url}) that looks like Ralph's status but was written by @${f.user?.login ?? "unknown"}: only Ralph's own status comment holds its state.`,
      { key: `foreign-status:${f.id}`, known: comments },
    );
  }
  if (status.kind === "broken") {
    await postComment(
      gh,
      number,
      `**Ralph can't read its state** in [its status comment](${status.comment.html_url}): ${status.error}. Nothing runs until it is fixed; delete the status comment to start over.`,
      { key: `state-broken:${status.comment.id}`, known: comments },
    );
    return report("broken_state");
  }

  const triggered = signal.kind === "trigger" && triggerWanted(config, signal.label);
  if (status.kind === "none" && !hasCommands && !triggered) return report("ignored");

  const issue = typeof input.issue === "number" ? await fetchIssueInfo(gh, number) : input.issue;
  let initial = loaded;
  if (initial === null) {
    let kind: MachineState["kind"] = "issue";
    if (issue.isPullRequest) {
      const pr = await classifyPullRequest(gh, number, config);
      if (pr.kind === "ralph") {
        await postComment(gh, number, ralphPrMessage(pr.issue), {
          key: RALPH_PR_KEY,
          known: comments,
        });
        return report("refused");
      }
      if (pr.kind === "fork") {
        await postComment(gh, number, FORK_REFUSAL, { key: FORK_REFUSAL_KEY, known: comments });
        return report("refused");
      }
      if (pr.kind === "other") {
        await postComment(gh, number, notSpecPrMessage(config), {
          key: NOT_A_SPEC_PR_KEY,
          known: comments,
        });
        return report("refused");
      }
      kind = "spec_pr";
    }
    initial = initialState(number, kind);
  }

  const prReviews = await loadPrReviews(gh, initial, signal);
  const items: Item[] = [...commentItems, ...newReviews(gh, initial, prReviews)];
  items.sort((a, b) => (a.at === b.at ? a.id - b.id : a.at < b.at ? -1 : 1));

  const perms = createPermissionResolver(gh);
  const actorOf = async (user: GitHubUser): Promise<Actor> => ({
    login: user.login,
    permission: await perms(user.login),
    isBot: isBotUser(user),
    isIssueAuthor: issue.author !== null && issue.author.toLowerCase() === user.login.toLowerCase(),
  });
  const goal = issueGoal(issue);

  let state = initial;
  const effects: Effect[] = [];
  const appAcks: number[] = [];
  let commentMark = initial.watermark.commentId;
  let reviewMark = initial.watermark.reviewId;
  /**
   * `source`: the comment the event came from. Before Ralph has a status comment nothing may be
   * saved (a `/ralph help` leaves no state), so only a hidden key tied to the comment keeps a
   * redelivered webhook from replying twice.
   */
  const step = (event: MachineEvent, source?: number) => {
    const result = transition(state, event, config);
    state = result.state;
    let n = 0;
    for (const effect of result.effects) {
      const keyed =
        source !== undefined && loaded === null && effect.type === "reply" && !effect.key;
      effects.push(keyed ? { ...effect, key: `reply:${source}:${n++}` } : effect);
    }
  };
  const takeIn = async (item: CommentItem) => {
    if (item.commands.length > 0) {
      const actor = await actorOf(item.user);
      for (const command of item.commands) {
        step(commandEvent(command, item, state, actor, goal), item.id);
      }
    } else if (WAITING_FOR_TEXT.has(state.phase)) {
      // Plain comments only matter as answers: no permission lookup for chatter.
      step(
        {
          type: "comment",
          body: sanitizeUntrusted(item.comment.body),
          actor: await actorOf(item.user),
          commentId: item.id,
        },
        item.id,
      );
    }
  };

  // The run already ended: whatever was typed meanwhile is read against the failed state.
  if (signal.kind === "run_failed") {
    step({ type: "run_failed", conclusion: signal.conclusion, runUrl: signal.runUrl });
  }

  // Approvals taken back count before any new one: a dismissed review or a removed 👍 must not
  // help a later approval reach `approvals.required` (DESIGN §3.3).
  for (const event of dismissedReviewApprovals(state, prReviews)) step(event);
  let reactions: ReactionApproval[] | null = null;
  const readReactions = async (of: MachineState) =>
    (reactions ??= await readReactionApprovals(gh, of));
  const reactionApprovals = state.approvals.filter(
    (a) => a.channel === "reaction" && a.revision === state.prd?.revision,
  );
  if (reactionApprovals.length > 0 && GATED.has(state.phase)) {
    const given = await readReactions(state);
    for (const a of reactionApprovals) {
      if (!given.some((r) => r.revision === a.revision && sameLogin(r.login, a.login))) {
        step({ type: "approval_withdrawn", channel: "reaction", login: a.login });
      }
    }
  }

  // Comments the running job will read at its next checkpoint (DESIGN §6.2).
  const deferred: CommentItem[] = [];
  for (const item of items) {
    if (item.kind === "comment") {
      if (isAgentPhase(state.phase)) {
        // The running job owns the state and reads commands at its next checkpoint; the App only
        // acknowledges them — except `/ralph stop`, which cancels that job. Then nobody else
        // would read what was said before the stop, so the App takes it all in, in order.
        const stop = item.commands.find((c) => c.name === "stop");
        if (stop !== undefined) {
          const actor = await actorOf(item.user);
          if (mayCommand(actor, "stop")) {
            for (const earlier of [...deferred, item]) await takeIn(earlier);
            deferred.length = 0;
            commentMark = Math.max(commentMark, item.id);
            continue;
          }
          step({ type: "command", command: stop, actor, commentId: item.id });
        } else if (
          item.commands.length > 0 &&
          signal.kind === "comment" &&
          signal.comment.id === item.id &&
          hasPermission((await actorOf(item.user)).permission, "write")
        ) {
          appAcks.push(item.id);
        }
        deferred.push(item);
        continue;
      }
      await takeIn(item);
      commentMark = Math.max(commentMark, item.id);
      continue;
    }
    if (isAgentPhase(state.phase)) continue;
    for (const event of await reviewEvents(
      gh,
      config,
      state,
      item,
      await actorOf(item.user),
      goal,
    )) {
      step(event);
    }
    reviewMark = Math.max(reviewMark, item.id);
  }

  if (signal.kind === "trigger" && triggered && !isAgentPhase(state.phase)) {
    step({ type: "trigger", actor: await actorOf(signal.sender), goal });
  }

  // Reactions fire no webhook: read them on every event while an approval is awaited (§3.3).
  if (state.phase === "awaiting_approval" && config.approvals.reactions) {
    const current = state;
    for (const approval of await readReactions(current)) {
      const counted = current.approvals.some(
        (a) =>
          a.channel === "reaction" &&
          a.revision === approval.revision &&
          sameLogin(a.login, approval.login),
      );
      if (counted || state.phase !== "awaiting_approval") continue;
      const actor = await actorOf({ login: approval.login, type: "User" });
      step({ type: "approval", channel: "reaction", actor, revision: approval.revision });
    }
  }

  state = { ...state, watermark: { commentId: commentMark, reviewId: reviewMark } };
  const allEffects: Effect[] = [
    ...appAcks.map((commentId): Effect => ({ type: "acknowledge", commentId })),
    ...settledDispatches(effects, state),
  ];

  return saveThenApply({
    input,
    number,
    config,
    status,
    loaded,
    initial,
    state,
    effects: allEffects,
    comments,
    issueTitle: issue.title,
  });
}

/**
 * Several events in one reconcile may each start an agent step (`/approve` then `/ralph stop`, or
 * `/approve` then `/ralph replan` in one comment); only the step the final state waits for may
 * run, else a job would start for a step the state no longer expects (or two jobs at once).
 */
export function settledDispatches(effects: readonly Effect[], state: MachineState): Effect[] {
  let last = -1;
  effects.forEach((e, i) => {
    if (e.type === "dispatch") last = i;
  });
  return effects.filter((e, i) => {
    if (e.type !== "dispatch") return true;
    return i === last && isAgentPhase(state.phase) && state.pendingStep === e.step;
  });
}

/**
 * A command as a machine event. `/approve` written before the current PRD comment existed was
 * meant for an older revision: it becomes an approval bound to a stale revision, which the
 * machine refuses instead of counting it for a PRD its author never saw.
 */
function commandEvent(
  command: Command,
  item: CommentItem,
  state: MachineState,
  actor: Actor,
  goal: string,
): MachineEvent {
  const prdComment = state.prd?.commentId ?? null;
  const stale =
    command.name === "approve" &&
    state.phase === "awaiting_approval" &&
    prdComment !== null &&
    item.id < prdComment;
  return {
    type: "command",
    command,
    actor,
    commentId: item.id,
    goal,
    ...(stale ? { revision: `superseded-before-comment-${prdComment}` } : {}),
  };
}

function triggerWanted(config: RalphConfig, label: string | null): boolean {
  if (label === null) return config.trigger.on_open;
  return config.trigger.labels.some((l) => l.toLowerCase() === label.toLowerCase());
}
