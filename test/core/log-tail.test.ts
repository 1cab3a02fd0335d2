import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { logTail } from "../../src/core/log-tail.js";

describe("logTail", () => {
  it.each([
    ["plain lines stay as they are", "a\nb\nc\n", {}, "a\nb\nc"],
    ["keeps the last lines", "1\n2\n3\n4\n5", { maxLines: 2 }, "4\n5"],
    [
      "drops Actions timestamps and colours",
      "2024-05-01T10:00:00.1234567Z \u001b[31mFAIL\u001b[0m test/a.test.ts\n2024-05-01T10:00:01Z done",
      {},
      "FAIL test/a.test.ts\ndone",
    ],
    ["CRLF becomes LF", "x\r\ny\r\n", {}, "x\ny"],
    [
      "a progress line keeps its last state",
      "load 10%\rload 50%\rload 100%\nok",
      {},
      "load 100%\nok",
    ],
    [
      "group markers go, their titles stay",
      "##[group]Run npm test\nok\n##[endgroup]",
      {},
      "Run npm test\nok",
    ],
    [
      "a range read drops its first, partial line",
      "ial line\nwhole\nlast",
      { startsMidLine: true },
      "whole\nlast",
    ],
    ["cuts at a line boundary within maxChars", "aaaa\nbbbb\ncccc", { maxChars: 9 }, "bbbb\ncccc"],
    ["one line longer than maxChars keeps its end", "0123456789", { maxChars: 5 }, "…6789"],
    ["trailing blank lines go, inner ones stay", "a\n\nb\n\n\n", {}, "a\n\nb"],
    ["empty stays empty", "", {}, ""],
  ] as const)("%s", (_name, raw, options, expected) => {
    expect(logTail(raw, options)).toBe(expected);
  });

  it("never exceeds maxChars, never keeps a control character, keeps whole lines of the input", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 40 }), { maxLength: 60 }),
        fc.integer({ min: 2, max: 400 }),
        (lines, maxChars) => {
          const raw = lines.join("\n");
          const tail = logTail(raw, { maxChars });
          expect(tail.length).toBeLessThanOrEqual(maxChars);
          // biome-ignore lint/suspicious/noControlCharactersInRegex: the property is about them
          expect(tail).not.toMatch(/\u001b\[/);
          if (tail.includes("\n")) {
            const [, ...whole] = tail.split("\n");
            expect(whole.length).toBeLessThanOrEqual(lines.length);
          }
        },
      ),
    );
  });
});
