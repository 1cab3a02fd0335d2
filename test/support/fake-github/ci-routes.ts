/**
 * The CI operations of the fake (ci-model.ts): check runs and suites on a commit, commit statuses
 * (combined and listed), workflow runs by commit, job logs (302 to a short-lived URL the fake
 * serves itself, see `serveJobLog`), a pull request's mergeability and merging it. Lists are
 * paged as GitHub pages them: `per_page` (≤ 100, default 30), `page`, and a `link` header.
 */
import type { FakeCheckRun } from "./ci-model.js";
import { type Json, OWNER, REPO, type RepoModel } from "./model.js";
import { paged } from "./paging.js";
import { notFound, type Reply, type RestHandler, type RestRequest } from "./rest-routes.js";

const REPO_ROUTE = "/repos/{owner}/{repo}";
const API_URL = "https://api.github.com";

/** The path the fake serves job logs under, on whatever base it answers (listen or nock). */
export const JOB_LOG_PATH = "/_fake/job-logs/";

function checkRunJson(run: FakeCheckRun): Json {
  return {
    ...run,
    node_id: `CR_${run.id}`,
    external_id: String(run.id),
    url: `${API_URL}/repos/${OWNER}/${REPO}/check-runs/${run.id}`,
    app: { ...run.app, node_id: `A_${run.app.id}`, owner: { login: "github" } },
    pull_requests: [],
  };
}

function combinedState(states: readonly string[]): string {
  if (states.some((s) => s === "failure" || s === "error")) return "failure";
  if (states.length === 0 || states.some((s) => s === "pending")) return "pending";
  return "success";
}

