import type { RalphConfig } from "../core/config.js";
import type { Effect } from "../core/effects.js";
import { type Actor, hasPermission, type MachineEvent } from "../core/events.js";
import { approvalDenial, mayCommand } from "../core/machine/auth.js";
import { readsPlainComments, transition } from "../core/machine/index.js";
import { sanitizeUntrusted } from "../core/sanitize.js";
import { markCommentsSeen } from "../core/seen-comments.js";
import { isAgentPhase, type MachineState } from "../core/state.js";
import { type GitHubContext, type GitHubUser, isBotUser } from "../github/client.js";
import { createPermissionResolver } from "../github/permissions.js";
import { type ReactionCursor, type ReactionRead, readReactions } from "../github/reaction-reads.js";
import { withFixThreads } from "./followup-feedback.js";
import { commandEvent, settledDispatches } from "./intake-events.js";
import type { IssueInfo } from "./issue-info.js";
import { issueGoal } from "./issue-info.js";
import {
  cursorFor,
  deniedBefore,
  type ReadOutcome,
  reactionApprovals,
  recordReads,
  stillGiven,
} from "./reaction-approvals.js";
import type { CommentItem } from "./read-issue.js";
import {
  dismissedReviewApprovals,
  type PrReviews,
  type ReviewItem,
  reviewEvents,
} from "./reviews.js";
import type { Signal } from "./signals.js";

/** Phases where an approval still gates something, so taking it back matters. */
const GATED = new Set(["awaiting_approval", "run_gate"]);

export type Item = CommentItem | ReviewItem;

