/**
 * Seed 002 complexity assessment: six signal groups, 2 or more signals = complex. Keyword lists
 * are the seed's, plus the inflections and spellings that whole-word matching would otherwise miss
 * (the seed's own example "implement OAuth2 login" must hit the security group).
 */

export type ComplexityLevel = "simple" | "complex";

export interface ComplexityAssessment {
  level: ComplexityLevel;
  /** One entry per signal group that fired, e.g. `security: oauth2, token`. */
  signals: string[];
}

export const COMPLEXITY_THRESHOLD = 2;

export interface SignalGroup {
  name: string;
  keywords: readonly string[];
}

export const SIGNAL_GROUPS: readonly SignalGroup[] = [
  {
    name: "multi-file",
    keywords: [
      "multiple files",
      "several files",
      "many files",
      "all files",
      "every file",
      "across the codebase",
      "across the project",
      "across modules",
      "system-wide",
      "codebase-wide",
      "project-wide",
      "everywhere",
      "throughout the codebase",
    ],
  },
  {
    name: "new-feature",
    keywords: [
      "new",
      "create",
      "creates",
      "creating",
      "build",
      "builds",
      "building",
      "implement",
      "add feature",
    ],
  },
  {
    name: "integration",
    keywords: [
      "integrate",
      "integrates",
      "integrating",
      "integration",
      "connect",
      "connects",
      "connecting",
      "connection",
      "api",
      "apis",
      "third-party",
      "external",
      "webhook",
      "webhooks",
    ],
  },
  {
    name: "technology",
    keywords: [
      "graphql",
      "grpc",
      "websocket",
      "websockets",
      "sse",
      "redis",
      "kafka",
      "rabbitmq",
      "elasticsearch",
      "kubernetes",
      "terraform",
      "docker",
      "webassembly",
      "wasm",
      "machine learning",
    ],
  },
  {
    name: "architecture",
    keywords: [
      "architecture",
      "architectural",
      "refactor",
      "refactoring",
      "redesign",
      "migrate",
      "migration",
      "migrations",
      "schema change",
    ],
  },
  {
    name: "security",
    keywords: [
      "auth",
      "authn",
      "authz",
      "oauth",
      "oauth2",
      "authentication",
      "authorization",
      "login",
      "security",
      "permission",
      "permissions",
      "encrypt",
      "encryption",
      "encrypted",
      "token",
      "tokens",
      "jwt",
      "password",
      "credentials",
    ],
  },
];

/**
 * A keyword as a word of prose: spaces and hyphens are interchangeable ("third party", "system
 * wide"), and a word that is part of an identifier does not count — `Object.create(null)`,
 * `api.connect()`, `$token`, `new_user` name code, not the task (issue 18: a bug fix mentioning
 * `Object.create(null)` was rated a new feature).
 */
function keywordPattern(keyword: string): RegExp {
  const body = keyword
    .split(/[\s-]+/)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[\\s-]+");
  const before = "(?<![\\p{L}\\p{N}_$#@])(?<![\\p{L}\\p{N}_$)\\]]\\.)(?<!::|->)";
  const after = "(?![\\p{L}\\p{N}_$])(?!\\()(?!\\.[\\p{L}_$])(?!::)";
  return new RegExp(`${before}${body}${after}`, "iu");
}

/**
 * Fenced blocks (an unclosed one runs to the end) and inline code spans (within a line: linear,
 * whatever the backticks) become a space: code the text quotes, not words of the task.
 */
export function withoutCode(text: string): string {
  return text
    .replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[^\n]*$|(?![\s\S]))/gm, " ")
    .replace(/(`+)[^`\n]+?\1/g, " ");
}

const patterns = new Map<string, RegExp>();

/**
 * Built on first use, not at import, and only for a keyword whose first word the text holds
 * (mayHold): V8 compiles each of these Unicode-aware, case-insensitive patterns with lookbehinds
 * on its first test, and all ~150 of them cost a planning run 100-400 ms of CPU; an issue text
 * names a handful of the words.
 */
function patternOf(keyword: string): RegExp {
  let re = patterns.get(keyword);
  if (re === undefined) {
    re = keywordPattern(keyword);
    patterns.set(keyword, re);
  }
  return re;
}

/**
 * The text as mayHold searches it. Under the `iu` flags an ASCII letter also matches the Kelvin
 * sign (which lower-cases to `k`) and the long s `ſ` (which does not: replaced by `s`), so every
 * text a keyword pattern matches holds the keyword's first word here.
 */
function searchable(text: string): string {
  return text.toLowerCase().replace(/\u017f/g, "s");
}

/** False only when `keyword`'s pattern cannot match: its first word is not in `folded`. */
function mayHold(folded: string, keyword: string): boolean {
  const first = keyword.toLowerCase().split(/[\s-]+/)[0] ?? "";
  return folded.includes(first);
}

/** File names like `src/app.ts` or `README.md`: two distinct ones count as a multi-file signal. */
const FILE_EXTENSIONS =
  "tsx?|jsx?|mjs|cjs|py|rb|go|rs|java|kt|cs|cpp|c|h|hpp|md|json|ya?ml|toml|exs?|sql|html|css|scss|sh|php|swift|vue|svelte";
const FILE_MENTION = new RegExp(
  `(?<![\\p{L}\\p{N}_/.-])(?:[\\w.-]+/)*[\\w-]+\\.(?:${FILE_EXTENSIONS})(?![\\p{L}\\p{N}_])`,
  "giu",
);

function distinctFileMentions(text: string): string[] {
  return [...new Set((text.match(FILE_MENTION) ?? []).map((f) => f.toLowerCase()))];
}

/**
 * @param knownTech technologies the codebase already uses (e.g. dependency names): mentioning
 *   them is not the "unfamiliar technology" signal.
 */
export function assessComplexity(
  text: string,
  knownTech: readonly string[] = [],
): ComplexityAssessment {
  const known = new Set(knownTech.map((t) => t.toLowerCase()));
  const prose = withoutCode(text);
  const folded = searchable(prose);
  const signals: string[] = [];
  for (const group of SIGNAL_GROUPS) {
    const hits = group.keywords
      .filter((k) => mayHold(folded, k) && patternOf(k).test(prose))
      .filter((k) => group.name !== "technology" || !known.has(k));
    if (group.name === "multi-file") {
      const files = distinctFileMentions(text);
      if (files.length >= 2) hits.push(`${files.length} files named`);
    }
    if (hits.length > 0) signals.push(`${group.name}: ${hits.join(", ")}`);
  }
  return { level: signals.length >= COMPLEXITY_THRESHOLD ? "complex" : "simple", signals };
}
