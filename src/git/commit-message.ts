export interface GitIdentity {
  name: string;
  email: string;
}

export interface CommitOptions {
  /** Author and committer of the commit (Ralph's bot identity). */
  author: GitIdentity;
  /** Each becomes a `Co-authored-by:` trailer (DESIGN §3.2: the approver). */
  coAuthors?: readonly GitIdentity[];
  /** Stage only these paths (exact or `dir/`); default: everything. */
  paths?: readonly string[];
  /** Never stage these paths (exact or `dir/`), on top of the workspace's ignored paths. */
  exclude?: readonly string[];
  /**
   * Without `paths`: every path that changed, from a scan the caller just made (so the commit
   * stages those instead of scanning the whole tree again).
   */
  changed?: readonly string[];
}

/** Appends `Co-authored-by:` trailers after one blank line (GitHub's co-author format). */
export function withCoAuthors(message: string, coAuthors: readonly GitIdentity[]): string {
  const body = message.replace(/\s+$/, "");
  const trailers = [
    ...new Set(coAuthors.map((c) => `Co-authored-by: ${c.name} <${c.email}>`)),
  ].filter((t) => !body.includes(t));
  return trailers.length === 0 ? body : `${body}\n\n${trailers.join("\n")}`;
}
