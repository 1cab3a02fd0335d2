import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/core/redact-secrets.js";

describe("redactSecrets", () => {
  it.each([
    [
      "a given secret, every occurrence",
      "key=hunter22 again hunter22",
      ["hunter22"],
      "key=*** again ***",
    ],
    ["short secrets are ignored (too many false hits)", "abc is fine", ["abc", ""], "abc is fine"],
    ["longest secret first", "tok=abcdef123", ["abcd", "abcdef123"], "tok=***"],
    [
      "each line of a multi-line secret",
      "line two: BBBBBBBB",
      ["AAAAAAAA\nBBBBBBBB"],
      "line two: ***",
    ],
    ["classic PAT", `ghp_${"A1".repeat(18)} ok`, [], "*** ok"],
    ["OAuth and installation tokens", `gho_${"b".repeat(36)} ghs_${"C".repeat(36)}`, [], "*** ***"],
    ["fine-grained PAT", `github_pat_11ABCDEFG0${"x".repeat(60)}`, [], "***"],
    [
      "Anthropic key",
      "ANTHROPIC_API_KEY=sk-ant-api03-abcDEF123_-xyz789XYZ",
      [],
      "ANTHROPIC_API_KEY=***",
    ],
    [
      "an Anthropic key the OpenAI shape would miss (no digit)",
      "key sk-ant-abcdefghijklmnop.",
      [],
      "key ***.",
    ],
    ["OpenAI key", "sk-proj-a1b2c3d4e5f6g7h8i9j0klmnop", [], "***"],
    [
      "kebab-case words are not keys",
      "sk-learn-style-identifier-name-here",
      [],
      "sk-learn-style-identifier-name-here",
    ],
    [
      "not the short or blank lines of a multi-line secret",
      "xy is fine",
      ["ABCDEFGH\nxy\n\nIJKLMNOP"],
      "xy is fine",
    ],
    ["not a short secret with a blank put inside", "ab cd is fine", ["abcd"], "ab cd is fine"],
    ["regex characters in a secret", "p=a.b*c+d", ["a.b*c+d"], "p=***"],
    [
      "a secret with blanks and line breaks put inside, each time",
      "key: abcd efgh\n ijkl, again abcdef ghijkl.",
      ["abcdefghijkl"],
      "key: ***, again ***.",
    ],
    [
      "a wrapped secret holding another",
      "key: abcd efgh ijkl.",
      ["abcdefghijkl", "defghijk"],
      "key: ***.",
    ],
    [
      "a shorter wrapped secret before a longer one",
      "x defg hijk y abcd efgh ijkl z",
      ["abcdefghijkl", "defghijk"],
      "x *** y *** z",
    ],
    ["overlapping hits of a wrapped secret, as one", "x ab abab abab y", ["abababab"], "x *** y"],
    ["a secret with a blank, printed without it", "xAAAABBBBx", ["AAAA BBBB"], "x***x"],
  ] as [string, string, string[], string][])("redacts %s", (_name, text, secrets, expected) => {
    expect(redactSecrets(text, secrets)).toBe(expected);
  });

  it("a list changed in place is redacted with the secrets it holds now", () => {
    const secrets = ["hunter22"];
    expect(redactSecrets("hunter22 swordfish", secrets)).toBe("*** swordfish");
    secrets.push("swordfish");
    expect(redactSecrets("hunter22 swordfish", secrets)).toBe("*** ***");
  });

  it("tells apart lists whose secrets join to the same text", () => {
    expect(redactSecrets("abcdefgh", ["abcd", "efgh"])).toBe("******");
    expect(redactSecrets("abcdefgh", ["abcd\u0000efgh"])).toBe("abcdefgh");
    expect(redactSecrets("abcdefgh", ["abcd", "efgh"])).toBe("******");
  });

  it("never leaves a secret in the output (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 4, maxLength: 12 }),
        fc.string({ maxLength: 40 }),
        (secret, noise) => {
          const out = redactSecrets(`${noise}${secret}${noise}${secret}`, [secret]);
          expect(out).not.toContain(secret);
        },
      ),
      { numRuns: 300 },
    );
  });
});
