import { stripVTControlCharacters } from "node:util";

/** How much of a CI log's end a follow-up story gets as feedback. */
export interface LogTailLimits {
  /** Lines kept from the end. */
  maxLines: number;
  /** Characters kept from the end, cut at a line boundary. */
  maxChars: number;
}

export const DEFAULT_LOG_TAIL: LogTailLimits = { maxLines: 150, maxChars: 6_000 };

// `2024-05-01T10:00:00.1234567Z ` starts every line of a GitHub Actions job log.
const ACTIONS_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/;
// Folding markers of the Actions log viewer; the command names stay readable without them.
const GROUP_MARKER = /^##\[(?:group|endgroup)\]/;

/**
 * The readable end of a CI log (a job log, a check run's output): terminal colours and other
 * control sequences removed, Actions timestamps dropped, a progress line rewritten with `\r`
 * kept as its last state, then the last `maxLines` lines cut to `maxChars` at a line boundary.
 * `startsMidLine`: the text is the end of a longer log read from an offset, so its first line is
 * a fragment and is dropped. A single line longer than `maxChars` keeps its own end, marked `…`.
 */
export function logTail(
  raw: string,
  options: Partial<LogTailLimits> & { startsMidLine?: boolean } = {},
): string {
  const { maxLines, maxChars } = { ...DEFAULT_LOG_TAIL, ...options };
  let lines = raw.replace(/\r\n/g, "\n").split("\n");
  if (options.startsMidLine === true && lines.length > 1) lines = lines.slice(1);
  const readable = lines
    .map((line) => stripVTControlCharacters(line.split("\r").at(-1) ?? ""))
    .map((line) => line.replace(ACTIONS_TIMESTAMP, "").replace(GROUP_MARKER, "").trimEnd());
  while (readable.length > 0 && readable.at(-1) === "") readable.pop();
  const kept = readable.slice(-maxLines);
  const out: string[] = [];
  let size = 0;
  for (let i = kept.length - 1; i >= 0; i--) {
    const line = kept[i] ?? "";
    const cost = line.length + (out.length > 0 ? 1 : 0);
    if (size + cost > maxChars) {
      if (out.length === 0) out.unshift(`…${line.slice(line.length - (maxChars - 1))}`);
      break;
    }
    out.unshift(line);
    size += cost;
  }
  while (out.length > 0 && out[0] === "") out.shift();
  return out.join("\n");
}
