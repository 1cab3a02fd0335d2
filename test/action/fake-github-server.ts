/**
 * A small GitHub REST + GraphQL API on 127.0.0.1 for the Action's acceptance tests. The Action
 * runs as a child process (as in a runner), which nock cannot reach, so this is a real HTTP server
 * holding issues, comments, reactions, labels, pull requests and reviews in memory. Every request
 * is recorded with its parsed body; routes nobody implemented answer 404 and are listed in
 * `unhandled` (tests assert it stays empty).
 */
import { execFileSync } from "node:child_process";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { renderStatusComment } from "../../src/core/render/index.js";
import type { MachineState } from "../../src/core/state.js";
import { decodeStateBlock, isStatusComment } from "../../src/core/state-codec.js";

export const OWNER = "Codertocat";
export const REPO = "Hello-World";
export const SERVER_URL = "https://github.com";

export interface User {
  login: string;
  type: "User" | "Bot";
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface FakeComment {
  id: number;
  issue: number;
  body: string;
  user: User;
  created_at: string;
  html_url: string;
}

export interface FakeIssue {
  number: number;
  title: string;
  body: string;
  user: User;
  labels: string[];
  state: "open" | "closed";
  pull_request?: { url: string; html_url: string };
}

export interface FakePull {
  number: number;
  node_id: string;
  html_url: string;
  title: string;
  body: string | null;
  draft: boolean;
  state: string;
  head: { ref: string; sha: string; repo: { full_name: string } | null };
  base: { ref: string; repo: { full_name: string } };
  user: User;
}

export interface FakeReview {
  id: number;
  user: User;
  body: string | null;
  state: string;
  commit_id: string | null;
  submitted_at: string;
  event?: string;
}

type Json = Record<string, unknown>;
type Reply = { status: number; body?: unknown };
type Handler = (
  match: (string | undefined)[],
  query: URLSearchParams,
  body: Json,
  actor: User,
) => Reply;

const BASE_TIME = Date.parse("2026-01-02T03:00:00Z");

export function user(login: string, type: "User" | "Bot" = "User"): User {
  return { login, type };
}

export class FakeGitHub {
  readonly requests: RecordedRequest[] = [];
  readonly unhandled: string[] = [];
  readonly issues = new Map<number, FakeIssue>();
  readonly comments = new Map<number, FakeComment>();
  readonly reactions = new Map<number, { id: number; content: string; user: User }[]>();
  readonly repoLabels = new Set<string>();
  readonly permissions = new Map<string, string>();
  readonly pulls = new Map<number, FakePull>();
  readonly pullFiles = new Map<number, { filename: string; status: string }[]>();
  readonly reviews = new Map<number, FakeReview[]>();
  /** `${ref}:${path}`; ref "" is the default branch. */
  readonly files = new Map<string, string>();
  readonly dispatches: { workflow: string; ref: string; inputs: Json }[] = [];
  private nextId = 5_000;
  private nextNumber = 1;
  private server: Server | null = null;
  url = "";
  /**
   * A bare repository backing the contents API (what GitHub would serve from the pushed
   * branches); files in `files` take precedence.
   */
  gitDir: string | null = null;
  /**
   * Called with each request before it is answered: a test can make another writer act at an
   * exact point of the run (e.g. save the state between two of Ralph's saves).
   */
  onRequest: ((request: RecordedRequest) => void) | null = null;

