/**
 * The repository the fake GitHub holds in memory: issues, comments, reactions, labels, pull
 * requests, reviews, collaborators, files and workflow runs, plus the seeding helpers tests use.
 * Objects keep only the fields that carry behaviour; the server completes them into full GitHub
 * objects from the API description when it answers (see complete.ts).
 */
import { renderStatusComment } from "../../../src/core/render/index.js";
import type { MachineState } from "../../../src/core/state.js";
import {
  decodeStateBlock,
  encodeStateBlock,
  findStateBlock,
  isStatusComment,
} from "../../../src/core/state-codec.js";
import { claimRef } from "../../../src/github/state-claim.js";
import { CiModel } from "./ci-model.js";
import { GitBacking } from "./git-backing.js";

export const OWNER = "Codertocat";
export const REPO = "Hello-World";
export const SERVER_URL = "https://github.com";
export const BOT = "ralph-app[bot]";

export type Json = Record<string, unknown>;

export interface FakeUser {
  login: string;
  type: "User" | "Bot";
}

export interface FakeComment {
  id: number;
  node_id: string;
  issue: number;
  body: string;
  user: FakeUser;
  created_at: string;
  /** Moves on every edit (`since` filters on it, as GitHub's does). */
  updated_at: string;
  html_url: string;
}

export interface FakeReview {
  id: number;
  user: FakeUser;
  body: string | null;
  state: string;
  commit_id: string | null;
  submitted_at: string;
}

/** An inline review comment on a pull request (a thread's first comment, or a reply in it). */
export interface FakeReviewComment {
  id: number;
  pull: number;
  /** The review it was submitted with; null for a reply posted on its own. */
  reviewId: number | null;
  body: string;
  path: string;
  line: number | null;
  user: FakeUser;
  /** The thread's first comment, when this is a reply. */
  inReplyTo: number | null;
  created_at: string;
  updated_at: string;
}

export interface FakeRun {
  id: number;
  status: string;
  conclusion: string | null;
  display_title: string;
  path: string;
  html_url: string;
  /** The commit the run ran on, and its check suite (GitHub Actions runs on a pull request). */
  head_sha?: string;
  check_suite_id?: number;
}

export interface FakeIssueSeed {
  number: number;
  title: string;
  body?: string | null;
  user?: { login: string; type?: string };
  labels?: string[];
  state?: "open" | "closed";
  pull_request?: Json;
  /** Logins the issue is assigned to. */
  assignees?: string[];
}

export interface FakePullSeed {
  number: number;
  title: string;
  body?: string | null;
  draft?: boolean;
  state?: string;
  head: { ref: string; sha?: string; repo?: { full_name: string } | null };
  base?: { ref: string; repo?: { full_name: string } };
  user?: { login: string; type?: string };
  [key: string]: unknown;
}

const BASE_TIME = Date.parse("2024-05-01T10:00:00Z");

/** The GraphQL node id of a repository label (the REST label's `node_id` too). */
export function labelNodeId(name: string): string {
  return `LA_${Buffer.from(name).toString("base64url")}`;
}

/** The GraphQL node id of an issue comment by its database id. */
export function commentNodeId(id: number): string {
  return `IC_node_${id}`;
}

/** The GraphQL node id of a reaction by its database id. */
export function reactionNodeId(id: number): string {
  return `REA_node_${id}`;
}

/** The GraphQL node id of an issue (or a pull request's conversation) by number. */
export function issueNodeId(number: number): string {
  return `I_node_${number}`;
}

/** A GitHub user; an App's login (`name[bot]`) is a Bot unless `type` says otherwise. */
export function user(
  login: string,
  type: "User" | "Bot" = login.endsWith("[bot]") ? "Bot" : "User",
): FakeUser {
  return { login, type };
}

