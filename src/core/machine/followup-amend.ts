import type { AgentResult } from "../events.js";
import type { StoryState } from "../state.js";
import { type Ctx, dispatch, emit, enter, reply, resetBreaker } from "./context.js";
import { freshAttempts } from "./followup.js";
import { startImplementation } from "./implementation.js";

type Amended = Extract<AgentResult, { kind: "amended" }>;

/**
 * The round's amendment (DESIGN §2.3): the FU stories join the PRD as a new revision, after every
 * earlier story, which keeps its verdict. A human's request is its own approval with
 * `gates.followup: auto` (the default) and the stories run at once; with `approve` the amended
 * PRD waits for `/approve` like any PRD. Rounds Ralph forms itself (a red check, a conflict)
 * restore what was approved already: they never wait. The PRD comment and the pull request's
 * body show the amendment either way.
 */
export function onAmended(ctx: Ctx, r: Amended): void {
  const s = ctx.s;
  const round = s.followUp?.current ?? null;
  if (round === null || s.prd === null) return;
  resetBreaker(ctx);
  // A revised amendment replaces the stories of the round's previous one.
  const replaced = new Set(round.stories.map((st) => st.id));
  const kept = s.prd.stories.filter((st) => !replaced.has(st.id));
  const added = r.stories.flatMap((fu): StoryState[] => {
    const story = r.prd.userStories.find((u) => u.id === fu.id);
    if (story === undefined || kept.some((k) => k.id === fu.id)) return [];
    // Titles are cut to their share of the state's budget when the state is saved (fitState).
    return [{ id: story.id, title: story.title, status: "pending", attempts: 0, commit: null }];
  });
  s.prd = {
    revision: r.revision,
    number: s.prd.number + 1,
    branchName: s.prd.branchName,
    commentId: null,
    stories: [...kept, ...added],
  };
  round.stories = r.stories.map((st) => ({ id: st.id, threads: [...st.threads] }));
  // Ralph's own drafts are in the PRD now; the state need not carry them twice (its budget).
  round.drafts = [];
  s.approvals = [];
  const human = round.by !== null;
  const gated = human && ctx.config.gates.followup === "approve";
  emit(ctx, { type: "open_pr", draft: true });
  emit(ctx, {
    type: "post_prd",
    revision: r.revision,
    concerns: [],
    amendment: { auto: !gated },
  });
  if (gated) {
    s.approvedBy = [];
    enter(ctx, "awaiting_approval");
    return;
  }
  if (round.by !== null) s.approvedBy = [round.by];
  startImplementation(ctx);
}

/**
 * A round that stopped or failed half-way picks up again when more feedback arrives (the
 * request is the human's go, as `/ralph run` is): its amend step when no amendment landed, else
 * its stories that did not pass, with fresh attempts, and then the regression gate.
 */
export function resumeRound(ctx: Ctx): void {
  const s = ctx.s;
  const round = s.followUp?.current ?? null;
  if (round === null) return;
  freshAttempts(ctx);
  reply(ctx, `Follow-up round ${round.number} picks up where it stopped.`);
  if (round.stories.length === 0) {
    dispatch(ctx, "planning", "amend");
    return;
  }
  startImplementation(ctx);
}