  /** `viewer.login` of the token: the login Ralph's own comments are authored by. */
  constructor(readonly botLogin = "ralph-app[bot]") {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.handle(req, res);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  id(): number {
    this.nextId += 1;
    return this.nextId;
  }

  timeOf(id: number): string {
    return new Date(BASE_TIME + id * 1000).toISOString();
  }

  bot(): User {
    return user(this.botLogin, "Bot");
  }

  addIssue(issue: Omit<FakeIssue, "labels" | "state"> & { labels?: string[] }): FakeIssue {
    const full: FakeIssue = { labels: [], state: "open", ...issue };
    this.issues.set(issue.number, full);
    this.nextNumber = Math.max(this.nextNumber, issue.number + 1);
    return full;
  }

  addComment(issue: number, body: string, author: User, id = this.id()): FakeComment {
    const comment: FakeComment = {
      id,
      issue,
      body,
      user: author,
      created_at: this.timeOf(id),
      html_url: `${SERVER_URL}/${OWNER}/${REPO}/issues/${issue}#issuecomment-${id}`,
    };
    this.comments.set(id, comment);
    return comment;
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

  stateOf(issue: number): MachineState | null {
    const status = this.statusComment(issue);
    return status === undefined ? null : decodeStateBlock(status.body);
  }

  /** Writes `state` into Ralph's status comment, as Ralph itself would have. */
  seedState(state: MachineState): FakeComment {
    const existing = this.statusComment(state.issue);
    if (existing !== undefined) {
      existing.body = renderStatusComment(state);
      return existing;
    }
    return this.addComment(state.issue, renderStatusComment(state), this.bot());
  }

  grant(login: string, permission: string): void {
    this.permissions.set(login.toLowerCase(), permission);
  }

  addPull(
    pull: Omit<FakePull, "node_id" | "html_url" | "state" | "draft"> & { draft?: boolean },
  ): FakePull {
    const full: FakePull = {
      draft: false,
      state: "open",
      node_id: `PR_node_${pull.number}`,
      html_url: `${SERVER_URL}/${OWNER}/${REPO}/pull/${pull.number}`,
      ...pull,
    };
    this.pulls.set(pull.number, full);
    this.nextNumber = Math.max(this.nextNumber, pull.number + 1);
    return full;
  }

  requestsTo(method: string, pattern: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && pattern.test(r.path));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: unknown = null;
    try {
      body = text === "" ? null : JSON.parse(text);
    } catch {
      body = text;
    }
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = req.method ?? "GET";
    const path = decodeURIComponent(url.pathname);
    const recorded: RecordedRequest = { method, path, query: url.searchParams, body };
    this.requests.push(recorded);
    this.onRequest?.(recorded);
    let reply: Reply;
    // Test-only: a scripted agent posts "as" a maintainer to simulate humans mid-run.
    const actingAs = req.headers["x-fake-user"];
    try {
      reply = this.route(
        method,
        path,
        url.searchParams,
        (body ?? {}) as Json,
        typeof actingAs === "string" ? user(actingAs) : this.bot(),
      );
    } catch (error) {
      reply = { status: 500, body: { message: String(error) } };
    }
    if (reply.status === 404 && (reply.body as Json | undefined)?.message === "unhandled") {
      this.unhandled.push(`${method} ${path}`);
    }
    res.writeHead(reply.status, { "content-type": "application/json; charset=utf-8" });
    res.end(reply.body === undefined ? "" : JSON.stringify(reply.body));
  }

  private route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Json,
    actor: User,
  ): Reply {
    if (path === "/graphql" && method === "POST") return this.graphql(body);
    const users = /^\/users\/([^/]+)$/.exec(path);
    if (users && method === "GET")
      return ok({ login: users[1], id: 1000 + users[1]!.length, type: "User" });
    const prefix = `/repos/${OWNER}/${REPO}`;
    if (!path.startsWith(prefix)) return unhandled();
    const rest = path.slice(prefix.length);
    for (const [verb, pattern, handler] of this.routes()) {
      if (verb !== method) continue;
      const match = pattern.exec(rest);
      if (match) return handler(match.slice(1), query, body, actor);
    }
    return unhandled();
  }

