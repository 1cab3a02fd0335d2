import { describe, expect, it } from "vitest";
import {
  type LaneRecord,
  laneRecordMessage,
  parseLaneRecord,
} from "../../src/action/parallel-runners.js";

const BASE = "a".repeat(40);
const COMMIT = "b".repeat(40);
const passed: LaneRecord = {
  v: 1,
  story: "US-1",
  base: BASE,
  ok: true,
  implemented: { step: "implement", kind: "implemented", storyId: "US-1", commit: COMMIT },
  verdict: {
    step: "verify",
    kind: "verdict",
    storyId: "US-1",
    commit: COMMIT,
    verdict: "PASS",
    invalidation: null,
    feedback: "",
    criteria: [{ criterion: "US-1.txt exists", pass: true }],
  },
  usage: { runs: 2, tokens: 10, costUsd: 0.5 },
};

describe("the record a story runner pushes for the combine", () => {
  it("round-trips through the commit message, passed or not", () => {
    const message = laneRecordMessage("spec", passed, 1);
    expect(message.split("\n")[0]).toBe(
      "ralph(spec): US-1 PASS in its own runner (parallel group 1)",
    );
    expect(parseLaneRecord(message)).toEqual(passed);
    const failed: LaneRecord = {
      v: 1,
      story: "US-2",
      base: BASE,
      ok: false,
      reason: "its implement run ended crash",
      usage: { runs: 1, tokens: 0, costUsd: 0 },
    };
    expect(parseLaneRecord(laneRecordMessage("spec", failed, 1))).toEqual(failed);
  });

  it("reads no record from a message without one, a malformed one, or one with the wrong results", () => {
    expect(parseLaneRecord("ralph(spec): US-1 PASS in its own runner")).toBeNull();
    expect(parseLaneRecord("x\n\nRalph-Parallel-Result: bm90IGpzb24=\n")).toBeNull();
    const wrong = { ...passed, verdict: { ...passed.verdict, kind: "crash" } };
    const encoded = Buffer.from(JSON.stringify(wrong)).toString("base64");
    expect(parseLaneRecord(`x\n\nRalph-Parallel-Result: ${encoded}\n`)).toBeNull();
    const extra = Buffer.from(JSON.stringify({ ...passed, trusted: true })).toString("base64");
    expect(parseLaneRecord(`x\n\nRalph-Parallel-Result: ${extra}\n`)).toBeNull();
  });
});
