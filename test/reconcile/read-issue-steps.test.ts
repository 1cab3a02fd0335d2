/**
 * The steps after the read (src/reconcile/read-issue.ts): the repository's config (a broken one is
 * told on the issue, a failed read is not taken for one), the trouble with the status comment said
 * once each (someone else's status comments, a broken own one, a read cut at its bound) and the
 * state the events apply to (the saved one with its floor raised past a cut, or a fresh one whose
 * floor sits where Ralph starts reading; a PR Ralph does not start on gets its one-time answer).
 * A mutation pass found these unpinned; each case checks what is posted and what is read.
 */
import { afterEach, describe, expect, it } from "vitest";
import { defaultConfig } from "../../src/core/config.js";
import { homePaths } from "../../src/core/plan-meta.js";
import { initialState } from "../../src/core/state.js";
import type { StatusLookup } from "../../src/github/status.js";
import { FORK_REFUSAL, notSpecPrMessage, ralphPrMessage } from "../../src/reconcile/issue-info.js";
import {
  type IssueReading,
  loadConfig,
  reportCut,
  reportStatusTrouble,
  startingState,
} from "../../src/reconcile/read-issue.js";
import { report } from "../../src/reconcile/signals.js";
import { seedLoginIssue } from "../app/login-issue.js";
import { stateAt } from "../app/states.js";
import { cleanNock, withFake } from "../github/helpers.js";
import { BOT, type FakeGitHub, OWNER, REPO, user } from "../support/fake-github/index.js";
import { issueComment, LOGIN_INFO, reading } from "./issue-reading.js";
import { addRalphPull } from "./ralph-pulls.js";

afterEach(cleanNock);

const STATUS = "<!-- ralph:status -->\n<!-- ralph:state broken -->";
const config = defaultConfig();
const posted = (fake: FakeGitHub, issue = 42) => fake.botComments(issue).map((c) => c.body);

/** LOGIN_ISSUE on the fake, nothing else. */
function loginIssue() {
  const { fake, gh } = withFake();
  seedLoginIssue(fake);
  return { fake, gh };
}

describe("loadConfig: the repository's config, or the report that ends the reconcile", () => {
  it("no .github/ralph.yml: the defaults, nothing posted", async () => {
    const { fake, gh } = loginIssue();
    expect(await loadConfig(gh, 42, { list: [], from: 0 })).toEqual({ config });
    expect(posted(fake)).toEqual([]);
  });

  it("a broken one: config_error, told on the issue once", async () => {
    const { fake, gh } = loginIssue();
    fake.setFile(".github/ralph.yml", "max_iterations: [1");
    const known = { list: [], from: 0 };
    expect(await loadConfig(gh, 42, known)).toEqual({ done: report("config_error") });
    expect(await loadConfig(gh, 42, known)).toEqual({ done: report("config_error") });
    expect(posted(fake)).toEqual([expect.stringContaining("Ralph can't run")]);
  });

  it("a read that fails is thrown, not told as a broken config", async () => {
    const { fake, gh } = loginIssue();
    fake.inject({ route: "GET /repos/{owner}/{repo}/contents/{path}", status: 500 });
    await expect(loadConfig(gh, 42, { list: [], from: 0 })).rejects.toMatchObject({ status: 500 });
    expect(posted(fake)).toEqual([]);
  });
});

/** Ralph's status comment read, with the status comments others wrote. */
const ok = (foreign: StatusLookup["foreign"] = []): StatusLookup => ({
  kind: "ok",
  comment: issueComment(3, STATUS, user(BOT, "Bot")),
  state: stateAt("awaiting_approval"),
  foreign,
});

