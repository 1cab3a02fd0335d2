/**
 * What the fake does for each REST operation it implements, keyed by the route template of
 * GitHub's description (`GET /repos/{owner}/{repo}/issues/{issue_number}`). Handlers answer with
 * partial objects; the server completes and checks them against the description.
 */

import {
  type FakeReview,
  type FakeUser,
  type Json,
  labelNodeId,
  OWNER,
  REPO,
  type RepoModel,
  SERVER_URL,
} from "./model.js";
import { paged } from "./paging.js";
import { reviewThreadRoutes } from "./rest-review-threads.js";

export interface RestRequest {
  /** The request's path as sent (percent-encoded), for the `link` header of a paginated answer. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Json;
  /** Who the token acts as: the bot, or the login of the test-only `x-fake-user` header. */
  actor: FakeUser;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Bytes sent as they are instead of a JSON body (a job log behind its short-lived URL). */
  raw?: Buffer;
}

export type RestHandler = (request: RestRequest) => Reply;

const ok = (body: unknown): Reply => ({ status: 200, body });
const created = (body: unknown): Reply => ({ status: 201, body });
export const notFound = (): Reply => ({
  status: 404,
  body: { message: "Not Found", documentation_url: "https://docs.github.com/rest" },
});

/** One page of a list as GitHub answers it (paging.ts), `wrap` shaping the page's body. */
function pagedReply<T>(r: RestRequest, items: T[], wrap: (page: T[]) => unknown = (p) => p): Reply {
  const page = paged(items, r.query, r.path);
  return { status: 200, body: wrap(page.items), headers: page.headers };
}

const unprocessable = (message: string): Reply => ({
  status: 422,
  body: { message, documentation_url: "https://docs.github.com/rest" },
});

const refJson = (ref: string, sha: string) => ({
  ref,
  node_id: `REF_${ref}`,
  url: `https://api.github.com/repos/${OWNER}/${REPO}/git/${ref}`,
  object: {
    type: "commit",
    sha,
    url: `https://api.github.com/repos/${OWNER}/${REPO}/git/commits/${sha}`,
  },
});

const labelJson = (name: string, index = 0) => ({
  id: index + 1,
  node_id: labelNodeId(name),
  name,
  color: "ededed",
});

/** The fake's one installation: its account owns the repository. */
function installationJson(selection: string): Json {
  return {
    id: 2311213,
    account: { login: OWNER, type: "User" },
    repository_selection: selection,
    app_id: 123,
  };
}

/** When an issue last changed: its newest comment, else its own time. */
function issueUpdatedAt(m: RepoModel, issue: Json): string {
  const comments = m.commentsOn(issue.number as number).map((c) => c.updated_at);
  return [String(issue.updated_at ?? m.timeOf(0)), ...comments].sort().at(-1) ?? m.timeOf(0);
}

/**
 * GitHub's issue search over the one repository, for the qualifiers Ralph sends: `is:open` /
 * `is:closed`, `label:"…"`, `user:` / `org:` / `repo:` (the repository's owner and name), and
 * `updated:>=<time>`. Unknown qualifiers match nothing (a typo must not sweep everything).
 */
function searchIssues(m: RepoModel, q: string): Json[] {
  // `label:"a","b"` is one term: either label (GitHub's OR of a comma list).
  const terms = q.match(/\w+:(?:"[^"]*"(?:,"[^"]*")*|\S+)|\S+/g) ?? [];
  return [...m.issues.values()]
    .filter((issue) => {
      const number = issue.number as number;
      return terms.every((term) => {
        const [, key = "", rawValue = ""] = /^(\w+):(.*)$/.exec(term) ?? [];
        const value = rawValue.replace(/^"|"$/g, "");
        const values = rawValue.split(/(?<="),(?=")/).map((v) => v.replace(/^"|"$/g, ""));
        if (key === "is") {
          if (value === "open" || value === "closed") return (issue.state ?? "open") === value;
          if (value === "issue") return !issue.pull_request;
          return value === "pr" && Boolean(issue.pull_request);
        }
        if (key === "label") return values.some((v) => m.labelsOf(number).includes(v));
        if (key === "user" || key === "org") return value.toLowerCase() === OWNER.toLowerCase();
        if (key === "repo") return value.toLowerCase() === `${OWNER}/${REPO}`.toLowerCase();
        if (key === "updated" && value.startsWith(">=")) {
          return issueUpdatedAt(m, issue) >= normalTime(value.slice(2));
        }
        return false;
      });
    })
    .map((issue) => ({
      ...issueJson(m, issue),
      repository_url: `${API_URL}/repos/${OWNER}/${REPO}`,
      html_url: `${SERVER_URL}/${OWNER}/${REPO}/${issue.pull_request ? "pull" : "issues"}/${issue.number}`,
      updated_at: issueUpdatedAt(m, issue),
      score: 1,
    }));
}