export function ciRoutes(
  m: RepoModel,
  original: Record<string, RestHandler>,
  logBase: () => string,
): Record<string, RestHandler> {
  const repoPath = `/repos/${OWNER}/${REPO}`;
  const get = (path: string) => `GET ${REPO_ROUTE}${path}`;
  const ref = (r: RestRequest) => r.params.ref ?? "";
  const getPull = original[get("/pulls/{pull_number}")];
  return {
    [get("/commits/{ref}/check-runs")]: (r) => {
      const name = r.query.get("check_name");
      const status = r.query.get("status");
      const all = r.query.get("filter") === "all";
      const runs = (
        all ? m.ci.checkRuns.filter((x) => x.head_sha === ref(r)) : m.ci.latestRuns(ref(r))
      ).filter(
        (x) => (name === null || x.name === name) && (status === null || x.status === status),
      );
      const page = paged(runs, r.query, `${repoPath}/commits/${ref(r)}/check-runs`);
      return {
        status: 200,
        body: { total_count: runs.length, check_runs: page.items.map(checkRunJson) },
        headers: page.headers,
      };
    },
    [get("/commits/{ref}/check-suites")]: (r) => {
      const suites = m.ci.suites.filter((s) => s.head_sha === ref(r) || s.head_branch === ref(r));
      const page = paged(suites, r.query, `${repoPath}/commits/${ref(r)}/check-suites`);
      return {
        status: 200,
        body: {
          total_count: suites.length,
          check_suites: page.items.map(({ workflowPath: _path, ...s }) => ({
            ...s,
            app: { ...s.app, node_id: `A_${s.app.id}`, owner: { login: "github" } },
            node_id: `CS_${s.id}`,
            pull_requests: [],
            latest_check_runs_count: m.ci.checkRuns.filter((c) => c.check_suite.id === s.id).length,
          })),
        },
        headers: page.headers,
      };
    },
    [get("/commits/{ref}/status")]: (r) => {
      const latest = m.ci.latestStatuses(ref(r));
      const page = paged(latest, r.query, `${repoPath}/commits/${ref(r)}/status`);
      return {
        status: 200,
        body: {
          state: combinedState(latest.map((s) => s.state)),
          sha: ref(r),
          total_count: latest.length,
          statuses: page.items.map((s) => ({
            ...s,
            node_id: `S_${s.id}`,
            updated_at: s.created_at,
          })),
          repository: { name: REPO, full_name: `${OWNER}/${REPO}`, owner: { login: OWNER } },
        },
        headers: page.headers,
      };
    },
    [get("/commits/{ref}/statuses")]: (r) => {
      const list = m.ci.statuses.filter((s) => s.sha === ref(r)).reverse();
      const page = paged(list, r.query, `${repoPath}/commits/${ref(r)}/statuses`);
      return {
        status: 200,
        body: page.items.map((s) => ({ ...s, node_id: `S_${s.id}`, updated_at: s.created_at })),
        headers: page.headers,
      };
    },
    [get("/actions/runs")]: (r) => {
      const sha = r.query.get("head_sha");
      const suite = r.query.get("check_suite_id");
      const runs = m.runs.filter(
        (x) =>
          (sha === null || x.head_sha === sha) &&
          (suite === null || String(x.check_suite_id) === suite),
      );
      const page = paged(runs, r.query, `${repoPath}/actions/runs`);
      return {
        status: 200,
        body: { total_count: runs.length, workflow_runs: page.items },
        headers: page.headers,
      };
    },
    [get("/actions/jobs/{job_id}/logs")]: (r) => {
      const id = Number(r.params.job_id);
      if (!m.ci.jobLogs.has(id)) return notFound();
      const signature = `urlExpires=2099-01-01T00%3A00%3A00Z&urlSignature=sig${id}`;
      return {
        status: 302,
        headers: { location: `${logBase()}${JOB_LOG_PATH}${id}?${signature}` },
      };
    },
    [get("/pulls/{pull_number}")]: (r) => {
      const reply = getPull?.(r) ?? notFound();
      if (reply.status !== 200) return reply;
      const pull = reply.body as Json;
      const merge =
        pull.state === "closed"
          ? { mergeable: null, mergeable_state: "unknown" }
          : m.ci.readMergeability(Number(pull.number), () => m.mergesCleanly(pull));
      return { status: 200, body: { ...pull, ...merge } };
    },
    [`PUT ${REPO_ROUTE}/pulls/{pull_number}/merge`]: (r) => {
      const pull = m.pulls.get(Number(r.params.pull_number));
      if (!pull) return notFound();
      if (pull.state === "closed") {
        return {
          status: 405,
          body: {
            message: "Pull Request is not mergeable",
            documentation_url: "https://docs.github.com/rest",
          },
        };
      }
      m.closePull(Number(r.params.pull_number), true);
      return {
        status: 200,
        body: {
          sha: pull.merge_commit_sha,
          merged: true,
          message: "Pull Request successfully merged",
        },
      };
    },
  };
}

/**
 * The short-lived log URL's server: the log's text, or its end for a `Range: bytes=-N` request
 * (206, as the blob store answers). Each read is recorded with the headers that matter (a token
 * sent to the log host would be a leak).
 */
export function serveJobLog(
  m: RepoModel,
  path: string,
  headers: Record<string, string | string[] | undefined>,
): Reply {
  const id = Number(path.slice(JOB_LOG_PATH.length));
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === "string" ? value : null;
  };
  const range = header("range");
  m.ci.logReads.push({ jobId: id, authorization: header("authorization"), range });
  const text = m.ci.jobLogs.get(id);
  const type = { "content-type": "text/plain; charset=utf-8" };
  if (text === undefined) {
    return { status: 404, raw: Buffer.from("The specified blob does not exist."), headers: type };
  }
  const bytes = Buffer.from(text, "utf8");
  const suffix = /^bytes=-(\d+)$/.exec(range ?? "");
  if (suffix === null || Number(suffix[1]) >= bytes.length) {
    return { status: 200, raw: bytes, headers: type };
  }
  const start = bytes.length - Number(suffix[1]);
  return {
    status: 206,
    // Raw bytes: a range may begin inside a character, as a real one may.
    raw: bytes.subarray(start),
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "content-range": `bytes ${start}-${bytes.length - 1}/${bytes.length}`,
    },
  };
}
