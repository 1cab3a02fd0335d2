/**
 * What one line of a JSON event stream says, for live progress: the agent's words and the tools
 * it uses. Everything else (system events, tool results, usage) is not progress a person reads.
 */
type Json = Record<string, unknown>;

function parseLine(line: string): Json | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith("{")) return null;
  try {
    const value = JSON.parse(trimmed) as unknown;
    return typeof value === "object" && value !== null ? (value as Json) : null;
  } catch {
    return null;
  }
}

function toolSummary(name: string, input: unknown): string {
  const i = (typeof input === "object" && input !== null ? input : {}) as Json;
  const detail = [i.command, i.file_path, i.path, i.pattern, i.url, i.query].find(
    (v) => typeof v === "string" && v !== "",
  );
  return detail === undefined ? `→ ${name}` : `→ ${name}: ${String(detail)}`;
}

/** claude `--output-format stream-json`: assistant text and tool uses. */
export function claudeProgress(line: string): string | null {
  const event = parseLine(line);
  if (event?.type !== "assistant") return null;
  const content = (event.message as Json | undefined)?.content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return null;
  const parts = (content as Json[]).map((block) => {
    if (block.type === "text" && typeof block.text === "string") return block.text;
    if (block.type === "tool_use" && typeof block.name === "string") {
      return toolSummary(block.name, block.input);
    }
    return "";
  });
  const text = parts.filter((p) => p.trim() !== "").join(" ");
  return text === "" ? null : text;
}

/** codex `exec --json`: messages, reasoning summaries and the commands it starts. */
export function codexProgress(line: string): string | null {
  const event = parseLine(line);
  if (event === null) return null;
  const item = event.item as Json | undefined;
  const kind = item?.type ?? item?.item_type;
  if (event.type === "item.started" && kind === "command_execution") {
    return typeof item?.command === "string" ? `→ ${item.command}` : null;
  }
  if (event.type !== "item.completed") return null;
  if ((kind === "agent_message" || kind === "reasoning") && typeof item?.text === "string") {
    return item.text;
  }
  if (kind === "file_change") return "→ edited files";
  return null;
}
