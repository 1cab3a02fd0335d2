import { parseCommands } from "../core/commands.js";
import type { RalphConfig } from "../core/config.js";
import type { Actor, MachineEvent } from "../core/events.js";
import { sanitizeUntrusted } from "../core/sanitize.js";
import type { MachineState } from "../core/state.js";
import type { GitHubContext, GitHubUser } from "../github/client.js";
import { prNumberOf } from "../github/effects.js";
import { PrdFilesError, readPrdAt } from "../github/prd-files.js";
import { normalizeReviewState, type Review } from "../github/pulls.js";
import { readNewReviews } from "../github/review-reads.js";
import { listReviewComments, threadsOf } from "../github/review-threads.js";
import { isHuman, type Signal } from "./signals.js";

export interface ReviewItem {
  kind: "review";
  at: string;
  id: number;
  review: Review;
  user: GitHubUser;
  pr: number;
}

/** The reviews of the PR the state names (Ralph's PR or the spec PR) a reconcile needs, oldest first. */
export interface PrReviews {
  pr: number;
  reviews: Review[];
}

/**
 * The reviews of the state's PR. The webhook's review is laid over the listing, which may lag:
 * a submitted review is added when missing, a dismissed one is shown dismissed.
 */
export async function loadPrReviews(
  gh: GitHubContext,
  state: MachineState,
  signal: Signal,
): Promise<PrReviews | null> {
  const pr = prNumberOf(state);
  // A merged or closed pull request's reviews start nothing (core/machine/pr-closed.ts): unread.
  if (pr === null || state.revision === 0 || state.prClosed !== null) return null;
  if (signal.kind === "pr_closed" && signal.pr === pr) return null;
  // New reviews and the ones approvals rest on (a dismissal withdraws them), not all of them.
  const counted = state.approvals.flatMap((a) =>
    a.channel === "review" && a.reviewId !== undefined ? [a.reviewId] : [],
  );
  const reviews = await readNewReviews(gh, pr, state.watermark.reviewId, counted);
  if ((signal.kind === "review" || signal.kind === "review_dismissed") && signal.pr === pr) {
    const index = reviews.findIndex((r) => r.id === signal.review.id);
    if (signal.kind === "review") {
      if (index < 0) reviews.push(signal.review);
    } else {
      const dismissed = { ...(reviews[index] ?? signal.review), state: "DISMISSED" };
      if (index < 0) reviews.push(dismissed);
      else reviews[index] = dismissed;
    }
  }
  return { pr, reviews };
}

/** Human reviews newer than the review watermark. */
export function newReviews(
  gh: GitHubContext,
  state: MachineState,
  loaded: PrReviews | null,
): ReviewItem[] {
  if (loaded === null) return [];
  const out: ReviewItem[] = [];
  for (const review of loaded.reviews) {
    if (review.id <= state.watermark.reviewId || !isHuman(gh, review.user)) continue;
    out.push({
      kind: "review",
      at: review.submitted_at ?? "",
      id: review.id,
      review,
      user: review.user,
      pr: loaded.pr,
    });
  }
  return out;
}

/**
 * DESIGN §3.3 binds a review approval to its review: once that review shows as dismissed, the
 * approval is withdrawn. Read from the listing on every reconcile (not only on the dismissed
 * webhook), so a missed delivery or the Action's own sweep still sees it.
 */
export function dismissedReviewApprovals(
  state: MachineState,
  loaded: PrReviews | null,
): MachineEvent[] {
  const current = state.prd?.revision;
  if (loaded === null || current === undefined) return [];
  const events: MachineEvent[] = [];
  for (const approval of state.approvals) {
    if (approval.channel !== "review" || approval.revision !== current) continue;
    const review = loaded.reviews.find((r) => r.id === approval.reviewId);
    if (review !== undefined && normalizeReviewState(review.state) === "DISMISSED") {
      events.push({ type: "approval_withdrawn", channel: "review", login: approval.login });
    }
  }
  return events;
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
          reviewId: review.id,
        },
      ];
    case "CHANGES_REQUESTED": {
      // The review's body and ALL of its inline comments (DESIGN §2.3), as threads: a follow-up
      // round answers each in its thread; before implementation they are the planner's feedback.
      const inline = await listReviewComments(gh, item.pr, review.id);
      const threads = threadsOf(inline, (c) => isHuman(gh, c.user), sanitizeUntrusted);
      const body = sanitizeUntrusted(review.body ?? "").trim();
      const feedback = [
        body,
        ...threads.map((t) => `${t.path}${t.line === null ? "" : `:${t.line}`}: ${t.text}`),
      ]
        .filter((t) => t !== "")
        .join("\n\n");
      const at = review.submitted_at ?? null;
      return [
        {
          type: "changes_requested",
          actor,
          feedback,
          review: { id: review.id, body, threads, at },
        },
      ];
    }
    case "COMMENTED": {
      // A comment-only review does nothing (humans may talk among themselves); a command in its
      // body does what the command does (`/ralph fix` makes it actionable).
      const commands = parseCommands(review.body ?? "");
      // An `/approve` in a review approves what the reviewer saw: the PRD at the review's head,
      // not whatever revision is current by the time Ralph reads it (DESIGN §3.3).
      const revision = commands.some((c) => c.name === "approve")
        ? await reviewRevision(gh, config, state, review)
        : undefined;
      return commands.map((command) => ({
        type: "command",
        command,
        actor,
        goal,
        trigger: `review:${review.id}`,
        ...(review.submitted_at ? { at: review.submitted_at } : {}),
        ...(command.name === "approve" && revision !== undefined ? { revision } : {}),
      }));
    }
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
