/**
 * One fake GitHub for every test: App tests (Probot `receive()` in process), Action tests (the
 * built action as a child process) and CLI tests. It is an HTTP-level fake holding one repository
 * (Codertocat/Hello-World) in memory, and it checks EVERY request it serves and EVERY response it
 * sends against GitHub's published API description: `@octokit/openapi` for REST (route, path and
 * query parameters, request body, response status and body, via ajv) and `@octokit/graphql-schema`
 * for GraphQL (parse, validate, execute). A request GitHub would refuse is answered like GitHub
 * would (404 unknown route, 422 bad body) AND recorded in `violations`; `assertValid()` (called by
 * the shared harnesses after each test) fails the test with the reasons.
 *
 * API
 *   const fake = new FakeGitHub(botLogin?)      // botLogin: the token's viewer, default ralph-app[bot]
 *   Transports (use one):
 *     await fake.listen() → "http://127.0.0.1:PORT"; await fake.close()   // a real local server
 *     fake.intercept(base = "https://api.github.com") → nock scope          // in-process tests
 *   Seeding (see model.ts): addIssue, addComment, seedState, seedForeignState, react, grant,
 *     setFile, gitDir, addPull, addReview, addReviewComment (inline comments and replies: reviewComments
 *     by review, pullComments by pull), requestedReviewers, runs, pullFiles, issueLabels, repoLabels,
 *     closePull (a human merges or closes), addIssue({ assignees })
 *   CI (ci-model.ts, served by ci-routes.ts): ci.addCheckRun (any app; Actions runs get their
 *     workflow run and job log), ci.updateCheckRun, ci.setStatus, ci.setMergeability (`mergeable`
 *     null for the first reads), ci.logReads (what the job-log URL's server saw), ci.passByDefault
 *     (true: a commit nobody seeded a check for has one passing status; false: a repo without CI)
 *   Reading: stateOf, statusComment, commentsOn, botComments, labelsOf, comments, pulls, reviews
 *   Seeding in bulk (big histories, no request each): seedComments, seedReactions
 *   Requests: requests (method, decoded path, route template, query, body), requestsMatching(),
 *     commentReads(issue) (REST listings and GraphQL reads of an issue's comments),
 *     dispatches (the workflow dispatch requests), onRequest (see a request first; return
 *     [status, body] to answer it yourself)
 *   measureBytes = true: each recorded request gets the size of its answer (`bytes`)
 *   Counts: count("GET /repos/{owner}/{repo}/issues/{issue_number}") → n, calls (route → n),
 *     resetCounts(); GraphQL counts under "POST /graphql" and "graphql <rootField>"
 *   Faults: inject({ route, status?, body?, headers?, retryAfter?, latencyMs?, gate?, times? })
 *     answers the next `times` (default: every) requests to `route` ("*" for all) with that status
 *     after that latency (and once `gate` settles); clearFaults(). Faulted requests are still checked and counted.
 *   Checks: violations, unhandled (described routes the fake does not implement), assertValid(),
 *     tooLong (writes refused like GitHub does: a body over 65,536 characters gets 422)
 *   Git refs: refs (created through the API: Ralph's state claims), branchSha()
 *   FAKE_GITHUB_ROUTES_LOG=<file>: every route served and checked is appended to that file once
 *   per process (to list which of GitHub's operations the suite exercises).
 */
import { appendFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import type nock from "nock";
import { ciRoutes, JOB_LOG_PATH, serveJobLog } from "./ci-routes.js";
import { complete } from "./complete.js";
import { runGraphql } from "./graphql.js";
import { conversationFields } from "./graphql-conversation.js";
import { labelFields } from "./graphql-labels.js";
import { BOT, type FakeUser, type Json, OWNER, REPO, RepoModel, user } from "./model.js";
import { matchRoute, requestProblems, responseProblems, responseSchema } from "./openapi.js";
import { notFound, type Reply, type RestHandler, restRoutes } from "./rest-routes.js";

export * from "./model.js";
export type { Reply } from "./rest-routes.js";

export const API = "https://api.github.com";

export interface RecordedRequest {
  method: string;
  /** Percent-decoded path, e.g. `/repos/Codertocat/Hello-World/labels/ralph:done`. */
  path: string;
  /** The operation's route template, or null when GitHub's description has none. */
  route: string | null;
  query: URLSearchParams;
  body: unknown;
  /** Test-only: the human a scripted agent acted as (`x-fake-user`); absent for Ralph's own calls. */
  actingAs?: string;
  /** Characters of the JSON answer (only with `measureBytes` on: the cost benchmark). */
  bytes?: number;
}

export interface Fault {
  /** `METHOD /template` as in GitHub's description, `POST /graphql`, or "*" for every route. */
  route: string;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sets the `retry-after` header (seconds). */
  retryAfter?: number;
  latencyMs?: number;
  /** Holds the request until this settles (a writer stalled at exactly that request). */
  gate?: Promise<unknown>;
  /** How many requests the fault answers; every one when absent. */
  times?: number;
}

export interface IncomingCall {
  method: string;
  /** Path and query as sent, e.g. `/repos/o/r/issues?labels=ralph&page=1`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** A request that changes something: any mutating REST call or a GraphQL mutation (not a query). */
export function isWriteRequest(r: RecordedRequest): boolean {
  if (!["POST", "PATCH", "PUT", "DELETE"].includes(r.method)) return false;
  if (r.path !== "/graphql") return true;
  const query = (r.body as { query?: unknown } | null)?.query;
  return typeof query === "string" && /^\s*mutation\b/.test(query);
}

type Override = [number, unknown] | [number, unknown, Record<string, string>] | undefined;

const GRAPHQL = "POST /graphql";

export class FakeGitHub extends RepoModel {
  readonly requests: RecordedRequest[] = [];
  readonly unhandled: string[] = [];
  readonly violations: string[] = [];
  readonly calls = new Map<string, number>();
  // biome-ignore lint/suspicious/noConfusingVoidType: callers that only observe return nothing.
  onRequest: ((request: RecordedRequest) => Override | void) | null = null;
  url = "";
  /** Records each answer's size in `requests[i].bytes` (costs a serialisation per answer). */
  measureBytes = false;
  private faults: Fault[] = [];
  private server: Server | null = null;
  /** Where this fake answers (listen's URL, or the base nock intercepts): job-log URLs point here. */
  private base = API;
  private readonly handlers: Record<string, RestHandler> = this.routes();

  constructor(botLogin = BOT) {
    super(botLogin);
  }

  private routes(): Record<string, RestHandler> {
    const rest = restRoutes(this);
    return { ...rest, ...ciRoutes(this, rest, () => this.base) };
  }

  count(route: string): number {
    return this.calls.get(route) ?? 0;
  }

  resetCounts(): void {
    this.calls.clear();
  }

  inject(fault: Fault): void {
    this.faults.push({ ...fault });
  }

  clearFaults(): void {
    this.faults = [];
  }

  requestsMatching(method: string, pattern: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && pattern.test(r.path));
  }

  /** Requests that read `issue`'s comments: the REST listing, or a GraphQL read of them. */
  commentReads(issue: number): RecordedRequest[] {
    return this.requests.filter((r) => {
      if (r.method === "GET") return r.path.endsWith(`/issues/${issue}/comments`);
      const body = r.body as { query?: unknown; variables?: { number?: unknown } } | null;
      return (
        r.path === "/graphql" &&
        typeof body?.query === "string" &&
        /\bcomments\(/.test(body.query) &&
        body.variables?.number === issue
      );
    });
  }

  get dispatches(): RecordedRequest[] {
    return this.requestsMatching("POST", /\/actions\/workflows\/[^/]+\/dispatches$/);
  }

  /** Throws with every request or response GitHub's description refuses, and unhandled routes. */
  assertValid(): void {
    const problems = [...this.violations, ...this.unhandled.map((u) => `not implemented: ${u}`)];
    if (problems.length > 0) {
      throw new Error(`FakeGitHub saw ${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
    }
  }

  /** Answers one HTTP call (both transports end here). */
  async handle(call: IncomingCall): Promise<Reply> {
    const seen: { request?: RecordedRequest } = {};
    const reply = await this.answer(call, seen);
    if (this.measureBytes && seen.request !== undefined) {
      seen.request.bytes = JSON.stringify(reply.body ?? "").length;
    }
    return reply;
  }

  private async answer(call: IncomingCall, seen: { request?: RecordedRequest }): Promise<Reply> {
    const url = new URL(call.url, "http://fake");
    const method = call.method.toUpperCase();
    // A job log's short-lived URL: another host on GitHub, outside the REST API (ci-routes.ts).
    if (url.pathname.startsWith(JOB_LOG_PATH)) return serveJobLog(this, url.pathname, call.headers);
    const body = parseBody(call.body);
    const matched = url.pathname === "/graphql" ? null : matchRoute(method, url.pathname);
    const route =
      url.pathname === "/graphql" && method === "POST" ? GRAPHQL : (matched?.route ?? null);
    const recorded: RecordedRequest = {
      method,
      path: decodeURIComponent(url.pathname),
      route,
      query: url.searchParams,
      body,
      ...(typeof call.headers["x-fake-user"] === "string"
        ? { actingAs: call.headers["x-fake-user"] }
        : {}),
    };
    this.requests.push(recorded);
    seen.request = recorded;
    const where = `${method} ${recorded.path}${url.search}`;
    if (route === null) {
      this.violations.push(`${where}: GitHub's REST API has no such route`);
      return notFound();
    }
    const problems = matched ? requestProblems(matched, url.searchParams, body) : [];
    if (problems.length > 0) {
      this.violations.push(...problems.map((p) => `${where}: ${p}`));
      return { status: 422, body: { message: `Invalid request: ${problems.join("; ")}` } };
    }
    this.calls.set(route, this.count(route) + 1);
    logRoute(route);
    // GitHub refuses bodies over 65,536 characters (comments, reviews, pull requests).
    const text = (body as Json | null)?.body;
    if (method !== "GET" && typeof text === "string" && text.length > 65_536) {
      this.tooLong.push(`${method} ${recorded.path}`);
      return {
        status: 422,
        body: { message: "Validation Failed", errors: [{ message: "Body is too long" }] },
      };
    }
    const override = this.onRequest?.(recorded);
    let reply: Reply;
    if (Array.isArray(override)) {
      reply = { status: override[0], body: override[1], headers: override[2] };
    } else {
      const fault = await this.takeFault(route);
      if (fault) reply = fault;
      else if (route === GRAPHQL) return this.graphql(where, body);
      else {
        const params = matched?.params ?? {};
        reply = this.rest(route, url.pathname, params, url.searchParams, body, call.headers);
      }
    }
    return this.checkedResponse(where, route, reply);
  }

  private rest(
    route: string,
    path: string,
    params: Record<string, string>,
    query: URLSearchParams,
    body: unknown,
    headers: IncomingCall["headers"],
  ): Reply {
    if (params.owner !== undefined && `${params.owner}/${params.repo}` !== `${OWNER}/${REPO}`) {
      this.unhandled.push(
        `${route} for ${params.owner}/${params.repo} (the fake holds ${OWNER}/${REPO})`,
      );
      return notFound();
    }
    const handler = this.handlers[route];
    if (!handler) {
      this.unhandled.push(route);
      return { status: 501, body: { message: `FakeGitHub does not implement ${route}` } };
    }
    // Test-only: a scripted agent posts "as" a maintainer to simulate humans mid-run.
    const actingAs = headers["x-fake-user"];
    const actor: FakeUser = typeof actingAs === "string" ? user(actingAs) : this.bot();
    return handler({ path, params, query, body: (body ?? {}) as Json, actor });
  }

  private async graphql(where: string, body: unknown): Promise<Reply> {
    const outcome = await runGraphql(body, this.graphqlRoot());
    for (const field of outcome.fields) {
      this.calls.set(`graphql ${field}`, this.count(`graphql ${field}`) + 1);
    }
    this.violations.push(...outcome.problems.map((p) => `${where}: ${p}`));
    return {
      status: outcome.problems.length > 0 && !outcome.body.data ? 400 : 200,
      body: outcome.body,
    };
  }

  private graphqlRoot(): Record<string, unknown> {
    const setDraft = (draft: boolean) => (args: { input: { pullRequestId: string } }) => {
      const id = args.input.pullRequestId;
      const pull = [...this.pulls.values()].find((p) => p.node_id === id);
      if (!pull) throw new Error(`Could not resolve to a node with the global id of '${id}'`);
      pull.draft = draft;
      return { pullRequest: { id, number: pull.number, isDraft: draft } };
    };
    const labels = labelFields(this);
    const talk = conversationFields(this);
    return {
      viewer: { login: this.botLogin, databaseId: 777 },
      markPullRequestReadyForReview: setDraft(false),
      convertPullRequestToDraft: setDraft(true),
      // Git refs by node id (the REST answers' `node_id`: `REF_<full ref name>`).
      deleteRef: ({ input }: { input: { refId: string } }) => {
        if (!this.refs.delete(input.refId.replace(/^REF_/, ""))) {
          throw new Error(`Could not resolve to a node with the global id of '${input.refId}'`);
        }
        return { clientMutationId: null };
      },
      ...labels,
      repository: () => {
        const base = labels.repository();
        return {
          ...base,
          // One object for both: the label switch's `id labels`, the reads' comments and text.
          issueOrPullRequest: ({ number }: { number: number }) => {
            const conversation = talk.conversation(number);
            const labelable = base.issueOrPullRequest({ number });
            if (conversation === null) return labelable;
            return { ...conversation, ...(labelable ?? {}), __typename: conversation.__typename };
          },
          pullRequest: ({ number }: { number: number }) =>
            this.pulls.has(number) ? talk.conversation(number) : null,
          refs: talk.refs,
        };
      },
      node: talk.node,
      nodes: talk.nodes,
    };
  }

  /** Completes the handler's partial body from the description, then checks it. */
  private checkedResponse(where: string, route: string, reply: Reply): Reply {
    if (route === GRAPHQL) return reply;
    const schema = responseSchema(route, reply.status);
    const body =
      schema && reply.body !== undefined && typeof reply.body === "object"
        ? complete(schema, reply.body)
        : reply.body;
    const problems = responseProblems(route, reply.status, body ?? null);
    if (problems.length > 0) {
      this.violations.push(...problems.map((p) => `${where}: the fake's answer: ${p}`));
      return {
        status: 500,
        body: { message: `FakeGitHub answered wrong: ${problems.join("; ")}` },
      };
    }
    return { ...reply, body };
  }

  private async takeFault(route: string): Promise<Reply | null> {
    const fault = this.faults.find((f) => (f.route === "*" || f.route === route) && f.times !== 0);
    if (!fault) return null;
    if (fault.times !== undefined) fault.times -= 1;
    if (fault.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
    if (fault.gate) await fault.gate;
    if (fault.status === undefined) return null;
    const headers = { ...fault.headers };
    if (fault.retryAfter !== undefined) headers["retry-after"] = String(fault.retryAfter);
    const body = fault.body ?? {
      message: fault.status === 422 ? "Validation Failed" : `Injected fault ${fault.status}`,
      documentation_url: "https://docs.github.com/rest",
    };
    return { status: fault.status, body, headers };
  }

  /** A bug in the fake itself: recorded (so the test fails) and answered 500. */
  crashed(method: string | undefined, url: string | undefined, error: unknown): Reply {
    this.violations.push(
      `${method} ${url}: the fake crashed: ${(error as Error).stack ?? String(error)}`,
    );
    return { status: 500, body: { message: `FakeGitHub crashed: ${String(error)}` } };
  }

  /** Serves the fake on 127.0.0.1 (for child processes: GITHUB_API_URL = the returned url). */
  async listen(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        this.handle({
          method: req.method ?? "GET",
          url: req.url ?? "/",
          headers: req.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        })
          .catch((error: unknown) => this.crashed(req.method, req.url, error))
          .then((reply) => {
            res.writeHead(reply.status, {
              "content-type": "application/json; charset=utf-8",
              ...reply.headers,
            });
            if (reply.raw !== undefined) res.end(reply.raw);
            else res.end(reply.body === undefined ? "" : JSON.stringify(reply.body));
          });
      });
    });
    const server = this.server;
    // Idle connections are left for the client to close (undici does after 4 s). Node's default
    // closes them after 5 s here, and a built entry kept off the CPU past that (a loaded machine)
    // sent its next request on a connection already closed: "other side closed", a failed run.
    server.keepAliveTimeout = 0;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    this.base = this.url;
    return this.url;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Answers every request to `base` in process through nock (persistent interceptors). */
  intercept(base = API): nock.Scope {
    const scope = loadNock()(base).persist();
    this.base = base.replace(/\/+$/, "");
    const prefix = new URL(base).pathname.replace(/\/$/, "");
    const fake = this;
    for (const method of ["GET", "POST", "PATCH", "PUT", "DELETE"]) {
      scope
        .intercept(() => true, method)
        .reply(function (uri, body, callback) {
          const path = uri.startsWith(prefix) ? uri.slice(prefix.length) : uri;
          fake
            .handle({ method, url: path, headers: this.req.headers, body })
            .catch((error: unknown) => fake.crashed(method, uri, error))
            .then((reply) =>
              callback(null, [
                reply.status,
                reply.raw ??
                  (reply.body === undefined || reply.body === null ? "" : (reply.body as object)),
                reply.headers ?? {},
              ]),
            );
        });
    }
    return scope;
  }
}

/**
 * nock on first use: the suites that start built entries serve them from a real server and never
 * intercept, and loading nock cost each of their processes about 45 ms. (The same module as a
 * test's own `import nock`: both come from node's module cache.)
 */
function loadNock(): typeof nock {
  return createRequire(import.meta.url)("nock") as typeof nock;
}

const logged = new Set<string>();

function logRoute(route: string): void {
  const file = process.env.FAKE_GITHUB_ROUTES_LOG;
  if (!file || logged.has(route)) return;
  logged.add(route);
  appendFileSync(file, `${route}\n`);
}

function parseBody(raw: unknown): unknown {
  if (typeof raw !== "string") return raw ?? null;
  if (raw === "") return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
