/** Q&A entries made from one reply to Ralph's numbered questions comment. */
export interface QaEntry {
  question: string;
  answer: string;
  by: string;
}

const NUMBERED = /^\s*(?:\*\*)?(\d{1,3})(?:\*\*)?\s*[.):](?:\*\*)?\s*(.*)$/;

/**
 * Splits `1. … 2. …` replies into per-question answers when the numbers cover exactly the open
 * questions; anything else is one answer to all of them, stored once (not copied per question)
 * to keep the state small.
 */
export function answersFrom(questions: readonly string[], body: string, by: string): QaEntry[] {
  const text = body.trim();
  if (questions.length === 0 || text === "") return [];
  const numbered = splitNumbered(text);
  if (numbered !== null && numbered.size === questions.length) {
    const entries = questions.map((question, i) => ({
      question,
      answer: numbered.get(i + 1) ?? "",
      by,
    }));
    if (entries.every((e) => e.answer !== "")) return entries;
  }
  const question =
    questions.length === 1 ? questions[0]! : questions.map((q, i) => `${i + 1}. ${q}`).join("\n");
  return [{ question, answer: text, by }];
}

function splitNumbered(text: string): Map<number, string> | null {
  const blocks = new Map<number, string[]>();
  let current: number | null = null;
  for (const line of text.split(/\r?\n/)) {
    const match = NUMBERED.exec(line);
    if (match) {
      current = Number(match[1]);
      if (blocks.has(current)) return null;
      blocks.set(current, [match[2] ?? ""]);
    } else if (current !== null) {
      blocks.get(current)!.push(line);
    } else if (line.trim() !== "") {
      return null;
    }
  }
  if (blocks.size === 0) return null;
  const out = new Map<number, string>();
  for (const [n, lines] of blocks) out.set(n, lines.join("\n").trim());
  for (let n = 1; n <= out.size; n++) if (!out.has(n)) return null;
  return out;
}
