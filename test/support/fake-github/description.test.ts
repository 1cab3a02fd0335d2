/**
 * The fake's cache of GitHub's description is written by many test workers at once, some of them
 * threads of one process (the in-process suites): each write goes through a partial file of its
 * own, then a rename, so no writer renames (or truncates) another's.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../temp.js";
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
    const dir = tempDir("fake-cache-");
    const file = join(dir, "api.github.com.json");
    writeAtomically(file, "first");
    writeAtomically(file, "second");
    expect(readFileSync(file, "utf8")).toBe("second");
    expect(readdirSync(dir)).toEqual(["api.github.com.json"]);
  });
});
