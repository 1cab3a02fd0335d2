import type { Effect } from "../core/effects.js";
import { agentInline } from "../core/sanitize.js";
import type { MachineState } from "../core/state.js";
import { type GitHubContext, repoWebUrlOf } from "./client.js";
import { replyInThread, requestReviewers } from "./review-threads.js";

type AnswerThreads = Extract<Effect, { type: "answer_threads" }>;

/** The reply Ralph posts in a review thread its follow-up round answered. */
export function threadAnswerText(
  gh: GitHubContext,
  answer: AnswerThreads["answers"][number],
): string {
  const link = `[\`${answer.commit.slice(0, 7)}\`](${repoWebUrlOf(gh)}/commit/${answer.commit})`;
  return `Addressed in ${link} by follow-up story **${agentInline(answer.storyId, 40)}**: ${agentInline(answer.title, 200)}. Ralph verified it against its acceptance criteria and re-verified every earlier story.`;
}

/**
 * A reply in every answered thread, each on its own: a thread deleted meanwhile (404) must not
 * keep the others from their answer. What failed is thrown at the end, naming the threads.
 */
export async function answerThreads(
  gh: GitHubContext,
  pr: number,
  effect: AnswerThreads,
): Promise<void> {
  const failed: string[] = [];
  const answered = new Set<number>();
  for (const answer of effect.answers) {
    // One reply per thread, even when two stories answer it: the first (in story order) says it.
    if (answered.has(answer.threadId)) continue;
    answered.add(answer.threadId);
    try {
      await replyInThread(gh, pr, answer.threadId, threadAnswerText(gh, answer));
    } catch (error) {
      failed.push(`thread ${answer.threadId}: ${(error as Error).message}`);
    }
  }
  if (failed.length > 0) throw new Error(`could not answer ${failed.join("; ")}`);
}

/** A new review from the reviewers, never from Ralph itself (GitHub refuses the PR's author). */
export async function requestReview(
  gh: GitHubContext,
  pr: number,
  reviewers: readonly string[],
): Promise<void> {
  const humans = reviewers.filter((r) => r.toLowerCase() !== gh.botLogin.toLowerCase());
  await requestReviewers(gh, pr, humans);
}

/** What the PRD comment shows of a follow-up round's amendment. */
export interface AmendmentView {
  round: number;
  source: string;
  by: string | null;
  auto: boolean;
  stories: { id: string; threads: number[] }[];
}

export function amendmentView(state: MachineState, auto: boolean): AmendmentView | null {
  const round = state.followUp?.current ?? null;
  if (round === null) return null;
  return {
    round: round.number,
    source: round.source,
    by: round.by,
    auto,
    stories: round.stories.map((s) => ({ id: s.id, threads: [...s.threads] })),
  };
}