export class RepoModel {
  readonly issues = new Map<number, Json>();
  readonly issueLabels = new Map<number, string[]>();
  readonly comments = new Map<number, FakeComment>();
  readonly reactions = new Map<number, { id: number; content: string; user: FakeUser }[]>();
  readonly repoLabels = new Map<string, { name: string; color: string }>();
  /** login (lower case) → role: admin, maintain, write, triage, read. */
  readonly permissions = new Map<string, string>();
  /** `${ref}:${path}`; ref "" is the default branch. */
  readonly files = new Map<string, string>();
  readonly pulls = new Map<number, Json>();
  readonly pullFiles = new Map<number, { filename: string; status: string }[]>();
  readonly reviews = new Map<number, FakeReview[]>();
  /** The inline comments of a review, by review id, as GitHub lists them. */
  readonly reviewComments = new Map<number, Json[]>();
  /** Every inline review comment of a pull request (threads and replies), by pull number. */
  readonly pullComments = new Map<number, FakeReviewComment[]>();
  /** Logins asked for a review (`requested_reviewers`), by pull number. */
  readonly requestedReviewers = new Map<number, string[]>();
  readonly runs: FakeRun[] = [];
  /** Git refs created through the API (Ralph's state claims): full ref name → sha. */
  readonly refs = new Map<string, string>();
  /** Writes GitHub would have refused with 422 "Body is too long" (over 65,536 characters). */
  readonly tooLong: string[] = [];
  /**
   * A bare repository backing the contents API (what GitHub would serve from pushed branches);
   * entries in `files` take precedence.
   */
  get gitDir(): string | null {
    return this.backing?.dir ?? null;
  }
  set gitDir(dir: string | null) {
    this.backing = dir === null ? null : new GitBacking(dir);
  }
  private backing: GitBacking | null = null;
  /**
   * The repository's default branch, as `GET /repos/{owner}/{repo}` answers it. The example
   * webhook payloads name `master`; the harnesses write this into a payload's
   * `repository.default_branch`, as GitHub's payload would carry it.
   */
  defaultBranch = "main";
  /** The installation's `repository_selection`: `all`, or `selected` (the repository alone). */
  installationSelection = "all";
  private nextId = 9_000;
  /** Check suites and runs, commit statuses, job logs, mergeability (ci-model.ts). */
  readonly ci: CiModel = new CiModel(
    () => this.id(),
    this.runs,
    (id) => this.timeOf(id),
  );

  constructor(readonly botLogin = BOT) {}

  id(): number {
    this.nextId += 1;
    return this.nextId;
  }

  /** created_at grows with the id, so time order and id order agree. */
  timeOf(id: number): string {
    return new Date(BASE_TIME + id * 1000).toISOString().replace(/\.000Z$/, "Z");
  }

  /** The fake's clock: one second past the newest object, moving on with every call. */
  now(): string {
    return this.timeOf(this.id());
  }

  bot(): FakeUser {
    return user(this.botLogin, "Bot");
  }

  /** Issues and pull requests share one sequence of numbers, as on GitHub. */
  nextNumber(): number {
    return Math.max(0, ...this.issues.keys(), ...this.pulls.keys()) + 1;
  }

  addIssue(seed: FakeIssueSeed): Json {
    const { labels, assignees, ...issue } = seed;
    const full: Json = {
      state: "open",
      body: null,
      ...issue,
      assignees: (assignees ?? []).map((login) => user(login)),
    };
    this.issues.set(seed.number, full);
    this.issueLabels.set(seed.number, [...(labels ?? [])]);
    return full;
  }

  labelsOf(issue: number): string[] {
    return this.issueLabels.get(issue) ?? [];
  }

  addComment(issue: number, body: string, author: FakeUser, id = this.id()): FakeComment {
    const comment: FakeComment = {
      id,
      node_id: commentNodeId(id),
      issue,
      body,
      user: author,
      created_at: this.timeOf(id),
      updated_at: this.timeOf(id),
      html_url: `${SERVER_URL}/${OWNER}/${REPO}/issues/${issue}#issuecomment-${id}`,
    };
    this.comments.set(id, comment);
    return comment;
  }

