import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  GITHUB_COMMENT_LIMIT,
  splitComment,
  splitCommentParts,
} from "../../src/core/split-comment.js";

/** What GitHub would see as still open at the end of `text`: a fence, and `<details>` depth. */
function openAtEnd(text: string): { fence: boolean; details: number } {
  let fence: { char: string; length: number } | null = null;
  let details = 0;
  for (const line of text.split("\n")) {
    const f = /^[ \t]*(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence) {
      if (f && f[1]![0] === fence.char && f[1]!.length >= fence.length && f[2]!.trim() === "") {
        fence = null;
      }
      continue;
    }
    if (f && !(f[1]![0] === "`" && f[2]!.includes("`"))) {
      fence = { char: f[1]![0]!, length: f[1]!.length };
      continue;
    }
    details += (line.match(/<details\b[^>]*>/gi) ?? []).length;
    details -= (line.match(/<\/details\s*>/gi) ?? []).length;
  }
  return { fence: fence !== null, details };
}

/** Undo the split from the strings alone: drop each header, reopen prefix and close suffix. */
function reassemble(body: string, limit: number): string {
  const parts = splitCommentParts(body, limit);
  const strings = splitComment(body, limit);
  return strings
    .map((s, i) => {
      const p = parts[i]!;
      expect(s.startsWith(p.header + p.reopen)).toBe(true);
      expect(s.endsWith(p.close)).toBe(true);
      return s.slice(p.header.length + p.reopen.length, s.length - p.close.length);
    })
    .join("");
}

