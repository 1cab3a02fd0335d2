/**
 * The fake's cache of GitHub's description is written by many test workers at once, some of them
 * threads of one process (the in-process suites): each write goes through a partial file of its
 * own, then a rename, so no writer renames (or truncates) another's.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { partialFileFor, writeAtomically } from "./description.js";

describe("the description cache's writes", () => {
  it("two writes from the same thread of the same process use different partial files", () => {
    const file = "/cache/api.github.com.json";
    const first = partialFileFor(file);
    const second = partialFileFor(file);
    expect(first).not.toBe(second);
    expect(first.startsWith(`${file}.${process.pid}.`)).toBe(true);
  });

  it("writes the file whole and leaves no partial file behind", () => {
    const dir = mkdtempSync(join(tmpdir(), "fake-cache-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, "api.github.com.json");
    writeAtomically(file, "first");
    writeAtomically(file, "second");
    expect(readFileSync(file, "utf8")).toBe("second");
    expect(readdirSync(dir)).toEqual(["api.github.com.json"]);
  });
});
