import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { claudeStreamError, parseClaudeStream } from "../../src/agents/claude-stream.js";

const SESSION = "8a3c5b0e-1d2f-4e5a-9b6c-7d8e9f0a1b2c";
const jsonl = (...events: unknown[]) => `${events.map((e) => JSON.stringify(e)).join("\n")}\n`;

const init = {
  type: "system",
  subtype: "init",
  cwd: "/work/repo",
  session_id: SESSION,
  tools: ["Task", "Bash", "Glob", "Grep", "Read", "Edit", "Write"],
  mcp_servers: [],
  model: "claude-sonnet-4-5-20250929",
  permissionMode: "dontAsk",
  apiKeySource: "ANTHROPIC_API_KEY",
};
const assistantText = (text: string) => ({
  type: "assistant",
  message: {
    id: "msg_01",
    type: "message",
    role: "assistant",
    model: "claude-sonnet-4-5-20250929",
    content: [{ type: "text", text }],
    stop_reason: null,
    usage: { input_tokens: 10, output_tokens: 5 },
  },
  parent_tool_use_id: null,
  session_id: SESSION,
});
const toolUse = {
  type: "assistant",
  message: {
    role: "assistant",
    content: [{ type: "tool_use", id: "toolu_01", name: "Bash", input: { command: "ls" } }],
  },
  session_id: SESSION,
};
const toolResult = {
  type: "user",
  message: {
    role: "user",
    content: [{ tool_use_id: "toolu_01", type: "tool_result", content: "README.md\nsrc" }],
  },
  session_id: SESSION,
};
const usage = {
  input_tokens: 1200,
  cache_creation_input_tokens: 300,
  cache_read_input_tokens: 4500,
  output_tokens: 250,
  server_tool_use: { web_search_requests: 0 },
  service_tier: "standard",
};

describe("parseClaudeStream", () => {
  it("reads the final result event of a successful run", () => {
    const stream = jsonl(
      init,
      assistantText("Let me look."),
      toolUse,
      toolResult,
      assistantText("Done."),
      {
        type: "result",
        subtype: "success",
        is_error: false,
        duration_ms: 12_345,
        duration_api_ms: 11_000,
        num_turns: 3,
        result: '{"questions": []}\nRALPH_VERDICT: PASS',
        session_id: SESSION,
        total_cost_usd: 0.0421,
        usage,
        permission_denials: [],
      },
    );
    const parsed = parseClaudeStream(stream);
    expect(parsed).toEqual({
      complete: true,
      finalMessage: '{"questions": []}\nRALPH_VERDICT: PASS',
      sessionId: SESSION,
      subtype: "success",
      isError: false,
      usage: {
        inputTokens: 1200,
        outputTokens: 250,
        cacheCreationInputTokens: 300,
        cacheReadInputTokens: 4500,
      },
      costUsd: 0.0421,
      numTurns: 3,
      model: "claude-sonnet-4-5-20250929",
      errors: [],
      ignoredLines: 0,
    });
    expect(claudeStreamError(parsed)).toBeNull();
  });

  it("reports error_max_turns (no result text) with the last assistant text as final message", () => {
    const parsed = parseClaudeStream(
      jsonl(init, assistantText("Still working on it"), toolUse, toolResult, {
        type: "result",
        subtype: "error_max_turns",
        is_error: true,
        duration_ms: 99_000,
        num_turns: 50,
        session_id: SESSION,
        total_cost_usd: 1.5,
        usage,
      }),
    );
    expect(parsed.complete).toBe(true);
    expect(parsed.isError).toBe(true);
    expect(parsed.subtype).toBe("error_max_turns");
    expect(parsed.finalMessage).toBe("Still working on it");
    expect(parsed.costUsd).toBe(1.5);
    expect(claudeStreamError(parsed)).toBe("error_max_turns");
  });

  it("keeps the errors of error_during_execution", () => {
    const parsed = parseClaudeStream(
      jsonl(init, {
        type: "result",
        subtype: "error_during_execution",
        is_error: true,
        num_turns: 1,
        session_id: SESSION,
        errors: ["Tool execution failed", { message: "spawn EACCES" }],
      }),
    );
    expect(parsed.errors).toEqual(["Tool execution failed", "spawn EACCES"]);
    expect(claudeStreamError(parsed)).toBe(
      "error_during_execution: Tool execution failed; spawn EACCES",
    );
  });

  it("treats is_error with subtype success (API errors, usage limits) as an error", () => {
    const parsed = parseClaudeStream(
      jsonl(init, {
        type: "result",
        subtype: "success",
        is_error: true,
        result: "Claude AI usage limit reached|1770559200",
        session_id: SESSION,
      }),
    );
    expect(parsed.isError).toBe(true);
    expect(parsed.errors).toEqual(["Claude AI usage limit reached|1770559200"]);
    expect(claudeStreamError(parsed)).toBe("success: Claude AI usage limit reached|1770559200");
  });

  it("handles a stream cut off before the result event", () => {
    const parsed = parseClaudeStream(
      `${jsonl(init, assistantText("partial answer"))}{"type":"assistant","mess`,
    );
    expect(parsed.complete).toBe(false);
    expect(parsed.sessionId).toBe(SESSION);
    expect(parsed.finalMessage).toBe("partial answer");
    expect(parsed.ignoredLines).toBe(1);
    expect(claudeStreamError(parsed)).toBe("the stream ended without a result event");
  });

  it("skips non-JSON lines and unknown event types", () => {
    const parsed = parseClaudeStream(
      [
        "npm warn something",
        JSON.stringify(init),
        JSON.stringify({ type: "stream_event", event: { type: "content_block_delta" } }),
        JSON.stringify({ type: "system", subtype: "compact_boundary", session_id: SESSION }),
        "",
        JSON.stringify({
          type: "result",
          subtype: "success",
          is_error: false,
          result: "ok",
          session_id: "new-session",
        }),
      ].join("\r\n"),
    );
    expect(parsed.finalMessage).toBe("ok");
    expect(parsed.sessionId).toBe("new-session");
    expect(parsed.ignoredLines).toBe(1);
    expect(parsed.usage).toBeNull();
  });

  it("returns an empty result for empty output", () => {
    const parsed = parseClaudeStream("");
    expect(parsed).toMatchObject({ complete: false, finalMessage: "", sessionId: null });
  });

  it("never throws, whatever the input", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(() => parseClaudeStream(s)).not.toThrow();
      }),
    );
  });

  it("returns exactly the result text it was given, across any earlier events", () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string(), { maxLength: 3 }), (result, chatter) => {
        const stream = jsonl(init, ...chatter.map(assistantText), {
          type: "result",
          subtype: "success",
          is_error: false,
          result,
          session_id: SESSION,
        });
        const parsed = parseClaudeStream(stream);
        expect(parsed.finalMessage).toBe(result);
        expect(parsed.isError).toBe(false);
      }),
    );
  });
});
