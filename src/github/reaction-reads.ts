import { findPrdRevision } from "../core/render/index.js";
import { type GitHubContext, isBotUser, isNotFound } from "./client.js";
import { getComment, isOwnComment } from "./comments.js";
import { type GraphqlActor, graphqlPartial, restUser } from "./graphql-comment.js";

/**
 * 👍 on Ralph's PRD comment, newest first and only those newer than what was read before
 * (core/read-cursors.ts): one GraphQL query reads the PRD comment (its author and revision
 * marker), the newest page of its 👍, and whether each 👍 that counts as an approval still exists.
 * Older pages are read only while they hold 👍 newer than the cursor, up to MAX_REACTION_PAGES.
 */
export const MAX_REACTION_PAGES = 100;
const PAGE = 100;

const QUERY = `query RalphReactions($comment: ID!, $before: String, $counted: [ID!]!, $withCounted: Boolean!) {
  comment: node(id: $comment) {
    ... on IssueComment {
      databaseId body author { __typename login }
      reactions(content: THUMBS_UP, last: ${PAGE}, before: $before) {
        pageInfo { hasPreviousPage startCursor }
        nodes { id databaseId user { login } }
      }
    }
  }
  counted: nodes(ids: $counted) @include(if: $withCounted) { ... on Reaction { id } }
}`;

interface Answer {
  comment?: {
    databaseId?: number | null;
    body?: string;
    author?: GraphqlActor | null;
    reactions?: {
      pageInfo: { hasPreviousPage: boolean; startCursor: string | null };
      nodes: ({ id: string; databaseId: number | null; user: { login: string } | null } | null)[];
    };
  } | null;
  counted?: ({ id?: string } | null)[] | null;
}

export interface FreshReaction {
  login: string;
  /** GraphQL's id of the reaction. */
  node: string;
  id: number;
}

export interface ReactionRead {
  /** The revision the PRD comment names; null when it is not Ralph's PRD comment (or is gone). */
  revision: string | null;
  commentNode: string | null;
  /** 👍 by users newer than the cursor, oldest first, one per login. */
  fresh: FreshReaction[];
  /** Counted 👍 (GraphQL ids) that no longer exist. */
  gone: string[];
  /** The newest 👍 id read: where the next read stops. */
  newest: number;
  /** MAX_REACTION_PAGES stopped the read: older 👍 above the cursor were not read. */
  cut: boolean;
}

export interface ReactionCursor {
  commentId: number;
  commentNode: string | null;
  /** Read only 👍 newer than this id (0: all of them). */
  since: number;
  /** GraphQL ids of the 👍 that count as approvals. */
  counted: readonly string[];
}

const NONE: Omit<ReactionRead, "newest"> = {
  revision: null,
  commentNode: null,
  fresh: [],
  gone: [],
  cut: false,
};

/** The PRD comment's GraphQL id: a REST read the first time (its answer carries `node_id`). */
async function commentNodeOf(gh: GitHubContext, cursor: ReactionCursor): Promise<string | null> {
  if (cursor.commentNode !== null) return cursor.commentNode;
  try {
    const comment = await getComment(gh, cursor.commentId);
    return isOwnComment(gh, comment) ? (comment.node_id ?? null) : null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

async function page(
  gh: GitHubContext,
  node: string,
  before: string | null,
  counted: readonly string[],
): Promise<Answer> {
  const first = before === null;
  const { data } = await graphqlPartial(gh, QUERY, {
    comment: node,
    before,
    counted: first ? [...counted] : [],
    withCounted: first && counted.length > 0,
  });
  return data as Answer;
}

export async function readReactions(
  gh: GitHubContext,
  cursor: ReactionCursor,
): Promise<ReactionRead> {
  const node = await commentNodeOf(gh, cursor);
  if (node === null) return { ...NONE, newest: cursor.since };
  let answer = await page(gh, node, null, cursor.counted);
  const comment = answer.comment;
  const author = restUser(comment?.author);
  const revision =
    comment && author?.login === gh.botLogin ? findPrdRevision(comment.body ?? "") : null;
  if (revision === null) return { ...NONE, newest: cursor.since };
  const gone = cursor.counted.filter((_, i) => !answer.counted?.[i]?.id);
  const read: { id: number; node: string; login: string }[] = [];
  let pages = 1;
  let cut = false;
  for (;;) {
    const reactions = answer.comment?.reactions;
    const nodes = (reactions?.nodes ?? []).filter((n) => n !== null);
    for (const n of nodes) {
      if (typeof n.databaseId === "number" && n.databaseId > cursor.since && n.user !== null) {
        read.push({ id: n.databaseId, node: n.id, login: n.user.login });
      }
    }
    const oldest = Math.min(...nodes.map((n) => n.databaseId ?? 0));
    if (!reactions?.pageInfo.hasPreviousPage || oldest <= cursor.since) break;
    if (pages >= MAX_REACTION_PAGES) {
      cut = true;
      break;
    }
    answer = await page(gh, node, reactions.pageInfo.startCursor, []);
    pages += 1;
  }
  return {
    revision,
    commentNode: node,
    fresh: oneEach(read),
    gone,
    newest: Math.max(cursor.since, ...read.map((r) => r.id)),
    cut,
  };
}

/** Oldest first, one per login, bots never (a bot's 👍 shows no user or a `[bot]` login). */
function oneEach(read: readonly FreshReaction[]): FreshReaction[] {
  const out: FreshReaction[] = [];
  for (const r of [...read].sort((a, b) => a.id - b.id)) {
    if (isBotUser({ login: r.login, type: "User" })) continue;
    if (!out.some((o) => o.login.toLowerCase() === r.login.toLowerCase())) out.push(r);
  }
  return out;
}
