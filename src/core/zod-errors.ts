import type * as z from "zod";

/** One line per issue, each naming the key path, e.g. `limits.max_attempts: expected number`. */
export function formatZodIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.length > 0 ? formatPath(issue.path) : "(root)";
    if (issue.code === "unrecognized_keys") {
      const keys = issue.keys.map((k) => (path === "(root)" ? k : `${path}.${k}`));
      return `${keys.join(", ")}: unknown key${keys.length > 1 ? "s" : ""}`;
    }
    return `${path}: ${issue.message}`;
  });
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}
