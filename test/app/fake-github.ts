/**
 * A small in-memory GitHub REST API behind nock (no network: disableNetConnect). Every request
 * is recorded with its parsed body so tests assert on exactly what Ralph sent. Routes nobody
 * implemented answer 501 and are listed in `unhandled` (tests assert it stays empty).
 */
import nock from "nock";
import { renderStatusComment } from "../../src/core/render/index.js";
import type { MachineState } from "../../src/core/state.js";
import { encodeStateBlock } from "../../src/core/state-codec.js";
import { OWNER, REPO } from "../fixtures/webhooks/index.js";

export const API = "https://api.github.com";
export const BOT = "ralph-app[bot]";

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface FakeUser {
  login: string;
  type: "User" | "Bot";
}

export interface FakeComment {
  id: number;
  issue: number;
  body: string;
  user: FakeUser;
  created_at: string;
  html_url: string;
}

export interface FakeReview {
  id: number;
  user: FakeUser;
  body: string | null;
  state: string;
  commit_id: string;
  submitted_at: string;
}

export interface FakeRun {
  id: number;
  status: string;
  conclusion: string | null;
  display_title: string;
  path: string;
  html_url: string;
}

type Reply = [number, unknown] | [number, unknown, Record<string, string>];
type Json = Record<string, unknown>;

const BASE_TIME = Date.parse("2024-05-01T10:00:00Z");

export function user(login: string, type: "User" | "Bot" = "User"): FakeUser {
  return { login, type };
}

export class FakeGitHub {
  readonly requests: RecordedRequest[] = [];
  readonly unhandled: string[] = [];
  readonly comments = new Map<number, FakeComment>();
  readonly reactions = new Map<number, { id: number; content: string; user: FakeUser }[]>();
  readonly issueLabels = new Map<number, string[]>();
  readonly repoLabels = new Map<string, { name: string; color: string }>();
  readonly permissions = new Map<string, string>();
  /** `${ref}:${path}`; ref "" is the default branch. */
  readonly files = new Map<string, string>();
  readonly reviews = new Map<number, FakeReview[]>();
  readonly reviewComments = new Map<
    number,
    { id: number; body: string; path: string; line: number; user: FakeUser }[]
  >();
  readonly pulls = new Map<number, Json>();
  readonly pullFiles = new Map<number, { filename: string; status: string }[]>();
  readonly issues = new Map<number, Json>();
  readonly runs: FakeRun[] = [];
  /**
   * Called for every request before it is routed: a test makes something happen "meanwhile"
   * (another writer saving the status) or answers the request itself (a failure) by returning a
   * reply.
   */
  onRequest: ((request: RecordedRequest) => [number, unknown] | undefined) | null = null;
  private nextId = 9_000;

  constructor(readonly botLogin = BOT) {}

  id(): number {
    this.nextId += 1;
    return this.nextId;
  }

  /** created_at grows with the id, so time order and id order agree. */
  timeOf(id: number): string {
    return new Date(BASE_TIME + id * 1000).toISOString();
  }

  addComment(issue: number, body: string, author: FakeUser, id = this.id()): FakeComment {
    const comment: FakeComment = {
      id,
      issue,
      body,
      user: author,
      created_at: this.timeOf(id),
      html_url: `https://github.com/${OWNER}/${REPO}/issues/${issue}#issuecomment-${id}`,
    };
    this.comments.set(id, comment);
    return comment;
  }

  /** Seeds Ralph's status comment carrying `state` (as Ralph itself would have written it). */
  seedState(state: MachineState, id = this.id()): FakeComment {
    return this.addComment(state.issue, renderStatusComment(state), user(this.botLogin, "Bot"), id);
  }

  /** A status-looking comment written by someone else. */
  seedForeignState(state: MachineState, author: FakeUser): FakeComment {
    return this.addComment(
      state.issue,
      `<!-- ralph:status -->\n${encodeStateBlock(state)}`,
      author,
    );
  }

  commentsOn(issue: number): FakeComment[] {
    return [...this.comments.values()].filter((c) => c.issue === issue).sort((a, b) => a.id - b.id);
  }

  botComments(issue: number): FakeComment[] {
    return this.commentsOn(issue).filter((c) => c.user.login === this.botLogin);
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

  addReview(pr: number, review: Omit<FakeReview, "submitted_at">): FakeReview {
    const full = { ...review, submitted_at: this.timeOf(review.id) };
    const list = this.reviews.get(pr) ?? [];
    list.push(full);
    this.reviews.set(pr, list);
    return full;
  }

  requestsMatching(method: string, pattern: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && pattern.test(r.path));
  }

  get dispatches(): RecordedRequest[] {
    return this.requestsMatching("POST", /\/actions\/workflows\/[^/]+\/dispatches$/);
  }