  /**
   * `count` comments stored at once, as an issue's history (a big-history test seeds thousands
   * without a request each); `body(i)` and `author(i)` for the i-th (0-based). Returns the ids.
   */
  seedComments(
    issue: number,
    count: number,
    body: (i: number) => string = (i) => `comment ${i + 1}`,
    author: (i: number) => FakeUser = (i) => user(`user-${i % 50}`),
  ): number[] {
    return Array.from({ length: count }, (_, i) => this.addComment(issue, body(i), author(i)).id);
  }

  /** `count` reactions of `content` on a comment, each by its own user `<prefix>-<i>`. */
  seedReactions(commentId: number, count: number, content = "+1", prefix = "fan"): void {
    for (let i = 0; i < count; i++) this.react(commentId, content, user(`${prefix}-${i}`));
  }

  commentsOn(issue: number): FakeComment[] {
    return [...this.comments.values()].filter((c) => c.issue === issue).sort((a, b) => a.id - b.id);
  }

  botComments(issue: number): FakeComment[] {
    return this.commentsOn(issue).filter((c) => c.user.login === this.botLogin);
  }

  statusComment(issue: number): FakeComment | undefined {
    return this.botComments(issue).find((c) => isStatusComment(c.body));
  }

  /** Decoded state of Ralph's status comment on an issue, or null. */
  stateOf(issue: number): MachineState | null {
    const status = this.statusComment(issue);
    return status === undefined ? null : decodeStateBlock(status.body);
  }

  /**
   * Writes `state` into Ralph's status comment (a new one when `id` is given or none exists), as
   * another writer saved it: a state marked `claimed`
   * also gets its revision's claim ref, as a claiming writer creates before it saves.
   */
  seedState(state: MachineState, id?: number): FakeComment {
    const existing = id === undefined ? this.statusComment(state.issue) : undefined;
    let comment: FakeComment;
    if (existing !== undefined) {
      existing.body = renderStatusComment(state);
      existing.updated_at = this.now();
      comment = existing;
    } else {
      comment = this.addComment(state.issue, renderStatusComment(state), this.bot(), id);
    }
    if (state.claimed === true && state.revision > 1) {
      this.refs.set(claimRef(state.issue, comment.id, state.revision), "0".repeat(40));
    }
    return comment;
  }

  /**
   * Moves Ralph's last save on `issue` `ms` into the past, the rest of its status comment as it
   * was: what depends on a save's age (the claims' cleaning) is then tested without waiting.
   */
  backdateSave(issue: number, ms: number): void {
    const status = this.statusComment(issue);
    const block = status === undefined ? null : findStateBlock(status.body);
    if (status === undefined || block === null) throw new Error(`no state on #${issue}`);
    const state = decodeStateBlock(status.body);
    const savedAt = new Date(Date.parse(state.savedAt ?? "") - ms).toISOString();
    status.body = status.body.replace(block, encodeStateBlock({ ...state, savedAt }));
  }

  /** A status-looking comment written by someone else. */
  seedForeignState(state: MachineState, author: FakeUser): FakeComment {
    return this.addComment(
      state.issue,
      `<!-- ralph:status -->\n${encodeStateBlock(state)}`,
      author,
    );
  }

  react(commentId: number, content: string, who: FakeUser): void {
    const list = this.reactions.get(commentId) ?? [];
    list.push({ id: this.id(), content, user: who });
    this.reactions.set(commentId, list);
  }

  grant(login: string, permission: string): void {
    this.permissions.set(login.toLowerCase(), permission);
  }

  setFile(path: string, text: string, ref = ""): void {
    this.files.set(`${ref}:${path}`, text);
  }

  /** The file at `ref` (default branch when null): `files` first, then the backing git repo. */
  readFile(path: string, ref: string | null): string | undefined {
    const seeded = this.files.get(`${ref ?? ""}:${path}`);
    if (seeded !== undefined || this.backing === null) return seeded;
    return this.backing.readFile(path, ref ?? this.defaultBranch);
  }

