/** Markdown table cells Ralph renders for agents to fill in (the verdict tables). */

/**
 * A criterion's text for one Markdown table cell: every `|` escaped as `\|` (GFM's escape inside
 * a cell, code spans included), so the cell stays one cell; the verdict parser undoes it.
 */
export function escapeTableCell(text: string): string {
  return text.replace(/\|/g, "\\|");
}
