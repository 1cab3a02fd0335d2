import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/github/client.js";
import { createOctokit, shouldRetryRateLimit } from "../../src/github/octokit.js";

afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

describe("createOctokit (the Action's client)", () => {
  it("honours retry-after on a secondary rate limit, then succeeds; GHES base URL", async () => {
    nock.disableNetConnect();
    const scope = nock("https://ghe.example.com/api/v3")
      .get("/repos/o/r/issues/1")
      .reply(403, { message: "You have exceeded a secondary rate limit." }, { "retry-after": "1" })
      .get("/repos/o/r/issues/1")
      .reply(200, { number: 1 });
    const warnings: string[] = [];
    const octokit = createOctokit({
      auth: "ghs_x",
      baseUrl: "https://ghe.example.com/api/v3/",
      log: { ...silentLogger, warn: (m) => warnings.push(m) },
    });
    const res = await octokit.request("GET /repos/{owner}/{repo}/issues/{issue_number}", {
      owner: "o",
      repo: "r",
      issue_number: 1,
    });
    expect(res.data).toEqual({ number: 1 });
    expect(scope.isDone()).toBe(true);
    expect(warnings.join("\n")).toMatch(/Secondary rate limit .* retry in 1s/);
  });

  it.each([
    [1, 0, 2, true],
    [1, 2, 2, false],
    [60 * 60, 0, 2, false],
  ] as const)("retry after %ss, attempt %s of %s → %s", (after, count, max, expected) => {
    expect(shouldRetryRateLimit(after, count, max)).toBe(expected);
  });
});
