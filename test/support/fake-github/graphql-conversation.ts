/**
 * The fake's GraphQL conversation fields, on the same comments, reactions, reviews and refs the
 * REST routes keep: `repository { issueOrPullRequest { title body author labels comments } }`,
 * `repository { pullRequest { reviews } refs }`, `node` / `nodes` for comments, reactions and
 * reviews, and each comment's `reactions`. Connections page as GitHub's do: `first` or `last` is
 * required (at most 100), `after` / `before` take opaque cursors, `pageInfo` says whether more
 * lie before or after the page, `totalCount` counts them all. GraphQL names a GitHub App's bot
 * without REST's `[bot]` suffix, with the type `Bot`, as GitHub does.
 */
import {
  commentNodeId,
  type FakeComment,
  type FakeReview,
  type FakeUser,
  type Json,
  type RepoModel,
  reactionNodeId,
} from "./model.js";

const MAX_PAGE = 100;

interface Page {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

const cursorOf = (id: number) => Buffer.from(`cursor:v2:${id}`).toString("base64");

function idOfCursor(cursor: string): number {
  const match = /^cursor:v2:(\d+)$/.exec(Buffer.from(cursor, "base64").toString("utf8"));
  if (!match) throw new Error(`\`${cursor}\` does not appear to be a valid cursor.`);
  return Number(match[1]);
}

/** A connection over `items` (ordered as GitHub orders them) with GitHub's paging rules. */
export function connection<T extends { id: number }>(
  name: string,
  items: readonly T[],
  args: Page,
  node: (item: T) => unknown,
) {
  const { first, last } = args;
  if (typeof first !== "number" && typeof last !== "number") {
    throw new Error(
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`,
    );
  }
  for (const [arg, n] of [
    ["first", first],
    ["last", last],
  ] as const) {
    if (typeof n === "number" && n > MAX_PAGE) {
      throw new Error(
        `Requesting ${n} records on the \`${name}\` connection exceeds the \`${arg}\` limit of ${MAX_PAGE} records.`,
      );
    }
  }
  let start = 0;
  let end = items.length;
  if (args.after) {
    const after = idOfCursor(args.after);
    start = Math.max(
      start,
      items.findIndex((i) => i.id > after) < 0 ? end : items.findIndex((i) => i.id > after),
    );
  }
  if (args.before) {
    const before = idOfCursor(args.before);
    const index = items.findIndex((i) => i.id >= before);
    end = Math.min(end, index < 0 ? items.length : index);
  }
  if (typeof first === "number") end = Math.min(end, start + first);
  if (typeof last === "number") start = Math.max(start, end - last);
  const slice = items.slice(start, end);
  return {
    totalCount: items.length,
    nodes: slice.map(node),
    edges: slice.map((i) => ({ cursor: cursorOf(i.id), node: node(i) })),
    pageInfo: {
      hasPreviousPage: start > 0,
      hasNextPage: end < items.length,
      startCursor: slice[0] === undefined ? null : cursorOf(slice[0].id),
      endCursor: slice.at(-1) === undefined ? null : cursorOf(slice.at(-1)?.id ?? 0),
    },
  };
}

/** An actor as GraphQL shows it: a bot's login without `[bot]`. */
export function actor(user: FakeUser | { login: string; type?: string } | null | undefined) {
  if (!user) return null;
  const bot = user.type === "Bot" || user.login.endsWith("[bot]");
  return { __typename: bot ? "Bot" : "User", login: user.login.replace(/\[bot\]$/, "") };
}

/** REST's reaction content as GraphQL's ReactionContent. */
const CONTENT: Record<string, string> = {
  "+1": "THUMBS_UP",
  "-1": "THUMBS_DOWN",
  laugh: "LAUGH",
  confused: "CONFUSED",
  heart: "HEART",
  hooray: "HOORAY",
  rocket: "ROCKET",
  eyes: "EYES",
};

export const reviewNodeId = (id: number) => `PRR_node_${id}`;

