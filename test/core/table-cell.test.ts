import { describe, expect, it } from "vitest";
import { escapeTableCell } from "../../src/core/table-cell.js";

describe("escapeTableCell: a criterion stays one cell of the verdict table", () => {
  it.each([
    ["text without a pipe is unchanged", "Login works", "Login works"],
    ["every pipe is escaped, code spans included", "a | b || `x|y`", "a \\| b \\|\\| `x\\|y`"],
  ])("%s", (_name, text, expected) => {
    expect(escapeTableCell(text)).toBe(expected);
  });
});
