/**
 * The edges of prompt sanitizing and redaction (DESIGN §7.3, §7.6), one case per rule a reader's
 * view or a secret depends on: each case fails when its rule is broken (mutation testing found
 * them unchecked). The cases are data, in test/fixtures/sanitize-edges.json: `[name, input,
 * expected]`, the expected text left out when the input must come out unchanged, and for
 * redactSecrets `[name, text, secrets, expected]`.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/core/redact-secrets.js";
import { fenceAsData, neutralizeVerdictLines, sanitizeUntrusted } from "../../src/core/sanitize.js";

type TextCase = [name: string, input: string, expected?: string];
type SecretCase = [name: string, text: string, secrets: string[], expected: string];
type Group =
  | {
      fn: "sanitizeUntrusted" | "neutralizeVerdictLines" | "fenceLabel";
      group: string;
      cases: TextCase[];
    }
  | { fn: "redactSecrets"; group: string; cases: SecretCase[] };

const GROUPS = JSON.parse(
  readFileSync(new URL("../fixtures/sanitize-edges.json", import.meta.url), "utf8"),
) as Group[];

const TEXT_FUNCTIONS = {
  sanitizeUntrusted,
  neutralizeVerdictLines,
  /** The label line of a data block. */
  fenceLabel: (label: string) =>
    fenceAsData(label, "t")
      .split("\n")[1]
      ?.replace(/^BEGIN /, ""),
};

for (const g of GROUPS) {
  describe(`${g.fn}: ${g.group}`, () => {
    if (g.fn === "redactSecrets") {
      it.each(g.cases)("%s", (_name, text, secrets, expected) => {
        expect(redactSecrets(text, secrets)).toBe(expected);
      });
    } else {
      it.each(g.cases)("%s", (_name, input, expected = input) => {
        expect(TEXT_FUNCTIONS[g.fn](input)).toBe(expected);
      });
    }
  });
}

it("every group of the fixture ran a case", () => {
  expect(GROUPS.map((g) => g.cases.length).every((n) => n > 0)).toBe(true);
  expect(GROUPS.reduce((n, g) => n + g.cases.length, 0)).toBe(73);
});
