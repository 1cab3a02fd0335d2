import { closesFence, type Fence, maskCodeSpans, parseFenceOpen } from "./commands.js";

/** GitHub rejects comment bodies longer than this (422 "Body is too long"), counted in UTF-16. */
export const GITHUB_COMMENT_LIMIT = 65_536;

/** Below this a part cannot carry its header and still make progress. */
const MIN_LIMIT = 64;
/** Least content room worth keeping fences and `<details>` balanced for; below it, cut plainly. */
const MIN_STRUCTURED_ROOM = 16;

export interface CommentPart {
  /** `(part i/n)` plus a blank line. */
  header: string;
  /** `<details>`/`<summary>` and the fence line that were open where the previous part ended. */
  reopen: string;
  /** A slice of the original body; all contents joined give the body back. */
  content: string;
  /** Closes the fence and `<details>` still open at the cut. */
  close: string;
}

interface OpenDetails {
  tag: string;
  summary: string | null;
  /** Still looking for the `<summary>` that belongs to this `<details>`. */
  awaitingSummary: boolean;
}

interface SplitState {
  fence: Fence | null;
  details: readonly OpenDetails[];
}

const EMPTY: SplitState = { fence: null, details: [] };
// Bounded classes: a line full of unclosed `<details` or `<summary>` must not go quadratic.
const TAGS = /<details\b[^<>]*>|<\/details\s*>|<summary\b[^<>]*>.{0,1000}?<\/summary\s*>/gi;

function advance(state: SplitState, line: string): SplitState {
  if (state.fence) return closesFence(line, state.fence) ? { ...state, fence: null } : state;
  const fence = parseFenceOpen(line);
  if (fence) return { ...state, fence };
  const masked = maskCodeSpans(line.replace(/\r?\n$/, ""));
  const details = state.details.map((d) => ({ ...d }));
  let openedHere = false;
  for (const m of masked.matchAll(TAGS)) {
    const tag = m[0];
    const top = details[details.length - 1];
    if (/^<details/i.test(tag)) {
      details.push({ tag, summary: null, awaitingSummary: true });
      openedHere = true;
    } else if (/^<\/details/i.test(tag)) {
      details.pop();
    } else if (top?.awaitingSummary) {
      top.summary = line.slice(m.index, m.index + tag.length);
      top.awaitingSummary = false;
    }
  }
  const top = details[details.length - 1];
  const rest = masked.replace(TAGS, "").trim();
  // Any other content after `<details>` means its summary (if any) was not given up front.
  if (top?.awaitingSummary && rest !== "" && !openedHere) top.awaitingSummary = false;
  return { fence: null, details };
}

function renderReopen(state: SplitState): string {
  let out = "";
  for (const d of state.details) {
    // The blank line lets GitHub render the markdown that follows inside the HTML block.
    out += `${d.tag}\n${d.summary === null ? "" : `${d.summary}\n`}\n`;
  }
  if (state.fence) out += `${state.fence.line}\n`;
  return out;
}

function renderClose(state: SplitState, atLineStart: boolean): string {
  if (!state.fence && state.details.length === 0) return "";
  let out = atLineStart ? "" : "\n";
  if (state.fence) out += `${state.fence.indent}${state.fence.char.repeat(state.fence.length)}\n`;
  out += "</details>\n".repeat(state.details.length);
  return out;
}

function splitLines(body: string): string[] {
  return body.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * How many code units of `piece` to take when it must be split inside a line: at most `room`,
 * at a space if one is near the end, never between the halves of a surrogate pair, at least one
 * character.
 */
function hardCut(piece: string, room: number): number {
  let cut = Math.min(room, piece.length);
  const space = piece.lastIndexOf(" ", cut - 1);
  if (space >= 0 && space + 1 >= cut * 0.8) cut = space + 1;
  if (cut < piece.length && isHighSurrogate(piece.charCodeAt(cut - 1))) cut--;
  if (cut <= 0) cut = isHighSurrogate(piece.charCodeAt(0)) ? Math.min(2, piece.length) : 1;
  return cut;
}

function header(index: number, total: number): string {
  return `(part ${index}/${total})\n\n`;
}

function cutParts(body: string, limit: number, headerRoom: number): Omit<CommentPart, "header">[] {
  const lines = splitLines(body);
  const parts: Omit<CommentPart, "header">[] = [];
  let li = 0;
  let offset = 0;
  let state = EMPTY;
  while (li < lines.length) {
    let reopen = renderReopen(state);
    const budget = limit - headerRoom - reopen.length;
    let content = "";
    let st = state;
    // Whole (remaining) lines while they fit together with the closers they leave behind.
    while (li < lines.length) {
      const line = lines[li] ?? "";
      const piece = line.slice(offset);
      const next = advance(st, line);
      const close = renderClose(next, piece.endsWith("\n"));
      if (content.length + piece.length + close.length > budget) break;
      content += piece;
      st = next;
      li++;
      offset = 0;
    }
    let close = renderClose(st, content === "" || content.endsWith("\n"));
    if (content === "") {
      // Not even one line fits: split it inside. Keep one unit back when possible, because
      // finishing the line could change the state (and so the closer) the room was sized for.
      const line = lines[li] ?? "";
      const piece = line.slice(offset);
      close = renderClose(state, false);
      let room = budget - close.length;
      if (room < MIN_STRUCTURED_ROOM) room = limit - headerRoom;
      const take = hardCut(piece, Math.min(room, Math.max(piece.length - 1, 1)));
      content = piece.slice(0, take);
      if (take >= piece.length) {
        st = advance(state, line);
        li++;
        offset = 0;
        close = renderClose(st, content.endsWith("\n"));
      } else {
        offset += take;
      }
      if (headerRoom + reopen.length + content.length + close.length > limit) {
        // Too little room for the structure: a plain cut still keeps every character.
        reopen = "";
        close = "";
      }
    }
    parts.push({ reopen, content, close });
    state = st;
  }
  const last = parts[parts.length - 1];
  // Nothing follows the last part, so what it leaves open stays as the author left it.
  if (last) last.close = "";
  return parts;
}

/**
 * The body cut into parts of at most `limit` UTF-16 code units (DESIGN §3.2), numbered
 * `(part i/n)`, with code fences and `<details>` closed at each cut and reopened in the next part.
 * Cuts fall between lines; only a line longer than a part is split inside.
 */
export function splitCommentParts(body: string, limit = GITHUB_COMMENT_LIMIT): CommentPart[] {
  if (body.length <= limit) return [{ header: "", reopen: "", content: body, close: "" }];
  if (limit < MIN_LIMIT) throw new RangeError(`comment limit ${limit} is below ${MIN_LIMIT}`);
  // The header width depends on the part count: retry with a wider reservation if it grew.
  for (let digits = 1; ; digits++) {
    const widest = 10 ** digits - 1;
    const parts = cutParts(body, limit, header(widest, widest).length);
    if (String(parts.length).length <= digits) {
      return parts.map((p, i) => ({ header: header(i + 1, parts.length), ...p }));
    }
  }
}

export function splitComment(body: string, limit = GITHUB_COMMENT_LIMIT): string[] {
  return splitCommentParts(body, limit).map((p) => p.header + p.reopen + p.content + p.close);
}
