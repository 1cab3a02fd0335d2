import nock from "nock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  dispatchWorkflow,
  isRalphWorkflowRun,
  resetDefaultBranchCache,
  runIssueNumber,
} from "../../src/github/actions.js";
import {
  markPullRequestReady,
  PLAN_INVALIDATION_FLAG,
  postReview,
  upsertRalphPr,
} from "../../src/github/pulls.js";
import { API } from "../support/fake-github/index.js";
import { cleanNock, plainContext } from "./helpers.js";

const REPO = "/repos/Codertocat/Hello-World";

beforeEach(() => {
  nock.disableNetConnect();
  resetDefaultBranchCache();
});
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  cleanNock();
});

describe("the Ralph PR", () => {
  it("is created as a draft closing the issue when none is open", async () => {
    const scope = nock(API)
      .get(`${REPO}/pulls`)
      .query({ head: "Codertocat:ralph/42-add-login", state: "open", per_page: "1" })
      .reply(200, [])
      .post(`${REPO}/pulls`, {
        head: "ralph/42-add-login",
        base: "main",
        title: "Ralph: Add login",
        body: "Closes #42\n\nStories: 1",
        draft: true,
      })
      .reply(201, { number: 77, node_id: "PR_77", draft: true });
    const pr = await upsertRalphPr(plainContext(), {
      issue: 42,
      head: "ralph/42-add-login",
      base: "main",
      title: "Ralph: Add login",
      summary: "Stories: 1",
    });
    expect(pr.number).toBe(77);
    expect(scope.isDone()).toBe(true);
  });

  it("an open PR for the branch is updated instead of duplicated", async () => {
    nock(API)
      .get(`${REPO}/pulls`)
      .query(true)
      .reply(200, [{ number: 77 }])
      .patch(`${REPO}/pulls/77`, { title: "Ralph: Add login", body: "Closes #42" })
      .reply(200, { number: 77 });
    const pr = await upsertRalphPr(plainContext(), {
      issue: 42,
      head: "ralph/42-add-login",
      base: "main",
      title: "Ralph: Add login",
    });
    expect(pr.number).toBe(77);
  });

  it("is marked ready through GraphQL (REST can't leave draft)", async () => {
    nock(API)
      .get(`${REPO}/pulls/77`)
      .reply(200, { number: 77, node_id: "PR_kwDO77", draft: true })
      .post(
        "/graphql",
        (body: { query: string; variables: { id: string } }) =>
          body.query.includes("markPullRequestReadyForReview") && body.variables.id === "PR_kwDO77",
      )
      .reply(200, {
        data: { markPullRequestReadyForReview: { pullRequest: { number: 77, isDraft: false } } },
      });
    await markPullRequestReady(plainContext(), 77);
  });

  it("a PR that is not a draft is left alone", async () => {
    nock(API).get(`${REPO}/pulls/77`).reply(200, { number: 77, node_id: "x", draft: false });
    await markPullRequestReady(plainContext(), 77);
  });

  it("reviews are COMMENT reviews; plan invalidations are flagged", async () => {
    nock(API)
      .post(`${REPO}/pulls/77/reviews`, {
        event: "COMMENT",
        body: `${PLAN_INVALIDATION_FLAG}\n\nThe plan assumed a REST API.`,
      })
      .reply(200, { id: 1 });
    await postReview(plainContext(), 77, "The plan assumed a REST API.", {
      planInvalidation: true,
    });
  });
});

describe("Actions", () => {
  it("dispatches the workflow on the default branch with {issue, phase}", async () => {
    nock(API)
      .get(REPO)
      .reply(200, { default_branch: "trunk" })
      .post(`${REPO}/actions/workflows/ralph.yml/dispatches`, {
        ref: "trunk",
        inputs: { issue: "42", phase: "verify" },
      })
      .reply(204);
    await dispatchWorkflow(plainContext(), "ralph.yml", 42, "verify");
  });

  it.each([
    ["ralph #42 plan", 42],
    ["Ralph issue #7 implement", 7],
    ["ralph", null],
    ["", null],
  ] as const)("run-name %j names issue %j", (title, issue) => {
    expect(runIssueNumber({ display_title: title })).toBe(issue);
  });

  it.each([
    [".github/workflows/ralph.yml", "ralph.yml", true],
    [".github/workflows/ralph.yml@refs/heads/main", "ralph.yml", true],
    [".github/workflows/not-ralph.yml", "ralph.yml", false],
    [".github/workflows/ci.yml", "ralph.yml", false],
  ] as const)("%s is the %s workflow: %j", (path, workflow, expected) => {
    expect(isRalphWorkflowRun({ path }, workflow)).toBe(expected);
  });
});
