import * as z from "zod";
import { readJsonLines } from "./json-stream-agent.js";

/**
 * Parser for `claude -p --output-format stream-json --verbose`: one JSON object per line —
 * a `system`/`init` event (session id, model, tools), `assistant` / `user` message events, and a
 * final `result` event carrying `result` (the final message), `session_id`, `usage`,
 * `total_cost_usd`, `is_error`, `subtype` (`success`, `error_max_turns`,
 * `error_during_execution`, ...). Unknown events and non-JSON lines are skipped, so a newer CLI
 * that adds event types still parses.
 */

const usageSchema = z.looseObject({
  input_tokens: z.number().optional(),
  output_tokens: z.number().optional(),
  cache_creation_input_tokens: z.number().optional(),
  cache_read_input_tokens: z.number().optional(),
});

const contentBlockSchema = z.looseObject({ type: z.string(), text: z.string().optional() });

const systemEventSchema = z.looseObject({
  type: z.literal("system"),
  subtype: z.string().optional(),
  session_id: z.string().optional(),
  model: z.string().optional(),
});

const assistantEventSchema = z.looseObject({
  type: z.literal("assistant"),
  session_id: z.string().optional(),
  message: z.looseObject({
    content: z.union([z.string(), z.array(contentBlockSchema)]).optional(),
  }),
});

const resultEventSchema = z.looseObject({
  type: z.literal("result"),
  subtype: z.string().optional(),
  is_error: z.boolean().optional(),
  result: z.string().optional(),
  session_id: z.string().optional(),
  num_turns: z.number().optional(),
  total_cost_usd: z.number().optional(),
  usage: usageSchema.optional(),
  errors: z.array(z.unknown()).optional(),
});

export interface ClaudeUsage {
  inputTokens: number;
  outputTokens: number;
  cacheCreationInputTokens: number;
  cacheReadInputTokens: number;
}

export interface ClaudeStreamResult {
  /** A `result` event was seen (the run ended normally, successfully or not). */
  complete: boolean;
  /** `result.result`; without one, the text of the last assistant message; else "". */
  finalMessage: string;
  sessionId: string | null;
  subtype: string | null;
  isError: boolean;
  usage: ClaudeUsage | null;
  costUsd: number | null;
  numTurns: number | null;
  model: string | null;
  /** Error details from the result event (`errors`, or the result text of an error result). */
  errors: string[];
  /** Lines that were not JSON objects (CLI warnings mixed into stdout). */
  ignoredLines: number;
}

function messageText(content: string | z.infer<typeof contentBlockSchema>[] | undefined): string {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content
    .filter((block) => block.type === "text" && typeof block.text === "string")
    .map((block) => block.text)
    .join("");
}

function errorText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "message" in value) {
    const message = (value as { message: unknown }).message;
    if (typeof message === "string") return message;
  }
  return JSON.stringify(value);
}

export function parseClaudeStream(stdout: string): ClaudeStreamResult {
  const out: ClaudeStreamResult = {
    complete: false,
    finalMessage: "",
    sessionId: null,
    subtype: null,
    isError: false,
    usage: null,
    costUsd: null,
    numTurns: null,
    model: null,
    errors: [],
    ignoredLines: 0,
  };
  let lastAssistantText = "";
  let resultText: string | undefined;

  const lines = readJsonLines(stdout);
  out.ignoredLines = lines.ignoredLines;
  for (const event of lines.values) {
    const system = systemEventSchema.safeParse(event);
    if (system.success) {
      out.sessionId ??= system.data.session_id ?? null;
      out.model ??= system.data.model ?? null;
      continue;
    }
    const assistant = assistantEventSchema.safeParse(event);
    if (assistant.success) {
      out.sessionId ??= assistant.data.session_id ?? null;
      const text = messageText(assistant.data.message.content);
      if (text.trim() !== "") lastAssistantText = text;
      continue;
    }
    const result = resultEventSchema.safeParse(event);
    if (result.success) {
      const r = result.data;
      out.complete = true;
      out.subtype = r.subtype ?? null;
      out.isError = r.is_error === true || (r.subtype !== undefined && r.subtype !== "success");
      // The result event is authoritative for the session (a resumed run may fork a new one).
      if (r.session_id) out.sessionId = r.session_id;
      resultText = r.result;
      out.numTurns = r.num_turns ?? null;
      out.costUsd = r.total_cost_usd ?? null;
      if (r.usage) {
        out.usage = {
          inputTokens: r.usage.input_tokens ?? 0,
          outputTokens: r.usage.output_tokens ?? 0,
          cacheCreationInputTokens: r.usage.cache_creation_input_tokens ?? 0,
          cacheReadInputTokens: r.usage.cache_read_input_tokens ?? 0,
        };
      }
      out.errors = (r.errors ?? []).map(errorText);
    }
  }

  out.finalMessage = resultText ?? lastAssistantText;
  if (out.isError && out.errors.length === 0 && resultText) out.errors = [resultText];
  return out;
}

/** A one-line description of what went wrong, or null when the stream reports success. */
export function claudeStreamError(parsed: ClaudeStreamResult): string | null {
  if (!parsed.complete) return "the stream ended without a result event";
  if (!parsed.isError) return null;
  const subtype = parsed.subtype ?? "error";
  const detail = parsed.errors.join("; ").trim();
  return detail === "" ? subtype : `${subtype}: ${detail}`;
}
