/** Longest slug kept in a branch name, so names stay readable in the GitHub UI. */
export const MAX_SLUG_LENGTH = 40;

/**
 * Lowercase ASCII slug: diacritics folded, every other run of non-alphanumerics becomes one `-`,
 * cut to `max` characters at a word boundary when there is one (no half words, no trailing `-`).
 */
export function slugify(title: string, max = MAX_SLUG_LENGTH): string {
  const ascii = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  const slug = ascii.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max);
  // Cut between words when the next char starts a new word or a word boundary exists in range.
  if (slug[max] === "-") return cut;
  const boundary = cut.lastIndexOf("-");
  return boundary > 0 ? cut.slice(0, boundary) : cut;
}

/** `ralph/42-add-login` (DESIGN §3.2). An empty slug leaves `ralph/42`. */
export function branchNameFor(prefix: string, issue: number, title: string): string {
  const slug = slugify(title);
  return slug === "" ? `${prefix}${issue}` : `${prefix}${issue}-${slug}`;
}
