/**
 * Secrets out of everything Ralph writes (DESIGN §7.6): the secrets it knows, in the forms an
 * agent may print them, and any string shaped like a token.
 */

const TOKEN_SHAPES: readonly RegExp[] = [
  /\bgh[pousr]_[A-Za-z0-9]{30,255}\b/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,255}\b/g,
  /\bsk-ant-[A-Za-z0-9_-]{16,}/g,
  // OpenAI-style keys; a digit is required so ordinary kebab-case words survive.
  /\bsk-(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}/g,
];

/** Below this length an encoded or re-wrapped form would match ordinary text. */
const MIN_LOOSE_SECRET = 8;

/**
 * The forms a secret takes when an agent prints it on purpose or by accident: as is, each line of
 * a multi-line secret, and base64 (standard and URL-safe) at each of the three byte alignments it
 * can have inside a longer encoded text — only the characters that depend on the secret alone.
 */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>();
  if (secret.length >= 4) forms.add(secret);
  // Multi-line secrets (PEM keys) may be printed line by line, as Actions masks them.
  for (const line of secret.split(/\r?\n/)) {
    if (line.trim().length >= 4 && line !== secret) forms.add(line.trim());
  }
  if (secret.length >= MIN_LOOSE_SECRET) {
    const bytes = Buffer.from(secret, "utf8");
    for (const offset of [0, 1, 2]) {
      const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
      const start = offset === 0 ? 0 : offset + 1;
      // Whole groups of four only: no `=` padding, and nothing from the bytes after the secret.
      // From 8 bytes on that leaves at least 8 characters (8, 10 and 9 at offsets 0, 1 and 2).
      const stable = encoded.slice(start, Math.floor((offset + bytes.length) / 3) * 4);
      forms.add(stable);
      forms.add(stable.replace(/\+/g, "-").replace(/\//g, "_"));
    }
  }
  return [...forms];
}

/** A secret list's forms, longest first, and those of them matched with whitespace ignored. */
interface SecretNeedles {
  exact: readonly string[];
  loose: readonly string[];
}

/**
 * The needles of the last few secret lists. The status comment redacts every string of the state
 * one by one, and the forms of the same secrets were worked out again for each string: issue 20's
 * 150-story state spent most of a save there. Keyed by the secrets' text (as JSON: no two lists
 * share a key), not by the list, so a list changed in place is never answered from the cache.
 */
const needleCache = new Map<string, SecretNeedles>();
const NEEDLE_CACHE_SIZE = 8;
/**
 * The list of the last call, copied, and its needles: a save redacts thousands of strings with
 * one list, and writing that list out as the cache's key for each of them cost more than the
 * redaction of most strings. Compared member by member, so a list changed in place misses.
 */
let last: { secrets: readonly string[]; needles: SecretNeedles } | null = null;

function needlesFor(secrets: readonly string[]): SecretNeedles {
  if (last !== null && sameList(last.secrets, secrets)) return last.needles;
  const needles = needlesOf(secrets);
  last = { secrets: [...secrets], needles };
  return needles;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function needlesOf(secrets: readonly string[]): SecretNeedles {
  const key = JSON.stringify(secrets);
  const known = needleCache.get(key);
  if (known !== undefined) return known;
  const forms = new Set<string>();
  for (const secret of secrets) for (const form of secretForms(secret)) forms.add(form);
  const exact = [...forms].sort((a, b) => b.length - a.length);
  const loose = exact.map((f) => f.replace(/\s+/g, "")).filter((f) => f.length >= MIN_LOOSE_SECRET);
  const needles = { exact, loose };
  if (needleCache.size >= NEEDLE_CACHE_SIZE) needleCache.clear();
  needleCache.set(key, needles);
  return needles;
}

/**
 * Replaces every known secret and every token-shaped string with `***` (DESIGN §7.6). A secret is
 * found in any of its forms (secretForms) and also when whitespace or line breaks were put inside
 * it (an agent that wraps its output, `base64` wrapping at 76 columns).
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const { exact, loose } = needlesFor(secrets);
  let out = text;
  // Exact forms first (cheap), then the same forms with whitespace ignored.
  for (const form of exact) if (out.includes(form)) out = out.split(form).join("***");
  if (loose.length > 0) out = redactIgnoringWhitespace(out, loose);
  for (const shape of TOKEN_SHAPES) out = out.replace(shape, "***");
  return out;
}

const WHITESPACE = /\s/;
const ALL_WHITESPACE = /\s+/g;

/** `needles` found in `text` with its whitespace removed; each hit's span becomes `***`. */
function redactIgnoringWhitespace(text: string, needles: readonly string[]): string {
  // Without whitespace the compact text is the text itself: no copy, no position table.
  const spaced = WHITESPACE.test(text);
  const compact = spaced ? text.replace(ALL_WHITESPACE, "") : text;
  // Most texts hold no secret: the table of positions, a pass over every character, is built
  // only for a text that does (it was most of a save's time, issue 20's 150-story state).
  if (!needles.some((needle) => compact.includes(needle))) return text;
  // Where each character of `compact` stands in `text`.
  const positions = spaced ? new Uint32Array(compact.length) : null;
  if (positions !== null) {
    let count = 0;
    for (let i = 0; i < text.length; i++)
      if (!WHITESPACE.test(text[i] as string)) positions[count++] = i;
  }
  const at = (i: number): number => (positions === null ? i : (positions[i] as number));
  const spans: [number, number][] = [];
  for (const needle of needles) {
    for (let hit = compact.indexOf(needle); hit !== -1; hit = compact.indexOf(needle, hit + 1)) {
      spans.push([at(hit), at(hit + needle.length - 1) + 1]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  let out = "";
  let cursor = 0;
  for (const [from, to] of spans) {
    if (to <= cursor) continue;
    out += text.slice(cursor, Math.max(cursor, from));
    if (from >= cursor) out += "***";
    cursor = to;
  }
  return out + text.slice(cursor);
}
