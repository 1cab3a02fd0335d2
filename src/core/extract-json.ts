/**
 * DESIGN §4.2: Ralph takes the LAST JSON object in an agent's final message. Real models wrap it
 * in prose and ```json fences, so we scan for balanced `{…}` segments instead of parsing the whole
 * message.
 */
export type ExtractJsonResult = { ok: true; value: unknown } | { ok: false; error: string };

interface Segment {
  start: number;
  end: number; // exclusive
}

/**
 * Returns the end (exclusive) of the balanced object starting at `start` (a `{`), or -1 when the
 * text ends first. Braces inside JSON strings do not count.
 */
function balancedEnd(text: string, start: number, budget: { steps: number }): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    budget.steps--;
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "{") depth++;
    else if (ch === "}") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** `{` followed by `"` or `}` is a JSON object attempt; `{my plan}` in prose is not. */
function looksLikeJsonObject(text: string, seg: Segment): boolean {
  return /^\{\s*["}]/.test(text.slice(seg.start, Math.min(seg.end, seg.start + 64)));
}

/**
 * Top-level balanced segments, left to right, not overlapping. A segment swallows everything nested
 * in it, so an invalid outer object is reported as invalid instead of silently yielding an inner
 * object (e.g. `recommendUnderstand` out of an envelope with a trailing comma).
 */
function topLevelSegments(text: string): Segment[] | null {
  const segments: Segment[] = [];
  // Many stray braces make the restart-per-brace scan quadratic; cap the work instead of hanging.
  const budget = { steps: Math.max(1_000_000, 20 * text.length) };
  let i = text.indexOf("{");
  while (i !== -1) {
    const end = balancedEnd(text, i, budget);
    if (budget.steps < 0) return null;
    if (end === -1) {
      // Unbalanced from here (a stray prose brace): try the next brace instead.
      i = text.indexOf("{", i + 1);
      continue;
    }
    segments.push({ start: i, end });
    i = text.indexOf("{", end);
  }
  return segments;
}

function parseSegment(text: string, seg: Segment): ExtractJsonResult {
  try {
    return { ok: true, value: JSON.parse(text.slice(seg.start, seg.end)) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: message };
  }
}

/**
 * The last JSON object in `text`. Prose, fences and prose braces like `{name}` around it are
 * ignored; an object-looking last segment that does not parse is an error (with the parser's
 * message, which is what a validation-retry prompt needs). Never throws.
 */
export function extractLastJsonObject(text: string): ExtractJsonResult {
  if (typeof text !== "string") return { ok: false, error: "output is not text" };
  const segments = topLevelSegments(text);
  if (segments === null)
    return { ok: false, error: "too many unbalanced braces to find a JSON object" };
  for (let k = segments.length - 1; k >= 0; k--) {
    const seg = segments[k]!;
    const parsed = parseSegment(text, seg);
    if (parsed.ok) return parsed;
    if (looksLikeJsonObject(text, seg)) {
      return { ok: false, error: `the last JSON object is not valid JSON: ${parsed.error}` };
    }
  }
  return { ok: false, error: "no JSON object found in the output" };
}
