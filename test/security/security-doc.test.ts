/**
 * docs/security.md stays true: every test its table names exists, under that exact name, in the
 * file it names — a renamed or deleted test breaks the table, not silently the proof.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const doc = readFileSync(join(ROOT, "docs/security.md"), "utf8");

const rows = [...doc.matchAll(/^\| ([^|]+) \| `([^`]+\.test\.ts)` › (.+) \|$/gm)].map((m) => ({
  topic: m[1]?.trim() ?? "",
  file: m[2] ?? "",
  name: m[3]?.trim() ?? "",
}));

describe("docs/security.md", () => {
  it("has a table of cases", () => {
    expect(rows.length).toBeGreaterThan(20);
  });

  it("names only tests that exist", () => {
    const missing = rows.filter((r) => {
      let source: string;
      try {
        source = readFileSync(join(ROOT, r.file), "utf8");
      } catch {
        return true;
      }
      // A test title is a string literal, or a template whose fixed parts we look for.
      return (
        !source.replace(/\s+/g, " ").includes(r.name.replace(/\s+/g, " ")) &&
        !templateMatch(source, r.name)
      );
    });
    expect(missing).toEqual([]);
  });
});

/** `${who}: …` titles (one test per table row): the fixed parts must appear in order. */
function templateMatch(source: string, name: string): boolean {
  for (const m of source.matchAll(/`([^`]*\$\{[^`]*)`/g)) {
    const parts = (m[1] ?? "").split(/\$\{[^}]*\}/);
    let at = 0;
    let ok = true;
    for (const part of parts) {
      const found = name.indexOf(part, at);
      if (found === -1) {
        ok = false;
        break;
      }
      at = found + part.length;
    }
    if (ok && parts.some((p) => p.length > 10)) return true;
  }
  return false;
}
