import {
  COMMAND_NAMES,
  COMMAND_TABLE,
  type CommandName,
  type CommandSpec,
} from "./command-table.js";
import type { Command } from "./events.js";

/**
 * Command parsing (DESIGN §3.1). A command is a line that starts with `/ralph`, `/approve` or
 * `/reject` and that a reader can see: not inside a fenced code block, a `>` block quote (including
 * its lazy continuation lines) or an HTML comment. The scanner is deliberately conservative: where
 * GitHub's rendering is ambiguous, the line is treated as hidden, because a missed command costs
 * one more comment while a phantom command runs an agent.
 */

/** An open fenced code block, as written on its opening line. */
export interface Fence {
  char: "`" | "~";
  length: number;
  indent: string;
  info: string;
  /** The opening line, without its line ending: what a split part reopens with. */
  line: string;
}

// Any indentation: fences inside nested list items sit deeper than 3 spaces, and treating a
// deeper fence as a fence only ever hides lines. `s`: the info string runs to the end of the line
// even through U+2028 and U+2029, which are no line break in Markdown (a fence GitHub shows).
const FENCE_OPEN = /^([ \t]*)(`{3,}|~{3,})(.*)$/s;
const FENCE_CLOSE = /^[ \t]*(`{3,}|~{3,})[ \t]*$/;

export function parseFenceOpen(line: string): Fence | null {
  const m = FENCE_OPEN.exec(stripLineEnding(line));
  if (!m) return null;
  const indent = m[1] ?? "";
  const run = m[2] ?? "";
  const rest = m[3] ?? "";
  const char = run[0] === "~" ? "~" : "`";
  // CommonMark: a backtick fence's info string may not contain backticks (that is inline code).
  if (char === "`" && rest.includes("`")) return null;
  return { char, length: run.length, indent, info: rest.trim(), line: stripLineEnding(line) };
}

export function closesFence(line: string, fence: Fence): boolean {
  const m = FENCE_CLOSE.exec(stripLineEnding(line));
  const run = m?.[1];
  return run !== undefined && run[0] === fence.char && run.length >= fence.length;
}

export function stripLineEnding(line: string): string {
  return line.replace(/\r?\n$/, "").replace(/\r$/, "");
}

/**
 * The line with the contents of inline code spans replaced by spaces (same length, so indexes
 * still match): `<!--` or `<details>` inside backticks is literal text, not markup.
 */
export function maskCodeSpans(line: string): string {
  let out = "";
  let i = 0;
  while (i < line.length) {
    if (line[i] !== "`") {
      out += line[i];
      i++;
      continue;
    }
    let n = 0;
    while (line[i + n] === "`") n++;
    const run = "`".repeat(n);
    let close = line.indexOf(run, i + n);
    // The closing run must be exactly as long as the opening one.
    while (close !== -1 && line[close + n] === "`") {
      let m = close;
      while (line[m] === "`") m++;
      close = line.indexOf(run, m);
    }
    if (close === -1) {
      out += run;
      i += n;
      continue;
    }
    out += run + " ".repeat(close - i - n) + run;
    i = close + n;
  }
  return out;
}

export type LineKind =
  /** Inside a fenced code block, or the fence line itself. */
  | "fence"
  /** Starts inside an HTML comment. */
  | "comment"
  /** A `>` block-quote line, or a lazy continuation of a quoted paragraph. */
  | "quote"
  | "visible";

export interface ScannedLine {
  text: string;
  kind: LineKind;
  /** For visible lines: the line with complete inline HTML comments removed. */
  visibleText: string;
}

export interface ScanResult {
  lines: ScannedLine[];
  /** Fence still open at the end of the text (unclosed fences run to the end). */
  openFence: Fence | null;
  /** True when the text ends inside an unclosed HTML comment. */
  inComment: boolean;
}

const LINE_BREAK = /\r?\n|\r/;