export function conversationFields(m: RepoModel) {
  const reaction = (r: { id: number; content: string; user: FakeUser }) => ({
    __typename: "Reaction",
    id: reactionNodeId(r.id),
    databaseId: r.id,
    content: CONTENT[r.content] ?? r.content,
    createdAt: m.timeOf(r.id),
    // Reaction.user is a User: a bot's reaction shows no user.
    user: r.user.type === "Bot" ? null : { login: r.user.login },
  });
  const comment = (c: FakeComment) => ({
    __typename: "IssueComment",
    id: c.node_id,
    databaseId: c.id,
    body: c.body,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    url: c.html_url,
    author: actor(c.user),
    reactions: (args: Page & { content?: string | null }) =>
      connection(
        "reactions",
        (m.reactions.get(c.id) ?? []).filter(
          (r) => !args.content || (CONTENT[r.content] ?? r.content) === args.content,
        ),
        args,
        reaction,
      ),
  });
  const review = (r: FakeReview) => ({
    __typename: "PullRequestReview",
    id: reviewNodeId(r.id),
    databaseId: r.id,
    state: r.state,
    body: r.body ?? "",
    submittedAt: r.submitted_at,
    commit: r.commit_id === null ? null : { oid: r.commit_id },
    author: actor(r.user),
  });
  const conversation = (number: number) => {
    // Tests that seed only comments (no issue) read them as an untitled issue's, as REST would.
    const bare: Json | undefined =
      m.commentsOn(number).length > 0 ? { title: "", body: "" } : undefined;
    const issue = m.issues.get(number) ?? m.pulls.get(number) ?? bare;
    if (issue === undefined) return null;
    const isPull = m.pulls.has(number) || Boolean((issue as Json).pull_request);
    return {
      __typename: isPull ? "PullRequest" : "Issue",
      number,
      title: String(issue.title ?? ""),
      body: String(issue.body ?? ""),
      author: actor(issue.user as FakeUser | undefined),
      comments: (args: Page) => connection("comments", m.commentsOn(number), args, comment),
      reviews: (args: Page) =>
        connection(
          "reviews",
          [...(m.reviews.get(number) ?? [])].sort((a, b) => a.id - b.id),
          args,
          review,
        ),
    };
  };
  const byNode = (id: string) => {
    const commentId = /^IC_node_(\d+)$/.exec(id)?.[1];
    if (commentId !== undefined) {
      const c = m.comments.get(Number(commentId));
      if (c) return comment(c);
    }
    const reactionId = /^REA_node_(\d+)$/.exec(id)?.[1];
    if (reactionId !== undefined) {
      for (const list of m.reactions.values()) {
        const r = list.find((x) => x.id === Number(reactionId));
        if (r) return reaction(r);
      }
    }
    const reviewId = /^PRR_node_(\d+)$/.exec(id)?.[1];
    if (reviewId !== undefined) {
      for (const list of m.reviews.values()) {
        const r = list.find((x) => x.id === Number(reviewId));
        if (r) return review(r);
      }
    }
    throw Object.assign(new Error(`Could not resolve to a node with the global id of '${id}'`), {
      extensions: { type: "NOT_FOUND" },
    });
  };
  return {
    conversation,
    refs: (args: Page & { refPrefix: string }) => {
      const names = [...m.refs.keys()]
        .filter((r) => r.startsWith(args.refPrefix))
        .sort()
        .map((r, i) => ({ id: i + 1, name: r.slice(args.refPrefix.length) }));
      return connection("refs", names, args, (r) => ({ name: r.name }));
    },
    node: ({ id }: { id: string }) => byNode(id),
    // A missing node is null in the list, with its NOT_FOUND error beside the data.
    nodes: ({ ids }: { ids: string[] }) =>
      ids.map((id) => {
        try {
          return byNode(id);
        } catch (error) {
          return error;
        }
      }),
  };
}

export { commentNodeId };
