import { describe, expect, it } from "vitest";
import {
  markVerified,
  newCandidate,
  parseCandidate,
  shouldVerifyCandidate,
} from "../../src/core/candidate.js";

const SHA = "0123456789abcdef0123456789abcdef01234567";
const NOW = "2026-02-08T10:00:00.000Z";

describe("candidate marker (seed 000 specs/candidates/<rel>.json)", () => {
  const c = newCandidate({
    specRel: "a.md",
    specId: "a",
    commit: SHA,
    nowIso: NOW,
    storyId: "US-1",
  });

  it("builds and round-trips a candidate", () => {
    expect(c).toEqual({
      spec_rel: "a.md",
      spec_id: "a",
      candidate_commit: SHA,
      created_at_utc: NOW,
      status: "candidate",
      story_id: "US-1",
    });
    expect(parseCandidate(JSON.stringify(c))).toEqual({ ok: true, value: c });
  });

  it("accepts seed 001's run-dir fields", () => {
    const raw = { ...c, last_impl_run_dir: "runs/a/1", last_verify_run_dir: null };
    expect(parseCandidate(raw).ok).toBe(true);
  });

  it.each([
    [{ ...c, candidate_commit: SHA.toUpperCase() }, "candidate_commit"],
    [{ ...c, candidate_commit: SHA.slice(1) }, "candidate_commit"],
    [{ ...c, status: "done" }, "status"],
    [{ ...c, spec_id: "" }, "spec_id"],
    ["{", "not valid JSON"],
  ])("rejects %j naming %s", (raw, key) => {
    const r = parseCandidate(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.join("\n")).toContain(key);
  });

  it("rejects a non-sha commit when building", () => {
    expect(() =>
      newCandidate({ specRel: "a.md", specId: "a", commit: "HEAD", nowIso: NOW }),
    ).toThrow();
  });

  it.each([
    ["no candidate", null, {}, false],
    ["unverified candidate", c, {}, true],
    ["forced run", c, { forced: true }, false],
    ["already verified", markVerified(c), {}, false],
    ["same story", c, { storyId: "US-1" }, true],
    ["other story", c, { storyId: "US-2" }, false],
  ] as const)("resume rule: %s", (_name, candidate, opts, expected) => {
    expect(shouldVerifyCandidate(candidate, { forced: false, ...opts })).toBe(expected);
  });
});
