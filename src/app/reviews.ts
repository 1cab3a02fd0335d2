import { parseCommands } from "../core/commands.js";
import type { RalphConfig } from "../core/config.js";
import type { Actor, MachineEvent } from "../core/events.js";
import { sanitizeUntrusted } from "../core/sanitize.js";
import type { MachineState } from "../core/state.js";
import type { GitHubContext, GitHubUser } from "../github/client.js";
import { prNumberOf } from "../github/effects.js";
import { PrdFilesError, readPrdAt } from "../github/prd-files.js";
import {
  listReviewComments,
  listReviews,
  normalizeReviewState,
  type Review,
} from "../github/pulls.js";
import { isHuman, type Signal } from "./signals.js";

export interface ReviewItem {
  kind: "review";
  at: string;
  id: number;
  review: Review;
  user: GitHubUser;
  pr: number;
}

/**
 * Human reviews on the PR the state names (Ralph's PR or the spec PR) newer than the review
 * watermark. The webhook's review is added if the listing does not show it yet.
 */
export async function newReviews(
  gh: GitHubContext,
  state: MachineState,
  signal: Signal,
): Promise<ReviewItem[]> {
  const pr = prNumberOf(state);
  if (pr === null || state.revision === 0) return [];
  const reviews = await listReviews(gh, pr);
  if (
    signal.kind === "review" &&
    signal.pr === pr &&
    !reviews.some((r) => r.id === signal.review.id)
  ) {
    reviews.push(signal.review);
  }
  const out: ReviewItem[] = [];
  for (const review of reviews) {
    if (review.id <= state.watermark.reviewId || !isHuman(gh, review.user)) continue;
    out.push({
      kind: "review",
      at: review.submitted_at ?? "",
      id: review.id,
      review,
      user: review.user,
      pr,
    });
  }
  return out;
}

/** approved → approval (bound to the head SHA's PRD); changes requested → feedback; commands. */
export async function reviewEvents(
  gh: GitHubContext,
  config: RalphConfig,
  state: MachineState,
  item: ReviewItem,
  actor: Actor,
  goal: string,
): Promise<MachineEvent[]> {
  const review = item.review;
  switch (normalizeReviewState(review.state)) {
    case "APPROVED":
      return [
        {
          type: "approval",
          channel: "review",
          actor,
          revision: await reviewRevision(gh, config, state, review),
        },
      ];
    case "CHANGES_REQUESTED": {
      const inline = await listReviewComments(gh, item.pr, review.id);
      const feedback = [
        review.body ?? "",
        ...inline.map((c) => `${c.path}${c.line ? `:${c.line}` : ""}: ${c.body}`),
      ]
        .map((t) => sanitizeUntrusted(t).trim())
        .filter((t) => t !== "")
        .join("\n\n");
      return [{ type: "changes_requested", actor, feedback }];
    }
    case "COMMENTED":
      return parseCommands(review.body ?? "").map((command) => ({
        type: "command",
        command,
        actor,
        goal,
      }));
    default:
      return [];
  }
}

/**
 * DESIGN §3.3: a review approves what was on the PR at the SHA it was given on. The PRD and plan
 * files are read at that commit and hashed; a head without them (or with another PRD) yields a
 * revision that is not the current one, so the approval does not count.
 */
async function reviewRevision(
  gh: GitHubContext,
  config: RalphConfig,
  state: MachineState,
  review: Review,
): Promise<string> {
  if (state.specId === null || review.commit_id === null) return "unknown";
  try {
    return (await readPrdAt(gh, config, state.specId, review.commit_id)).revision;
  } catch (error) {
    if (!(error instanceof PrdFilesError)) throw error;
    gh.log.info(`review ${review.id}: ${error.message}`);
    return `unreadable-at-${review.commit_id}`;
  }
}
