import { parseCommands } from "../core/commands.js";
import type { Effect } from "../core/effects.js";
import type { Actor, MachineEvent } from "../core/events.js";
import { transition } from "../core/machine/index.js";
import { canonicalJson } from "../core/prd.js";
import { sanitizeUntrusted } from "../core/sanitize.js";
import { isAgentPhase, type MachineState } from "../core/state.js";
import { isStatusComment } from "../core/state-codec.js";
import { type GitHubUser, isBotUser } from "../github/client.js";
import { type IssueComment, listIssueComments } from "../github/comments.js";
import { createPermissionResolver } from "../github/permissions.js";
import { findStatus, StateConflictError } from "../github/status.js";
import { issueGoal } from "../reconcile/issue-info.js";
import { loadRoutedComments } from "../reconcile/pr-commands.js";
import { reconcileIssue } from "../reconcile/reconcile.js";
import { type IssueSession, type OkLookup, persist } from "./session.js";

export type CheckpointResult =
  | { kind: "ok"; lookup: OkLookup }
  /** No usable state: nothing may run (the reason is for the summary). */
  | { kind: "stop"; reason: string; state: MachineState | null };

const WAITING_FOR_TEXT = new Set(["questions", "decisions"]);

/**
 * Between agent runs (DESIGN §6.2): reload the state from the status comment and take in
 * everything said on the issue since its watermark. In a waiting phase that is exactly what the
 * App does on any event (the shared reconcile, reactions and reviews included). In an agent phase
 * this run owns the state, so it applies the new commands and answers itself — `/ralph stop`,
 * `/ralph replan`, notes for the planner — which the App only acknowledged.
 */
export async function checkpoint(session: IssueSession): Promise<CheckpointResult> {
  for (let attempt = 1; ; attempt++) {
    let loaded = await load(session);
    if (loaded.kind === "ok" && !isAgentPhase(loaded.lookup.state.phase)) {
      await reconcileIssue({
        gh: session.gh,
        // By number: labels and title are read fresh, not from the triggering payload.
        issue: session.issue.number,
        signal: { kind: "touch" },
        dispatch: async () => {},
        repoUrl: session.repoUrl,
        // `/ralph replan` from a waiting phase archives the plan on the branch right away.
        commitFiles: session.reconcileCommitFiles,
      });
      loaded = await load(session);
    }
    if (loaded.kind !== "ok") return loaded;
    if (!isAgentPhase(loaded.lookup.state.phase)) return { kind: "ok", lookup: loaded.lookup };
    try {
      return {
        kind: "ok",
        lookup: await applyNewComments(session, loaded.lookup, loaded.comments),
      };
    } catch (error) {
      if (!(error instanceof StateConflictError) || attempt >= 3) throw error;
      session.log.info(`state changed while reading new comments; reloading (${error.message})`);
    }
  }
}

type Loaded =
  | Extract<CheckpointResult, { kind: "stop" }>
  | { kind: "ok"; lookup: OkLookup; comments: IssueComment[] };

async function load(session: IssueSession): Promise<Loaded> {
  const comments = await listIssueComments(session.gh, session.issue.number);
  const status = findStatus(session.gh, comments);
  if (status.kind === "ok") return { kind: "ok", lookup: status, comments };
  if (status.kind === "broken") {
    return {
      kind: "stop",
      reason: `Ralph's state in the status comment is unreadable: ${status.error}`,
      state: null,
    };
  }
  const foreign = status.foreign[0]?.user?.login;
  if (foreign !== undefined) {
    // App mode with the wrong token: the App wrote the status, this run acts as someone else.
    return {
      kind: "stop",
      reason: `Ralph's status comment on this issue was written by @${foreign}, but this run acts as @${session.gh.botLogin}: give the action the Ralph App's token (actions/create-github-app-token) so it can continue the issue`,
      state: null,
    };
  }
  return {
    kind: "stop",
    reason: "Ralph has no status comment on this issue: there is nothing to continue",
    state: null,
  };
}

function isHuman(session: IssueSession, user: GitHubUser | null): user is GitHubUser {
  return (
    user !== null &&
    !isBotUser(user) &&
    user.login.toLowerCase() !== session.gh.botLogin.toLowerCase()
  );
}

async function applyNewComments(
  session: IssueSession,
  lookup: OkLookup,
  comments: IssueComment[],
): Promise<OkLookup> {
  const { gh, config, issue } = session;
  const before = lookup.state;
  let state = before;
  const effects: Effect[] = [];
  const perms = createPermissionResolver(gh);
  const actorOf = async (user: GitHubUser): Promise<Actor> => ({
    login: user.login,
    permission: await perms(user.login),
    isBot: isBotUser(user),
    isIssueAuthor: issue.author !== null && issue.author.toLowerCase() === user.login.toLowerCase(),
  });
  const step = (event: MachineEvent) => {
    const result = transition(state, event, config);
    state = result.state;
    effects.push(...result.effects);
  };
  let mark = before.watermark.commentId;
  // Commands written on Ralph's PR meanwhile, which the App handed over (`routedCommands`).
  const routed = await loadRoutedComments(gh, before.routedCommands);
  const fresh = comments.filter((c) => c.id > before.watermark.commentId);
  const all = [...fresh, ...routed.filter((r) => !fresh.some((c) => c.id === r.id))].sort(
    (a, b) => a.id - b.id,
  );
  for (const comment of all) {
    mark = Math.max(mark, comment.id);
    if (!isHuman(session, comment.user) || isStatusComment(comment.body)) continue;
    const commands = parseCommands(comment.body);
    if (commands.length > 0) {
      const actor = await actorOf(comment.user);
      for (const command of commands) {
        step({ type: "command", command, actor, commentId: comment.id, goal: issueGoal(issue) });
      }
    } else if (WAITING_FOR_TEXT.has(state.phase)) {
      step({
        type: "comment",
        body: sanitizeUntrusted(comment.body),
        actor: await actorOf(comment.user),
        commentId: comment.id,
      });
    }
  }
  let next: MachineState = {
    ...state,
    routedCommands: [],
    watermark: { ...state.watermark, commentId: mark },
  };
  // The status comment links the run doing the work while it works.
  if (session.runUrl !== null && isAgentPhase(next.phase) && next.runUrl !== session.runUrl) {
    next = { ...next, runUrl: session.runUrl };
  }
  if (canonicalJson(next) === canonicalJson(before) && effects.length === 0) return lookup;
  return persist(session, lookup, next, effects, comments);
}
