/**
 * Issues with a big history, seeded straight into the fake GitHub (thousands of comments and
 * reactions without a request each): what the "cost flat in history" tests and the cost
 * benchmark (bench/cost-vs-size.perf.ts) run Ralph's built entries against.
 */
import type { MachineState } from "../../src/core/state.js";
import { awaitingApproval, prd, prdCommentBody, stateAt } from "../app/states.js";
import { issueCommentCreated, type Payload } from "../fixtures/webhooks/index.js";
import {
  type FakeComment,
  type FakeGitHub,
  type FakeUser,
  type RecordedRequest,
  user,
} from "./fake-github/index.js";

export const HISTORY_ISSUE = {
  number: 42,
  author: "octo-author",
  title: "Add a login page",
  body: "Login.",
};
export const MAINTAINER = "alice";
/** Users who react and comment without any permission on the repository. */
export const OUTSIDER = "mallory";

/** The issue itself, its phase label, and a maintainer with write access. */
export function seedHistoryIssue(fake: FakeGitHub, label: string | null): void {
  fake.addIssue({
    number: HISTORY_ISSUE.number,
    title: HISTORY_ISSUE.title,
    body: HISTORY_ISSUE.body,
    user: { login: HISTORY_ISSUE.author },
    labels: label === null ? [] : [label],
  });
  fake.grant(MAINTAINER, "write");
}

/**
 * Issue 42, done, with `total` comments: `before` comments of chatter, then Ralph's status
 * comment (holding `state`, default: done, claimed), then chatter up to `total`. The state's
 * watermark has read every comment, as the previous version saved it (no status pointer).
 */
export function seedDoneWithHistory(
  fake: FakeGitHub,
  options: { total: number; before?: number; state?: MachineState },
): FakeComment {
  seedHistoryIssue(fake, "ralph:done");
  const before = options.before ?? 0;
  fake.seedComments(HISTORY_ISSUE.number, before);
  const statusId = fake.id();
  const state = options.state ?? stateAt("done", { claimed: true });
  fake.seedState(state, statusId);
  const after = fake.seedComments(HISTORY_ISSUE.number, Math.max(0, options.total - before - 1));
  const newest = after.at(-1) ?? statusId;
  return fake.seedState({ ...state, watermark: { commentId: newest, reviewId: 0 } });
}

export const historyPrdBody = prdCommentBody;

/**
 * Issue 42 awaiting approval: the status comment, Ralph's PRD comment, `reactions` 👍 on it from
 * users without permission, and `chatter` comments after it.
 */
export function seedAwaitingWithReactions(
  fake: FakeGitHub,
  options: { reactions: number; chatter?: number },
): { statusId: number; prdId: number } {
  seedHistoryIssue(fake, "ralph:awaiting-approval");
  const statusId = fake.id();
  const prdId = fake.id();
  fake.addComment(HISTORY_ISSUE.number, historyPrdBody(), user(fake.botLogin, "Bot"), prdId);
  fake.seedState(
    awaitingApproval(prd(), prdId, {
      claimed: true,
      prNumber: null,
      watermark: { commentId: prdId, reviewId: 0 },
    }),
    statusId,
  );
  fake.seedReactions(prdId, options.reactions);
  fake.seedComments(HISTORY_ISSUE.number, options.chatter ?? 0);
  return { statusId, prdId };
}

/** A comment on issue 42, stored on the fake as GitHub would, and its webhook payload. */
export function historyComment(fake: FakeGitHub, body: string, author: FakeUser): Payload {
  const comment = fake.addComment(HISTORY_ISSUE.number, body, author);
  return issueCommentCreated({
    issue: HISTORY_ISSUE,
    comment: { id: comment.id, body, user: author },
  });
}

export { user };

/** What one event cost: calls, pages of a history listing among them, and kilobytes answered. */
export interface EventCost {
  calls: number;
  pages: number;
  kb: number;
  requests: RecordedRequest[];
}

/** A request that reads a page of an issue's comments or a comment's reactions. */
export function isHistoryPage(r: RecordedRequest): boolean {
  if (r.method === "GET") return /\/comments$|\/reactions$/.test(r.path);
  const query = (r.body as { query?: unknown } | null)?.query;
  return (
    r.path === "/graphql" && typeof query === "string" && /\b(comments|reactions)\(/.test(query)
  );
}

/** Ralph's requests since `from` (a scripted human's, made mid-step, are not Ralph's). */
export function costSince(fake: FakeGitHub, from: number): EventCost {
  const requests = fake.requests.slice(from).filter((r) => r.actingAs === undefined);
  return {
    calls: requests.length,
    pages: requests.filter(isHistoryPage).length,
    kb: Math.round(requests.reduce((sum, r) => sum + (r.bytes ?? 0), 0) / 1024),
    requests,
  };
}
