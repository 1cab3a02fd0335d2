/**
 * Who turned an attempt down (issue 18), so the feedback and the review say it first: one of the
 * configured checks Ralph ran, the verifier, the regression gate (the verifier re-checking every
 * story on the final tree), or Ralph's own guard (a commit that is not on the branch, a run that
 * changed nothing, a verifier that wrote files).
 */
export type Rejection =
  | { by: "check"; command: string; exitCode: number | null; timedOut: boolean }
  | { by: "verifier" }
  | { by: "regression" }
  | { by: "guard"; reason: string };

export interface RejectionAt {
  /** The commit that was judged. */
  commit: string | null;
  /** The attempt at the story that was judged (1-based), when one was. */
  attempt?: number | null;
  /** Judged on the final tree (the regression gate), not on the story's own commit. */
  finalTree?: boolean;
}

/** A command or reason inside one line of Markdown: no backticks or line breaks, bounded. */
function oneLine(text: string, max: number): string {
  const clean = text.replace(/[`\s]+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

function where(at: RejectionAt): string {
  const commit = at.commit === null || at.commit === "" ? null : at.commit.slice(0, 7);
  const attempt = at.attempt ? `attempt ${at.attempt}` : null;
  if (at.finalTree) return `on the final tree${commit === null ? "" : ` (commit ${commit})`}`;
  const detail = [commit === null ? null : `commit ${commit}`, attempt].filter((p) => p !== null);
  return detail.length === 0 ? "" : `on ${detail.join(", ")}`;
}

/**
 * One sentence (no final period) naming who rejected what: the header of the implementer's
 * feedback, of the review on the pull request and of the CLI's line, e.g. "Ralph's check
 * `npm test` failed (exit code 1) on commit 1a2b3c4, attempt 1".
 */
export function rejectionHeader(r: Rejection, at: RejectionAt): string {
  const on = where(at);
  const tail = on === "" ? "" : ` ${on}`;
  switch (r.by) {
    case "check": {
      const how = r.timedOut
        ? "timed out (verify.check_timeout_minutes)"
        : `failed (exit code ${r.exitCode ?? "none"})`;
      return `Ralph's check \`${oneLine(r.command, 200)}\` ${how}${tail}`;
    }
    case "verifier":
      return `The verifier rejected the work${tail}`;
    case "regression": {
      const commit = at.commit ? `, commit ${at.commit.slice(0, 7)}` : "";
      return `The regression gate (the verifier re-checking every story on the final tree${commit}) found that this story no longer holds`;
    }
    case "guard":
      return `Ralph's state guard rejected the work${tail}: ${oneLine(r.reason, 300)}`;
  }
}
