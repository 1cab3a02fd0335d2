import type { PullPayload } from "../../src/reconcile/issue-info.js";
import { OWNER, REPO } from "../fixtures/webhooks/index.js";
import type { FakeGitHub } from "../support/fake-github/index.js";
import { BOT } from "../support/fake-github/index.js";
import type { FakePullSeed } from "../support/fake-github/model.js";

/** The head commit of the pull requests `pullPayload` builds. */
export const SHA = "a".repeat(40);

/**
 * Ralph's pull request `pr` for `issue` on the fake GitHub: on its branch (`ralph/<issue>-x`),
 * saying `Closes #<issue>`, opened by Ralph's bot; `extra` changes any of it (the head merged in).
 */
export function addRalphPull(
  fake: FakeGitHub,
  pr: number,
  issue: number,
  extra: Partial<Omit<FakePullSeed, "head">> & { head?: Partial<FakePullSeed["head"]> } = {},
) {
  const { head, ...rest } = extra;
  return fake.addPull({
    number: pr,
    title: `#${issue}`,
    body: `Closes #${issue}`,
    ...rest,
    head: { ref: `ralph/${issue}-x`, ...head },
  });
}

/** Ralph's pull request #40 for #12 as a webhook payload carries it (closed); `partial` changes it. */
export function pullPayload(partial: Partial<PullPayload> = {}): PullPayload {
  return {
    number: 40,
    node_id: "PR_40",
    html_url: `https://github.com/${OWNER}/${REPO}/pull/40`,
    draft: false,
    state: "closed",
    title: "Login",
    body: "Adds login.\n\nCloses #12",
    head: { ref: "ralph/12-login", sha: SHA, repo: { full_name: `${OWNER}/${REPO}` } },
    base: { ref: "main", repo: { full_name: `${OWNER}/${REPO}` } },
    user: { login: BOT, type: "Bot" },
    ...partial,
  };
}
