import { Octokit } from "@octokit/rest";
import nock from "nock";
import { resetDefaultBranchCache } from "../../src/github/actions.js";
import { type GitHubContext, silentLogger } from "../../src/github/client.js";
import { resetLabelCache } from "../../src/github/labels.js";
import { BOT, FakeGitHub } from "../app/fake-github.js";
import { OWNER, REPO } from "../fixtures/webhooks/index.js";

/** A plain Octokit (no retry, no throttling) against the API nock intercepts. */
export function plainContext(secrets?: string[]): GitHubContext {
  return {
    client: new Octokit({ auth: "ghs_test", log: silentLogger }),
    owner: OWNER,
    repo: REPO,
    botLogin: BOT,
    log: silentLogger,
    ...(secrets === undefined ? {} : { secrets }),
  };
}

export function withFake(): { fake: FakeGitHub; gh: GitHubContext } {
  nock.disableNetConnect();
  resetLabelCache();
  resetDefaultBranchCache();
  const fake = new FakeGitHub();
  fake.install();
  return { fake, gh: plainContext() };
}

export function cleanNock(): void {
  nock.cleanAll();
  nock.enableNetConnect();
}
