/**
 * What reconcile knows about an issue or a pull request (src/reconcile/issue-info.ts): the issue
 * as REST (or a webhook) spells it turned into `IssueInfo`, its goal text, whose Ralph PR a pull
 * request is, which changed files are specs, and how a pull request is classified (DESIGN §2.2).
 * The App's tests only meet the common shapes; these cases pin each edge (no author, no body, a
 * label without a name, a removed spec, a plan file) and the reads each answer costs on the fake.
 */
import { afterEach, describe, expect, it } from "vitest";
import { defaultConfig } from "../../src/core/config.js";
import {
  classifyPullRequest,
  fetchIssueInfo,
  isSpecFile,
  issueGoal,
  notSpecPrMessage,
  pullAsIssue,
  ralphPullOwner,
  toIssueInfo,
} from "../../src/reconcile/issue-info.js";
import { OWNER, REPO } from "../fixtures/webhooks/index.js";
import { cleanNock, plainContext, withFake } from "../github/helpers.js";
import { BOT, user } from "../support/fake-github/index.js";
import { addRalphPull, pullPayload } from "./ralph-pulls.js";

afterEach(cleanNock);

const CONFIG = { ralph_home: defaultConfig().ralph_home, branch_prefix: "ralph/" };
const PULLS = `/repos/${OWNER}/${REPO}/pulls`;

