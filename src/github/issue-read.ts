import { commentFloor } from "../core/seen-comments.js";
import { ALL_PHASE_LABELS } from "../core/state.js";
import { type GitHubContext, isNotFound, repoParams } from "./client.js";
import { getComment, type IssueComment, type KnownComments } from "./comments.js";
import {
  COMMENT_FIELDS,
  fromGraphql,
  type GraphqlComment,
  graphqlPartial,
  restUser,
} from "./graphql-comment.js";
import { CLAIM_NAMESPACE, claimTiming } from "./state-claim.js";
import { foreignStatuses, isOwnStatus, type StatusLookup, statusOf } from "./status-lookup.js";
import {
  createStatusPointer,
  dropStatusPointer,
  pointedIds,
  statusPointerPrefix,
} from "./status-pointer.js";

/**
 * Reads an issue's conversation in proportion to what is new (issue 16), newest first, with
 * GraphQL (`comments(last: 100, before: …)`): one query brings the newest page, the issue itself
 * (title, body, labels), the pointer to Ralph's status comment (status-pointer.ts) and, when this
 * process read the issue before, the status comment itself. Then it reads back only as far as the
 * state's watermark: its floor (core/seen-comments.ts) is where every older comment is known to
 * be read, so a comment GitHub lists late, above the floor, is still read; an edited old comment
 * is never new. Reading stops at MAX_HISTORY_PAGES pages, and says so (`cutAt`): no listing ends
 * silently.
 */
export const MAX_HISTORY_PAGES = 300;
const PAGE = 100;

/** What reconcile needs to know about the issue (or PR conversation) it works on. */
export interface IssueInfo {
  number: number;
  author: string | null;
  title: string;
  body: string;
  isPullRequest: boolean;
  labels: string[];
}

export interface IssueRead {
  /** The issue or pull request; null when the number is neither. */
  issue: IssueInfo | null;
  /** The comments read: every comment with an id above `from` (0: the whole conversation). */
  known: KnownComments;
  status: StatusLookup;
  /**
   * The oldest comment id read when MAX_HISTORY_PAGES stopped the reading above what the state
   * had read (or, without a pointer, before a status comment was found); null otherwise.
   */
  cutAt: number | null;
}

export interface ReadOptions {
  /** Only the status comment is wanted: no reading back to the watermark. */
  statusOnly?: boolean;
  /** Tests: a smaller bound than MAX_HISTORY_PAGES. */
  maxPages?: number;
}

const CONVERSATION = `number title body author { __typename login }
      labels(first: 100) @include(if: $first) { nodes { name } }
      comments(last: ${PAGE}, before: $before) {
        pageInfo { hasPreviousPage startCursor }
        nodes { ${COMMENT_FIELDS} }
      }`;

const READ = `query RalphIssueRead($owner: String!, $repo: String!, $number: Int!, $before: String, $first: Boolean!, $pointers: String!, $claims: String!, $status: ID!, $withStatus: Boolean!) {
  repository(owner: $owner, name: $repo) {
    conversation: issueOrPullRequest(number: $number) {
      __typename
      ... on Issue { ${CONVERSATION} }
      ... on PullRequest { ${CONVERSATION} }
    }
    pointers: refs(refPrefix: $pointers, first: 10) @include(if: $first) { nodes { name } }
    claims: refs(refPrefix: $claims, first: 1) @include(if: $first) { totalCount }
  }
  status: node(id: $status) @include(if: $withStatus) { ... on IssueComment { ${COMMENT_FIELDS} } }
}`;

interface Page {
  conversation: {
    __typename: string;
    number: number;
    title: string;
    body: string;
    author: { __typename?: string; login: string } | null;
    labels?: { nodes: ({ name: string } | null)[] | null } | null;
    comments: {
      pageInfo: { hasPreviousPage: boolean; startCursor: string | null };
      nodes: (GraphqlComment | null)[] | null;
    };
  } | null;
  pointers: string[];
  claims: number;
  status: IssueComment | null;
}

async function fetchPage(
  gh: GitHubContext,
  number: number,
  options: { first: boolean; before: string | null; status: string | null },
): Promise<Page> {
  // The status comment this process found may be gone since (deleted to start over): null then.
  const { data } = await graphqlPartial(gh, READ, {
    ...repoParams(gh),
    number,
    before: options.before,
    first: options.first,
    pointers: statusPointerPrefix(number),
    claims: `${CLAIM_NAMESPACE}/issue-${number}/`,
    status: options.status ?? "",
    withStatus: options.status !== null,
  });
  const answer = data as {
    repository?: {
      conversation?: Page["conversation"];
      pointers?: { nodes: ({ name: string } | null)[] | null } | null;
      claims?: { totalCount: number } | null;
    } | null;
    status?: GraphqlComment | null;
  };
  const repo = answer.repository;
  return {
    conversation: repo?.conversation ?? null,
    pointers: (repo?.pointers?.nodes ?? []).flatMap((n) => (n ? [n.name] : [])),
    claims: repo?.claims?.totalCount ?? 0,
    status: fromGraphql(answer.status),
  };
}

/** The comments read so far, oldest first, and how to read further back. */
class Window {
  readonly list: IssueComment[] = [];
  hasPrevious = false;
  pages = 0;
  private cursor: string | null = null;

  constructor(
    private readonly gh: GitHubContext,
    private readonly number: number,
    private readonly maxPages: number,
  ) {}

  add(page: Page): void {
    const connection = page.conversation?.comments;
    const fresh = (connection?.nodes ?? []).flatMap((n) => {
      const c = fromGraphql(n);
      return c === null ? [] : [c];
    });
    this.list.unshift(...fresh.sort((a, b) => a.id - b.id));
    this.hasPrevious = connection?.pageInfo.hasPreviousPage ?? false;
    this.cursor = connection?.pageInfo.startCursor ?? null;
    this.pages += 1;
  }

