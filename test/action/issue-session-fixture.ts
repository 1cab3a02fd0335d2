import { createActionClient } from "../../src/action/github-client.js";
import { newRunRecord } from "../../src/action/report.js";
import type { IssueSession } from "../../src/action/session.js";
import { defaultConfig } from "../../src/core/config.js";
import { resetDefaultBranchCache } from "../../src/github/actions.js";
import { silentLogger } from "../../src/github/client.js";
import { resetLabelCache } from "../../src/github/labels.js";
import { FakeGitHub, OWNER, REPO, user } from "../support/fake-github/index.js";

export const SESSION_ISSUE = 3;
export const SESSION_HUMAN = "octocat";

/**
 * A started fake GitHub holding one issue by a write user, and an in-process IssueSession on it,
 * for tests that drive src/action's loop without spawning the bundled action.
 */
export async function startIssueSession(
  overrides: Partial<IssueSession> = {},
): Promise<{ fake: FakeGitHub; session: IssueSession }> {
  resetLabelCache();
  resetDefaultBranchCache();
  const fake = new FakeGitHub();
  await fake.listen();
  fake.addIssue({
    number: SESSION_ISSUE,
    title: "Tiny change",
    body: "Do it",
    user: user(SESSION_HUMAN),
  });
  fake.grant(SESSION_HUMAN, "write");
  const client = createActionClient({
    token: "t",
    apiUrl: fake.url,
    log: silentLogger,
    env: { RALPH_GITHUB_THROTTLE: "off" },
  });
  const session: IssueSession = {
    gh: { client, owner: OWNER, repo: REPO, botLogin: fake.botLogin, log: silentLogger },
    config: defaultConfig(),
    issue: {
      number: SESSION_ISSUE,
      author: SESSION_HUMAN,
      title: "Tiny change",
      body: "Do it",
      isPullRequest: false,
      labels: [],
    },
    repoUrl: `https://github.com/${OWNER}/${REPO}`,
    runUrl: "https://github.com/o/r/actions/runs/9",
    clock: { now: () => new Date(1_000), sleep: async () => {} },
    deadline: 2_000,
    backoff: { baseMs: 1_000, maxMs: 60_000 },
    log: silentLogger,
    record: newRunRecord("workflow_dispatch"),
    commitFiles: async () => {},
    reconcileCommitFiles: async () => {},
    prdSource: async () => {
      throw new Error("no PRD in these tests");
    },
    ...overrides,
  };
  return { fake, session };
}
