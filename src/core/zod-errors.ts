import type * as z from "zod";
import { didYouMean, nearestWord } from "./nearest-word.js";
import { keysAt } from "./zod-shape.js";

type Issue = z.core.$ZodIssue;

/**
 * One line per issue, each naming the key path, e.g. `limits.max_attempts: expected number`.
 * Given the schema, a mistyped key or value (one parsed with `reportInput`) also gets the one it
 * most likely meant: `agnet: unknown key; did you mean agent?`.
 */
export function formatZodIssues(error: z.ZodError, schema?: z.core.$ZodType): string[] {
  return error.issues.flatMap((issue) => formatIssue(issue, [], schema));
}

function formatIssue(
  issue: Issue,
  prefix: readonly PropertyKey[],
  schema: z.core.$ZodType | undefined,
): string[] {
  const at = [...prefix, ...issue.path];
  const path = at.length > 0 ? formatPath(at) : "(root)";
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    return formatUnion(issue, at, path, schema);
  }
  if (issue.code === "unrecognized_keys") return unknownKeys(issue.keys, at, path, schema);
  return [`${path}: ${issue.message}${meantValue(issue.input, [issue])}`];
}

/** Unknown keys on one line, but each a typo of a known key on its own, with that key. */
function unknownKeys(
  keys: readonly string[],
  at: readonly PropertyKey[],
  path: string,
  schema: z.core.$ZodType | undefined,
): string[] {
  const known = schema === undefined ? [] : keysAt(schema, at);
  const named = (k: string) => (path === "(root)" ? k : `${path}.${k}`);
  const meant = keys.map((k) => [k, nearestWord(k, known)] as const);
  const rest = meant.filter(([, near]) => near === null).map(([k]) => named(k));
  return [
    ...meant.flatMap(([k, near]) =>
      near === null ? [] : [`${named(k)}: unknown key; did you mean ${near}?`],
    ),
    ...(rest.length > 0 ? [`${rest.join(", ")}: unknown key${rest.length > 1 ? "s" : ""}`] : []),
  ];
}

/** "; did you mean per_spec?" for a string a letter or two off one of the values expected. */
function meantValue(input: unknown, issues: readonly Issue[]): string {
  if (typeof input !== "string") return "";
  return didYouMean(input, expectedStrings(issues));
}

/** The strings `issues` expected (an enum's values, a literal's), in their order. */
export function expectedStrings(issues: readonly Issue[]): string[] {
  return issues
    .flatMap((i) => (i.code === "invalid_value" ? i.values : []))
    .filter((v): v is string => typeof v === "string");
}

/**
 * A value no branch of a union took: zod says only "Invalid input". The branch that got furthest
 * (an issue below the value itself, so the value had its shape: `verify: {mode: bad}`) says what
 * is wrong inside; when every branch stopped at the value (`verify: sometimes`), the line names
 * what each expected.
 */
function formatUnion(
  union: Extract<Issue, { code: "invalid_union" }>,
  at: readonly PropertyKey[],
  path: string,
  schema: z.core.$ZodType | undefined,
): string[] {
  const { errors: branches, message } = union;
  const depth = (branch: readonly Issue[]) => Math.max(0, ...branch.map((i) => i.path.length));
  const furthest = branches.reduce((best, b) => (depth(b) > depth(best) ? b : best));
  if (depth(furthest) > 0) return furthest.flatMap((issue) => formatIssue(issue, at, schema));
  const roots = branches.flat();
  // A branch that took the value's type and failed a check of it says so in its own words.
  if (!roots.every((i) => expectation(i).length > 0)) {
    return [`${path}: ${message}: ${[...new Set(roots.map((i) => i.message))].join("; or ")}`];
  }
  const expected = [...new Set(roots.flatMap(expectation))];
  const received = roots
    .map((i) => /, (received \w+)$/.exec(i.message)?.[1])
    .find((r) => r !== undefined);
  const hint = meantValue(union.input, roots);
  return [
    `${path}: ${message}: expected ${expected.join(", or ")}${received ? `, ${received}` : ""}${hint}`,
  ];
}

function expectation(issue: Issue): string[] {
  if (issue.code === "invalid_value") {
    const values = issue.values.map((v) => JSON.stringify(v));
    return [values.length === 1 ? (values[0] ?? "") : `one of ${values.join("|")}`];
  }
  if (issue.code === "invalid_type") {
    return [`${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected}`];
  }
  return [];
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}
