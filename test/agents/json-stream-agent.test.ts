import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJsonLines } from "../../src/agents/json-stream-agent.js";

describe("readJsonLines", () => {
  it.each([
    { name: "empty output", stdout: "", values: [], ignored: 0 },
    { name: "blank lines are not counted", stdout: "\n  \r\n\n", values: [], ignored: 0 },
    {
      name: "objects in order, CRLF and padding tolerated",
      stdout: '{"a":1}\r\n  {"b":2}  \n',
      values: [{ a: 1 }, { b: 2 }],
      ignored: 0,
    },
    {
      name: "warnings, arrays, scalars and broken JSON are ignored lines",
      stdout: 'warning: x\n[1,2]\n42\n{"a":\n{"ok":true}\n',
      values: [{ ok: true }],
      ignored: 4,
    },
  ])("$name", ({ stdout, values, ignored }) => {
    expect(readJsonLines(stdout)).toEqual({ values, ignoredLines: ignored });
  });

  it("every non-blank line is either one object or one ignored line", () => {
    const line = fc.oneof(
      fc.dictionary(fc.string(), fc.jsonValue()).map((o) => JSON.stringify(o)),
      fc.string().filter((s) => !/[\r\n]/.test(s)),
    );
    fc.assert(
      fc.property(fc.array(line), (lines) => {
        const objects = lines.flatMap((l) => {
          try {
            const v: unknown = JSON.parse(l.trim());
            return l.trim().startsWith("{") ? [v] : [];
          } catch {
            return [];
          }
        });
        const nonBlank = lines.filter((l) => l.trim() !== "").length;
        const read = readJsonLines(lines.join("\n"));
        expect(read.values).toEqual(objects);
        expect(read.ignoredLines).toBe(nonBlank - objects.length);
      }),
    );
  });
});