function sameLogin(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export interface IntakeContext {
  gh: GitHubContext;
  config: RalphConfig;
  issue: IssueInfo;
  signal: Signal;
  /** The saved state, null before Ralph has a status comment. */
  loaded: MachineState | null;
  initial: MachineState;
}

/**
 * Turns what is new on an issue into machine events, in order, and runs each through the core's
 * transition: the state moves on, the effects pile up, the watermarks advance. Nothing is written
 * to GitHub here (reads only: permissions, reactions, PRD files for reviews).
 */
export class Intake {
  state: MachineState;
  private readonly effects: Effect[] = [];
  /** Commands the App only acknowledges: the running job reads them at its next checkpoint. */
  private readonly appAcks: number[] = [];
  /** Comments taken in by this reconcile, recorded as seen when it saves (core/seen-comments). */
  private readonly read: number[] = [];

  /** The comments taken in so far (the others are left for the running job). */
  get taken(): ReadonlySet<number> {
    return new Set(this.read);
  }
  private reviewMark: number;
  private readonly perms: (login: string) => Promise<Actor["permission"]>;
  private readonly goal: string;
  /** The 👍 read by this intake (at most once), where it started, and what came of it. */
  private reactions: { cursor: ReactionCursor; outcome: ReadOutcome } | null = null;
  /**
   * Commands from Ralph's PR handed to the running job (`routedCommands`); the ones saved before
   * are read with the issue's comments (readComments) once no job runs.
   */
  private readonly routed: number[];

  constructor(private readonly ctx: IntakeContext) {
    this.state = ctx.initial;
    const saved = ctx.loaded?.routedCommands ?? [];
    this.routed =
      saved.length > 0 && ctx.loaded !== null && !isAgentPhase(ctx.loaded.phase) ? [] : [...saved];
    this.reviewMark = ctx.initial.watermark.reviewId;
    this.perms = createPermissionResolver(ctx.gh);
    this.goal = issueGoal(ctx.issue);
  }

  /**
   * `source`: the comment the event came from. Before Ralph has a status comment nothing may be
   * saved (a `/ralph help` leaves no state), so only a hidden key tied to the comment keeps a
   * redelivered webhook from replying twice.
   */
  step(event: MachineEvent, source?: number): void {
    const result = transition(this.state, event, this.ctx.config);
    this.state = result.state;
    let n = 0;
    for (const effect of result.effects) {
      const keyed =
        source !== undefined && this.ctx.loaded === null && effect.type === "reply" && !effect.key;
      this.effects.push(keyed ? { ...effect, key: `reply:${source}:${n++}` } : effect);
    }
  }

  async actorOf(user: GitHubUser): Promise<Actor> {
    const author = this.ctx.issue.author;
    return {
      login: user.login,
      permission: await this.perms(user.login),
      isBot: isBotUser(user),
      isIssueAuthor: author !== null && author.toLowerCase() === user.login.toLowerCase(),
    };
  }

  /** The run already ended: whatever was typed meanwhile is read against the failed state. */
  runFailed(): void {
    const { signal } = this.ctx;
    if (signal.kind === "run_failed") {
      this.step({ type: "run_failed", conclusion: signal.conclusion, runUrl: signal.runUrl });
    }
  }

  /**
   * Approvals taken back count before any new one: a dismissed review or a removed 👍 must not
   * help a later approval reach `approvals.required` (DESIGN §3.3).
   */
  async withdrawApprovals(prReviews: PrReviews | null): Promise<void> {
    for (const event of dismissedReviewApprovals(this.state, prReviews)) this.step(event);
    await this.withdrawRevokedApprovals();
    const state = this.state;
    const counted = reactionApprovals(state);
    if (counted.length === 0 || !GATED.has(state.phase)) return;
    const reactions = await this.readReactions(state);
    if (reactions === null) return;
    for (const a of counted) {
      if (!stillGiven(state, reactions.outcome.read, reactions.cursor, a.login, a.revision)) {
        this.step({ type: "approval_withdrawn", channel: "reaction", login: a.login });
      }
    }
  }

  /**
   * An approval counts only while its giver may still approve: a user whose permission was revoked
   * between approving and the run no longer helps reach `approvals.required` (issue 10).
   */
  private async withdrawRevokedApprovals(): Promise<void> {
    const state = this.state;
    if (!GATED.has(state.phase)) return;
    for (const a of state.approvals.filter((x) => x.revision === state.prd?.revision)) {
      const actor = await this.actorOf({ login: a.login, type: "User" });
      if (approvalDenial(actor, this.ctx.config) !== null) {
        this.step({ type: "approval_withdrawn", channel: a.channel, login: a.login });
      }
    }
  }

  /** New comments and reviews, oldest first. */
  async takeInItems(items: readonly Item[]): Promise<void> {
    // Comments the running job will read at its next checkpoint (DESIGN §6.2).
    const deferred: CommentItem[] = [];
    for (const item of items) {
      if (item.kind === "review") {
        await this.takeInReview(item);
      } else if (isAgentPhase(this.state.phase)) {
        await this.duringAgentStep(item, deferred);
      } else {
        await this.takeIn(item);
        this.read.push(item.id);
      }
    }
  }

  /**
   * The Action's job between agent runs (DESIGN §6.2): it owns the state of the agent phase, so it
   * takes in every new comment itself — the commands the App only acknowledged, and answers.
   */
  async takeInAsOwner(items: readonly CommentItem[]): Promise<void> {
    for (const item of items) {
      await this.takeIn(item);
      this.read.push(item.id);
    }
  }

  /**
   * The trigger label, an assignment or an opened issue, when the config wants it and no step is
   * running. Its time goes with it: the machine takes a trigger once.
   */
  async trigger(triggered: boolean): Promise<void> {
    const { signal } = this.ctx;
    if (signal.kind === "trigger" && triggered && !isAgentPhase(this.state.phase)) {
      this.step({
        type: "trigger",
        actor: await this.actorOf(signal.sender),
        goal: this.goal,
        ...(signal.at === undefined ? {} : { at: signal.at }),
      });
    }
  }

  /**
   * Reactions fire no webhook: read on every event while an approval is awaited (§3.3), but only
   * the 👍 given since the last read, each reactor looked up once per PRD revision (issue 16).
   */
  async countReactionApprovals(): Promise<void> {
    if (this.state.phase !== "awaiting_approval" || !this.ctx.config.approvals.reactions) return;
    const reactions = await this.readReactions(this.state);
    if (reactions === null) return;
    const { read } = reactions.outcome;
    const revision = read.revision;
    if (revision === null) return;
    let takenUpTo = read.newest;
    for (const r of read.fresh) {
      if (this.state.phase !== "awaiting_approval") {
        // Taken in up to here: the rest is read again if the approval gate reopens.
        takenUpTo = r.id - 1;
        break;
      }
      const counted = this.state.approvals.some(
        (a) => a.channel === "reaction" && a.revision === revision && sameLogin(a.login, r.login),
      );
      if (counted || deniedBefore(this.state, r.login)) continue;
      const actor = await this.actorOf({ login: r.login, type: "User" });
      if (approvalDenial(actor, this.ctx.config) !== null) {
        reactions.outcome.denied.push(r.login);
        continue;
      }
      this.step({ type: "approval", channel: "reaction", actor, revision });
    }
    reactions.outcome.takenUpTo = takenUpTo;
  }

  /** The state to save, with its watermarks, and the effects to apply after saving it. */
  finish(): { state: MachineState; effects: Effect[] } {
    const read =
      this.reactions === null ? this.state : recordReads(this.state, this.reactions.outcome);
    const state = {
      ...read,
      routedCommands: this.routed,
      watermark: {
        ...markCommentsSeen(this.ctx.initial.watermark, this.read),
        reviewId: this.reviewMark,
      },
    };
    return {
      state,
      effects: [
        ...this.appAcks.map((commentId): Effect => ({ type: "acknowledge", commentId })),
        ...settledDispatches(this.effects, state),
      ],
    };
  }

  private async readReactions(
    of: MachineState,
  ): Promise<{ cursor: ReactionCursor; outcome: ReadOutcome } | null> {
    if (this.reactions !== null) return this.reactions;
    const cursor = cursorFor(of);
    if (cursor === null) return null;
    const read: ReactionRead = await readReactions(this.ctx.gh, cursor);
    this.reactions = { cursor, outcome: { read, denied: [], takenUpTo: null } };
    return this.reactions;
  }

  private async takeIn(item: CommentItem): Promise<void> {
    if (item.commands.length > 0) {
      const actor = await this.actorOf(item.user);
      for (const command of item.commands) {
        const event = commandEvent(command, item, this.state, actor, this.goal);
        this.step(await withFixThreads(this.ctx.gh, this.state, event, this.perms), item.id);
      }
    } else if (readsPlainComments(this.state)) {
      // Plain comments only matter as answers: no permission lookup for chatter.
      this.step(
        {
          type: "comment",
          body: sanitizeUntrusted(item.comment.body),
          actor: await this.actorOf(item.user),
          commentId: item.id,
        },
        item.id,
      );
    }
  }

  /**
   * The running job owns the state and reads commands at its next checkpoint; the App only
   * acknowledges them — except `/ralph stop`, which cancels that job. Then nobody else would read
   * what was said before the stop, so the App takes it all in, in order.
   */
  private async duringAgentStep(item: CommentItem, deferred: CommentItem[]): Promise<void> {
    const { signal } = this.ctx;
    const stop = item.commands.find((c) => c.name === "stop");
    if (stop !== undefined) {
      const actor = await this.actorOf(item.user);
      if (mayCommand(actor, "stop")) {
        for (const earlier of [...deferred, item]) {
          await this.takeIn(earlier);
          this.read.push(earlier.id);
        }
        deferred.length = 0;
        return;
      }
      this.step({ type: "command", command: stop, actor, commentId: item.id });
    } else if (
      item.commands.length > 0 &&
      signal.kind === "comment" &&
      signal.comment.id === item.id &&
      hasPermission((await this.actorOf(item.user)).permission, "write")
    ) {
      this.appAcks.push(item.id);
      // The job lists only the issue's comments: a command from Ralph's PR is handed to it.
      if (signal.from !== undefined) {
        this.routed.push(item.id);
        return;
      }
    }
    deferred.push(item);
  }

  private async takeInReview(item: ReviewItem): Promise<void> {
    if (isAgentPhase(this.state.phase)) return;
    const actor = await this.actorOf(item.user);
    const { gh, config } = this.ctx;
    for (const event of await reviewEvents(gh, config, this.state, item, actor, this.goal)) {
      this.step(await withFixThreads(gh, this.state, event, this.perms));
    }
    this.reviewMark = Math.max(this.reviewMark, item.id);
  }
}

export { settledDispatches };
