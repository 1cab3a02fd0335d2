import { parseCommands } from "../core/commands.js";
import { ConfigError, type RalphConfig } from "../core/config.js";
import type { Effect } from "../core/effects.js";
import { type Actor, type Command, hasPermission, type MachineEvent } from "../core/events.js";
import { transition } from "../core/machine/index.js";
import { sanitizeUntrusted } from "../core/sanitize.js";
import { initialState, isAgentPhase, type MachineState } from "../core/state.js";
import { isStatusComment } from "../core/state-codec.js";
import { type GitHubUser, isBotUser } from "../github/client.js";
import { type IssueComment, listIssueComments, postComment } from "../github/comments.js";
import { loadRepoConfig, reportConfigError } from "../github/config.js";
import { createPermissionResolver } from "../github/permissions.js";
import { readReactionApprovals } from "../github/prd-comment.js";
import { findStatus, StateConflictError } from "../github/status.js";
import {
  classifyPullRequest,
  FORK_REFUSAL,
  FORK_REFUSAL_KEY,
  fetchIssueInfo,
  issueGoal,
  NOT_A_SPEC_PR_KEY,
  notSpecPrMessage,
} from "./issue-info.js";
import { saveThenApply } from "./persist.js";
import { newReviews, type ReviewItem, reviewEvents } from "./reviews.js";
import { isHuman, type ReconcileInput, type ReconcileReport, report } from "./signals.js";

export type { ReconcileInput, ReconcileReport, Signal } from "./signals.js";

const WAITING_FOR_TEXT = new Set(["questions", "decisions"]);

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
      if (pr === "fork") {
        await postComment(gh, number, FORK_REFUSAL, { key: FORK_REFUSAL_KEY, known: comments });
        return report("refused");
      }
      if (pr === "other") {
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

  const items: Item[] = [...commentItems, ...(await newReviews(gh, initial, signal))];
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
  const step = (event: MachineEvent) => {
    const result = transition(state, event, config);
    state = result.state;
    effects.push(...result.effects);
  };

  // The run already ended: whatever was typed meanwhile is read against the failed state.
  if (signal.kind === "run_failed") {
    step({ type: "run_failed", conclusion: signal.conclusion, runUrl: signal.runUrl });
  }

  for (const item of items) {
    if (item.kind === "comment") {
      if (isAgentPhase(state.phase)) {
        // DESIGN §6.2: the running job owns the state and reads commands at its next
        // checkpoint; the App only acknowledges them — except `/ralph stop`, which it applies.
        const stop = item.commands.find((c) => c.name === "stop");
        if (stop !== undefined) {
          step({
            type: "command",
            command: stop,
            actor: await actorOf(item.user),
            commentId: item.id,
          });
          if (!isAgentPhase(state.phase)) commentMark = Math.max(commentMark, item.id);
        } else if (
          item.commands.length > 0 &&
          signal.kind === "comment" &&
          signal.comment.id === item.id &&
          hasPermission((await actorOf(item.user)).permission, "write")
        ) {
          appAcks.push(item.id);
        }
        continue;
      }
      if (item.commands.length > 0) {
        const actor = await actorOf(item.user);
        for (const command of item.commands) step(commandEvent(command, item, state, actor, goal));
      } else if (WAITING_FOR_TEXT.has(state.phase)) {
        // Plain comments only matter as answers: no permission lookup for chatter.
        step({
          type: "comment",
          body: sanitizeUntrusted(item.comment.body),
          actor: await actorOf(item.user),
          commentId: item.id,
        });
      }
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
    for (const approval of await readReactionApprovals(gh, current)) {
      const counted = current.approvals.some(
        (a) =>
          a.revision === approval.revision &&
          a.login.toLowerCase() === approval.login.toLowerCase(),
      );
      if (counted || state.phase !== "awaiting_approval") continue;
      const actor = await actorOf({ login: approval.login, type: "User" });
      step({ type: "approval", channel: "reaction", actor, revision: approval.revision });
    }
  }

  state = { ...state, watermark: { commentId: commentMark, reviewId: reviewMark } };
  const allEffects: Effect[] = [
    ...appAcks.map((commentId): Effect => ({ type: "acknowledge", commentId })),
    ...effects,
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
  if (
    command.name === "approve" &&
    state.phase === "awaiting_approval" &&
    prdComment !== null &&
    item.id < prdComment
  ) {
    return {
      type: "approval",
      channel: "comment",
      actor,
      revision: `superseded-before-comment-${prdComment}`,
    };
  }
  return { type: "command", command, actor, commentId: item.id, goal };
}

function triggerWanted(config: RalphConfig, label: string | null): boolean {
  if (label === null) return config.trigger.on_open;
  return config.trigger.labels.some((l) => l.toLowerCase() === label.toLowerCase());
}