describe("reportStatusTrouble: each trouble said once", () => {
  it("no trouble: nothing posted, nothing read", async () => {
    const { fake, gh } = loginIssue();
    expect(await reportStatusTrouble(gh, 42, reading({ status: ok([]) }))).toEqual({});
    expect(fake.requests).toEqual([]);
  });

  it("each status comment someone else wrote is pointed out once, its author named", async () => {
    const { fake, gh } = loginIssue();
    const byBob = issueComment(5, STATUS, user("bob"));
    const byNobody = issueComment(6, STATUS, null);
    const r = reading({ status: ok([byBob, byNobody]) });
    expect(await reportStatusTrouble(gh, 42, r)).toEqual({});
    expect(await reportStatusTrouble(gh, 42, r)).toEqual({});
    expect(posted(fake)).toEqual([
      expect.stringContaining(
        `[a comment](${byBob.html_url}) that looks like Ralph's status but was written by @bob:`,
      ),
      expect.stringContaining(
        `[a comment](${byNobody.html_url}) that looks like Ralph's status but was written by @unknown:`,
      ),
    ]);
  });

  it("a broken own status comment stops everything, said once for each such comment", async () => {
    const { fake, gh } = loginIssue();
    const broken = (id: number): StatusLookup => ({
      kind: "broken",
      comment: issueComment(id, STATUS, user(BOT, "Bot")),
      error: "the state block is not JSON",
      foreign: [],
    });
    const comments = { list: [], from: 0 };
    for (const status of [broken(7), broken(7), broken(9)]) {
      expect(await reportStatusTrouble(gh, 42, reading({ status, comments }))).toEqual({
        done: report("broken_state"),
      });
    }
    expect(posted(fake)).toEqual(
      [7, 9].map((id) =>
        expect.stringContaining(
          `**Ralph can't read its state** in [its status comment](${issueComment(id, "", null).html_url}): the state block is not JSON.`,
        ),
      ),
    );
  });

  it("a read cut at its bound is told before anything else", async () => {
    const { fake, gh } = loginIssue();
    expect(await reportStatusTrouble(gh, 42, reading({ cutAt: 500 }))).toEqual({});
    expect(posted(fake)).toEqual([expect.stringContaining("did not find it")]);
  });
});

describe("reportCut: a read stopped at MAX_HISTORY_PAGES, said once per place", () => {
  it.each<[string, StatusLookup["kind"], string]>([
    [
      "no status comment found",
      "none",
      "**Ralph looked for its status comment among the newest 30,000 comments of this issue and did not find it**",
    ],
    [
      "a status comment found",
      "ok",
      "**Ralph read only the newest 30,000 comments it had not read yet** on this issue",
    ],
  ])("%s", async (_name, kind, said) => {
    const { fake, gh } = loginIssue();
    const status = kind === "none" ? reading().status : ok();
    const comments = { list: [], from: 0 };
    for (const cutAt of [500, 500, 800]) await reportCut(gh, 42, cutAt, status, comments);
    expect(posted(fake)).toEqual([expect.stringContaining(said), expect.stringContaining(said)]);
  });
});

