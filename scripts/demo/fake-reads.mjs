// The simulated GitHub's GraphQL reads of an issue (src/github/issue-read.ts) and of the 👍 on a
// comment (src/github/reaction-reads.ts). The demo's issue is small: every comment fits the one
// page Ralph asks for, and nothing lies before it.

/** An actor as GraphQL names it: a bot without REST's `[bot]` suffix. */
function actor(user) {
  if (!user) return null;
  const bot = user.type === "Bot";
  return { __typename: bot ? "Bot" : "User", login: user.login.replace(/\[bot\]$/, "") };
}

function commentNode(c) {
  return {
    id: c.node_id,
    databaseId: c.id,
    body: c.body,
    createdAt: c.created_at,
    url: c.html_url,
    author: actor(c.user),
  };
}

/** `RalphIssueRead`: the issue, its comments (all: the demo's fit one page), pointers, claims. */
export function issueRead(demo, variables = {}) {
  const issue = demo.issues.get(Number(variables.number));
  const comments = demo.commentsOn(Number(variables.number));
  const names = (prefix) =>
    [...demo.refs.keys()].filter((r) => r.startsWith(prefix)).map((r) => r.slice(prefix.length));
  const status = variables.withStatus
    ? ([...demo.comments.values()].find((c) => c.node_id === variables.status) ?? null)
    : null;
  return {
    repository: {
      conversation: issue
        ? {
            __typename: "Issue",
            number: issue.number,
            title: issue.title,
            body: issue.body ?? "",
            author: actor(issue.user),
            labels: { nodes: issue.labels.map((name) => ({ name })) },
            comments: {
              pageInfo: { hasPreviousPage: false, startCursor: null },
              nodes: variables.before ? [] : comments.map(commentNode),
            },
          }
        : null,
      pointers: { nodes: names(String(variables.pointers ?? "")).map((name) => ({ name })) },
      claims: { totalCount: names(String(variables.claims ?? "")).length },
    },
    ...(variables.withStatus ? { status: status && commentNode(status) } : {}),
  };
}

/** `RalphReactions`: a comment's 👍 (all of them) and which counted ones still exist. */
export function reactionsRead(demo, variables = {}) {
  const comment = [...demo.comments.values()].find((c) => c.node_id === variables.comment);
  const reactions = comment ? (demo.reactions.get(comment.id) ?? []) : [];
  const all = [...demo.reactions.values()].flat();
  return {
    comment: comment && {
      databaseId: comment.id,
      body: comment.body,
      author: actor(comment.user),
      reactions: {
        pageInfo: { hasPreviousPage: false, startCursor: null },
        nodes: reactions
          .filter((r) => r.content === "+1")
          .map((r) => ({
            id: `REA_${r.id}`,
            databaseId: r.id,
            user: r.user.type === "Bot" ? null : { login: r.user.login },
          })),
      },
    },
    ...(variables.withCounted
      ? {
          counted: (variables.counted ?? []).map((id) =>
            all.some((r) => `REA_${r.id}` === id) ? { id } : null,
          ),
        }
      : {}),
  };
}

/** `RalphReviews`: a pull request's reviews (all: the demo's fit one page). */
export function reviewsRead(demo, variables = {}) {
  const reviews = demo.reviews.get(Number(variables.pr)) ?? [];
  return {
    repository: {
      pullRequest: {
        reviews: {
          pageInfo: { hasPreviousPage: false, startCursor: null },
          nodes: variables.before
            ? []
            : reviews.map((r) => ({
                databaseId: r.id,
                state: r.state,
                body: r.body ?? "",
                submittedAt: r.submitted_at ?? null,
                commit: r.commit_id ? { oid: r.commit_id } : null,
                author: actor(r.user),
              })),
        },
      },
    },
  };
}
