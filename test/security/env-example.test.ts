/**
 * Secrets on disk (issue 10): `.env`, where Probot's setup writes the App's private key, is
 * git-ignored, and `.env.example` documents every variable Ralph's own code and Probot read.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const example = readFileSync(join(ROOT, ".env.example"), "utf8");
const documented = new Set([
  ...[...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]),
  // The variables Ralph sets for agents, listed in a comment (nobody sets them by hand).
  ...[...example.matchAll(/\b(RALPH_[A-Z0-9_]+)\b/g)].map((m) => m[1]),
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(join(dir, e.name))
      : e.name.endsWith(".ts")
        ? [join(dir, e.name)]
        : [],
  );
}

describe(".env and .env.example", () => {
  it("git ignores .env (and key files) but not .env.example", () => {
    const ignored = (path: string) => {
      try {
        execFileSync("git", ["check-ignore", "-q", path], { cwd: ROOT });
        return true;
      } catch {
        return false;
      }
    };
    expect(ignored(".env")).toBe(true);
    expect(ignored(".env.production")).toBe(true);
    expect(ignored("ralph.2026-01-01.private-key.pem")).toBe(true);
    expect(ignored(".env.example")).toBe(false);
  });

  it("documents every RALPH_* variable the App, the Action and the CLI read", () => {
    const read = new Set<string>();
    for (const file of sourceFiles(join(ROOT, "src"))) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\benv(?:\.|\[")(RALPH_[A-Z0-9_]+)/g)) read.add(m[1] ?? "");
    }
    expect(read.size).toBeGreaterThan(3);
    expect([...read].filter((name) => !documented.has(name))).toEqual([]);
  });

  it("documents every RALPH_* variable Ralph sets for the agents it runs", () => {
    const set = new Set<string>();
    for (const file of sourceFiles(join(ROOT, "src"))) {
      const text = readFileSync(file, "utf8");
      // An environment built as an object literal (`RALPH_PHASE: …`) or named by a constant.
      for (const m of text.matchAll(/^\s+(RALPH_[A-Z0-9_]+):|"(RALPH_[A-Z0-9_]+)"/gm)) {
        set.add(m[1] ?? m[2] ?? "");
      }
    }
    expect(set.has("RALPH_PHASE")).toBe(true);
    expect([...set].filter((name) => !documented.has(name))).toEqual([]);
  });

  it("documents the variables Probot reads to run the App", () => {
    for (const name of [
      "APP_ID",
      "PRIVATE_KEY",
      "PRIVATE_KEY_PATH",
      "WEBHOOK_SECRET",
      "WEBHOOK_PROXY_URL",
      "PORT",
      "LOG_LEVEL",
      "GHE_HOST",
    ]) {
      expect(documented.has(name), name).toBe(true);
    }
  });

  it("holds no value that looks like a secret", () => {
    expect(example).not.toMatch(
      /BEGIN [A-Z ]*PRIVATE KEY|gh[pousr]_[A-Za-z0-9]{20,}|sk-[A-Za-z0-9]{20,}/,
    );
  });
});
