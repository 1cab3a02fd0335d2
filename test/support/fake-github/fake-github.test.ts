import { Octokit } from "@octokit/rest";
import { buildClientSchema, validateSchema } from "graphql";
import nock from "nock";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { slimIntrospection } from "./graphql.js";
import { FakeGitHub, OWNER, REPO, user } from "./index.js";

const REPO_PATH = `/repos/${OWNER}/${REPO}`;
let fake: FakeGitHub;

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(`${fake.url}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === "" ? null : JSON.parse(text), headers: res.headers };
}

describe("the fake GitHub refuses what GitHub's API description refuses", () => {
  beforeAll(async () => {
    fake = new FakeGitHub();
    await fake.listen();
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.violations.length = 0;
    fake.unhandled.length = 0;
    fake.clearFaults();
    fake.onRequest = null;
  });

  it("leaves idle connections to the client: no keep-alive timeout of its own", async () => {
    const { headers } = await call("GET", `${REPO_PATH}/issues/1`);
    expect(headers.get("connection")).toBe("keep-alive");
    expect(headers.get("keep-alive")).toBeNull();
  });

  it("an unknown path is a violation answered 404", async () => {
    const res = await call("GET", `${REPO_PATH}/issuez/1`);
    expect(res.status).toBe(404);
    expect(fake.violations).toEqual([
      `GET ${REPO_PATH}/issuez/1: GitHub's REST API has no such route`,
    ]);
    expect(() => fake.assertValid()).toThrow(/no such route/);
  });

  it("a known path with a method GitHub does not have is unknown too", async () => {
    await call("PUT", `${REPO_PATH}/issues/1/comments`, { body: "x" });
    expect(fake.violations[0]).toMatch(/no such route/);
  });

  it("a missing required body field is a violation answered 422", async () => {
    fake.addIssue({ number: 1, title: "t" });
    const res = await call("POST", `${REPO_PATH}/issues/1/comments`, {});
    expect(res.status).toBe(422);
    expect(fake.violations).toEqual([
      `POST ${REPO_PATH}/issues/1/comments: request body: (root) must have required property 'body'`,
    ]);
    expect(fake.commentsOn(1)).toEqual([]);
  });

  it("a wrong type in the body, a path or a query parameter is a violation", async () => {
    await call("POST", `${REPO_PATH}/issues/1/labels`, { labels: "ralph" });
    await call("GET", `${REPO_PATH}/issues/one`);
    await call("GET", `${REPO_PATH}/issues/1/comments?per_page=many`);
    expect(fake.violations).toEqual([
      expect.stringMatching(/request body: \/labels must be array|request body: .*must match/),
      expect.stringMatching(/path parameter issue_number="one": .*must be integer/),
      expect.stringMatching(/query parameter per_page="many": .*must be integer/),
    ]);
  });

  it("an unknown query parameter or body field (a typo that would do nothing) is a violation", async () => {
    await call("GET", `${REPO_PATH}/issues?label=ralph`);
    await call("POST", `${REPO_PATH}/labels`, { name: "ralph", colour: "ededed" });
    expect(fake.violations).toEqual([
      `GET ${REPO_PATH}/issues?label=ralph: unknown query parameter label`,
      `POST ${REPO_PATH}/labels: request body: unknown field colour`,
    ]);
  });

  it("a body on a route that takes none is a violation", async () => {
    await call("POST", `${REPO_PATH}/actions/runs/1/cancel`, { now: true });
    expect(fake.violations[0]).toMatch(/takes no request body/);
  });

  it("an answer GitHub would never give is a violation too (the fake's own bug)", async () => {
    fake.onRequest = () => [200, { id: "not a number" }];
    const res = await call("GET", `${REPO_PATH}/issues/comments/5`);
    expect(res.status).toBe(500);
    expect(fake.violations[0]).toMatch(/the fake's answer: response 200 body: .*must/);
  });

  it("answers complete GitHub objects: the stored fields plus every required one", async () => {
    const comment = fake.addComment(7, "hello", user("octocat"));
    const res = await call("GET", `${REPO_PATH}/issues/comments/${comment.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: comment.id,
      body: "hello",
      user: { login: "octocat", type: "User", site_admin: false },
      node_id: expect.any(String),
      issue_url: expect.any(String),
    });
    expect(fake.violations).toEqual([]);
  });
});

describe("GraphQL is checked against GitHub's schema", () => {
  beforeAll(async () => {
    fake = new FakeGitHub("ralph-app[bot]");
    await fake.listen();
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.violations.length = 0;
  });

  it("answers viewer and the draft/ready mutations", async () => {
    fake.addPull({ number: 3, title: "t", draft: true, head: { ref: "ralph/x" } });
    const viewer = await call("POST", "/graphql", {
      query: "query { viewer { login databaseId } }",
    });
    expect(viewer.body).toEqual({ data: { viewer: { login: "ralph-app[bot]", databaseId: 777 } } });
    const ready = await call("POST", "/graphql", {
      query:
        "mutation($id: ID!) { markPullRequestReadyForReview(input: {pullRequestId: $id}) { pullRequest { number isDraft } } }",
      variables: { id: "PR_node_3" },
    });
    expect(ready.body).toEqual({
      data: { markPullRequestReadyForReview: { pullRequest: { number: 3, isDraft: false } } },
    });
    expect(fake.pulls.get(3)?.draft).toBe(false);
    expect(fake.count("POST /graphql")).toBe(2);
    expect(fake.count("graphql markPullRequestReadyForReview")).toBe(1);
    expect(fake.violations).toEqual([]);
  });

  it("refuses a field the schema does not have and a variable of the wrong type", async () => {
    await call("POST", "/graphql", { query: "query { viewer { logn } }" });
    await call("POST", "/graphql", {
      query:
        "mutation($id: ID!) { markPullRequestReadyForReview(input: {pullRequestId: $id}) { clientMutationId } }",
      variables: { id: { not: "an id" } },
    });
    await call("POST", "/graphql", { query: "query { viewer { login }" });
    expect(fake.violations).toEqual([
      expect.stringMatching(/Cannot query field "logn" on type "User"/),
      expect.stringMatching(/Variable "\$id" got invalid value/),
      expect.stringMatching(/GraphQL syntax/),
    ]);
  });

  it("the schema the fake assumes valid (to skip checking it in every process) is valid", () => {
    expect(validateSchema(buildClientSchema(slimIntrospection())).map(String)).toEqual([]);
  });
});

describe("call counts and injected faults", () => {
  beforeAll(async () => {
    fake = new FakeGitHub();
    await fake.listen();
  });
  afterAll(() => fake.close());

  it("counts requests per route template", async () => {
    fake.addIssue({ number: 1, title: "t" });
    fake.addIssue({ number: 2, title: "u" });
    await call("GET", `${REPO_PATH}/issues/1`);
    await call("GET", `${REPO_PATH}/issues/2`);
    expect(fake.count("GET /repos/{owner}/{repo}/issues/{issue_number}")).toBe(2);
    fake.resetCounts();
    expect(fake.count("GET /repos/{owner}/{repo}/issues/{issue_number}")).toBe(0);
  });

  it("answers a route with an injected status a given number of times, with retry-after", async () => {
    const route = "GET /repos/{owner}/{repo}/issues/{issue_number}";
    fake.inject({ route, status: 429, retryAfter: 7, times: 1 });
    const limited = await call("GET", `${REPO_PATH}/issues/1`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(limited.body).toMatchObject({ message: expect.any(String) });
    expect((await call("GET", `${REPO_PATH}/issues/1`)).status).toBe(200);
    fake.inject({ route: "*", status: 502 });
    expect((await call("GET", `${REPO_PATH}/issues/2`)).status).toBe(502);
    fake.clearFaults();
    expect(fake.violations).toEqual([]);
  });

  it("an injected fault does not excuse a bad request", async () => {
    fake.inject({ route: "*", status: 500 });
    const res = await call("POST", `${REPO_PATH}/issues/1/comments`, { bodyy: "x" });
    expect(res.status).toBe(422);
    expect(fake.violations).toHaveLength(2);
    fake.clearFaults();
    fake.violations.length = 0;
  });

  it("latency delays the answer without changing it", async () => {
    fake.inject({
      route: "GET /repos/{owner}/{repo}/issues/{issue_number}",
      latencyMs: 20,
      times: 1,
    });
    expect((await call("GET", `${REPO_PATH}/issues/1`)).status).toBe(200);
  });
});

/** A fake behind nock for the running test; nock is cleaned up after it. */
function interceptedFake(): FakeGitHub {
  nock.disableNetConnect();
  onTestFinished(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });
  const local = new FakeGitHub();
  local.intercept();
  return local;
}

describe("in process through nock, with a real Octokit", () => {
  it("serves Octokit's requests and checks them the same way", async () => {
    const local = interceptedFake();
    local.grant("octocat", "maintain");
    const octokit = new Octokit({ auth: "t" });
    const res = await octokit.rest.repos.getCollaboratorPermissionLevel({
      owner: OWNER,
      repo: REPO,
      username: "octocat",
    });
    expect(res.data).toMatchObject({ permission: "write", role_name: "maintain" });
    const refused = octokit.request("GET /repos/{owner}/{repo}/issues", {
      owner: OWNER,
      repo: REPO,
      labelz: "x",
    });
    await expect(refused).rejects.toMatchObject({ status: 422 });
    expect(local.violations).toEqual([
      `GET /repos/${OWNER}/${REPO}/issues?labelz=x: unknown query parameter labelz`,
    ]);
  });
});

describe("labels replaced as a set, label colours, comments across the repository", () => {
  it("PUT replaces an issue's labels and creates unknown ones grey; PATCH recolours", async () => {
    const local = interceptedFake();
    local.addIssue({ number: 1, title: "t", labels: ["ralph:planning"] });
    local.repoLabels.set("ralph:planning", { name: "ralph:planning", color: "1d76db" });
    const octokit = new Octokit({ auth: "t" });
    const put = await octokit.rest.issues.setLabels({
      owner: OWNER,
      repo: REPO,
      issue_number: 1,
      labels: ["ralph", "ralph:awaiting-approval"],
    });
    expect(put.data.map((l) => [l.name, l.color])).toEqual([
      ["ralph", "ededed"],
      ["ralph:awaiting-approval", "ededed"],
    ]);
    expect(local.labelsOf(1)).toEqual(["ralph", "ralph:awaiting-approval"]);
    await octokit.rest.issues.updateLabel({
      owner: OWNER,
      repo: REPO,
      name: "ralph",
      color: "0e8a16",
    });
    expect(local.repoLabels.get("ralph")?.color).toBe("0e8a16");
    const missing = octokit.rest.issues.updateLabel({
      owner: OWNER,
      repo: REPO,
      name: "nope",
      color: "000000",
    });
    await expect(missing).rejects.toMatchObject({ status: 404 });
    expect(local.violations).toEqual([]);
  });

  it("lists comments of every issue since a time, each with its issue's URL", async () => {
    const local = interceptedFake();
    local.addIssue({ number: 1, title: "t" });
    local.addIssue({ number: 2, title: "u" });
    const first = local.addComment(1, "old", user("alice"));
    const second = local.addComment(2, "new", user("bob"));
    const octokit = new Octokit({ auth: "t" });
    const all = await octokit.rest.issues.listCommentsForRepo({ owner: OWNER, repo: REPO });
    expect(all.data.map((c) => [c.body, c.issue_url])).toEqual([
      ["old", `https://api.github.com/repos/${OWNER}/${REPO}/issues/1`],
      ["new", `https://api.github.com/repos/${OWNER}/${REPO}/issues/2`],
    ]);
    expect(first.created_at < second.created_at).toBe(true);
    const since = await octokit.rest.issues.listCommentsForRepo({
      owner: OWNER,
      repo: REPO,
      since: second.created_at,
    });
    expect(since.data.map((c) => c.body)).toEqual(["new"]);
    expect(local.count("GET /repos/{owner}/{repo}/issues/comments")).toBe(2);
    expect(local.violations).toEqual([]);
  });
});
