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
 * So the verdict line may be followed only by the optional PLAN_INVALIDATION line and the
 * criterion | pass/fail table (in either order, a table directly before the verdict is read too),
 * plus closing fences. The block must hold at least one verdict line, every verdict line in the
 * whole message must agree, at most one PLAN_INVALIDATION line, and a readable table if any.
 * Every other case is FAIL with `problem` saying why; PASS together with PLAN_INVALIDATION and PASS
 * with a criterion marked fail are contradictions, hence FAIL too.
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
}

export interface ParsedVerdict {
  verdict: "PASS" | "FAIL";
  invalidation: string | null;
  criteria: VerdictCriterion[];
  problem: string | null;
}

function fail(problem: string, criteria: VerdictCriterion[] = []): ParsedVerdict {
  return { verdict: "FAIL", invalidation: null, criteria, problem };
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
function parseTable(rows: string[]): { criteria: VerdictCriterion[] } | { problem: string } {
  const criteria: VerdictCriterion[] = [];
  let first = true;
  for (const row of rows) {
    if (TABLE_SEPARATOR.test(row.trim())) continue;
    const cells = splitCells(row);
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
    criteria.push({ criterion, pass });
  }
  return { criteria };
}

/** Parses the verdict block at the end of `text`. Never throws; anything doubtful is FAIL. */
export function parseVerdict(text: string): ParsedVerdict {
  if (typeof text !== "string" || text.trim() === "") return fail("the verifier output is empty");
  const lines = text.split(/\r?\n/);

  let blockStart = lines.length;
  while (blockStart > 0 && isBlockLine(lines[blockStart - 1]!)) blockStart--;
  const block = lines.slice(blockStart);
  // The line that ended the block: a marker attempt there deserves a precise complaint.
  const stopper = blockStart > 0 ? lines[blockStart - 1]! : "";
  if (LOOSE_INVALIDATION.test(stopper)) {
    return fail(
      `malformed PLAN_INVALIDATION line ${quote(stopper)}: expected "PLAN_INVALIDATION: <one-line reason>"`,
    );
  }
  const verdictLines = block.filter((l) => VERDICT_LINE_PATTERN.test(l));

  if (verdictLines.length === 0) {
    const before = lines.slice(0, blockStart);
    const lastVerdict = [...before].reverse().find((l) => VERDICT_LINE_PATTERN.test(l));
    if (lastVerdict !== undefined) {
      const after = lines[blockStart - 1]!;
      return fail(
        `the RALPH_VERDICT line is not at the end: it is followed by other text (${quote(after)})`,
      );
    }
    const loose = [...lines].reverse().find((l) => LOOSE_VERDICT.test(l));
    if (loose !== undefined) {
      return fail(
        `malformed verdict line ${quote(loose)}: expected exactly "RALPH_VERDICT: PASS" or "RALPH_VERDICT: FAIL"`,
      );
    }
    return fail("no RALPH_VERDICT line at the end of the verifier output");
  }

  const values = new Set(
    lines.flatMap((l) => {
      const m = VERDICT_LINE_PATTERN.exec(l);
      return m ? [m[1] as "PASS" | "FAIL"] : [];
    }),
  );
  if (values.size > 1) {
    return fail("the output contains both RALPH_VERDICT: PASS and RALPH_VERDICT: FAIL lines");
  }
  const verdict = verdictLines[0]!.trim().endsWith("PASS") ? "PASS" : "FAIL";

  const reasons = block.flatMap((l) => {
    const m = PLAN_INVALIDATION_PATTERN.exec(l);
    return m ? [m[1]!] : [];
  });
  if (new Set(reasons).size > 1) {
    return fail("the verdict block has more than one PLAN_INVALIDATION line");
  }
  const invalidation = reasons[0] ?? null;
  if (invalidation !== null && /^<[^>]*>$/.test(invalidation)) {
    // An echoed prompt template (`PLAN_INVALIDATION: <one-line reason>`) must not trigger a re-plan.
    return fail(`PLAN_INVALIDATION has a placeholder instead of a reason (${invalidation})`);
  }

  const criteria: VerdictCriterion[] = [];
  let table: string[] = [];
  for (const line of [...block, ""]) {
    if (line.trim().startsWith("|")) {
      table.push(line);
      continue;
    }
    if (table.length > 0) {
      const parsed = parseTable(table);
      if ("problem" in parsed) return fail(parsed.problem, criteria);
      criteria.push(...parsed.criteria);
      table = [];
    }
  }

  if (verdict === "PASS") {
    if (invalidation !== null) {
      return fail(
        `contradictory verdict: PASS together with PLAN_INVALIDATION (${invalidation})`,
        criteria,
      );
    }
    const failed = criteria.filter((c) => !c.pass);
    if (failed.length > 0) {
      const names = failed.map((c) => `"${c.criterion}"`).join(", ");
      return fail(`contradictory verdict: PASS but the table marks ${names} as fail`, criteria);
    }
  }
  return { verdict, invalidation, criteria, problem: null };
}
