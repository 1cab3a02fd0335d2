import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codexEventsError, parseCodexEvents } from "../../src/agents/codex-events.js";

const THREAD = "0199a213-81c0-7800-8aa1-bbab2a035a53";
const jsonl = (...events: unknown[]) => `${events.map((e) => JSON.stringify(e)).join("\n")}\n`;
const agentMessage = (id: string, text: string) => ({
  type: "item.completed",
  item: { id, type: "agent_message", text },
});

describe("parseCodexEvents", () => {
  it("reads thread id, the last agent message and the usage of a successful run", () => {
    const parsed = parseCodexEvents(
      jsonl(
        { type: "thread.started", thread_id: THREAD },
        { type: "turn.started" },
        {
          type: "item.started",
          item: {
            id: "item_0",
            type: "command_execution",
            command: "bash -lc ls",
            status: "in_progress",
          },
        },
        {
          type: "item.completed",
          item: {
            id: "item_0",
            type: "command_execution",
            command: "bash -lc ls",
            aggregated_output: "src\n",
            exit_code: 0,
            status: "completed",
          },
        },
        { type: "item.completed", item: { id: "item_1", type: "reasoning", text: "**Planning**" } },
        agentMessage("item_2", "Intermediate note"),
        { type: "item.updated", item: { id: "item_3", type: "todo_list", items: [] } },
        {
          type: "item.completed",
          item: {
            id: "item_4",
            type: "file_change",
            changes: [{ path: "a.ts", kind: "update" }],
            status: "completed",
          },
        },
        agentMessage("item_5", "Final answer\nRALPH_VERDICT: FAIL"),
        {
          type: "turn.completed",
          usage: { input_tokens: 24_763, cached_input_tokens: 24_448, output_tokens: 122 },
        },
      ),
    );
    expect(parsed).toEqual({
      sessionId: THREAD,
      finalMessage: "Final answer\nRALPH_VERDICT: FAIL",
      usage: { inputTokens: 24_763, cachedInputTokens: 24_448, outputTokens: 122 },
      turnCompleted: true,
      failed: false,
      errors: [],
      ignoredLines: 0,
    });
    expect(codexEventsError(parsed)).toBeNull();
  });

  it("accepts the older item_type field", () => {
    const parsed = parseCodexEvents(
      jsonl(
        { type: "thread.started", thread_id: THREAD },
        {
          type: "item.completed",
          item: { id: "item_0", item_type: "agent_message", text: "old format" },
        },
        {
          type: "turn.completed",
          usage: { input_tokens: 1, cached_input_tokens: 0, output_tokens: 2 },
        },
      ),
    );
    expect(parsed.finalMessage).toBe("old format");
  });

  it("sums usage over several turns (a resumed session)", () => {
    const parsed = parseCodexEvents(
      jsonl(
        {
          type: "turn.completed",
          usage: { input_tokens: 10, cached_input_tokens: 1, output_tokens: 2 },
        },
        {
          type: "turn.completed",
          usage: { input_tokens: 5, cached_input_tokens: 0, output_tokens: 3 },
        },
      ),
    );
    expect(parsed.usage).toEqual({ inputTokens: 15, cachedInputTokens: 1, outputTokens: 5 });
  });

  it("reports turn.failed", () => {
    const parsed = parseCodexEvents(
      jsonl(
        { type: "thread.started", thread_id: THREAD },
        { type: "turn.started" },
        { type: "error", message: "stream disconnected before completion" },
        { type: "turn.failed", error: { message: "stream disconnected before completion" } },
      ),
    );
    expect(parsed.failed).toBe(true);
    expect(parsed.turnCompleted).toBe(false);
    expect(codexEventsError(parsed)).toBe(
      "stream disconnected before completion; stream disconnected before completion",
    );
  });

  it("does not fail on error events that a later turn.completed recovered from", () => {
    const parsed = parseCodexEvents(
      jsonl({ type: "error", message: "Reconnecting... 1/5" }, agentMessage("item_0", "ok"), {
        type: "turn.completed",
        usage: { input_tokens: 1, cached_input_tokens: 0, output_tokens: 1 },
      }),
    );
    expect(parsed.failed).toBe(false);
    expect(parsed.errors).toEqual(["Reconnecting... 1/5"]);
    expect(codexEventsError(parsed)).toBeNull();
  });

  it("fails on an error event with nothing after it", () => {
    const parsed = parseCodexEvents(jsonl({ type: "error", message: "unexpected status 401" }));
    expect(parsed.failed).toBe(true);
    expect(codexEventsError(parsed)).toBe("unexpected status 401");
  });

  it("notices a stream that ended without turn.completed", () => {
    const parsed = parseCodexEvents(
      `${jsonl({ type: "thread.started", thread_id: THREAD })}Reading prompt from stdin...\n`,
    );
    expect(parsed.sessionId).toBe(THREAD);
    expect(parsed.ignoredLines).toBe(1);
    expect(codexEventsError(parsed)).toBe("the event stream ended without turn.completed");
  });

  it("never throws, whatever the input", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(() => parseCodexEvents(s)).not.toThrow();
      }),
    );
  });

  it("the final message is the last agent_message, whatever the texts", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), (texts) => {
        const events = texts.map((t, i) => agentMessage(`item_${i}`, t));
        const parsed = parseCodexEvents(jsonl(...events, { type: "turn.completed" }));
        expect(parsed.finalMessage).toBe(texts.at(-1));
      }),
    );
  });
});