  private routes(): [string, RegExp, Handler][] {
    return [
      [
        "GET",
        /^$/,
        () =>
          ok({
            full_name: `${OWNER}/${REPO}`,
            default_branch: "main",
            html_url: `${SERVER_URL}/${OWNER}/${REPO}`,
          }),
      ],
      [
        "GET",
        /^\/contents\/(.+)$/,
        ([path], query) => {
          const ref = query.get("ref");
          const text = this.files.get(`${ref ?? ""}:${path}`) ?? this.fromGit(ref ?? "main", path!);
          if (text === undefined) return notFound();
          return ok({
            type: "file",
            encoding: "base64",
            content: Buffer.from(text).toString("base64"),
          });
        },
      ],
      [
        "GET",
        /^\/collaborators\/([^/]+)\/permission$/,
        ([login]) => {
          const permission = this.permissions.get(login!.toLowerCase()) ?? "none";
          return ok({
            permission: permission === "maintain" ? "write" : permission,
            role_name: permission,
          });
        },
      ],
      [
        "GET",
        /^\/issues$/,
        (_m, query) => {
          const wanted = (query.get("labels") ?? "").split(",").filter((l) => l !== "");
          const state = query.get("state") ?? "open";
          const list = [...this.issues.values()].filter(
            (i) => i.state === state && wanted.every((l) => i.labels.includes(l)),
          );
          return ok(
            page(
              list.map((i) => this.issueJson(i)),
              query,
            ),
          );
        },
      ],
      [
        "GET",
        /^\/issues\/(\d+)$/,
        ([n]) => {
          const issue = this.issues.get(Number(n));
          return issue ? ok(this.issueJson(issue)) : notFound();
        },
      ],
      [
        "GET",
        /^\/issues\/(\d+)\/comments$/,
        ([n], query) => ok(page(this.commentsOn(Number(n)), query)),
      ],
      [
        "POST",
        /^\/issues\/(\d+)\/comments$/,
        ([n], _q, body, actor) =>
          created(this.addComment(Number(n), String(body.body ?? ""), actor)),
      ],
      [
        "GET",
        /^\/issues\/comments\/(\d+)$/,
        ([id]) => {
          const comment = this.comments.get(Number(id));
          return comment ? ok(comment) : notFound();
        },
      ],
      [
        "PATCH",
        /^\/issues\/comments\/(\d+)$/,
        ([id], _q, body) => {
          const comment = this.comments.get(Number(id));
          if (!comment) return notFound();
          comment.body = String(body.body ?? "");
          return ok(comment);
        },
      ],
      [
        "GET",
        /^\/issues\/comments\/(\d+)\/reactions$/,
        ([id], query) => {
          const list = this.reactions.get(Number(id)) ?? [];
          const content = query.get("content");
          return ok(
            page(content === null ? list : list.filter((r) => r.content === content), query),
          );
        },
      ],
      [
        "POST",
        /^\/issues\/comments\/(\d+)\/reactions$/,
        ([id], _q, body) => {
          const list = this.reactions.get(Number(id)) ?? [];
          const reaction = { id: this.id(), content: String(body.content), user: this.bot() };
          list.push(reaction);
          this.reactions.set(Number(id), list);
          return created(reaction);
        },
      ],
      [
        "GET",
        /^\/issues\/(\d+)\/labels$/,
        ([n]) => {
          const issue = this.issues.get(Number(n));
          return issue ? ok(issue.labels.map((name) => ({ name }))) : notFound();
        },
      ],
      [
        "POST",
        /^\/issues\/(\d+)\/labels$/,
        ([n], _q, body) => {
          const issue = this.issues.get(Number(n));
          if (!issue) return notFound();
          for (const name of (body.labels as string[]) ?? [])
            if (!issue.labels.includes(name)) issue.labels.push(name);
          return ok(issue.labels.map((name) => ({ name })));
        },
      ],
      [
        "DELETE",
        /^\/issues\/(\d+)\/labels\/(.+)$/,
        ([n, name]) => {
          const issue = this.issues.get(Number(n));
          if (!issue?.labels.includes(name!)) return notFound();
          issue.labels = issue.labels.filter((l) => l !== name);
          return ok(issue.labels.map((l) => ({ name: l })));
        },
      ],
      [
        "GET",
        /^\/labels\/(.+)$/,
        ([name]) => (this.repoLabels.has(name!) ? ok({ name }) : notFound()),
      ],
      [
        "POST",
        /^\/labels$/,
        (_m, _q, body) => {
          this.repoLabels.add(String(body.name));
          return created({ name: body.name, color: body.color });
        },
      ],
      [
        "GET",
        /^\/pulls$/,
        (_m, query) => {
          const head = query.get("head");
          const state = query.get("state") ?? "open";
          const list = [...this.pulls.values()].filter(
            (p) => p.state === state && (head === null || `${OWNER}:${p.head.ref}` === head),
          );
          return ok(page(list, query));
        },
      ],
      [
        "POST",
        /^\/pulls$/,
        (_m, _q, body) => {
          const number = this.nextNumber++;
          return created(
            this.addPull({
              number,
              title: String(body.title),
              body: (body.body as string | undefined) ?? null,
              draft: body.draft === true,
              head: {
                ref: String(body.head),
                sha: "0".repeat(40),
                repo: { full_name: `${OWNER}/${REPO}` },
              },
              base: { ref: String(body.base), repo: { full_name: `${OWNER}/${REPO}` } },
              user: this.bot(),
            }),
          );
        },
      ],
      [
        "GET",
        /^\/pulls\/(\d+)$/,
        ([n]) => {
          const pull = this.pulls.get(Number(n));
          return pull ? ok(pull) : notFound();
        },
      ],
      [
        "PATCH",
        /^\/pulls\/(\d+)$/,
        ([n], _q, body) => {
          const pull = this.pulls.get(Number(n));
          if (!pull) return notFound();
          if (body.title !== undefined) pull.title = String(body.title);
          if (body.body !== undefined) pull.body = String(body.body);
          return ok(pull);
        },
      ],
      [
        "GET",
        /^\/pulls\/(\d+)\/files$/,
        ([n], query) => ok(page(this.pullFiles.get(Number(n)) ?? [], query)),
      ],
      [
        "GET",
        /^\/pulls\/(\d+)\/reviews$/,
        ([n], query) => ok(page(this.reviews.get(Number(n)) ?? [], query)),
      ],
      [
        "POST",
        /^\/pulls\/(\d+)\/reviews$/,
        ([n], _q, body) => {
          const pr = Number(n);
          const id = this.id();
          const review: FakeReview = {
            id,
            user: this.bot(),
            body: (body.body as string | undefined) ?? null,
            state: body.event === "COMMENT" ? "COMMENTED" : String(body.event),
            commit_id: (body.commit_id as string | undefined) ?? null,
            submitted_at: this.timeOf(id),
            event: String(body.event),
          };
          this.reviews.set(pr, [...(this.reviews.get(pr) ?? []), review]);
          return ok(review);
        },
      ],
      ["GET", /^\/pulls\/(\d+)\/reviews\/(\d+)\/comments$/, () => ok([])],
      [
        "POST",
        /^\/actions\/workflows\/([^/]+)\/dispatches$/,
        ([workflow], _q, body) => {
          this.dispatches.push({
            workflow: workflow!,
            ref: String(body.ref),
            inputs: (body.inputs ?? {}) as Json,
          });
          return { status: 204 };
        },
      ],
    ];
  }

