import { describe, expect, it } from "vitest";
import {
  type FollowUpRequestRecord,
  type FollowUpState,
  followUpRequestSchema,
  followUpStateSchema,
} from "../../src/core/followup.js";
import { boundFollowUp, clipFollowUp, FOLLOWUP_CAPS } from "../../src/core/followup-budget.js";
import { checkFailure, numbered, reviewThread } from "./followup-inputs.js";

const thread = (id: number, url: string | null = null) =>
  reviewThread(id, { line: id, text: "rename", url });

/** A request with every list past its cap: 25 texts, 31 threads, 12 checks, 101 files, … */
function overfull(by: string | null): FollowUpRequestRecord {
  return followUpRequestSchema.parse({
    source: "fix",
    by,
    feedback: {
      text: numbered("t", 25),
      threads: Array.from({ length: 31 }, (_, i) => thread(i + 1)),
      ciFailures: numbered("check ", 12).map((c) => checkFailure(c)),
      conflicts: numbered("f", 101),
    },
    drafts: numbered("draft ", 11).map((title) => ({
      title,
      acceptanceCriteria: numbered("c", 6),
      threads: [1, 1, 2],
    })),
    reviewers: numbered("r".repeat(45), 12),
  });
}

describe("boundFollowUp: the follow-up state's structure within its caps", () => {
  const state = (): FollowUpState => ({
    ...followUpStateSchema.parse({ rounds: 3 }),
    triggers: [`ci:${"a".repeat(60)}`, ...numbered("review:", 40)],
    queued: [null, "bob", "carol", "dave", "erin", "frank"].map(overfull),
    current: {
      ...overfull("x".repeat(45)),
      number: 3,
      stories: numbered("FU-", 21).map((id) => ({ id, threads: [1, 2, 3, 4, 5, 5] })),
    },
  });

  it("keeps the newest 40 triggers, each of at most 48 characters", () => {
    const s = state();
    boundFollowUp(s);
    expect(s.triggers).toEqual(numbered("review:", 40));
    const one = { ...state(), triggers: [`ci:${"a".repeat(60)}`] };
    boundFollowUp(one);
    expect(one.triggers).toEqual([`ci:${"a".repeat(FOLLOWUP_CAPS.triggerChars - 3)}`]);
  });

  /** `overfull(by)` within its caps: the newest texts and checks, the first of everything else. */
  const bounded = (by: string | null): FollowUpRequestRecord => ({
    source: "fix",
    by,
    feedback: {
      text: numbered("t", 25).slice(5),
      threads: Array.from({ length: 30 }, (_, i) => thread(i + 1)),
      ciFailures: numbered("check ", 12)
        .slice(2)
        .map((c) => checkFailure(c)),
      conflicts: numbered("f", 100),
    },
    drafts: numbered("draft ", 10).map((title) => ({
      title,
      acceptanceCriteria: numbered("c", 5),
      notes: "",
      threads: [1, 2],
    })),
    reviewers: numbered("r".repeat(45), 10).map((l) => l.slice(0, FOLLOWUP_CAPS.loginChars)),
    at: null,
  });

  it("keeps the newest 5 waiting requests, each within its caps", () => {
    const s = state();
    boundFollowUp(s);
    expect(s.queued).toEqual(["bob", "carol", "dave", "erin", "frank"].map(bounded));
  });

  it("keeps the round within its caps, and its 20 first stories with 60 thread answers", () => {
    const s = state();
    boundFollowUp(s);
    // Each story names a thread once; the later stories lose their answers first.
    expect(s.current).toEqual({
      ...bounded("x".repeat(FOLLOWUP_CAPS.loginChars)),
      number: 3,
      stories: numbered("FU-", 20).map((id, i) => ({ id, threads: i < 12 ? [1, 2, 3, 4, 5] : [] })),
    });
  });
});

describe("clipFollowUp: the follow-up state's free text cut (fitState's last resort)", () => {
  // A cut to the first 3 characters: enough to show what is cut and what is kept.
  const cut = (t: string) => t.slice(0, 3);
  const request = followUpRequestSchema.parse({
    source: "ci",
    by: "alice",
    feedback: {
      text: ["please fix"],
      threads: [thread(7), thread(8, "https://example.com/t/8")],
      ciFailures: [checkFailure("test"), checkFailure("lint", "https://example.com/c/1")],
      conflicts: ["src/a.ts"],
    },
    drafts: [{ title: "   Make lint pass", acceptanceCriteria: ["lint passes", "   x"] }],
  });
  const clipped: FollowUpRequestRecord = {
    ...request,
    feedback: {
      text: ["ple"],
      threads: [
        { ...thread(7), path: "src", text: "ren" },
        { ...thread(8), path: "src", text: "ren", url: "htt" },
      ],
      ciFailures: [
        { check: "tes", conclusion: "fai", logTail: "1 f", url: null },
        { check: "lin", conclusion: "fai", logTail: "1 f", url: "htt" },
      ],
      conflicts: ["src"],
    },
    // A title or criterion cut to blanks becomes "…": the state's schema refuses a blank one.
    drafts: [{ title: "…", acceptanceCriteria: ["lin", "…"], notes: "", threads: [] }],
  };

  it("cuts the waiting requests' texts, keeping each thread's id and line", () => {
    const s = { ...followUpStateSchema.parse({ rounds: 1 }), queued: [structuredClone(request)] };
    clipFollowUp(s, cut);
    expect(s.queued).toEqual([clipped]);
    expect(s.current).toBeNull();
  });

  it("cuts the running round's texts too", () => {
    const round = { ...structuredClone(request), number: 1, stories: [] };
    const s = { ...followUpStateSchema.parse({ rounds: 1 }), current: round };
    clipFollowUp(s, cut);
    expect(s.current).toEqual({ ...clipped, number: 1, stories: [] });
  });
});