  /** The commit a branch points at: the backing git repo's, else a fixed sha. */
  branchSha(branch: string): string | undefined {
    if (this.backing === null) return branch === "main" ? "a".repeat(40) : undefined;
    return this.backing.branchSha(branch);
  }

  /**
   * Does the pull request's head merge into its base without conflict in the backing git repo
   * (`git merge-tree`)? Undefined without one, or when a branch is missing.
   */
  mergesCleanly(pull: Json): boolean | undefined {
    const head = (pull.head as { ref?: string } | undefined)?.ref;
    const base = (pull.base as { ref?: string } | undefined)?.ref;
    if (this.backing === null || head === undefined || base === undefined) return undefined;
    return this.backing.mergesCleanly(base, head);
  }

  addPull(seed: FakePullSeed): Json {
    const full: Json = {
      state: "open",
      draft: false,
      body: null,
      node_id: `PR_node_${seed.number}`,
      html_url: `${SERVER_URL}/${OWNER}/${REPO}/pull/${seed.number}`,
      user: this.bot(),
      base: { ref: "main", repo: { full_name: `${OWNER}/${REPO}` } },
      ...seed,
      head: { sha: "f".repeat(40), repo: { full_name: `${OWNER}/${REPO}` }, ...seed.head },
    };
    this.pulls.set(seed.number, full);
    return full;
  }

  /** A human merges (or only closes) the pull request, as on GitHub's page. */
  closePull(number: number, merged: boolean): Json {
    const pull = this.pulls.get(number);
    if (!pull) throw new Error(`no pull request #${number}`);
    const at = this.timeOf(this.id());
    Object.assign(pull, {
      state: "closed",
      merged,
      closed_at: at,
      merged_at: merged ? at : null,
      merge_commit_sha: merged ? "e".repeat(40) : null,
    });
    return pull;
  }

  /**
   * An inline comment on pull request `pr`: part of review `reviewId` (listed with it), or a
   * reply (`inReplyTo`) posted on its own. Times grow with the id, as for issue comments.
   */
  addReviewComment(
    pr: number,
    comment: {
      reviewId: number | null;
      body: string;
      path: string;
      line?: number | null;
      user: FakeUser;
      inReplyTo?: number | null;
      id?: number;
    },
  ): FakeReviewComment {
    const id = comment.id ?? this.id();
    const full: FakeReviewComment = {
      id,
      pull: pr,
      reviewId: comment.reviewId,
      body: comment.body,
      path: comment.path,
      line: comment.line ?? null,
      user: comment.user,
      inReplyTo: comment.inReplyTo ?? null,
      created_at: this.timeOf(id),
      updated_at: this.timeOf(id),
    };
    this.pullComments.set(pr, [...(this.pullComments.get(pr) ?? []), full]);
    if (comment.reviewId !== null) {
      const list = this.reviewComments.get(comment.reviewId) ?? [];
      this.reviewComments.set(comment.reviewId, [...list, reviewCommentJson(full)]);
    }
    return full;
  }

  addReview(pr: number, review: Omit<FakeReview, "submitted_at">): FakeReview {
    const full = { ...review, submitted_at: this.timeOf(review.id) };
    this.reviews.set(pr, [...(this.reviews.get(pr) ?? []), full]);
    return full;
  }
}

/** A review comment as the REST API shows it (the rest of its fields are completed). */
export function reviewCommentJson(c: FakeReviewComment): Json {
  return {
    id: c.id,
    pull_request_review_id: c.reviewId,
    body: c.body,
    path: c.path,
    // The description types both as integers; a comment on a whole file has neither.
    ...(c.line === null ? {} : { line: c.line, original_line: c.line }),
    user: c.user,
    ...(c.inReplyTo === null ? {} : { in_reply_to_id: c.inReplyTo }),
    created_at: c.created_at,
    updated_at: c.updated_at,
    html_url: `${SERVER_URL}/${OWNER}/${REPO}/pull/${c.pull}#discussion_r${c.id}`,
  };
}
