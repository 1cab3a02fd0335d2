import { fromMarkdown } from "mdast-util-from-markdown";

/**
 * DESIGN §4.4 verifier verdict block, parsed strictly from the end of the final message.
 *
 * Grammar (lines are trimmed; `\r\n` is accepted):
 *
 *   message  := anything  block
 *   block    := the longest run of trailing lines that are each one of
 *                 - blank
 *                 - a fence marker line (``` or ~~~, nothing else on the line)
 *                 - a verdict line        `RALPH_VERDICT: PASS` | `RALPH_VERDICT: FAIL`
 *                 - an invalidation line  `PLAN_INVALIDATION: <one-line reason>`
 *                 - a table row           starting with `|`
 *
 * FAIL and PLAN_INVALIDATION stay easy to give: a FAIL verdict line at the end is a FAIL, fenced or
 * not, whatever the table says. PASS is strict (the harness decides "done", not agent text):
 * - the verdict line and the criterion table lie outside any fenced or indented code block, HTML
 *   block or block quote, as a CommonMark parser reads the whole message (a quoted example of the
 *   format is not a verdict);
 * - the table names every expected acceptance criterion, each marked pass (extra rows are fine).
 * A PASS that breaks a rule is FAIL with `problem` saying why, and `rejectedPass` set, so the
 * verifier's next run can be told what was wrong with its verdict.
 */

export const VERDICT_LINE_PATTERN = /^\s*RALPH_VERDICT:\s*(PASS|FAIL)\s*$/;
export const PLAN_INVALIDATION_PATTERN = /^\s*PLAN_INVALIDATION:\s*(\S.*?)\s*$/;