  /** Installs the fake as persistent catch-all interceptors; returns the nock scope. */
  install(): nock.Scope {
    const scope = nock(API).persist();
    for (const method of ["get", "post", "patch", "delete", "put"] as const) {
      scope[method](() => true).reply((uri, body) => this.handle(method.toUpperCase(), uri, body));
    }
    return scope;
  }

  private handle(method: string, uri: string, rawBody: unknown): Reply {
    const url = new URL(uri, API);
    let body: unknown = rawBody;
    if (typeof rawBody === "string" && rawBody !== "") {
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = rawBody;
      }
    }
    const path = decodeURIComponent(url.pathname);
    const recorded = {
      method,
      path,
      query: url.searchParams,
      body,
      t: Date.now(),
    } as RecordedRequest;
    this.requests.push(recorded);
    const override = this.onRequest?.(recorded);
    if (override !== undefined) return override;
    const reply = this.route(method, path, url.searchParams, (body ?? {}) as Json);
    if (reply === null) {
      this.unhandled.push(`${method} ${path}${url.search}`);
      return [501, { message: "not implemented by FakeGitHub" }];
    }
    return reply;
  }

  private page<T>(items: T[], query: URLSearchParams): T[] {
    const perPage = Number(query.get("per_page") ?? 30);
    const page = Number(query.get("page") ?? 1);
    return items.slice((page - 1) * perPage, page * perPage);
  }

  private route(method: string, path: string, query: URLSearchParams, body: Json): Reply | null {
    const repo = `/repos/${OWNER}/${REPO}`;
    let m: RegExpExecArray | null = null;
    const on = (verb: string, pattern: RegExp) => {
      if (method !== verb) return false;
      m = pattern.exec(path);
      return m !== null;
    };
    const n = (i: number) => Number((m as RegExpExecArray | null)?.[i]);
    const s = (i: number) => (m as RegExpExecArray | null)?.[i] ?? "";

    if (on("POST", /^\/app\/installations\/(\d+)\/access_tokens$/)) {
      return [201, { token: "ghs_test", expires_at: "2099-01-01T00:00:00Z", permissions: {} }];
    }
    if (on("GET", /^\/installation\/repositories$/)) {
      return [
        200,
        {
          total_count: 1,
          repositories: [
            {
              name: REPO,
              owner: { login: OWNER },
              html_url: `https://github.com/${OWNER}/${REPO}`,
            },
          ],
        },
      ];
    }
    if (!path.startsWith(repo)) return null;
    if (on("GET", /^\/repos\/[^/]+\/[^/]+$/)) {
      return [200, { default_branch: "main", full_name: `${OWNER}/${REPO}` }];
    }
    if (on("GET", /\/repos\/[^/]+\/[^/]+\/issues$/)) {
      const label = query.get("labels") ?? "";
      const list = [...this.issues.values()].filter((i) =>
        (this.issueLabels.get(i.number as number) ?? []).includes(label),
      );
      return [200, this.page(list, query)];
    }
    if (on("GET", /\/issues\/(\d+)\/comments$/)) {
      return [200, this.page(this.commentsOn(n(1)), query)];
    }
    if (on("POST", /\/issues\/(\d+)\/comments$/)) {
      return [201, this.addComment(n(1), String(body.body), user(this.botLogin, "Bot"))];
    }
    if (on("GET", /\/issues\/comments\/(\d+)\/reactions$/)) {
      const content = query.get("content");
      const list = (this.reactions.get(n(1)) ?? []).filter(
        (r) => content === null || r.content === content,
      );
      return [200, this.page(list, query)];
    }
    if (on("POST", /\/issues\/comments\/(\d+)\/reactions$/)) {
      this.react(n(1), String(body.content), user(this.botLogin, "Bot"));
      return [201, { id: this.nextId, content: body.content }];
    }
    if (on("GET", /\/issues\/comments\/(\d+)$/)) {
      const c = this.comments.get(n(1));
      return c ? [200, c] : [404, { message: "Not Found" }];
    }
    if (on("PATCH", /\/issues\/comments\/(\d+)$/)) {
      const c = this.comments.get(n(1));
      if (!c) return [404, { message: "Not Found" }];
      c.body = String(body.body);
      return [200, c];
    }
    if (on("GET", /\/issues\/(\d+)\/labels$/)) {
      return [200, (this.issueLabels.get(n(1)) ?? []).map((name) => ({ name }))];
    }
    if (on("POST", /\/issues\/(\d+)\/labels$/)) {
      const list = this.issueLabels.get(n(1)) ?? [];
      for (const l of body.labels as string[]) if (!list.includes(l)) list.push(l);
      this.issueLabels.set(n(1), list);
      return [200, list.map((name) => ({ name }))];
    }
    if (on("DELETE", /\/issues\/(\d+)\/labels\/(.+)$/)) {
      const list = this.issueLabels.get(n(1)) ?? [];
      if (!list.includes(s(2))) return [404, { message: "Label does not exist" }];
      this.issueLabels.set(
        n(1),
        list.filter((l) => l !== s(2)),
      );
      return [200, []];
    }
    if (on("GET", /\/issues\/(\d+)$/)) {
      const issue = this.issues.get(n(1));
      return issue ? [200, issue] : [404, { message: "Not Found" }];
    }
    if (on("GET", /\/labels\/(.+)$/)) {
      const label = this.repoLabels.get(s(1));
      return label ? [200, label] : [404, { message: "Not Found" }];
    }
    if (on("POST", /\/labels$/)) {
      this.repoLabels.set(String(body.name), {
        name: String(body.name),
        color: String(body.color),
      });
      return [201, body];
    }
    if (on("GET", /\/collaborators\/([^/]+)\/permission$/)) {
      const permission = this.permissions.get(s(1).toLowerCase());
      if (permission === undefined) return [404, { message: "Not Found" }];
      const legacy =
        permission === "maintain" ? "write" : permission === "triage" ? "read" : permission;
      return [200, { permission: legacy, role_name: permission, user: { login: s(1) } }];
    }
    if (on("GET", /\/contents\/(.+)$/)) {
      const text = this.files.get(`${query.get("ref") ?? ""}:${s(1)}`);
      if (text === undefined) return [404, { message: "Not Found" }];
      return [
        200,
        { type: "file", encoding: "base64", content: Buffer.from(text).toString("base64") },
      ];
    }
    if (on("POST", /\/actions\/workflows\/([^/]+)\/dispatches$/)) return [204, ""];
    if (on("GET", /\/actions\/workflows\/([^/]+)\/runs$/)) {
      return [200, { total_count: this.runs.length, workflow_runs: this.runs }];
    }
    if (on("GET", /\/actions\/runs\/(\d+)$/)) {
      const run = this.runs.find((r) => r.id === n(1));
      return run ? [200, run] : [404, { message: "Not Found" }];
    }
    if (on("POST", /\/actions\/runs\/(\d+)\/cancel$/)) {
      const run = this.runs.find((r) => r.id === n(1));
      if (!run) return [404, { message: "Not Found" }];
      run.status = "completed";
      run.conclusion = "cancelled";
      return [202, {}];
    }
    if (on("GET", /\/pulls\/(\d+)\/reviews\/(\d+)\/comments$/)) {
      return [200, this.page(this.reviewComments.get(n(2)) ?? [], query)];
    }
    if (on("GET", /\/pulls\/(\d+)\/reviews$/)) {
      return [200, this.page(this.reviews.get(n(1)) ?? [], query)];
    }
    if (on("POST", /\/pulls\/(\d+)\/reviews$/)) {
      const review = this.addReview(n(1), {
        id: this.id(),
        user: user(this.botLogin, "Bot"),
        body: String(body.body),
        state: "COMMENTED",
        commit_id: "0".repeat(40),
      });
      return [200, review];
    }
    if (on("GET", /\/pulls\/(\d+)\/files$/)) {
      return [200, this.page(this.pullFiles.get(n(1)) ?? [], query)];
    }
    if (on("GET", /\/repos\/[^/]+\/[^/]+\/pulls$/)) {
      const head = (query.get("head") ?? "").split(":")[1];
      const open = [...this.pulls.values()].filter(
        (p) => (p.head as { ref: string }).ref === head && p.state !== "closed",
      );
      return [200, open];
    }
    if (on("POST", /\/repos\/[^/]+\/[^/]+\/pulls$/)) {
      const number = this.id();
      const pull = {
        number,
        node_id: `PR_${number}`,
        state: "open",
        draft: body.draft === true,
        title: body.title,
        body: body.body,
        html_url: `https://github.com/${OWNER}/${REPO}/pull/${number}`,
        head: { ref: body.head, sha: "f".repeat(40), repo: { full_name: `${OWNER}/${REPO}` } },
        base: { ref: body.base, repo: { full_name: `${OWNER}/${REPO}` } },
      };
      this.pulls.set(number, pull);
      return [201, pull];
    }
    if (on("PATCH", /\/pulls\/(\d+)$/)) {
      const pull = this.pulls.get(n(1));
      if (!pull) return [404, { message: "Not Found" }];
      Object.assign(pull, body);
      return [200, pull];
    }
    if (on("GET", /\/pulls\/(\d+)$/)) {
      const pull = this.pulls.get(n(1));
      return pull ? [200, pull] : [404, { message: "Not Found" }];
    }
    return null;
  }
}
