import { describe, expect, it } from "vitest";
import { blobUrl, prdFileUrl, webUrlFromApiUrl } from "../../src/core/links.js";

describe("blobUrl: a file on a branch, on the repository's web server (issue 10)", () => {
  it.each([
    [
      "plain",
      "https://github.com/o/r",
      "main",
      "a/b.md",
      "https://github.com/o/r/blob/main/a/b.md",
    ],
    [
      "trailing slashes of the address are dropped, however many",
      "https://ghe.example.com/o/r//",
      "main",
      "x.md",
      "https://ghe.example.com/o/r/blob/main/x.md",
    ],
    [
      "each segment is escaped, the slashes between them kept",
      "https://github.com/o/r",
      "ralph/7-a b",
      ".ralph/specs/plans/x#1?.md",
      "https://github.com/o/r/blob/ralph/7-a%20b/.ralph/specs/plans/x%231%3F.md",
    ],
    [
      "empty segments (leading, doubled, trailing slashes) are dropped",
      "https://github.com/o/r",
      "/ralph//7/",
      "/specs//a.md/",
      "https://github.com/o/r/blob/ralph/7/specs/a.md",
    ],
  ])("%s", (_name, repo, branch, path, expected) => {
    expect(blobUrl(repo, branch, path)).toBe(expected);
  });
});

describe("webUrlFromApiUrl: the web server of a REST API address", () => {
  it.each([
    ["https://api.github.com", "https://github.com"],
    ["https://api.github.com//", "https://github.com"],
    ["HTTPS://API.GitHub.com", "https://github.com"],
    ["https://ghe.example.com/api/v3", "https://ghe.example.com"],
    ["https://ghe.example.com/api/v3//", "https://ghe.example.com"],
    ["https://ghe.example.com/API/V3", "https://ghe.example.com"],
    // Anything else is its own server, even when api.github.com or /api/v3 is part of it.
    ["https://ghe.example.com//", "https://ghe.example.com"],
    ["https://api.github.com.example.net", "https://api.github.com.example.net"],
    [
      "https://gateway.example.net/https://api.github.com",
      "https://gateway.example.net/https://api.github.com",
    ],
    ["https://ghe.example.com/api/v3/extra", "https://ghe.example.com/api/v3/extra"],
  ])("%s → %s", (api, web) => {
    expect(webUrlFromApiUrl(api)).toBe(web);
  });
});

describe("prdFileUrl: the PRD file the status comment links when its story list is cut", () => {
  const repo = "https://github.com/o/r";

  it("is the spec's PRD on Ralph's branch, under the configured home", () => {
    expect(prdFileUrl(repo, ".ralph", { branch: "ralph/7-auth", specId: "auth" })).toBe(
      "https://github.com/o/r/blob/ralph/7-auth/.ralph/specs/plans/auth.prd.json",
    );
  });

  it.each([
    ["no branch yet", { branch: null, specId: "auth" }],
    ["no spec yet", { branch: "ralph/7-auth", specId: null }],
    ["neither", { branch: null, specId: null }],
    // A spec id that is no valid spec path has no PRD file to link (specPaths refuses it).
    ["a spec id that escapes specs/", { branch: "ralph/7-auth", specId: "../auth" }],
  ])("is null with %s", (_name, state) => {
    expect(prdFileUrl(repo, ".ralph", state)).toBeNull();
  });
});