describe("splitComment", () => {
  it("returns a body within the limit unchanged", () => {
    const body = "x".repeat(GITHUB_COMMENT_LIMIT);
    expect(splitComment(body)).toEqual([body]);
    expect(splitComment("")).toEqual([""]);
  });

  it("splits a 70,000-character body into parts of at most 65,536", () => {
    const body = Array.from({ length: 7_000 }, (_, i) => `line ${i} ${"y".repeat(3)}`)
      .join("\n")
      .padEnd(70_000, "z");
    const parts = splitComment(body);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(65_536);
    expect(reassemble(body, GITHUB_COMMENT_LIMIT)).toBe(body);
  });

  it("numbers the parts", () => {
    const body = "abcdefghij\n".repeat(30);
    const parts = splitComment(body, 100);
    for (const [i, p] of parts.entries()) {
      expect(p.startsWith(`(part ${i + 1}/${parts.length})\n\n`)).toBe(true);
    }
  });

  it("widens the header when the part count reaches two digits", () => {
    const body = "abcdefghi\n".repeat(200);
    const parts = splitComment(body, 70);
    expect(parts.length).toBeGreaterThanOrEqual(10);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(70);
    expect(parts.at(-1)!.startsWith(`(part ${parts.length}/${parts.length})`)).toBe(true);
  });

  it("cuts at line boundaries", () => {
    const body = "0123456789abcdefghi\n".repeat(20);
    for (const p of splitCommentParts(body, 100)) {
      expect(p.content.endsWith("\n")).toBe(true);
    }
  });

  it("closes and reopens a fence with its info string", () => {
    const body = `before\n\`\`\`ts title="a.ts"\n${"const a = 1;\n".repeat(20)}\`\`\`\nafter\n`;
    const parts = splitComment(body, 120);
    expect(parts.length).toBeGreaterThan(2);
    expect(parts[0]!.endsWith("const a = 1;\n```\n")).toBe(true);
    expect(parts[1]!).toMatch(/^\(part 2\/\d+\)\n\n```ts title="a.ts"\nconst a = 1;\n/);
    for (const p of parts.slice(0, -1)) expect(openAtEnd(p)).toEqual({ fence: false, details: 0 });
  });

  it("closes a tilde fence with tildes of the same length, indented like the opener", () => {
    const body = `  ~~~~\n${"x\n".repeat(80)}  ~~~~\n`;
    const parts = splitComment(body, 80);
    expect(parts[0]!.endsWith("x\n  ~~~~\n")).toBe(true);
    expect(parts[1]).toContain("\n\n  ~~~~\nx\n");
  });

  it("closes and reopens <details> with its summary, around an open fence", () => {
    const body = `<details open>\n<summary>The plan</summary>\n\n\`\`\`md\n${"- step\n".repeat(40)}\`\`\`\n</details>\n`;
    const parts = splitComment(body, 150);
    expect(parts.length).toBeGreaterThan(2);
    expect(parts[0]!.endsWith("- step\n```\n</details>\n")).toBe(true);
    expect(parts[1]!).toMatch(
      /^\(part 2\/\d+\)\n\n<details open>\n<summary>The plan<\/summary>\n\n```md\n- step\n/,
    );
    for (const p of parts.slice(0, -1)) expect(openAtEnd(p)).toEqual({ fence: false, details: 0 });
  });

  it.each([
    [
      "a summary on the next line",
      "<details>\n<summary>S</summary>\n",
      "<details>\n<summary>S</summary>\n\n",
    ],
    [
      "a summary after a blank line",
      "<details>\n\n<summary>S</summary>\n",
      "<details>\n<summary>S</summary>\n\n",
    ],
    [
      "a summary after a line of spaces",
      "<details>\n   \n<summary>S</summary>\n",
      "<details>\n<summary>S</summary>\n\n",
    ],
    [
      "text beside the opening tag",
      "<details> intro\n<summary>S</summary>\n",
      "<details>\n<summary>S</summary>\n\n",
    ],
    [
      "a summary after other text: none",
      "<details>\ntext\n<summary>late</summary>\n",
      "<details>\n\n",
    ],
    [
      "only the first summary",
      "<details>\n<summary>A</summary>\n<summary>B</summary>\n",
      "<details>\n<summary>A</summary>\n\n",
    ],
    [
      "a summary after a closed inner block",
      "<details>\n<details>\n</details>\n<summary>S</summary>\n",
      "<details>\n<summary>S</summary>\n\n",
    ],
    [
      "a summary with attributes",
      '<details>\n<summary class="s">S</summary>\n',
      '<details>\n<summary class="s">S</summary>\n\n',
    ],
    [
      "a blank before a closing tag's >",
      "<details>\n<details>\n</details >\n<summary>S</summary >\n",
      "<details>\n<summary>S</summary >\n\n",
    ],
    [
      "tags inside a summary are its text",
      "<details>\n<summary>x <details> y </details> z</summary>\n",
      "<details>\n<summary>x <details> y </details> z</summary>\n\n",
    ],
  ])("reopens <details> with %s", (_name, head, reopen) => {
    const parts = splitCommentParts(`${head}${"filler line\n".repeat(30)}</details>\n`, 120);
    expect(parts[1]!.reopen).toBe(reopen);
  });

  it("closes nothing where nothing is open, even inside a line", () => {
    const parts = splitCommentParts("a".repeat(500), 120);
    expect(parts.map((p) => p.close)).toEqual(parts.map(() => ""));
    // No space to cut at: each part takes all the room it has (120 less the 12 of its header).
    expect(parts.map((p) => p.content.length)).toEqual([108, 108, 108, 108, 68]);
  });

  it("cuts an over-long line after a space in the last fifth of the room, else at the room", () => {
    // Room 100: a space at index 79 ends a cut of 80 (80 >= 0.8 × 100); one at index 1 is too far back.
    const body = `${"a".repeat(79)} ${"b".repeat(600)}`;
    expect(splitCommentParts(body, 112)[0]!.content.length).toBe(80);
    expect(splitCommentParts(`${"a".repeat(78)} ${"b".repeat(600)}`, 112)[0]!.content.length).toBe(
      100,
    );
    expect(splitCommentParts(`x ${"b".repeat(600)}`, 112)[0]!.content.length).toBe(100);
    const words = splitCommentParts("abcd ".repeat(100), 120);
    expect(words.slice(0, -1).map((p) => p.content.length)).toEqual(
      words.slice(0, -1).map(() => 105),
    );
  });

  it("fills a part to the limit exactly, counting the closer of the fence left open", () => {
    const body = `\`\`\`\n${"aaaaaaaaa\n".repeat(30)}\`\`\`\n`;
    const first = splitCommentParts(body, 120)[0]!;
    // 12 (header) + 4 (fence) + 10 lines of 10 + 4 (closer) = 120.
    expect(first.content).toBe(`\`\`\`\n${"aaaaaaaaa\n".repeat(10)}`);
    expect(first.close).toBe("```\n");
  });

  it("leaves a fence the author left open open at the end", () => {
    const parts = splitCommentParts(`\`\`\`\n${"x\n".repeat(80)}`, 100);
    expect(parts.at(-2)!.close).toBe("```\n");
    expect(parts.at(-1)!.close).toBe("");
  });

  it("keeps the fence around an over-long line while 16 units of room are left, else cuts plainly", () => {
    // The reopened fence line is 3 + n + 1 long; with n = 81 a part has 16 units left for the line.
    const partsWith = (n: number) =>
      splitCommentParts(`\`\`\`${"i".repeat(n)}\n${"y".repeat(300)}\n\`\`\`\n`, 120);
    const roomy = partsWith(81)[1]!;
    expect([roomy.reopen.length, roomy.content.length, roomy.close]).toEqual([85, 16, "\n```\n"]);
    const tight = partsWith(82)[1]!;
    expect([tight.reopen, tight.content.length, tight.close]).toEqual(["", 106, ""]);
  });

  it("parts stay within the limit inside deeply nested <details>", () => {
    const body = `${"<details>\n".repeat(5)}${"z".repeat(400)}\n${"</details>\n".repeat(5)}`;
    for (const p of splitComment(body, 120)) expect(p.length).toBeLessThanOrEqual(120);
    expect(reassemble(body, 120)).toBe(body);
  });

  it("moves a last surrogate pair that does not fit whole, and still ends", () => {
    // The reopened fence leaves too little room for the pair and the fence's closer.
    const body = `\`\`\`${"i".repeat(97)}\n${"x\n".repeat(9)}\u{1F600}`;
    const parts = splitCommentParts(body, 120);
    expect(parts.at(-1)).toEqual({
      header: "(part 20/20)\n\n",
      reopen: "",
      content: "\u{1F600}",
      close: "",
    });
    for (const p of splitComment(body, 120)) expect(p.length).toBeLessThanOrEqual(120);
    expect(reassemble(body, 120)).toBe(body);
  });

  it("takes the smallest limit that holds a header, and names a smaller one", () => {
    for (const p of splitComment("x".repeat(100), 64)) expect(p.length).toBeLessThanOrEqual(64);
    expect(() => splitComment("x".repeat(100), 63)).toThrow("comment limit 63 is below 64");
  });

  it.each([
    ["U+1F600", "\u{1F600}"],
    ["U+10000 (first high surrogate)", "\u{10000}"],
    ["U+10FFFF (last high surrogate)", "\u{10FFFF}"],
  ])("never cuts between the halves of %s after other text", (_name, char) => {
    const body = `a${char}`.repeat(200);
    const parts = splitComment(body, 101);
    for (const p of parts) {
      const last = p.charCodeAt(p.length - 1);
      expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
    }
    expect(reassemble(body, 101)).toBe(body);
  });

  it("does not treat <details> inside code as markup", () => {
    const body = `\`\`\`html\n<details>\n\`\`\`\n${"text line\n".repeat(30)}`;
    const parts = splitCommentParts(body, 100);
    expect(parts.every((p) => !p.reopen.includes("<details>"))).toBe(true);
  });

  it("hard-splits an over-long line, never inside a surrogate pair", () => {
    const body = "😀".repeat(300);
    const parts = splitComment(body, 101);
    for (const p of parts) {
      expect(p.length).toBeLessThanOrEqual(101);
      const last = p.charCodeAt(p.length - 1);
      expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
    }
    expect(reassemble(body, 101)).toBe(body);
  });

  it("hard-splits a long line inside a fence and still closes the fence", () => {
    const body = `\`\`\`\n${"a".repeat(500)}\n\`\`\`\n`;
    const parts = splitComment(body, 120);
    for (const p of parts.slice(0, -1)) {
      expect(p.endsWith("\n```\n")).toBe(true);
      expect(p.length).toBeLessThanOrEqual(120);
    }
    expect(reassemble(body, 120)).toBe(body);
  });

  it("rejects a limit too small to carry a header", () => {
    expect(() => splitComment("x".repeat(100), 10)).toThrow(RangeError);
  });

  const lineArb = fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .string({ maxLength: 40, unit: "grapheme" })
        .map((s) => s.replace(/[\r\n]/g, "")),
    },
    { weight: 1, arbitrary: fc.constantFrom("```", "```ts", "~~~", "````md", "~~~~ x", "") },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "<details>",
        "<details open>",
        "</details>",
        "<summary>Sum</summary>",
        "<details><summary>S</summary>",
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .string({ minLength: 100, maxLength: 400, unit: "grapheme" })
        .map((s) => s.replace(/[\r\n]/g, "")),
    },
  );
  const bodyArb = fc
    .tuple(fc.array(lineArb, { minLength: 10, maxLength: 60 }), fc.boolean())
    .map(([lines, trailing]) => lines.join("\n") + (trailing ? "\n" : ""));

  it.each([200, 1_000])(
    "parts fit and reassemble to the original (property, limit %i)",
    (limit) => {
      fc.assert(
        fc.property(bodyArb, (body) => {
          const parts = splitComment(body, limit);
          for (const p of parts) expect(p.length).toBeLessThanOrEqual(limit);
          expect(reassemble(body, limit)).toBe(body);
          if (body.length <= limit) expect(parts).toEqual([body]);
          else expect(parts.length).toBeGreaterThanOrEqual(2);
        }),
        { numRuns: 300 },
      );
    },
  );

  it("leaves nothing open at a cut between short lines (property, limit 200)", () => {
    const shortLine = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.string({
          minLength: 5,
          maxLength: 30,
          unit: fc.constantFrom("a", " ", "x", "é"),
        }),
      },
      { weight: 1, arbitrary: fc.constantFrom("```", "```ts", "~~~", "````md") },
      { weight: 1, arbitrary: fc.constantFrom("<details>", "</details>", "<summary>S</summary>") },
    );
    const balanced = fc.array(shortLine, { minLength: 40, maxLength: 100 }).map((lines) => {
      // Keep <details> nesting (outside fences) shallow and never negative, so the body itself
      // is well formed and every cut can be self-contained.
      const out: string[] = [];
      for (const l of lines) {
        const before = openAtEnd(out.join("\n"));
        if (!before.fence && l === "<details>" && before.details >= 2) continue;
        if (!before.fence && l === "</details>" && before.details === 0) continue;
        out.push(l);
      }
      return `${out.join("\n")}\n`;
    });
    let cutsInsideStructure = 0;
    fc.assert(
      fc.property(balanced, (body) => {
        const parts = splitCommentParts(body, 200);
        for (const p of parts.slice(0, -1)) {
          if (p.close !== "") cutsInsideStructure++;
          const text = p.header + p.reopen + p.content + p.close;
          expect(openAtEnd(text)).toEqual({ fence: false, details: 0 });
        }
      }),
      { numRuns: 300 },
    );
    // The generator must actually produce cuts inside fences and <details>.
    expect(cutsInsideStructure).toBeGreaterThan(50);
  });
});
