/**
 * Events about a pull request after Ralph's opened (src/reconcile/pr-events.ts, DESIGN §2.3): its
 * close or reopen as the machine's event, whose conversation a closed PR is, and which issues a CI
 * event is about. The built Action and App suites send these events whole; these cases pin each
 * answer and its cost on the fake GitHub (an event about someone else's PR costs no call).
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  ciEventTargets,
  closedPullOwner,
  mayBeRalphPull,
  pullRequestEndEvent,
} from "../../src/reconcile/pr-events.js";
import { OWNER, REPO } from "../fixtures/webhooks/index.js";
import { cleanNock, plainContext, withFake } from "../github/helpers.js";
import { BOT, user } from "../support/fake-github/index.js";
import { addRalphPull, pullPayload as pull, SHA } from "./ralph-pulls.js";

afterEach(cleanNock);

const CONFIG = { branch_prefix: "ralph/" };
const OLD = "b".repeat(40);
const gh = plainContext();
const alice = user("alice");

describe("pullRequestEndEvent", () => {
  it.each([
    [
      { kind: "pr_closed", pr: 40, merged: true },
      { type: "pr_closed", pr: 40, merged: true },
    ],
    [
      { kind: "pr_closed", pr: 40, merged: false },
      { type: "pr_closed", pr: 40, merged: false },
    ],
    [
      { kind: "pr_reopened", pr: 40 },
      { type: "pr_reopened", pr: 40 },
    ],
    [{ kind: "touch" }, null],
    [{ kind: "ci", pr: 40, sha: SHA }, null],
  ] as const)("%j → %j", (signal, want) => {
    expect(pullRequestEndEvent(signal)).toEqual(want);
  });
});

describe("closedPullOwner: whose conversation a closed or reopened PR is", () => {
  it.each([
    ["Ralph's PR (a bot on Ralph's branch, Closes #12)", pull(), 12],
    ["Ralph's PR, as the Action's token user", pull({ user: { login: BOT, type: "User" } }), 12],
    ["a person's PR on Ralph's branch", pull({ user: alice }), null],
    [
      "a person's spec PR with a Ralph phase label",
      pull({ user: alice, labels: [{ name: "ralph:implementing" }] }),
      40,
    ],
    ["a PR with other labels", pull({ user: alice, labels: [{ name: "bug" }, {}] }), null],
  ])("%s → %s", (_name, payload, want) => {
    expect(closedPullOwner(gh, payload, CONFIG)).toBe(want);
  });
});

describe("mayBeRalphPull: judged without a call", () => {
  it.each([
    ["a bot's PR that closes an issue", pull(), true],
    ["Ralph's own login", pull({ user: { login: BOT, type: "User" } }), true],
    ["any case of Closes", pull({ body: "closes #3" }), true],
    [
      "another bot's PR that closes an issue",
      pull({ user: { login: "helper[bot]", type: "Bot" } }),
      true,
    ],
    ["a bot's PR that closes nothing", pull({ body: "Bumps deps" }), false],
    ["a bot's PR without a body", pull({ body: null }), false],
    ["a person's PR that closes an issue", pull({ user: alice }), false],
  ])("%s: %s", (_name, payload, want) => {
    expect(mayBeRalphPull(gh, payload)).toBe(want);
  });

  it("Ralph acting as a user (the Action with a personal token): its PR by login", () => {
    const asUser = { ...gh, botLogin: "ralph-user" };
    expect(mayBeRalphPull(asUser, pull({ user: { login: "ralph-user", type: "User" } }))).toBe(
      true,
    );
    expect(mayBeRalphPull(asUser, pull({ user: alice }))).toBe(false);
  });
});

describe("ciEventTargets: the issues whose Ralph PR a CI event is about", () => {
  const config = () => {
    let calls = 0;
    return {
      calls: () => calls,
      read: async () => {
        calls += 1;
        return CONFIG;
      },
    };
  };
  const ref = (number: number, ref: string, sha = SHA) => ({ number, head: { ref, sha } });

  it("nothing named: no call, not even the config", async () => {
    const { fake, gh } = withFake();
    const c = config();
    expect(await ciEventTargets(gh, { sha: SHA }, c.read)).toEqual([]);
    expect(c.calls()).toBe(0);
    expect(fake.requests).toEqual([]);
  });

  it("pull requests named by a check suite: Ralph's, at this head, still open, of this repository", async () => {
    const { fake, gh } = withFake();
    const at = (sha: string) => ({ head: { sha } });
    addRalphPull(fake, 40, 12, at(SHA));
    addRalphPull(fake, 41, 13, { ...at(SHA), state: "closed" });
    addRalphPull(fake, 42, 14, at(OLD));
    addRalphPull(fake, 43, 15, { head: { sha: SHA, repo: { full_name: "mallory/fork" } } });
    addRalphPull(fake, 44, 16, { ...at(SHA), user: alice });
    const c = config();
    const pulls = [
      ref(40, "ralph/12-x"),
      ref(41, "ralph/13-x"),
      // The payload's head is this commit, the PR has moved on since.
      ref(42, "ralph/14-x"),
      ref(43, "ralph/15-x"),
      ref(44, "ralph/16-x"),
      // Another head in the payload, and a branch not Ralph's: not even read.
      ref(45, "ralph/17-x", OLD),
      ref(46, "feature/x"),
    ];
    const targets = await ciEventTargets(gh, { sha: SHA, pulls }, c.read);
    expect(targets).toEqual([{ issue: 12, pr: 40, sha: SHA }]);
    const read = fake.requests.map((r) => r.path).sort();
    expect(read).toEqual([40, 41, 42, 43, 44].map((n) => `/repos/${OWNER}/${REPO}/pulls/${n}`));
  });

  it("branches named by a status: the open PRs of Ralph's branches at this head, at most five branches", async () => {
    const { fake, gh } = withFake();
    addRalphPull(fake, 40, 12, { head: { sha: SHA } });
    addRalphPull(fake, 47, 19, { head: { sha: OLD } });
    const branches = [
      "feature/x",
      "ralph/12-x",
      "ralph/19-x",
      "ralph/1",
      "ralph/2",
      "ralph/3",
      "ralph/4",
    ];
    const targets = await ciEventTargets(gh, { sha: SHA, branches }, config().read);
    expect(targets).toEqual([{ issue: 12, pr: 40, sha: SHA }]);
    const listed = fake.requests
      .filter((r) => r.path === `/repos/${OWNER}/${REPO}/pulls`)
      .map((r) => r.query.get("head"));
    const first5 = ["ralph/12-x", "ralph/19-x", "ralph/1", "ralph/2", "ralph/3"];
    expect(listed).toEqual(first5.map((b) => `${OWNER}:${b}`));
    expect(fake.requests.filter((r) => r.path.endsWith("/pulls/40"))).toHaveLength(1);
    // Its open PR is at another head: listed, not read.
    expect(fake.requests.filter((r) => r.path.endsWith("/pulls/47"))).toHaveLength(0);
  });

  it("a PR named both ways is read once", async () => {
    const { fake, gh } = withFake();
    addRalphPull(fake, 40, 12, { head: { sha: SHA } });
    const targets = await ciEventTargets(
      gh,
      { sha: SHA, pulls: [ref(40, "ralph/12-x")], branches: ["ralph/12-x"] },
      config().read,
    );
    expect(targets).toEqual([{ issue: 12, pr: 40, sha: SHA }]);
    expect(fake.requests.filter((r) => r.path.endsWith("/pulls/40"))).toHaveLength(1);
  });
});