describe("toIssueInfo: the issue as reconcile reads it", () => {
  const base = { number: 7, title: "Login" };
  it.each([
    [
      "an author, a body, string and named labels",
      { ...base, body: "Add it.", user: { login: "alice" }, labels: ["ralph", { name: "bug" }] },
      { author: "alice", body: "Add it.", isPullRequest: false, labels: ["ralph", "bug"] },
    ],
    [
      "a deleted author (null), a null body, no labels",
      { ...base, body: null, user: null },
      { author: null, body: "", isPullRequest: false, labels: [] },
    ],
    [
      "no author, no body fields at all",
      { ...base },
      { author: null, body: "", isPullRequest: false, labels: [] },
    ],
    [
      "labels without a name, and an empty one, are left out",
      { ...base, labels: [{}, "", { name: "" }, { name: "ralph" }] },
      { author: null, body: "", isPullRequest: false, labels: ["ralph"] },
    ],
    [
      "a pull request's conversation",
      { ...base, pull_request: { url: "x" } },
      { author: null, body: "", isPullRequest: true, labels: [] },
    ],
    [
      "pull_request: null is an issue",
      { ...base, pull_request: null },
      { author: null, body: "", isPullRequest: false, labels: [] },
    ],
  ])("%s", (_name, raw, want) => {
    expect(toIssueInfo(raw)).toStrictEqual({ number: 7, title: "Login", ...want });
  });

  it("a pull request payload (no pull_request field) is a pull request conversation", () => {
    const payload = { ...pullPayload({ body: null }), labels: [{ name: "ralph" }, {}] };
    expect(pullAsIssue(payload)).toStrictEqual({
      number: 40,
      author: BOT,
      title: "Login",
      body: "",
      isPullRequest: true,
      labels: ["ralph"],
    });
  });

  it("fetchIssueInfo reads the issue once, its label objects as names", async () => {
    const { fake, gh } = withFake();
    fake.addIssue({ number: 7, title: "Login", user: user("alice"), labels: ["ralph", "bug"] });
    expect(await fetchIssueInfo(gh, 7)).toStrictEqual({
      number: 7,
      author: "alice",
      title: "Login",
      body: "",
      isPullRequest: false,
      labels: ["ralph", "bug"],
    });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /repos/${OWNER}/${REPO}/issues/7`,
    ]);
  });
});

describe("issueGoal: title and body as one planning goal", () => {
  it.each([
    ["Login", "Users sign in.", "Login\n\nUsers sign in."],
    ["Login", "", "Login"],
    ["  Login", "Users sign in.\n\n", "Login\n\nUsers sign in."],
  ])("%j + %j", (title, body, want) => {
    const issue = { number: 7, author: null, title, body, isPullRequest: false, labels: [] };
    expect(issueGoal(issue)).toBe(want);
  });
});

describe("ralphPullOwner: Ralph's PR is on its branch, closes the issue, and is Ralph's", () => {
  const tokenUser = { ...plainContext(), botLogin: "ralph-token" };
  it.each([
    ["opened by the App's bot", plainContext(), pullPayload(), 12],
    ["opened by another bot", plainContext(), pullPayload({ user: user("renovate", "Bot") }), 12],
    [
      "opened by the Action's token user (a plain login)",
      tokenUser,
      pullPayload({ user: user("ralph-token") }),
      12,
    ],
    ["opened by a human", tokenUser, pullPayload({ user: user("alice") }), null],
    ["by the bot, another branch", plainContext(), pullPayload({ head: feature() }), null],
  ])("%s → %s", (_name, gh, pull, want) => {
    expect(ralphPullOwner(gh, pull, CONFIG)).toBe(want);
  });
});

function feature() {
  return { ref: "feature/login", sha: "a".repeat(40), repo: { full_name: `${OWNER}/${REPO}` } };
}

describe("isSpecFile: a spec under <ralph_home>/specs/, not Ralph's own files there", () => {
  it.each([
    [".ralph/specs/login.md", true],
    [".ralph/specs/auth/login.md", true],
    [".ralph/specs/login.txt", false],
    [".ralph/specs-old/login.md", false],
    ["docs/login.md", false],
    ["login.md", false],
    [".ralph/specs/plans/login.md", false],
    [".ralph/specs/done/login.md", false],
    [".ralph/specs/candidates/login.md", false],
    [".ralph/specs/sessions/login.md", false],
    [".ralph/specs/planning/login.md", true],
  ])("%s → %s", (filename, want) => {
    expect(isSpecFile(CONFIG, filename)).toBe(want);
  });

  it("follows ralph_home", () => {
    expect(isSpecFile({ ralph_home: "docs/ralph" }, "docs/ralph/specs/login.md")).toBe(true);
    expect(isSpecFile({ ralph_home: "docs/ralph" }, ".ralph/specs/login.md")).toBe(false);
  });
});

describe("classifyPullRequest (DESIGN §2.2)", () => {
  const spec = (status: string) => ({ filename: ".ralph/specs/login.md", status });
  const readme = { filename: "README.md", status: "modified" };
  it.each([
    ["adds a spec", [spec("added")], "spec"],
    ["changes a spec", [spec("modified")], "spec"],
    ["a spec among other files", [readme, spec("added")], "spec"],
    ["only removes a spec", [spec("removed")], "other"],
    ["removes a spec, changes the README", [spec("removed"), readme], "other"],
    ["changes only the README", [readme], "other"],
    ["changes nothing", [], "other"],
  ])("a same-repo PR that %s: %s", async (_name, files, kind) => {
    const { fake, gh } = withFake();
    fake.addPull({
      number: 40,
      title: "Login",
      head: { ref: "feature/login" },
      user: user("alice"),
    });
    fake.pullFiles.set(40, files);
    expect(await classifyPullRequest(gh, 40, CONFIG)).toStrictEqual({ kind });
    expect(fake.requests.map((r) => r.path)).toEqual([`${PULLS}/40`, `${PULLS}/40/files`]);
  });

  it.each([
    ["a fork's PR, whatever it holds", { head: { repo: { full_name: "mallory/fork" } } }, "fork"],
    ["Ralph's own PR, though its branch holds the spec", {}, "ralph"],
  ])("%s: no file is read", async (_name, extra, kind) => {
    const { fake, gh } = withFake();
    addRalphPull(fake, 40, 12, extra);
    fake.pullFiles.set(40, [spec("added")]);
    const want = kind === "ralph" ? { kind, issue: 12 } : { kind };
    expect(await classifyPullRequest(gh, 40, CONFIG)).toStrictEqual(want);
    expect(fake.requests.map((r) => r.path)).toEqual([`${PULLS}/40`]);
  });
});

describe("notSpecPrMessage", () => {
  it("says where spec files go for this ralph_home", () => {
    const text = notSpecPrMessage({ ralph_home: "docs/ralph" });
    expect(text).toContain("spec files under `docs/ralph/specs/`");
    expect(text).toContain("changes no spec file");
  });
});
