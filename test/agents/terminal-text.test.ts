import { execFileSync } from "node:child_process";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { liveOutput, progressText } from "../../src/agents/output-lines.js";
import { plainText, tailLines } from "../../src/agents/terminal-text.js";
import { stripInvisibleCharacters } from "../../src/core/sanitize.js";
import { COLOUR_TRACE, REAL_PACKAGE } from "../fixtures/pipeline/real-package.js";

const ESC = "\u001b";

/** The fixture package's mocha suite, run for real: colours forced, through a pipe. */
function mochaOutput(): string {
  try {
    execFileSync(process.execPath, [join(import.meta.dirname, "../../node_modules/.bin/mocha")], {
      cwd: REAL_PACKAGE,
      encoding: "utf8",
      env: { ...process.env, FORCE_COLOR: "1", NO_COLOR: undefined },
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
  throw new Error("the fixture's suite was expected to fail");
}

describe("plainText: what a program wrote for a terminal, as text (issue 18)", () => {
  it("a real mocha run's colours go whole; removing only the ESC byte would leave fragments", () => {
    const raw = mochaOutput();
    expect(raw).toContain(`${ESC}[`);
    expect(raw).toMatch(/b\.hasOwnProperty is not a function/);
    // What Ralph did before: the ESC byte went, `[31m` and friends stayed in the text.
    expect(stripInvisibleCharacters(raw)).toMatch(/\[\d+m/);
    const plain = plainText(raw);
    expect(plain).not.toMatch(COLOUR_TRACE);
    expect(plain).toContain("  1) equal\n       compares object dictionaries (no prototype):\n");
    expect(plain).toMatch(/\n {5}TypeError: b\.hasOwnProperty is not a function\n {6}at equal /);
    // Only sequences went: the text between them is the same, line for line.
    expect(plain.split("\n")).toHaveLength(raw.split("\n").length);
  });

  it.each([
    ["SGR colours and styles", `${ESC}[1m${ESC}[31mred${ESC}[39m${ESC}[22m`, "red"],
    ["8-bit CSI", "\u009b31mred\u009b0m", "red"],
    ["cursor moves and line erase", `a${ESC}[2K${ESC}[1Gb${ESC}[?25l`, "ab"],
    ["an OSC 8 hyperlink", `${ESC}]8;;https://x.test${ESC}\\link${ESC}]8;;${ESC}\\`, "link"],
    ["a progress bar redrawn with CR", "10%\r50%\r100%\ndone", "100%\ndone"],
    ["CRLF line ends", "one\r\ntwo\r\n", "one\ntwo\n"],
    ["a lone ESC and other controls", `a${ESC}b\u0007c\u0000d`, "abcd"],
    ["tabs, indentation and non-ASCII text stay", "\tfoo\n    ✔ bär", "\tfoo\n    ✔ bär"],
  ])("%s", (_name, input, expected) => {
    expect(plainText(input)).toBe(expected);
  });
});

describe("tailLines: the last lines, cut on line boundaries", () => {
  it("keeps whole lines within both bounds and counts the ones left out", () => {
    const text = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join("\n");
    expect(tailLines(text, 3, 1_000)).toEqual({ text: "line 8\nline 9\nline 10", omittedLines: 7 });
    // 20 characters hold "line 9\nline 10" (14), not three lines (21).
    expect(tailLines(text, 5, 20)).toEqual({ text: "line 9\nline 10", omittedLines: 8 });
    expect(tailLines(`${text}\n\n\n`, 100, 1_000).omittedLines).toBe(0);
    expect(tailLines("", 5, 10)).toEqual({ text: "", omittedLines: 0 });
  });

  it("cuts inside a line only when the last one alone is too long, keeping its end", () => {
    expect(tailLines(`first\n${"a".repeat(50)}END`, 5, 10)).toEqual({
      text: `…${"a".repeat(6)}END`,
      omittedLines: 1,
    });
  });

  it("property: the tail is the text's last lines (bar a marked cut of the first), within bounds", () => {
    const line = fc.string({ maxLength: 30 }).map((s) => s.replace(/\s/g, "_"));
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 2, max: 400 }),
        (lines, maxLines, maxChars) => {
          const text = lines.join("\n");
          const { text: tail, omittedLines } = tailLines(text, maxLines, maxChars);
          const kept = tail.split("\n");
          expect(tail.length).toBeLessThanOrEqual(maxChars);
          expect(kept.length).toBeLessThanOrEqual(maxLines);
          const original = text.replace(/\s+$/, "").split("\n");
          expect(omittedLines + kept.length).toBe(original.length);
          const rest = original.slice(omittedLines);
          expect(kept.slice(1)).toEqual(rest.slice(1));
          const first = kept[0]!;
          if (first !== rest[0]) {
            expect(first.startsWith("…")).toBe(true);
            expect(rest[0]!.endsWith(first.slice(1))).toBe(true);
          }
        },
      ),
    );
  });
});

describe("streamed agent lines keep their indentation", () => {
  it("progressText: colour-free, trailing space gone, leading space kept, blank lines skipped", () => {
    expect(progressText(`  ${ESC}[32m"ok": true${ESC}[0m   `)).toBe('  "ok": true');
    expect(progressText("    at equal (src/index.js:14:14)")).toBe(
      "    at equal (src/index.js:14:14)",
    );
    expect(progressText(" \t ")).toBeNull();
  });

  it("raw stdout lines and a many-line event message arrive line by line, as written", () => {
    const shown: string[] = [];
    const live = liveOutput({ onOutput: (line) => shown.push(line) }, (line) =>
      line.startsWith("{") ? null : line.replace(/^EVENT /, "").replaceAll("\\n", "\n"),
    );
    live!.stdout.push(Buffer.from('{"type":"ignored"}\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n'));
    live!.stdout.push(Buffer.from("EVENT Plan:\\n  1. read\\n     the code\\n\n"));
    live!.stderr.push(Buffer.from(`Error: boom\n    at f (x.js:1:1)\n${ESC}[31m  red${ESC}[0m\n`));
    live!.stdout.end();
    live!.stderr.end();
    expect(shown).toEqual([
      "--- a/x",
      "+++ b/x",
      "@@ -1 +1 @@",
      "Plan:",
      "  1. read",
      "     the code",
      "Error: boom",
      "    at f (x.js:1:1)",
      "  red",
    ]);
  });
});
