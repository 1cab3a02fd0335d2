/**
 * The CI gate's texts (core/ci-gate.ts), exactly: the note on checks that ended without a verdict
 * and the feedback a CI follow-up gets for red checks, logs cut at a line boundary within budget.
 */
import { describe, expect, it } from "vitest";
import { ciFailureFeedback, ciGateDecision } from "../../src/core/ci-gate.js";
import type { CiCheck } from "../../src/core/ci-verdict.js";
import { ciFailure } from "./machine/fixtures.js";

describe("the note on checks without a verdict", () => {
  const decide = (unfinished: CiCheck[]) =>
    ciGateDecision({
      config: { verify: { ci: "gate", ci_wait_minutes: 15 } },
      verdict: { kind: "green", total: 1 + unfinished.length, unfinished },
      waitingSince: "2026-01-02T03:00:00.000Z",
      now: Date.parse("2026-01-02T03:05:00.000Z"),
      pushedBy: "ralph-app[bot]",
      sha: "c0ffee",
    });
  const cancelled: CiCheck = {
    kind: "check_run",
    name: "e2e",
    app: "github-actions",
    status: "completed",
    conclusion: "cancelled",
    url: null,
    jobId: null,
    output: "",
    own: false,
  };

  it("is none when every check ended with one", () => {
    expect(decide([])).toEqual({ kind: "green", note: null });
  });

  it("names them, and says they are not counted", () => {
    expect(decide([cancelled])).toEqual({
      kind: "green",
      note: "Ended without a verdict (not counted, no fix started): `e2e` (cancelled). Re-run them to have Ralph read them again.",
    });
  });
});

describe("the feedback on red checks", () => {
  it("each check: its name (backticks made quotes), conclusion, link and log or output", () => {
    const text = ciFailureFeedback([
      ciFailure("unit", { url: "https://ci/1", log: "FAIL add.test.ts", source: "job_log" }),
      ciFailure("lint`er", { log: "  \n3 errors\n  ", source: "check_output" }),
      ciFailure("e2e", { conclusion: "timed_out" }),
    ]);
    expect(text).toBe(
      "Check `unit` ended failure (https://ci/1). The end of its log:\n\nFAIL add.test.ts\n\n" +
        "Check `lint'er` ended failure. What it reported:\n\n3 errors\n\n" +
        "Check `e2e` ended timed_out.",
    );
  });

  it("details five checks and names the rest in one line", () => {
    const names = ["j0", "j1", "j2", "j3", "j4", "j5", "j`6"];
    const text = ciFailureFeedback(names.map((n) => ciFailure(n, { log: "boom" })));
    const detailed = names
      .slice(0, 5)
      .map((n) => `Check \`${n}\` ended failure. What it reported:\n\nboom`);
    expect(text).toBe(
      `${detailed.join("\n\n")}\n\nAlso failing: \`j5\` (failure), \`j'6\` (failure).`,
    );
  });

  describe("a log longer than its share keeps its end, from a line start when one is in reach", () => {
    const HEAD = "Check `t` ended failure.";
    /** The feedback of one check whose log gets `share` characters (each check's line and 40 more
     * characters of framing come off the budget first). */
    const withShare = (log: string, share: number) =>
      ciFailureFeedback([ciFailure("t", { log, source: "job_log" })], HEAD.length + 40 + share);
    it.each([
      ["ab\ncd", 5, "ab\ncd"],
      ["line1\nline2\nline3", 8, "line3"],
      ["abc\ndef", 4, "def"],
      ["abcdef", 3, "def"],
    ])("%j in %i characters: %j", (log, share, kept) => {
      expect(withShare(log, share)).toBe(`${HEAD} The end of its log:\n\n${kept}`);
    });
  });
});
