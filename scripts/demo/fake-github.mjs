// The simulated GitHub of `npm run demo`: a small in-memory REST + GraphQL API on 127.0.0.1 that
// serves what the Action asks for on one issue (comments, labels, reactions, the pull request,
// reviews, file contents read from the bare "origin" repository). Not a test double with
// assertions; it keeps a timeline of what Ralph posted so the demo can print it.
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { pullRoutes } from "./fake-pulls.mjs";
import { issueRead, reactionsRead, reviewsRead } from "./fake-reads.mjs";

export const OWNER = "octo-org";
export const REPO = "greetings";
export const SERVER_URL = "https://github.com";
export const BASE_TIME = Date.parse("2026-01-02T03:00:00Z");

export const ok = (body) => ({ status: 200, body });
export const created = (body) => ({ status: 201, body });
export const notFound = () => ({ status: 404, body: { message: "Not Found" } });

export function page(items, query) {
  const perPage = Number(query.get("per_page") ?? "30");
  const pageNo = Number(query.get("page") ?? "1");
  return items.slice((pageNo - 1) * perPage, pageNo * perPage);
}

export function user(login, type = "User") {
  return { login, type };
}

/** A label's GraphQL node id in the simulation. */
const labelId = (name) => `LA_${Buffer.from(String(name)).toString("base64url")}`;

export class DemoGitHub {
  issues = new Map();
  comments = new Map();
  reactions = new Map();
  labels = new Set();
  permissions = new Map();
  pulls = new Map();
  reviews = new Map();
  /** What Ralph posted, in order: { kind: "comment" | "review" | "edit", ... }. */
  timeline = [];
  unhandled = [];
  gitDir = null;
  /** Refs created through the API (Ralph's state claims). */
  refs = new Map();
  url = "";
  #nextId = 100;
  nextNumber = 1;
  #server = null;

  constructor(botLogin = "ralph-demo[bot]") {
    this.botLogin = botLogin;
  }

