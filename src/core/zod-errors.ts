import type * as z from "zod";

type Issue = z.core.$ZodIssue;

/** One line per issue, each naming the key path, e.g. `limits.max_attempts: expected number`. */
export function formatZodIssues(error: z.ZodError): string[] {
  return error.issues.flatMap((issue) => formatIssue(issue, []));
}

function formatIssue(issue: Issue, prefix: readonly PropertyKey[]): string[] {
  const at = [...prefix, ...issue.path];
  const path = at.length > 0 ? formatPath(at) : "(root)";
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    return formatUnion(issue.errors, at, path, issue.message);
  }
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.map((k) => (path === "(root)" ? k : `${path}.${k}`));
    return [`${keys.join(", ")}: unknown key${keys.length > 1 ? "s" : ""}`];
  }
  return [`${path}: ${issue.message}`];
}

/**
 * A value no branch of a union took: zod says only "Invalid input". The branch that got furthest
 * (an issue below the value itself, so the value had its shape: `verify: {mode: bad}`) says what
 * is wrong inside; when every branch stopped at the value (`verify: sometimes`), the line names
 * what each expected.
 */
function formatUnion(
  branches: readonly Issue[][],
  at: readonly PropertyKey[],
  path: string,
  message: string,
): string[] {
  const depth = (branch: readonly Issue[]) => Math.max(0, ...branch.map((i) => i.path.length));
  const furthest = branches.reduce((best, b) => (depth(b) > depth(best) ? b : best));
  if (depth(furthest) > 0) return furthest.flatMap((issue) => formatIssue(issue, at));
  const roots = branches.flat();
  // A branch that took the value's type and failed a check of it says so in its own words.
  if (!roots.every((i) => expectation(i).length > 0)) {
    return [`${path}: ${message}: ${[...new Set(roots.map((i) => i.message))].join("; or ")}`];
  }
  const expected = [...new Set(roots.flatMap(expectation))];
  const received = roots
    .map((i) => /, (received \w+)$/.exec(i.message)?.[1])
    .find((r) => r !== undefined);
  return [
    `${path}: ${message}: expected ${expected.join(", or ")}${received ? `, ${received}` : ""}`,
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
