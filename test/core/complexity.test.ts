import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assessComplexity, SIGNAL_GROUPS } from "../../src/core/complexity.js";

describe("assessComplexity (seed 002)", () => {
  // The seed's own examples of simple and complex tasks.
  it.each([
    "fix typo in README",
    "Fixing a typo in documentation or code",
    "Renaming a variable or function",
    "Updating a configuration value",
    "Fixing a lint warning or formatting issue",
  ])("classifies %j as simple", (task) => {
    expect(assessComplexity(task).level).toBe("simple");
  });

  it.each([
    ["implement OAuth2 login", ["new-feature: implement", "security: oauth2, login"]],
    ["Build a REST API for user management", ["new-feature: build", "integration: api"]],
    [
      "Implementing user authentication/authorization with JWT tokens",
      ["security: authentication, authorization, tokens, jwt"],
    ],
    [
      "Refactor the billing module and migrate it to the new Stripe API",
      ["new-feature: new", "integration: api", "architecture: refactor, migrate"],
    ],
    [
      "Add real-time updates over WebSockets to src/feed.ts and src/server.ts",
      ["multi-file: 2 files named", "technology: websockets"],
    ],
  ])("classifies %j as complex with its signals", (task, signals) => {
    const r = assessComplexity(task);
    expect(r.signals).toEqual(signals);
    expect(r.level).toBe(signals.length >= 2 ? "complex" : "simple");
  });

  it("needs two signal groups, not two words of one group", () => {
    const r = assessComplexity("auth token encryption permissions");
    expect(r.level).toBe("simple");
    expect(r.signals).toEqual(["security: auth, permissions, encryption, token"]);
  });

  it("matches whole words only, case-insensitively", () => {
    expect(assessComplexity("renew the newsletter; rebuild; authorship").signals).toEqual([]);
    expect(assessComplexity("NEW Third Party integration").signals).toEqual([
      "new-feature: new",
      "integration: integration, third-party",
    ]);
  });

  // Only the patterns whose first word the text holds are tested (a CPU saving): a text the
  // case-insensitive Unicode match accepts must pass that check too (the long s matches `s`, the
  // Kelvin sign `k`).
  it("the long s and the Kelvin sign still match as `s` and `k`", () => {
    expect(assessComplexity("Reset the paſsword of every \u212Aubernetes user").signals).toEqual([
      "technology: kubernetes",
      "security: password",
    ]);
  });

  // Issue 18: a bug fix that quotes code was rated a new feature for `Object.create(null)`.
  it.each([
    [
      "equal() throws on dictionaries made with `Object.create(null)`: `foo.hasOwnProperty is not a function`",
      [],
    ],
    ["Fix the crash when Object.create(null) objects are compared", []],
    ["api.connect() times out; client.token is undefined; see $token and #auth", []],
    ["Fix the check:\n\n```js\nconst user = new User(await createSession(token));\n```\n", []],
    ["Repair new_user and createUser after the last change", []],
    // Prose around code still counts.
    ["Create a new endpoint; `Object.create(null)` for its cache", ["new-feature: new, create"]],
    ["We need to create. Then `x.y()` runs", ["new-feature: create"]],
    [
      "Add OAuth (login) to the external API",
      ["integration: api, external", "security: oauth, login"],
    ],
  ])("code spans, blocks and identifiers are not task words: %j", (task, signals) => {
    expect(assessComplexity(task).signals).toEqual(signals);
  });

  // Only a fence at the start of a line (up to 3 spaces in) opens a block, only one of 3 or more
  // backticks or tildes; only such a fence at a line's start closes it, trailing spaces allowed.
  it.each([
    ["a ``` inside a line opens no block", "Fix it: ```x``` now\nimplement the API"],
    ["nor one backtick at a line's start", "`x` fails\nimplement the API"],
    ["nor one tilde", "~ 3 retries\nimplement the API"],
    ["a closing fence without indentation", "```\nconst a = 1;\n```\nimplement the API"],
    ["a closing fence followed by spaces", "~~~\nconst a = 1;\n~~~  \nimplement the API"],
    [
      "a ``` inside a block's line does not close it",
      "```\nlet s = ``` x\ny\n```\nimplement the API",
    ],
  ])("the words after code count: %s", (_name, task) => {
    expect(assessComplexity(task).signals).toEqual(["new-feature: implement", "integration: api"]);
  });

  it.each([
    // The span is ``x``: `is new` is prose, not a span between its last backtick and the next.
    ["a span of two backticks", "``x`` is new `y`", ["new-feature: new"]],
    ["a span of more than one character", "Rename the `api` variable", []],
    [
      "a span between two words, which stay two",
      "create`x`api",
      ["new-feature: create", "integration: api"],
    ],
  ])("inline code: %s", (_name, task, signals) => {
    expect(assessComplexity(task).signals).toEqual(signals);
  });

  it("a file named inside a code span still counts as a file", () => {
    expect(assessComplexity("touches `src/a.ts` and `src/b.ts`").signals).toEqual([
      "multi-file: 2 files named",
    ]);
  });

  it("does not count known technology as unfamiliar", () => {
    expect(assessComplexity("cache sessions in Redis").signals).toEqual(["technology: redis"]);
    expect(assessComplexity("cache sessions in Redis", ["redis"]).signals).toEqual([]);
    // Known only counts for the technology group: a known `jwt` package is still security.
    expect(assessComplexity("sign in with a jwt", ["jwt"]).signals).toEqual(["security: jwt"]);
  });

  it("every group keyword fires its own group", () => {
    for (const group of SIGNAL_GROUPS) {
      for (const k of group.keywords) {
        expect(assessComplexity(`please ${k.toUpperCase()} now`).signals.join("|")).toContain(
          `${group.name}: `,
        );
      }
    }
  });

  it("never throws and is complex exactly when 2+ groups fire", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (s) => {
        const r = assessComplexity(s);
        expect(r.level).toBe(r.signals.length >= 2 ? "complex" : "simple");
      }),
    );
  });
});