describe("startingState: the saved state", () => {
  const loaded = stateAt("awaiting_approval", {
    watermark: { commentId: 120, reviewId: 0, commentFloor: 100, comments: [110, 120] },
  });

  it("read whole: the saved state as it is, the read's issue, nothing read", async () => {
    const { fake, gh } = loginIssue();
    const r = reading({ loaded });
    expect(
      await startingState({ gh, issue: 42, signal: { kind: "touch" } }, 42, config, r),
    ).toEqual({ issue: LOGIN_INFO, initial: loaded });
    expect(fake.requests).toEqual([]);
  });

  it("cut at comment 500: everything below it counts as read", async () => {
    const { gh } = loginIssue();
    const r = reading({ loaded, cutAt: 500 });
    const step = await startingState({ gh, issue: 42, signal: { kind: "touch" } }, 42, config, r);
    expect(step).toEqual({
      issue: LOGIN_INFO,
      initial: {
        ...loaded,
        watermark: { commentId: 499, reviewId: 0, commentFloor: 499, comments: [] },
      },
    });
  });

  it("a read that could not tell the issue: fetched (one request)", async () => {
    const { fake, gh } = loginIssue();
    const r = reading({ loaded, issue: null });
    const step = await startingState({ gh, issue: 42, signal: { kind: "touch" } }, 42, config, r);
    expect(step).toMatchObject({ issue: { ...LOGIN_INFO, labels: [] }, initial: loaded });
    expect(fake.requests.map((q) => q.path)).toEqual([`/repos/${OWNER}/${REPO}/issues/42`]);
  });

  it("the caller's issue wins over the read's, nothing read", async () => {
    const { fake, gh } = loginIssue();
    const given = { ...LOGIN_INFO, title: "Given" };
    const r = reading({ loaded, issue: null });
    const step = await startingState(
      { gh, issue: given, signal: { kind: "touch" } },
      42,
      config,
      r,
    );
    expect(step).toEqual({ issue: given, initial: loaded });
    expect(fake.requests).toEqual([]);
  });
});

describe("startingState: a fresh state starts reading after what was said before", () => {
  it.each<[string, number[], number[], number]>([
    ["no input: everything listed is history", [10, 20], [], 20],
    ["the first input: what is older is history", [10, 15, 20], [15], 14],
    ["nothing listed", [], [], 0],
  ])("%s", async (_name, listed, inputs, floor) => {
    const { gh } = loginIssue();
    const list = listed.map((id) => issueComment(id, "Hi.", user("bob")));
    const items = inputs.map((id) => ({ id }) as IssueReading["items"][number]);
    const r = reading({ comments: { list, from: 0 }, items });
    const step = await startingState({ gh, issue: 42, signal: { kind: "touch" } }, 42, config, r);
    const fresh = initialState(42, "issue");
    expect(step).toEqual({
      issue: LOGIN_INFO,
      initial: { ...fresh, watermark: { ...fresh.watermark, commentFloor: floor, comments: [] } },
    });
  });
});

describe("startingState: a pull request Ralph does not start on gets its answer once", () => {
  const PR = { ...LOGIN_INFO, number: 50, isPullRequest: true };
  const specFile = `${homePaths(config.ralph_home).specsDir}/login.md`;
  const sameRepoPull = (fake: FakeGitHub) =>
    fake.addPull({ number: 50, title: "Specs", head: { ref: "specs" }, user: user("alice") });

  it.each<[string, (fake: FakeGitHub) => void, string]>([
    ["Ralph's own PR", (f) => addRalphPull(f, 50, 12), ralphPrMessage(12)],
    [
      "a fork's PR",
      (f) =>
        f.addPull({ number: 50, title: "x", head: { ref: "x", repo: { full_name: "eve/fork" } } }),
      FORK_REFUSAL,
    ],
    ["a PR that changes no spec", sameRepoPull, notSpecPrMessage(config)],
  ])("%s: refused, told once", async (_name, seed, said) => {
    const { fake, gh } = withFake();
    seed(fake);
    const r = reading({ issue: PR });
    for (const _ of [1, 2]) {
      expect(
        await startingState({ gh, issue: 50, signal: { kind: "touch" } }, 50, config, r),
      ).toEqual({ done: report("refused") });
    }
    expect(posted(fake, 50)).toEqual([expect.stringContaining(said)]);
  });

  it("a spec PR: a fresh spec_pr state, nothing posted", async () => {
    const { fake, gh } = withFake();
    sameRepoPull(fake);
    fake.pullFiles.set(50, [{ filename: specFile, status: "added" }]);
    const r = reading({ issue: PR });
    const step = await startingState({ gh, issue: 50, signal: { kind: "touch" } }, 50, config, r);
    expect(step).toMatchObject({ issue: PR, initial: { kind: "spec_pr", issue: 50 } });
    expect(posted(fake, 50)).toEqual([]);
  });
});