  get oldest(): number {
    return this.list[0]?.id ?? Number.POSITIVE_INFINITY;
  }

  get from(): number {
    return this.hasPrevious ? Math.max(0, this.oldest - 1) : 0;
  }

  /** Reads back until `enough` or the start; false when MAX_HISTORY_PAGES stopped it first. */
  async extend(enough: () => boolean): Promise<boolean> {
    while (this.hasPrevious && !enough()) {
      if (this.pages >= this.maxPages) return false;
      const before = this.cursor;
      this.add(await fetchPage(this.gh, this.number, { first: false, before, status: null }));
    }
    return true;
  }
}

/** Status comments this process found, per client (one Action run, one App event): issue → ids. */
const found = new WeakMap<object, Map<string, { id: number; nodeId: string | null }>>();

function foundIn(gh: GitHubContext): Map<string, { id: number; nodeId: string | null }> {
  let map = found.get(gh.client);
  if (map === undefined) {
    map = new Map();
    found.set(gh.client, map);
  }
  return map;
}

const keyOf = (gh: GitHubContext, issue: number) => `${gh.owner}/${gh.repo}#${issue}`.toLowerCase();

/** A status comment this process just created: the next read asks for it by id. */
export function rememberStatus(gh: GitHubContext, issue: number, comment: IssueComment): void {
  foundIn(gh).set(keyOf(gh, issue), { id: comment.id, nodeId: comment.node_id ?? null });
}

async function commentById(gh: GitHubContext, id: number): Promise<IssueComment | null> {
  try {
    return await getComment(gh, id);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The issue has Ralph's marks (a phase label, state claims): a status comment may sit deep in it. */
function ralphWasHere(first: Page): boolean {
  const labels = (first.conversation?.labels?.nodes ?? []).flatMap((n) => (n ? [n.name] : []));
  return first.claims > 0 || labels.some((l) => ALL_PHASE_LABELS.includes(l));
}

interface Located {
  own: IssueComment | null;
  /** Found only by reading the issue back (no pointer names it): the caller points at it. */
  scanned: boolean;
  cut: boolean;
}

/**
 * Ralph's status comment: the oldest of those in the newest page, the one this process found
 * before, and the ones pointer refs name (fetched by id when not in the page). Without any, an
 * issue Ralph has marked is read back to its start once (a status comment saved before pointers
 * existed); the caller then points at what it found.
 */
async function locateStatus(
  gh: GitHubContext,
  number: number,
  first: Page,
  window: Window,
  cached: { id: number } | undefined,
): Promise<Located> {
  const pointers = pointedIds(first.pointers);
  const inHand = [...window.list, ...(first.status ? [first.status] : [])].filter((c) =>
    isOwnStatus(gh, c),
  );
  const ids = [...new Set([...inHand.map((c) => c.id), ...pointers])].sort((a, b) => a - b);
  for (const id of ids) {
    const comment = inHand.find((c) => c.id === id) ?? (await commentById(gh, id));
    // Deleted to start over: its pointer would cost a request on every read.
    if (comment === null && pointers.includes(id)) await dropStatusPointer(gh, number, id);
    if (comment !== null && isOwnStatus(gh, comment)) {
      return { own: comment, scanned: false, cut: false };
    }
  }
  if (ids.length > 0 || cached !== undefined || !window.hasPrevious || !ralphWasHere(first)) {
    return { own: null, scanned: false, cut: false };
  }
  const complete = await window.extend(() => false);
  const own = window.list.find((c) => isOwnStatus(gh, c)) ?? null;
  return { own, scanned: own !== null, cut: !complete && own === null };
}

/**
 * The issue, Ralph's status comment on it and the comments the state has not read (see the top
 * of this file). A status comment found only by reading back gets a pointer.
 */
export async function readIssue(
  gh: GitHubContext,
  number: number,
  options: ReadOptions = {},
): Promise<IssueRead> {
  const cache = foundIn(gh);
  const cached = cache.get(keyOf(gh, number));
  // Before the read (the claim clock): a save claims within the hold of it (status.ts).
  const readAt = claimTiming(gh).now();
  const first = await fetchPage(gh, number, {
    first: true,
    before: null,
    status: cached?.nodeId ?? null,
  });
  const window = new Window(gh, number, options.maxPages ?? MAX_HISTORY_PAGES);
  window.add(first);
  const located = await locateStatus(gh, number, first, window, cached);
  const status = statusOf(located.own, [], readAt);
  let cutAt = located.cut ? window.oldest : null;
  if (located.own !== null) {
    cache.set(keyOf(gh, number), { id: located.own.id, nodeId: located.own.node_id ?? null });
    // Saved before pointers existed and out of the newest page: the next read needs no scan.
    if (located.scanned) await createStatusPointer(gh, number, located.own.id);
  }
  if (status.kind === "ok" && options.statusOnly !== true) {
    // Ids are sparse: every comment above the floor is in hand once one at or below it is.
    const floor = commentFloor(status.state.watermark);
    if (!(await window.extend(() => window.oldest <= floor))) cutAt = window.oldest;
  }
  return {
    issue: issueOf(first),
    known: { list: window.list, from: window.from },
    status: { ...status, foreign: foreignStatuses(gh, window.list) },
    cutAt,
  };
}

function issueOf(first: Page): IssueInfo | null {
  const c = first.conversation;
  if (c === null) return null;
  return {
    number: c.number,
    author: restUser(c.author)?.login ?? null,
    title: c.title,
    body: c.body ?? "",
    isPullRequest: c.__typename === "PullRequest",
    labels: (c.labels?.nodes ?? []).flatMap((n) => (n ? [n.name] : [])),
  };
}