  async start() {
    this.#server = createServer((req, res) => void this.#handle(req, res));
    // Idle connections are left for the action to close: with Node's default the server closed
    // them after 5 s, and an action kept off the CPU that long reused a closed one and failed.
    this.#server.keepAliveTimeout = 0;
    await new Promise((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${this.#server.address().port}`;
    return this.url;
  }

  stop() {
    return new Promise((resolve) =>
      this.#server ? this.#server.close(() => resolve()) : resolve(),
    );
  }

  bot() {
    return user(this.botLogin, "Bot");
  }

  newId() {
    this.#nextId += 1;
    return this.#nextId;
  }

  addIssue(issue) {
    const full = { labels: [], state: "open", ...issue };
    this.issues.set(issue.number, full);
    this.nextNumber = Math.max(this.nextNumber, issue.number + 1);
    return full;
  }

  addComment(issue, body, author) {
    const id = this.newId();
    const comment = {
      id,
      node_id: `IC_${id}`,
      issue,
      body,
      user: author,
      created_at: new Date(BASE_TIME + id * 1000).toISOString(),
      html_url: `${SERVER_URL}/${OWNER}/${REPO}/issues/${issue}#issuecomment-${id}`,
    };
    this.comments.set(id, comment);
    if (author.login === this.botLogin) this.timeline.push({ kind: "comment", comment });
    return comment;
  }

  commentsOn(issue) {
    return [...this.comments.values()].filter((c) => c.issue === issue).sort((a, b) => a.id - b.id);
  }

  grant(login, permission) {
    this.permissions.set(login.toLowerCase(), permission);
  }

  async #handle(req, res) {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString("utf8");
    let body = {};
    try {
      body = text === "" ? {} : JSON.parse(text);
    } catch {
      body = {};
    }
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = req.method ?? "GET";
    const path = decodeURIComponent(url.pathname);
    let reply;
    try {
      reply = this.#route(method, path, url.searchParams, body ?? {});
    } catch (error) {
      reply = { status: 500, body: { message: String(error) } };
    }
    res.writeHead(reply.status, { "content-type": "application/json; charset=utf-8" });
    res.end(reply.body === undefined ? "" : JSON.stringify(reply.body));
  }

  #route(method, path, query, body) {
    if (path === "/graphql" && method === "POST") return this.#graphql(body);
    const users = /^\/users\/([^/]+)$/.exec(path);
    if (users && method === "GET") return ok({ login: users[1], id: 583231, type: "User" });
    const prefix = `/repos/${OWNER}/${REPO}`;
    if (path.startsWith(prefix)) {
      const rest = path.slice(prefix.length);
      for (const [verb, pattern, handler] of this.#routes()) {
        if (verb !== method) continue;
        const match = pattern.exec(rest);
        if (match) return handler(match.slice(1), query, body);
      }
    }
    this.unhandled.push(`${method} ${path}`);
    return notFound();
  }

  #routes() {
    return [
      ["GET", /^$/, () => ok({ full_name: `${OWNER}/${REPO}`, default_branch: "main" })],
      [
        "GET",
        /^\/contents\/(.+)$/,
        ([path], query) => {
          const text = this.#fromGit(query.get("ref") ?? "main", path);
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
          const permission = this.permissions.get(login.toLowerCase()) ?? "none";
          return ok({ permission, role_name: permission });
        },
      ],
      [
        "GET",
        /^\/issues$/,
        (_m, query) => {
          const wanted = (query.get("labels") ?? "").split(",").filter((l) => l !== "");
          const list = [...this.issues.values()].filter((i) =>
            wanted.every((l) => i.labels.includes(l)),
          );
          return ok(
            page(
              list.map((i) => this.#issueJson(i)),
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
          return issue ? ok(this.#issueJson(issue)) : notFound();
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
        ([n], _q, body) => created(this.addComment(Number(n), String(body.body ?? ""), this.bot())),
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
        ([id], query) => ok(page(this.reactions.get(Number(id)) ?? [], query)),
      ],
      [
        "POST",
        /^\/issues\/comments\/(\d+)\/reactions$/,
        ([id], _q, body) => {
          const list = this.reactions.get(Number(id)) ?? [];
          const reaction = { id: this.newId(), content: String(body.content), user: this.bot() };
          list.push(reaction);
          this.reactions.set(Number(id), list);
          return created(reaction);
        },
      ],
      [
        "GET",
        /^\/issues\/(\d+)\/labels$/,
        ([n]) => ok((this.issues.get(Number(n))?.labels ?? []).map((name) => ({ name }))),
      ],
      [
        "POST",
        /^\/issues\/(\d+)\/labels$/,
        ([n], _q, body) => {
          const issue = this.issues.get(Number(n));
          if (!issue) return notFound();
          for (const name of body.labels ?? [])
            if (!issue.labels.includes(name)) issue.labels.push(name);
          return ok(issue.labels.map((name) => ({ name })));
        },
      ],
      [
        "PUT",
        /^\/issues\/(\d+)\/labels$/,
        ([n], _q, body) => {
          const issue = this.issues.get(Number(n));
          if (!issue) return notFound();
          issue.labels = [...new Set(body.labels ?? [])];
          // A name that is no repository label yet is created grey, as GitHub does.
          const fresh = issue.labels.filter((name) => !this.labels.has(name));
          for (const name of fresh) this.labels.add(name);
          return ok(
            issue.labels.map((name) => ({
              name,
              color: fresh.includes(name) ? "ededed" : "1d76db",
            })),
          );
        },
      ],
      [
        "PATCH",
        /^\/labels\/([^/]+)$/,
        ([name], _q, body) =>
          this.labels.has(name) ? ok({ name, color: body.color }) : notFound(),
      ],
      [
        "DELETE",
        /^\/issues\/(\d+)\/labels\/(.+)$/,
        ([n, name]) => {
          const issue = this.issues.get(Number(n));
          if (!issue?.labels.includes(name)) return notFound();
          issue.labels = issue.labels.filter((l) => l !== name);
          return ok(issue.labels.map((l) => ({ name: l })));
        },
      ],
      ["GET", /^\/labels\/(.+)$/, ([name]) => (this.labels.has(name) ? ok({ name }) : notFound())],
      [
        "POST",
        /^\/labels$/,
        (_m, _q, body) => {
          this.labels.add(String(body.name));
          return created({ name: body.name, color: body.color, node_id: labelId(body.name) });
        },
      ],
      ...pullRoutes(this),
      ["POST", /^\/actions\/workflows\/([^/]+)\/dispatches$/, () => ({ status: 204 })],
      // Ralph claims each state revision with a ref (exactly-once saves, docs/security.md).
      ["GET", /^\/git\/ref\/heads\/(.+)$/, ([b]) => this.#branchRef(b)],
      [
        "POST",
        /^\/git\/refs$/,
        (_m, _q, body) => {
          if (this.refs.has(body.ref))
            return { status: 422, body: { message: "Reference already exists" } };
          this.refs.set(body.ref, body.sha);
          return {
            status: 201,
            body: { ref: body.ref, object: { sha: body.sha, type: "commit" } },
          };
        },
      ],
      [
        "DELETE",
        /^\/git\/refs\/(.+)$/,
        ([ref]) => (this.refs.delete(`refs/${ref}`) ? { status: 204 } : { status: 422 }),
      ],
    ];
  }

  #branchRef(branch) {
    if (this.gitDir === null) return notFound();
    try {
      const sha = execFileSync("git", ["rev-parse", "--verify", `refs/heads/${branch}`], {
        cwd: this.gitDir,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).trim();
      return ok({ ref: `refs/heads/${branch}`, object: { sha, type: "commit" } });
    } catch {
      return notFound();
    }
  }

  #fromGit(ref, path) {
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

  #issueJson(issue) {
    return { ...issue, labels: issue.labels.map((name, i) => ({ id: i + 1, name })) };
  }

  /** Phase labels by GraphQL (src/github/phase-label-switch.ts): the lookup of the node ids. */
  #labelLookup(variables) {
    const issue = this.issues.get(Number(variables?.number));
    const nodes = (names) => ({ nodes: names.map((name) => ({ id: labelId(name), name })) });
    return {
      repository: {
        issueOrPullRequest: issue
          ? { id: `I_${issue.number}`, ...{ labels: nodes(issue.labels) } }
          : null,
        labels: {
          nodes: [...this.labels]
            .filter((name) => name.startsWith("ralph:"))
            .map((name) => ({ id: labelId(name), name, color: "1d76db" })),
        },
      },
    };
  }

  /** removeLabelsFromLabelable then addLabelsToLabelable, each answering the issue's labels. */
  #switchLabels({ issue: id, remove = [], add = [] }) {
    const issue = this.issues.get(Number(String(id).replace(/^I_/, "")));
    const nameOf = (labelNode) => [...this.labels].find((name) => labelId(name) === labelNode);
    if (!issue) return null;
    const gone = new Set(remove.map(nameOf));
    issue.labels = issue.labels.filter((name) => !gone.has(name));
    for (const name of add.map(nameOf))
      if (name && !issue.labels.includes(name)) issue.labels.push(name);
    const labelable = {
      labels: { nodes: issue.labels.map((name) => ({ id: labelId(name), name })) },
    };
    return {
      removed: { clientMutationId: null, labelable },
      added: { clientMutationId: null, labelable },
    };
  }

  #graphql(body) {
    const query = String(body.query ?? "");
    if (/viewer\s*\{/.test(query)) {
      return ok({ data: { viewer: { login: this.botLogin, databaseId: 4242 } } });
    }
    if (/markPullRequestReadyForReview/.test(query)) {
      const id = String(body.variables?.id ?? "");
      const pull = [...this.pulls.values()].find((p) => p.node_id === id);
      if (!pull) return ok({ errors: [{ message: `no pull request ${id}` }] });
      pull.draft = false;
      this.timeline.push({ kind: "ready", pull });
      return ok({
        data: {
          markPullRequestReadyForReview: { pullRequest: { number: pull.number, isDraft: false } },
        },
      });
    }
    if (/RalphIssueRead/.test(query)) return ok({ data: issueRead(this, body.variables) });
    if (/RalphReactions/.test(query)) return ok({ data: reactionsRead(this, body.variables) });
    if (/RalphReviews/.test(query)) return ok({ data: reviewsRead(this, body.variables) });
    if (/issueOrPullRequest/.test(query)) return ok({ data: this.#labelLookup(body.variables) });
    if (/LabelsFromLabelable|LabelsToLabelable/.test(query)) {
      return ok({ data: this.#switchLabels(body.variables ?? {}) });
    }
    this.unhandled.push(`graphql ${query.slice(0, 60)}`);
    return ok({ errors: [{ message: "not simulated" }] });
  }
}
