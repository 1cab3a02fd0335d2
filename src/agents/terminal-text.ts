import stripAnsi from "strip-ansi";

// C0 controls but tab and newline, DEL, and the C1 controls a sequence did not consume.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * What a program wrote for a terminal, as text for a prompt, a file or a log line. Test runners
 * and agents colour their output even through a pipe when told to (`mocha --colors`,
 * `FORCE_COLOR`); an escape sequence is removed whole (`ESC[1m` goes, not only its ESC byte,
 * which would leave `[1m` in the text), carriage-return redraws (progress bars) keep what a
 * terminal showed last, and the other control characters but the tab go.
 */
export function plainText(text: string): string {
  return stripAnsi(text)
    .replace(/\r\n/g, "\n")
    .split("\n")
    .map((line) => {
      const shown = line.replace(/\r+$/, "");
      return shown.slice(shown.lastIndexOf("\r") + 1);
    })
    .join("\n")
    .replace(CONTROL, "");
}

export interface TextTail {
  text: string;
  /** Whole lines left out before the tail (0 when it is the whole text). */
  omittedLines: number;
}

/**
 * The last lines of a text, cut on line boundaries: at most `maxLines` lines and `maxChars`
 * characters. Only when the last line alone is longer than `maxChars` is a line cut, from its
 * start (the end of a line carries the error), and marked with `…`.
 */
export function tailLines(text: string, maxLines: number, maxChars: number): TextTail {
  const all = text.replace(/\s+$/, "").split("\n");
  if (all.length === 1 && all[0] === "") return { text: "", omittedLines: 0 };
  let start = Math.max(0, all.length - maxLines);
  let size = all.slice(start).reduce((n, line) => n + line.length + 1, -1);
  while (size > maxChars && start < all.length - 1) {
    size -= all[start]!.length + 1;
    start += 1;
  }
  const kept = all.slice(start);
  if (size > maxChars) {
    const last = kept[0]!;
    kept[0] = `…${last.slice(last.length - (maxChars - 1))}`;
  }
  return { text: kept.join("\n"), omittedLines: start };
}
