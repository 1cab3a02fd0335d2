/** Small renderers for the texts the machine puts into effects. */

export function short(sha: string): string {
  return sha.slice(0, 7);
}

function cell(text: string): string {
  return text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|").trim();
}

/** The verifier's criterion → pass/fail table, or nothing when it gave none. */
export function criteriaTable(criteria: readonly { criterion: string; pass: boolean }[]): string {
  if (criteria.length === 0) return "";
  const rows = criteria.map((c) => `| ${cell(c.criterion)} | ${c.pass ? "✅ pass" : "❌ fail"} |`);
  return `\n\n| criterion | result |\n|---|---|\n${rows.join("\n")}`;
}

/**
 * Inline code for a word a user typed. Backticks and line breaks are dropped so the text cannot
 * leave the code span (where an `@team` mention would notify people); long input is cut.
 */
export function code(text: string, max = 60): string {
  const clean = text.replace(/[`\r\n]/g, "").trim();
  return `\`${clean.length > max ? `${clean.slice(0, max - 1)}…` : clean}\``;
}
