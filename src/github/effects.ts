import { createHash } from "node:crypto";
import type { RalphConfig } from "../core/config.js";
import type { Effect, FileChange } from "../core/effects.js";
import { blobUrl } from "../core/links.js";
import { specPaths } from "../core/plan-meta.js";
import type { Prd } from "../core/prd.js";
import {
  renderDecisionsComment,
  renderPrdComment,
  renderQuestionsComment,
} from "../core/render/index.js";
import type { AgentStep, MachineState } from "../core/state.js";
import { cancelIssueRuns, getDefaultBranch } from "./actions.js";
import { type GitHubContext, repoWebUrlOf } from "./client.js";
import { type KnownComments, postComment } from "./comments.js";
import { amendmentView, answerThreads, requestReview } from "./followup-effects.js";
import { setPhaseLabel } from "./labels.js";
import { upsertPrdComment } from "./prd-comment.js";
import { readPrdAt } from "./prd-files.js";
import { markPullRequestReady, postReview, prBodyStories, upsertRalphPr } from "./pulls.js";
import { acknowledgeComment } from "./reactions.js";

/** Runs an agent step: App → workflow_dispatch, Action → continue in-process. */
export type Dispatcher = (step: AgentStep, options: { storyId?: string }) => Promise<void>;
/** Makes the file change on the branch (git in the Action). */
export type FileCommitter = (change: FileChange, message: string) => Promise<void>;
export type PrdSource = () => Promise<{ prd: Prd; planText: string }>;

export interface EffectContext {
  gh: GitHubContext;
  issue: number;
  /** The state after the transition; adapter-learned fields (PR number, PRD comment id) go here. */
  state: MachineState;
  config: RalphConfig;
  dispatch: Dispatcher;
  /** Comments already read for the issue: keyed replies are deduplicated against them. */
  comments?: KnownComments;
  /** Current labels of the issue, when known (saves a request). */
  labels?: string[];
  issueTitle?: string;
  commitFiles?: FileCommitter;
  /** Default: the PRD and plan files on `state.branch` via the contents API. */
  prdSource?: PrdSource;
  /** Default: cancel the issue's active runs of `config.workflow` (see cancelIssueRuns). */
  cancelRun?: () => Promise<void>;
}

export interface EffectFailure {
  effect: Effect;
  error: string;
}

export interface EffectOutcome {
  state: MachineState;
  /** `refresh_status` was asked: re-render the status comment even if the state is unchanged. */
  refreshStatus: boolean;
  failures: EffectFailure[];
}

export class UnsupportedEffectError extends Error {
  override readonly name = "UnsupportedEffectError";
}

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/**
 * Performs effects in order. A failing effect does not stop the others (a failed label must not
 * block a dispatch); failures are returned so the caller can surface them (status comment) or
 * feed them back to the machine.
 */
export async function applyEffects(
  effects: readonly Effect[],
  ctx: EffectContext,
): Promise<EffectOutcome> {
  let state = ctx.state;
  let refreshStatus = false;
  const failures: EffectFailure[] = [];
  const acknowledged = new Set<number>();
  for (const effect of effects) {
    // Several commands in one comment each ask for 👀; one reaction is enough.
    if (effect.type === "acknowledge") {
      if (acknowledged.has(effect.commentId)) continue;
      acknowledged.add(effect.commentId);
    }
    try {
      const next = await applyEffect(effect, { ...ctx, state });
      if (next === "refresh") refreshStatus = true;
      else if (next !== undefined) state = next;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      ctx.gh.log.error(`effect ${effect.type} failed on #${ctx.issue}: ${message}`);
      failures.push({ effect, error: message });
    }
  }
  return { state, refreshStatus, failures };
}

type EffectResult = MachineState | "refresh" | undefined;
type EffectOf<T extends Effect["type"]> = Extract<Effect, { type: T }>;
/** Performs one effect; returns the state it learned, "refresh", or nothing. */
export type EffectHandler<T extends Effect["type"]> = (
  effect: EffectOf<T>,
  ctx: EffectContext,
) => Promise<EffectResult>;
/** One handler for every effect type of core/effects.ts. */
export type EffectHandlers = { [T in Effect["type"]]: EffectHandler<T> };

/**
 * What each effect does on GitHub. An effect type added to core/effects.ts without a handler
 * here does not compile.
 */
