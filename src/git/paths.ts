/**
 * Allowed-path matching for read-only enforcement: an entry is an exact repo-relative path, or a
 * directory prefix when it ends in `/`.
 */
export function isPathAllowed(path: string, allowed: readonly string[]): boolean {
  const p = normalizeRepoPath(path);
  return allowed.some((entry) => {
    const a = normalizeRepoPath(entry);
    return entry.endsWith("/") ? p.startsWith(a.endsWith("/") ? a : `${a}/`) : p === a;
  });
}

/** Forward slashes, no leading `./`. Trailing `/` is kept (it marks a directory entry). */
export function normalizeRepoPath(path: string): string {
  return path.replace(/\\/g, "/").replace(/^(\.\/)+/, "");
}

/** Splits `git … -z` output into its NUL-separated fields, dropping the empty tail. */
export function splitNul(output: string): string[] {
  return output.split("\0").filter((s) => s !== "");
}

/**
 * Paths of `git status --porcelain=v1 -z --no-renames [--branch]` output (`XY path` per entry;
 * the `## branch` header and `!!` ignored entries are skipped).
 */
export function parsePorcelainZ(output: string): string[] {
  return splitNul(output)
    .filter((entry) => entry.length > 3 && !entry.startsWith("## ") && !entry.startsWith("!! "))
    .map((entry) => entry.slice(3));
}