/** Lines that mention the markers without matching them: reported as malformed. */
const LOOSE_VERDICT = /RALPH_VERDICT/i;
const LOOSE_INVALIDATION = /^\W*PLAN_INVALIDATION\s*:/i;
const FENCE_LINE = /^\s*(```+|~~~+)\s*$/;
const TABLE_SEPARATOR = /^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$/;

const PASS_TOKENS = new Set(["pass", "passed", "passes", "✅", "✓", "✔"]);
const FAIL_TOKENS = new Set(["fail", "failed", "fails", "❌", "✗", "✘", "✖"]);

export interface VerdictCriterion {
  criterion: string;
  pass: boolean;
  /** The cell before the criterion in a three-column row (the regression run's story id). */
  story?: string;
}

export interface ParsedVerdict {
  verdict: "PASS" | "FAIL";
  invalidation: string | null;
  criteria: VerdictCriterion[];
  problem: string | null;
  /** The verifier printed PASS, but Ralph did not accept it (`problem` says why). */
  rejectedPass: boolean;
}

function fail(problem: string, criteria: VerdictCriterion[] = [], rejectedPass = false) {
  return { verdict: "FAIL", invalidation: null, criteria, problem, rejectedPass } as const;
}

function isBlockLine(line: string): boolean {
  const t = line.trim();
  return (
    t === "" ||
    FENCE_LINE.test(t) ||
    t.startsWith("|") ||
    VERDICT_LINE_PATTERN.test(t) ||
    PLAN_INVALIDATION_PATTERN.test(t)
  );
}

function quote(line: string): string {
  const t = line.trim();
  return t.length > 80 ? `"${t.slice(0, 77)}..."` : `"${t}"`;
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * A row that holds an expected criterion with its pipes written raw (`| a | b | pass |` for the
 * criterion `a | b`) split it into several cells: the cells that spell the criterion (the first
 * may start with `AC1: `) become one again, when a pass/fail cell still follows them. Escaped
 * pipes (as the template shows them) never split a cell and need nothing.
 */
function joinRawPipes(cells: string[], expected: readonly string[]): string[] {
  let out = cells;
  // The criterion with the most pipes first: a shorter one may spell the start of a longer one.
  const byPipes = [...expected].sort((a, b) => b.split("|").length - a.split("|").length);
  for (const criterion of byPipes) {
    const pieces = criterion.split("|").map(oneLine);
    if (pieces.length < 2) continue;
    for (let i = 0; i + pieces.length <= out.length; i++) {
      const first = oneLine(out[i] ?? "");
      const spelled =
        first.endsWith(pieces[0] ?? "") &&
        pieces.slice(1).every((p, k) => oneLine(out[i + 1 + k] ?? "") === p);
      if (!spelled) continue;
      const cell = first.slice(0, first.length - (pieces[0] ?? "").length) + oneLine(criterion);
      const joined = [...out.slice(0, i), cell, ...out.slice(i + pieces.length)];
      if (!joined.slice(i + 1).some((c) => statusOf(c) !== null)) continue;
      out = joined;
      break;
    }
  }
  return out;
}

function splitCells(row: string): string[] {
  let t = row.trim();
  if (t.startsWith("|")) t = t.slice(1);
  if (t.endsWith("|") && !t.endsWith("\\|")) t = t.slice(0, -1);
  return t.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, "|"));
}

function statusOf(cell: string): boolean | null {
  const first =
    cell
      .replace(/\uFE0F/g, "")
      .trim()
      .split(/\s+/)[0] ?? "";
  const token = first.replace(/^[*_`~]+|[*_`~:.!,]+$/g, "").toLowerCase();
  if (PASS_TOKENS.has(token)) return true;
  if (FAIL_TOKENS.has(token)) return false;
  return null;
}

/** One table (contiguous rows). The first row is a header when its status cell is not pass/fail. */
function parseTable(
  rows: string[],
  expected: readonly string[],
): { criteria: VerdictCriterion[] } | { problem: string } {
  const criteria: VerdictCriterion[] = [];
  let first = true;
  for (const row of rows) {
    if (TABLE_SEPARATOR.test(row.trim())) continue;
    const cells = joinRawPipes(splitCells(row), expected);
    // Status is the first cell after the criterion that reads pass/fail (extra columns allowed).
    let statusIndex = -1;
    let pass: boolean | null = null;
    for (let i = 1; i < cells.length; i++) {
      pass = statusOf(cells[i]!);
      if (pass !== null) {
        statusIndex = i;
        break;
      }
    }
    const wasFirst = first;
    first = false;
    if (pass === null) {
      if (wasFirst) continue; // header row
      return { problem: `criteria table row has no pass/fail cell: ${quote(row)}` };
    }
    const criterion = cells[statusIndex - 1] ?? "";
    if (criterion === "") return { problem: `criteria table row has no criterion: ${quote(row)}` };
    const story = statusIndex >= 2 ? cells[statusIndex - 2] : undefined;
    criteria.push(
      story === undefined || story === "" ? { criterion, pass } : { criterion, pass, story },
    );
  }
  return { criteria };
}

type Node = { type: string; position?: { start: { line: number }; end: { line: number } } };

/**
 * 0-based indices of the lines a CommonMark reader sees as quoted material: code blocks (fenced,
 * also unclosed, or indented), HTML blocks and block quotes. A parser, not a regex: fences may be
 * ``` or ~~~, longer than three, indented up to three spaces, closed only by a fence as long.
 */
export function quotedLines(text: string): Set<number> {
  const quoted = new Set<number>();
  const visit = (node: Node & { children?: Node[] }) => {
    if (["code", "html", "blockquote"].includes(node.type) && node.position) {
      for (let l = node.position.start.line; l <= node.position.end.line; l++) quoted.add(l - 1);
      return;
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(fromMarkdown(text) as Node & { children?: Node[] });
  return quoted;
}

/** Lower case, markdown emphasis and punctuation at the ends dropped, spaces collapsed. */
export function normalizeCriterion(text: string): string {
  return text
    .replace(/[`*_~]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[\s.:;,\-–—]+|[\s.:;,\-–—]+$/g, "")
    .toLowerCase();
}

/** `AC1`, `AC-2`, `#3`, `3`, `criterion 3` (optionally followed by `:` and text): the number. */
function criterionIndex(cell: string): number | null {
  const m = /^(?:ac|criterion|#)?\s*-?\s*(\d+)(?:$|[\s.:)\-–—])/i.exec(cell.trim());
  return m ? Number(m[1]) : null;
}

/** Whether a table row names acceptance criterion `index` (0-based) with text `expected`. */
export function namesCriterion(cell: string, expected: string, index: number): boolean {
  const row = normalizeCriterion(cell);
  const want = normalizeCriterion(expected);
  if (want !== "" && (row === want || row.includes(want))) return true;
  return criterionIndex(cell) === index + 1;
}

/** The criteria of `expected` no row names with pass (missing, or named but marked fail). */
export function unmetCriteria(
  rows: readonly VerdictCriterion[],
  expected: readonly string[],
): { missing: string[]; failed: string[] } {
  const missing: string[] = [];
  const failed: string[] = [];
  expected.forEach((criterion, i) => {
    const named = rows.filter((r) => namesCriterion(r.criterion, criterion, i));
    if (named.length === 0) missing.push(criterion);
    else if (named.some((r) => !r.pass)) failed.push(criterion);
  });
  return { missing, failed };
}

/** Criteria named in a problem message, quoted and clipped. */
export function quoteList(items: readonly string[]): string {
  return items.map((c) => `"${c.length > 80 ? `${c.slice(0, 77)}...` : c}"`).join(", ");
}

export interface VerdictBlock {
  verdict: "PASS" | "FAIL";
  invalidation: string | null;
  criteria: VerdictCriterion[];
  /** Problems that only matter for a PASS (a FAIL stays a FAIL whatever they say). */
  passProblem: string | null;
}

/**
 * Reads the trailing block; a string is the reason no verdict could be read at all. `expected`:
 * the acceptance criteria the table should name (their raw pipes are read as part of the text).
 */
export function readVerdictBlock(
  text: string,
  expected: readonly string[] = [],
): VerdictBlock | string {
  if (typeof text !== "string" || text.trim() === "") return "the verifier output is empty";
  const lines = text.split(/\r?\n/);

  let blockStart = lines.length;
  while (blockStart > 0 && isBlockLine(lines[blockStart - 1]!)) blockStart--;
  const block = lines.slice(blockStart);
  // The line that ended the block: a marker attempt there deserves a precise complaint.
  const stopper = blockStart > 0 ? lines[blockStart - 1]! : "";
  if (LOOSE_INVALIDATION.test(stopper)) {
    return `malformed PLAN_INVALIDATION line ${quote(stopper)}: expected "PLAN_INVALIDATION: <one-line reason>"`;
  }
  const verdictAt = block.flatMap((l, i) => (VERDICT_LINE_PATTERN.test(l) ? [blockStart + i] : []));

  if (verdictAt.length === 0) {
    const before = lines.slice(0, blockStart);
    if (before.some((l) => VERDICT_LINE_PATTERN.test(l))) {
      return `the RALPH_VERDICT line is not at the end: it is followed by other text (${quote(lines[blockStart - 1]!)})`;
    }
    const loose = [...lines].reverse().find((l) => LOOSE_VERDICT.test(l));
    if (loose !== undefined) {
      return `malformed verdict line ${quote(loose)}: expected exactly "RALPH_VERDICT: PASS" or "RALPH_VERDICT: FAIL"`;
    }
    return "no RALPH_VERDICT line at the end of the verifier output";
  }

  const values = new Set(lines.flatMap((l) => VERDICT_LINE_PATTERN.exec(l)?.[1] ?? []));
  if (values.size > 1) {
    return "the output contains both RALPH_VERDICT: PASS and RALPH_VERDICT: FAIL lines";
  }
  const verdict = values.has("PASS") ? "PASS" : "FAIL";

  const reasons = block.flatMap((l) => PLAN_INVALIDATION_PATTERN.exec(l)?.[1] ?? []);
  if (new Set(reasons).size > 1)
    return "the verdict block has more than one PLAN_INVALIDATION line";
  const invalidation = reasons[0] ?? null;
  if (invalidation !== null && /^<[^>]*>$/.test(invalidation)) {
    // An echoed prompt template (`PLAN_INVALIDATION: <one-line reason>`) must not trigger a re-plan.
    return `PLAN_INVALIDATION has a placeholder instead of a reason (${invalidation})`;
  }

  const criteria: VerdictCriterion[] = [];
  const tableLines: number[] = [];
  let table: string[] = [];
  let tableProblem: string | null = null;
  for (const [i, line] of [...block, ""].entries()) {
    if (line.trim().startsWith("|")) {
      table.push(line);
      tableLines.push(blockStart + i);
      continue;
    }
    if (table.length > 0 && tableProblem === null) {
      const parsed = parseTable(table, expected);
      if ("problem" in parsed) tableProblem = parsed.problem;
      else criteria.push(...parsed.criteria);
    }
    table = [];
  }

  let passProblem: string | null = tableProblem;
  if (verdict === "PASS" && passProblem === null) {
    const quoted = quotedLines(text);
    if (verdictAt.some((i) => quoted.has(i))) {
      passProblem =
        "the RALPH_VERDICT: PASS line is inside a fenced code block or a quote; a verdict counts only outside them";
    } else if (tableLines.some((i) => quoted.has(i))) {
      passProblem =
        "the criterion table is inside a fenced code block or a quote; it counts only outside them";
    } else if (invalidation !== null) {
      passProblem = `contradictory verdict: PASS together with PLAN_INVALIDATION (${invalidation})`;
    }
  }
  return { verdict, invalidation, criteria, passProblem };
}

/**
 * Parses the verdict block at the end of `text` for one story whose acceptance criteria are
 * `expected`. Never throws; anything doubtful is FAIL.
 */
export function parseVerdict(text: string, expected: readonly string[]): ParsedVerdict {
  const block = readVerdictBlock(text, expected);
  if (typeof block === "string") return fail(block);
  const { verdict, invalidation, criteria } = block;
  if (verdict === "FAIL")
    return { verdict, invalidation, criteria, problem: null, rejectedPass: false };
  if (block.passProblem !== null) return fail(block.passProblem, criteria, true);
  if (criteria.length === 0) {
    return fail(
      "PASS without a criterion table: list every acceptance criterion with pass or fail before the verdict line",
      criteria,
      true,
    );
  }
  const { missing, failed } = unmetCriteria(criteria, expected);
  if (failed.length > 0) {
    return fail(
      `contradictory verdict: PASS but the table marks ${quoteList(failed)} as fail`,
      criteria,
      true,
    );
  }
  if (missing.length > 0) {
    return fail(`PASS but the criterion table does not name ${quoteList(missing)}`, criteria, true);
  }
  return { verdict, invalidation: null, criteria, problem: null, rejectedPass: false };
}