export const EFFECT_HANDLERS: EffectHandlers = {
  reply: async (effect, ctx) => {
    await postComment(ctx.gh, ctx.issue, effect.body, {
      ...(effect.key === undefined ? {} : { key: effect.key }),
      ...knownOf(ctx),
    });
    return undefined;
  },
  acknowledge: async (effect, ctx) => {
    await acknowledgeComment(ctx.gh, effect.commentId);
    return undefined;
  },
  refresh_status: async () => "refresh",
  set_label: async (effect, ctx) => {
    const now = await setPhaseLabel(ctx.gh, ctx.issue, effect.label, ctx.labels);
    // Keep the caller's view current for a second set_label in the same batch.
    if (ctx.labels !== undefined) ctx.labels.splice(0, ctx.labels.length, ...now);
    return undefined;
  },
  dispatch: async (effect, ctx) => {
    await ctx.dispatch(
      effect.step,
      effect.storyId === undefined ? {} : { storyId: effect.storyId },
    );
    return undefined;
  },
  post_questions: async (effect, ctx) => {
    const body = renderQuestionsComment(
      effect.questions,
      effect.round,
      ctx.config.planning.max_question_rounds,
    );
    await postComment(ctx.gh, ctx.issue, body, {
      key: `questions:${effect.round}:${shortHash(body)}`,
      ...knownOf(ctx),
    });
    return undefined;
  },
  post_decisions: async (_effect, ctx) => {
    const body = renderDecisionsComment(ctx.state.decisions);
    await postComment(ctx.gh, ctx.issue, body, {
      key: `decisions:${shortHash(body)}`,
      ...knownOf(ctx),
    });
    return undefined;
  },
  post_prd: (effect, ctx) => postPrd(effect, ctx),
  open_pr: (_effect, ctx) => openPr(ctx),
  mark_pr_ready: async (_effect, ctx) => {
    await markPullRequestReady(ctx.gh, requirePr(ctx, "mark_pr_ready"));
    return undefined;
  },
  post_review: async (effect, ctx) => {
    const pr = prNumberOf(ctx.state);
    if (pr === null) {
      // No PR yet: the review text still has to reach humans.
      await postComment(ctx.gh, ctx.issue, effect.body, knownOf(ctx));
      return undefined;
    }
    await postReview(ctx.gh, pr, effect.body, { planInvalidation: effect.planInvalidation });
    return undefined;
  },
  commit_files: async (effect, ctx) => {
    if (ctx.commitFiles === undefined) {
      throw new UnsupportedEffectError(
        `commit_files (${effect.change.kind}) needs a git workspace; it runs in the Action`,
      );
    }
    await ctx.commitFiles(effect.change, effect.message);
    return undefined;
  },
  cancel_run: async (_effect, ctx) => {
    if (ctx.cancelRun !== undefined) await ctx.cancelRun();
    else await cancelIssueRuns(ctx.gh, ctx.config.workflow, ctx.issue, ctx.state.runUrl);
    return undefined;
  },
  answer_threads: async (effect, ctx) => {
    await answerThreads(ctx.gh, requirePr(ctx, effect.type), effect);
    return undefined;
  },
  request_review: async (effect, ctx) => {
    await requestReview(ctx.gh, requirePr(ctx, effect.type), effect.reviewers);
    return undefined;
  },
};

function requirePr(ctx: EffectContext, what: string): number {
  const pr = prNumberOf(ctx.state);
  if (pr === null) throw new Error(`${what}: the state has no PR`);
  return pr;
}

async function applyEffect(effect: Effect, ctx: EffectContext): Promise<EffectResult> {
  // TypeScript cannot pair a union member with its handler by itself; the table's type does.
  const handler = EFFECT_HANDLERS[effect.type] as (
    e: Effect,
    c: EffectContext,
  ) => Promise<EffectResult>;
  return handler(effect, ctx);
}

/** Comments already read, for keyed replies to deduplicate against. */
function knownOf(ctx: EffectContext): { known?: KnownComments } {
  return ctx.comments === undefined ? {} : { known: ctx.comments };
}

/** The PR Ralph's reviews and readiness apply to: its own PR, or the spec PR itself. */
export function prNumberOf(state: MachineState): number | null {
  if (state.prNumber !== null) return state.prNumber;
  return state.kind === "spec_pr" ? state.issue : null;
}

async function postPrd(
  effect: Extract<Effect, { type: "post_prd" }>,
  ctx: EffectContext,
): Promise<MachineState> {
  const { gh, issue, state, config } = ctx;
  if (state.prd === null) throw new Error("post_prd: the state has no PRD");
  const source =
    ctx.prdSource ??
    (async () => {
      if (state.specId === null || state.branch === null) {
        throw new Error("post_prd: the state names no spec or branch to read the PRD from");
      }
      return readPrdAt(gh, config, state.specId, state.branch);
    });
  const { prd, planText } = await source();
  const files =
    state.specId === null || state.branch === null
      ? null
      : specPaths(config.ralph_home, `${state.specId}.md`);
  const body = renderPrdComment({
    prd,
    planText,
    revision: effect.revision,
    revisionNumber: state.prd.number,
    concerns: effect.concerns,
    approvalsRequired: config.approvals.required,
    understand: state.understandAdvice,
    amendment: effect.amendment === undefined ? null : amendmentView(state, effect.amendment.auto),
    ...(state.specId === null ? {} : { specId: state.specId }),
    ...(files === null || state.branch === null
      ? {}
      : {
          links: {
            plan: blobUrl(repoWebUrlOf(gh), state.branch, files.plan),
            prd: blobUrl(repoWebUrlOf(gh), state.branch, files.prd),
          },
        }),
  });
  const commentId = await upsertPrdComment(
    gh,
    issue,
    body,
    effect.revision,
    state.prd.commentId,
    ctx.comments,
  );
  return { ...state, prd: { ...state.prd, commentId } };
}

async function openPr(ctx: EffectContext): Promise<MachineState | undefined> {
  const { gh, issue, state } = ctx;
  // A spec PR is its own PR: implementation commits go to its branch (DESIGN §2.2).
  if (state.kind === "spec_pr") return undefined;
  if (state.branch === null) throw new Error("open_pr: the state has no branch");
  const title = ctx.issueTitle ? `Ralph: ${ctx.issueTitle}` : `Ralph: issue #${issue}`;
  const summary = prBodyStories(state);
  const pr = await upsertRalphPr(gh, {
    issue,
    head: state.branch,
    base: await getDefaultBranch(gh),
    title,
    summary,
    existing: state.prNumber,
    ...(state.specId === null
      ? {}
      : { prdPath: specPaths(ctx.config.ralph_home, `${state.specId}.md`).prd }),
  });
  return { ...state, prNumber: pr.number };
}