function issueJson(m: RepoModel, issue: Json): Json {
  return { ...issue, labels: m.labelsOf(issue.number as number).map(labelJson) };
}

function reviewState(event: unknown): string {
  if (event === "APPROVE") return "APPROVED";
  if (event === "REQUEST_CHANGES") return "CHANGES_REQUESTED";
  return event === "COMMENT" ? "COMMENTED" : "PENDING";
}

const REPO_ROUTE = "/repos/{owner}/{repo}";

/** An ISO time as the fake writes them (no milliseconds), so string order is time order. */
function normalTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}
const API_URL = "https://api.github.com";

/** The handlers of the operations the fake implements, keyed by method and route template. */
export function restRoutes(m: RepoModel): Record<string, RestHandler> {
  const number = (r: RestRequest, key: string) => Number(r.params[key]);
  const repo = `${OWNER}/${REPO}`;
  const get = (path: string) => `GET ${REPO_ROUTE}${path}`;
  const post = (path: string) => `POST ${REPO_ROUTE}${path}`;
  return {
    "POST /app/installations/{installation_id}/access_tokens": () =>
      created({ token: "ghs_test", expires_at: "2099-01-01T00:00:00Z", permissions: {} }),
    "GET /installation/repositories": (r) => {
      const repos = [
        { name: REPO, full_name: repo, owner: { login: OWNER }, html_url: `${SERVER_URL}/${repo}` },
      ];
      return pagedReply(r, repos, (p) => ({ total_count: repos.length, repositories: p }));
    },
    "GET /app/installations": (r) => pagedReply(r, [installationJson(m.installationSelection)]),
    "GET /app/installations/{installation_id}": (r) =>
      ok({ ...installationJson(m.installationSelection), id: number(r, "installation_id") }),
    "GET /search/issues": (r) => {
      const items = searchIssues(m, r.query.get("q") ?? "");
      return pagedReply(r, items, (p) => ({
        total_count: items.length,
        incomplete_results: false,
        items: p,
      }));
    },
    "GET /users/{username}": (r) => {
      const login = r.params.username ?? "";
      return ok({ login, id: 1000 + login.length, type: "User" });
    },
    [`GET ${REPO_ROUTE}`]: () =>
      ok({
        name: REPO,
        full_name: repo,
        default_branch: m.defaultBranch,
        html_url: `${SERVER_URL}/${repo}`,
      }),
    [get("/issues")]: (r) => {
      const wanted = (r.query.get("labels") ?? "").split(",").filter((l) => l !== "");
      const state = r.query.get("state") ?? "open";
      // Newest first (GitHub's default sort: created, descending).
      const list = [...m.issues.values()]
        .filter(
          (i) =>
            (state === "all" || (i.state ?? "open") === state) &&
            wanted.every((l) => m.labelsOf(i.number as number).includes(l)),
        )
        .sort((a, b) => (b.number as number) - (a.number as number));
      return pagedReply(r, list, (p) => p.map((i) => issueJson(m, i)));
    },
    [get("/issues/{issue_number}")]: (r) => {
      const issue = m.issues.get(number(r, "issue_number"));
      return issue ? ok(issueJson(m, issue)) : notFound();
    },
    [get("/issues/{issue_number}/comments")]: (r) => {
      // `since`: comments UPDATED at or after that time (an edited old comment comes back too).
      const since = r.query.get("since");
      const list = m
        .commentsOn(number(r, "issue_number"))
        .filter((c) => since === null || c.updated_at >= normalTime(since));
      return pagedReply(r, list);
    },
    [post("/issues/{issue_number}/comments")]: (r) =>
      created(m.addComment(number(r, "issue_number"), String(r.body.body), r.actor)),
    [get("/issues/comments")]: (r) => {
      // Repository-wide (the sweep's recovery reads it): `since` compares with created_at.
      const since = r.query.get("since");
      const list = [...m.comments.values()]
        .filter((c) => since === null || c.updated_at >= normalTime(since))
        .sort((a, b) => a.id - b.id)
        .map((c) => ({ ...c, issue_url: `${API_URL}/repos/${repo}/issues/${c.issue}` }));
      return pagedReply(r, list);
    },
    [get("/issues/comments/{comment_id}")]: (r) => {
      const comment = m.comments.get(number(r, "comment_id"));
      return comment ? ok(comment) : notFound();
    },
    [`PATCH ${REPO_ROUTE}/issues/comments/{comment_id}`]: (r) => {
      const comment = m.comments.get(number(r, "comment_id"));
      if (!comment) return notFound();
      comment.body = String(r.body.body);
      comment.updated_at = m.now();
      return ok(comment);
    },
    [`DELETE ${REPO_ROUTE}/issues/comments/{comment_id}`]: (r) =>
      m.comments.delete(number(r, "comment_id")) ? { status: 204 } : notFound(),
    [get("/issues/comments/{comment_id}/reactions")]: (r) => {
      const content = r.query.get("content");
      const list = m.reactions.get(number(r, "comment_id")) ?? [];
      return pagedReply(
        r,
        list.filter((x) => content === null || x.content === content),
      );
    },
    [post("/issues/comments/{comment_id}/reactions")]: (r) => {
      const id = number(r, "comment_id");
      if (!m.comments.has(id)) return notFound();
      m.react(id, String(r.body.content), r.actor);
      return created((m.reactions.get(id) ?? []).at(-1));
    },
    [get("/issues/{issue_number}/labels")]: (r) =>
      ok(m.labelsOf(number(r, "issue_number")).map(labelJson)),
    [post("/issues/{issue_number}/labels")]: (r) => {
      const list = [...m.labelsOf(number(r, "issue_number"))];
      for (const name of (r.body.labels as string[] | undefined) ?? []) {
        if (!list.includes(name)) list.push(name);
      }
      m.issueLabels.set(number(r, "issue_number"), list);
      return ok(list.map(labelJson));
    },
    [`PUT ${REPO_ROUTE}/issues/{issue_number}/labels`]: (r) => {
      // Replaces the set; a name that is no repository label yet is created grey, as GitHub does.
      const names = [...new Set((r.body.labels as string[] | undefined) ?? [])];
      for (const name of names) {
        if (!m.repoLabels.has(name)) m.repoLabels.set(name, { name, color: "ededed" });
      }
      m.issueLabels.set(number(r, "issue_number"), names);
      return ok(names.map((name, i) => ({ ...labelJson(name, i), ...m.repoLabels.get(name) })));
    },
    [`DELETE ${REPO_ROUTE}/issues/{issue_number}/labels/{name}`]: (r) => {
      const list = m.labelsOf(number(r, "issue_number"));
      const name = r.params.name ?? "";
      if (!list.includes(name)) return notFound();
      const rest = list.filter((l) => l !== name);
      m.issueLabels.set(number(r, "issue_number"), rest);
      return ok(rest.map(labelJson));
    },
    [get("/labels/{name}")]: (r) => {
      const label = m.repoLabels.get(r.params.name ?? "");
      return label ? ok(labelJson(label.name)) : notFound();
    },
    [`PATCH ${REPO_ROUTE}/labels/{name}`]: (r) => {
      const label = m.repoLabels.get(r.params.name ?? "");
      if (!label) return notFound();
      if (typeof r.body.color === "string") label.color = r.body.color;
      return ok({ ...labelJson(label.name), color: label.color });
    },
    [post("/labels")]: (r) => {
      const label = { name: String(r.body.name), color: String(r.body.color ?? "ededed") };
      m.repoLabels.set(label.name, label);
      return created({ ...labelJson(label.name), color: label.color });
    },
    [get("/collaborators/{username}/permission")]: (r) => {
      const login = r.params.username ?? "";
      const role = m.permissions.get(login.toLowerCase());
      if (role === undefined) return notFound();
      const legacy = role === "maintain" ? "write" : role === "triage" ? "read" : role;
      return ok({ permission: legacy, role_name: role, user: { login, type: "User" } });
    },
    [get("/contents/{path}")]: (r) => {
      const path = r.params.path ?? "";
      const text = m.readFile(path, r.query.get("ref"));
      if (text === undefined) return notFound();
      const content = Buffer.from(text).toString("base64");
      return ok({ type: "file", encoding: "base64", content, path, name: path.split("/").at(-1) });
    },
    [get("/git/ref/{ref}")]: (r) => {
      const ref = r.params.ref ?? "";
      const sha = ref.startsWith("heads/") ? m.branchSha(ref.slice(6)) : m.refs.get(`refs/${ref}`);
      return sha === undefined ? notFound() : ok(refJson(`refs/${ref}`, sha));
    },
    [get("/git/matching-refs/{ref}")]: (r) => {
      const prefix = `refs/${r.params.ref ?? ""}`;
      const list = [...m.refs].filter(([ref]) => ref.startsWith(prefix)).sort();
      return ok(list.map(([ref, sha]) => refJson(ref, sha)));
    },
    [post("/git/refs")]: (r) => {
      const ref = String(r.body.ref);
      if (m.refs.has(ref)) return unprocessable("Reference already exists");
      m.refs.set(ref, String(r.body.sha));
      return created(refJson(ref, String(r.body.sha)));
    },
    [`DELETE ${REPO_ROUTE}/git/refs/{ref}`]: (r) =>
      m.refs.delete(`refs/${r.params.ref ?? ""}`)
        ? { status: 204 }
        : // GitHub says "Reference does not exist"; its description gives this 422 no body.
          { status: 422 },
    [post("/actions/workflows/{workflow_id}/dispatches")]: () => ({ status: 204 }),
    [get("/actions/workflows/{workflow_id}/runs")]: (r) => {
      const status = r.query.get("status");
      // Newest first, as GitHub lists them.
      const list = m.runs
        .filter((x) => status === null || x.status === status)
        .sort((a, b) => b.id - a.id);
      return pagedReply(r, list, (p) => ({ total_count: list.length, workflow_runs: p }));
    },
    [get("/actions/runs/{run_id}")]: (r) => {
      const run = m.runs.find((x) => x.id === number(r, "run_id"));
      return run ? ok(run) : notFound();
    },
    [post("/actions/runs/{run_id}/cancel")]: (r) => {
      const run = m.runs.find((x) => x.id === number(r, "run_id"));
      if (!run) return notFound();
      run.status = "completed";
      run.conclusion = "cancelled";
      return { status: 202, body: {} };
    },
    [get("/pulls")]: (r) => {
      const head = r.query.get("head");
      const state = r.query.get("state") ?? "open";
      const list = [...m.pulls.values()].filter((p) => {
        const ref = (p.head as { ref: string }).ref;
        const open = p.state === "closed" ? "closed" : "open";
        return (state === "all" || open === state) && (head === null || `${OWNER}:${ref}` === head);
      });
      return pagedReply(r, list);
    },
    [post("/pulls")]: (r) =>
      created(
        m.addPull({
          number: m.nextNumber(),
          title: String(r.body.title),
          body: (r.body.body as string | undefined) ?? null,
          draft: r.body.draft === true,
          head: { ref: String(r.body.head) },
          base: { ref: String(r.body.base), repo: { full_name: repo } },
          user: r.actor,
        }),
      ),
    [get("/pulls/{pull_number}")]: (r) => {
      const pull = m.pulls.get(number(r, "pull_number"));
      return pull ? ok(withBranchHead(m, pull)) : notFound();
    },
    [`PATCH ${REPO_ROUTE}/pulls/{pull_number}`]: (r) => {
      const pull = m.pulls.get(number(r, "pull_number"));
      if (!pull) return notFound();
      Object.assign(pull, r.body);
      return ok(pull);
    },
    [get("/pulls/{pull_number}/files")]: (r) =>
      pagedReply(r, m.pullFiles.get(number(r, "pull_number")) ?? []),
    [get("/pulls/{pull_number}/reviews")]: (r) =>
      pagedReply(r, m.reviews.get(number(r, "pull_number")) ?? []),
    [post("/pulls/{pull_number}/reviews")]: (r) => {
      const review: Omit<FakeReview, "submitted_at"> = {
        id: m.id(),
        user: r.actor,
        body: (r.body.body as string | undefined) ?? null,
        state: reviewState(r.body.event),
        commit_id: (r.body.commit_id as string | undefined) ?? "0".repeat(40),
      };
      return ok(m.addReview(number(r, "pull_number"), review));
    },
    [get("/pulls/{pull_number}/reviews/{review_id}")]: (r) => {
      const review = (m.reviews.get(number(r, "pull_number")) ?? []).find(
        (x) => x.id === number(r, "review_id"),
      );
      return review ? ok(review) : notFound();
    },
    [get("/pulls/{pull_number}/reviews/{review_id}/comments")]: (r) =>
      pagedReply(r, m.reviewComments.get(number(r, "review_id")) ?? []),
    ...reviewThreadRoutes(m, { created, notFound, paged: pagedReply }),
  };
}

/**
 * An open pull request's head is its branch's tip, as on GitHub: pushes to the branch in the
 * backing git repository move it (kept in the model, so tests read what GitHub would answer).
 */
function withBranchHead(m: RepoModel, pull: Json): Json {
  if (pull.state !== "open") return pull;
  // The base branch's commit, as GitHub shows it (the mergeability was computed against it).
  const base = pull.base as { ref?: string; sha?: string } | undefined;
  const baseTip = typeof base?.ref === "string" ? m.branchSha(base.ref) : undefined;
  if (base !== undefined && baseTip !== undefined) base.sha = baseTip;
  const head = pull.head as { ref?: string; sha?: string } | undefined;
  if (m.gitDir === null || typeof head?.ref !== "string") return pull;
  const tip = m.branchSha(head.ref);
  if (tip !== undefined) head.sha = tip;
  return pull;
}
