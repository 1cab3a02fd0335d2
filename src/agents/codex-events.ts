import * as z from "zod";
import { readJsonLines } from "./json-stream-agent.js";

/**
 * Parser for `codex exec --json` (JSONL on stdout): `thread.started` (thread_id = the session id
 * for `codex exec resume`), `turn.started`, `item.started` / `item.updated` / `item.completed`
 * (items of type `agent_message`, `reasoning`, `command_execution`, `file_change`, ...),
 * `turn.completed` (usage: input_tokens, cached_input_tokens, output_tokens), `turn.failed`
 * (error.message) and `error` (message). Unknown events and non-JSON lines are skipped.
 */

const usageSchema = z.looseObject({
  input_tokens: z.number().optional(),
  cached_input_tokens: z.number().optional(),
  output_tokens: z.number().optional(),
});

const eventSchema = z.looseObject({
  type: z.string(),
  thread_id: z.string().optional(),
  usage: usageSchema.optional(),
  error: z.looseObject({ message: z.string().optional() }).optional(),
  message: z.string().optional(),
  item: z
    .looseObject({
      id: z.string().optional(),
      // `type` since the item schema settled; `item_type` in earlier releases.
      type: z.string().optional(),
      item_type: z.string().optional(),
      text: z.string().optional(),
      message: z.string().optional(),
    })
    .optional(),
});

export interface CodexUsage {
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
}

export interface CodexEventsResult {
  sessionId: string | null;
  /** Text of the last completed `agent_message` item, or "". */
  finalMessage: string;
  /** Summed over every `turn.completed` (and `turn.failed` that reports usage). */
  usage: CodexUsage | null;
  turnCompleted: boolean;
  /**
   * A `turn.failed` was seen, or an `error` event that no later `turn.completed` recovered from
   * (codex reports transient reconnects as `error` events and then carries on).
   */
  failed: boolean;
  errors: string[];
  ignoredLines: number;
}

export function parseCodexEvents(stdout: string): CodexEventsResult {
  const out: CodexEventsResult = {
    sessionId: null,
    finalMessage: "",
    usage: null,
    turnCompleted: false,
    failed: false,
    errors: [],
    ignoredLines: 0,
  };
  const addUsage = (usage: z.infer<typeof usageSchema>) => {
    out.usage ??= { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 };
    out.usage.inputTokens += usage.input_tokens ?? 0;
    out.usage.cachedInputTokens += usage.cached_input_tokens ?? 0;
    out.usage.outputTokens += usage.output_tokens ?? 0;
  };

  let turnFailed = false;
  let unrecoveredError = false;
  const lines = readJsonLines(stdout);
  out.ignoredLines = lines.ignoredLines;
  for (const value of lines.values) {
    const parsed = eventSchema.safeParse(value);
    if (!parsed.success) {
      // A JSON object that is no event (no `type`) counts like a non-JSON line.
      out.ignoredLines++;
      continue;
    }
    const event = parsed.data;
    switch (event.type) {
      case "thread.started":
        if (event.thread_id) out.sessionId = event.thread_id;
        break;
      case "item.completed": {
        const item = event.item;
        const itemType = item?.type ?? item?.item_type;
        if (itemType === "agent_message" && typeof item?.text === "string") {
          out.finalMessage = item.text;
        } else if (itemType === "error") {
          // Non-fatal warnings arrive as error items; they are kept for the log, not a failure.
          const text = item?.message ?? item?.text;
          if (text) out.errors.push(text);
        }
        break;
      }
      case "turn.completed":
        out.turnCompleted = true;
        unrecoveredError = false;
        if (event.usage) addUsage(event.usage);
        break;
      case "turn.failed":
        turnFailed = true;
        if (event.usage) addUsage(event.usage);
        out.errors.push(event.error?.message ?? "turn failed");
        break;
      case "error":
        unrecoveredError = true;
        out.errors.push(event.message ?? event.error?.message ?? "error");
        break;
      default:
        break;
    }
  }
  out.failed = turnFailed || unrecoveredError;
  return out;
}

/** A one-line description of what went wrong, or null when the run completed a turn cleanly. */
export function codexEventsError(parsed: CodexEventsResult): string | null {
  if (parsed.failed) return parsed.errors.join("; ") || "turn failed";
  if (!parsed.turnCompleted) return "the event stream ended without turn.completed";
  return null;
}
