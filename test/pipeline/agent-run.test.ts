import { describe, expect, it } from "vitest";
import { finalJson, runAgent } from "../../src/pipeline/agent-run.js";
import { makeRepo } from "../fixtures/pipeline/repo.js";
import { records, stepContext, writeScenario } from "../fixtures/pipeline/scenario.js";

const LIMITED = { stdout: "Error: You've hit your usage limit. Try again in 2 hours.\n", exit: 1 };
const REQUEST = { step: "research", role: "research", prompt: "go", logName: "research" } as const;

async function limitedOnce(maxUsageWaitSeconds?: number) {
  const repo = makeRepo({ ".ralph/specs/greet.md": "# Greet\n" });
  const handle = writeScenario({ research: [LIMITED, { stdout: "done\n" }] });
  const lines: string[] = [];
  const counted: number[] = [];
  const ctx = {
    ...(await stepContext(repo, handle, "greet.md")),
    log: (line: string) => lines.push(line),
    onAgentRun: (record: { runs?: number }) => counted.push(record.runs ?? 1),
    ...(maxUsageWaitSeconds === undefined ? {} : { maxUsageWaitSeconds }),
  };
  const outcome = await runAgent(ctx, REQUEST);
  return { outcome, clock: ctx.clock, runs: records(handle.recordDir).length, lines, counted };
}

describe("runAgent usage-limit waits", () => {
  it("waits for the reset (+30 s) on the injected clock and runs again", async () => {
    const { outcome, clock, runs } = await limitedOnce();
    expect(outcome.ok).toBe(true);
    expect(clock.sleeps).toEqual([7_230_000]);
    expect(runs).toBe(2);
  });

  // Issue 9 point 6: every agent process counts against limits.max_agent_runs, retries too.
  it("reports the retried run as two agent runs for the budget", async () => {
    const { runs, counted } = await limitedOnce();
    expect(runs).toBe(2);
    expect(counted).toEqual([2]);
  });

  it("a wait within maxUsageWaitSeconds is taken", async () => {
    const { outcome, clock, runs } = await limitedOnce(7_230);
    expect(outcome.ok).toBe(true);
    expect(clock.sleeps).toEqual([7_230_000]);
    expect(runs).toBe(2);
  });

  it("a wait beyond maxUsageWaitSeconds is not taken: usage_limit with the reset", async () => {
    const { outcome, clock, runs, lines } = await limitedOnce(1_800);
    expect(outcome).toMatchObject({
      ok: false,
      failure: { step: "research", kind: "usage_limit", retryAfterSeconds: 7_200 },
    });
    expect(clock.sleeps).toEqual([]);
    expect(runs).toBe(1);
    expect(lines).toContain("  usage limit: the reset is more than 1800s away; not waiting here");
  });
});

describe("finalJson: what an agent without its JSON object is told", () => {
  it.each([
    ["", "the output is empty. End your final message with the envelope JSON object."],
    [
      " \n\u001b[0m\n",
      "the output is empty. End your final message with the envelope JSON object.",
    ],
    [
      "thinking...\nno json here\n",
      "no JSON object found in the output. End your final message with the envelope JSON object. Your output ended with: thinking...\nno json here",
    ],
  ])("%j", (output, told) => {
    expect(finalJson(output, "envelope")).toEqual({ ok: false, errors: [told] });
  });

  it("the last JSON object, when there is one", () => {
    expect(finalJson('prose\n```json\n{"a":1}\n```\n', "envelope")).toEqual({
      ok: true,
      value: { a: 1 },
    });
  });
});