/** Classifies every line of `text` the way the command parser sees it. */
export function scanLines(text: string): ScanResult {
  const lines: ScannedLine[] = [];
  let fence: Fence | null = null;
  let inComment = false;
  let quoteParagraph = false;

  for (const line of text.split(LINE_BREAK)) {
    if (fence) {
      if (closesFence(line, fence)) fence = null;
      lines.push({ text: line, kind: "fence", visibleText: "" });
      continue;
    }
    if (inComment) {
      const after = skipComment(line);
      inComment = after.inComment;
      quoteParagraph = false;
      lines.push({ text: line, kind: "comment", visibleText: "" });
      continue;
    }
    const opened = parseFenceOpen(line);
    if (opened) {
      fence = opened;
      quoteParagraph = false;
      lines.push({ text: line, kind: "fence", visibleText: "" });
      continue;
    }
    const stripped = removeInlineComments(line);
    inComment = stripped.inComment;
    const quote = /^ {0,3}>/.exec(line);
    if (quote) {
      const content = line.slice(quote[0].length);
      quoteParagraph = content.trim() !== "" && parseFenceOpen(content) === null && !inComment;
      lines.push({ text: line, kind: "quote", visibleText: "" });
      continue;
    }
    if (line.trim() === "") {
      quoteParagraph = false;
      lines.push({ text: line, kind: "visible", visibleText: stripped.text });
      continue;
    }
    if (quoteParagraph) {
      // CommonMark lazy continuation: GitHub renders this line inside the quote.
      lines.push({ text: line, kind: "quote", visibleText: "" });
      continue;
    }
    lines.push({ text: line, kind: "visible", visibleText: stripped.text });
  }
  return { lines, openFence: fence, inComment };
}

/** For a line that starts inside a comment: does it end there (and stay out of new ones)? */
function skipComment(line: string): { inComment: boolean } {
  const end = line.indexOf("-->");
  if (end === -1) return { inComment: true };
  return { inComment: removeInlineComments(line.slice(end + 3)).inComment };
}

function removeInlineComments(line: string): { text: string; inComment: boolean } {
  const masked = maskCodeSpans(line);
  let text = "";
  let i = 0;
  while (i < line.length) {
    const open = masked.indexOf("<!--", i);
    if (open === -1) {
      text += line.slice(i);
      break;
    }
    text += line.slice(i, open);
    // `<!-->` and `<!--->` are complete comments, so the search starts two characters in.
    const end = line.indexOf("-->", open + 2);
    if (end === -1) return { text, inComment: true };
    i = end + 3;
  }
  return { text, inComment: false };
}

/** Top-level spellings of commands (`/approve`, `/reject`), from the command table. */
const ALIASES: ReadonlyMap<string, CommandName> = new Map(
  Object.entries(COMMAND_TABLE).flatMap(([name, spec]: [string, CommandSpec]) =>
    spec.alias === undefined ? [] : [[spec.alias, name as CommandName] as const],
  ),
);
const VERBS = ["ralph", ...ALIASES.keys()].join("|");
const COMMAND_LINE = new RegExp(`^ {0,3}\\/(${VERBS})(?=\\s|$)(.*)$`, "i");
const COMMAND_SET: ReadonlySet<string> = new Set(COMMAND_NAMES);

function isCommandName(word: string): word is CommandName {
  return COMMAND_SET.has(word);
}

/** Every command in `body`, in order. Never throws. */
export function parseCommands(body: string): Command[] {
  const commands: Command[] = [];
  for (const scanned of scanLines(body).lines) {
    if (scanned.kind !== "visible") continue;
    // The command must start the source line; hidden text before it means it does not.
    if (!COMMAND_LINE.test(scanned.text)) continue;
    const m = COMMAND_LINE.exec(scanned.visibleText);
    if (!m) continue;
    const verb = (m[1] ?? "").toLowerCase();
    const rest = (m[2] ?? "").trim();
    const line = scanned.text.trim();
    const aliased = ALIASES.get(verb);
    if (aliased !== undefined) {
      commands.push({ name: aliased, args: rest, line });
    } else if (rest === "") {
      commands.push({ name: "help", args: "", line });
    } else {
      const word = rest.split(/\s+/)[0] ?? "";
      const args = rest.slice(word.length).trim();
      const sub = word.toLowerCase();
      if (isCommandName(sub)) commands.push({ name: sub, args, line });
      else commands.push({ name: "unknown", subcommand: word, args, line });
    }
  }
  return commands;
}

const LOOSE_COMMAND_LINE = new RegExp(`^(\\s*)(\\/(?:${VERBS})(?=\\s|$))`, "i");

/**
 * Makes text safe to embed in a comment Ralph posts: every line that could read as a command
 * (anywhere but inside a fenced code block, with any indentation) gets a backslash before the
 * slash. Markdown renders `\/` as `/`, so readers see the same text; parsers see no command.
 */
export function neutralizeCommandLines(text: string): string {
  const { lines } = scanLines(text);
  // Split with the separators kept, so line endings come back exactly as they were.
  const pieces = text.split(/(\r?\n|\r)/);
  return pieces
    .map((piece, i) => {
      if (i % 2 === 1 || lines[i / 2]?.kind === "fence") return piece;
      return piece.replace(LOOSE_COMMAND_LINE, "$1\\$2");
    })
    .join("");
}