  private fromGit(ref: string, path: string): string | undefined {
    if (this.gitDir === null) return undefined;
    try {
      return execFileSync("git", ["show", `${ref}:${path}`], {
        cwd: this.gitDir,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      });
    } catch {
      return undefined;
    }
  }

  private issueJson(issue: FakeIssue): Json {
    return { ...issue, labels: issue.labels.map((name, i) => ({ id: i + 1, name })) };
  }

  private graphql(body: Json): Reply {
    const query = String(body.query ?? "");
    if (/viewer\s*\{/.test(query))
      return ok({ data: { viewer: { login: this.botLogin, databaseId: 777 } } });
    if (/markPullRequestReadyForReview/.test(query)) {
      const id = String((body.variables as Json | undefined)?.id ?? "");
      const pull = [...this.pulls.values()].find((p) => p.node_id === id);
      if (!pull) return ok({ errors: [{ message: `no pull request ${id}` }] });
      pull.draft = false;
      return ok({
        data: {
          markPullRequestReadyForReview: { pullRequest: { number: pull.number, isDraft: false } },
        },
      });
    }
    this.unhandled.push(`graphql ${query.slice(0, 60)}`);
    return ok({ errors: [{ message: "unhandled query" }] });
  }
}

function page<T>(items: T[], query: URLSearchParams): T[] {
  const perPage = Number(query.get("per_page") ?? "30");
  const pageNo = Number(query.get("page") ?? "1");
  return items.slice((pageNo - 1) * perPage, pageNo * perPage);
}

const ok = (body: unknown): Reply => ({ status: 200, body });
const created = (body: unknown): Reply => ({ status: 201, body });
const notFound = (): Reply => ({ status: 404, body: { message: "Not Found" } });
const unhandled = (): Reply => ({ status: 404, body: { message: "unhandled" } });
