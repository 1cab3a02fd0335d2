import { git } from "./git-exec.js";

/** A conflict marker left at the start of a line of a tracked text file. */
export interface ConflictMarker {
  path: string;
  line: number;
  text: string;
}

// `<<<<<<< ours`, `||||||| base` (diff3), `>>>>>>> theirs`: seven characters, then a space or the
// line's end. `=======` alone is also a Markdown or reStructuredText heading underline, so it
// counts only in a file that holds one of the other markers too.
const SIDE_MARKER = "^(<{7}|\\|{7}|>{7})( |$)";
const MIDDLE_MARKER = "^={7}$";

/**
 * The conflict markers in the tracked text files of `root`'s working tree (binary files skipped),
 * in path and line order, at most `max`. `paths` limits the search to those files (e.g. the ones
 * a base merge left conflicted), which also spares fixtures and docs that show markers on purpose.
 * A story that resolves conflicts can require this to be empty (DESIGN §2.3).
 */
export async function findConflictMarkers(
  root: string,
  options: { paths?: readonly string[]; max?: number } = {},
): Promise<ConflictMarker[]> {
  if (options.paths !== undefined && options.paths.length === 0) return [];
  const out = await git(root, [
    "grep",
    "--no-color",
    "-n",
    "-z",
    "-I",
    "-E",
    "-e",
    SIDE_MARKER,
    "-e",
    MIDDLE_MARKER,
    ...(options.paths === undefined ? [] : ["--", ...options.paths.map((p) => `:(literal)${p}`)]),
  ]);
  const found: ConflictMarker[] = [];
  for (const row of out.split("\n")) {
    const [path, line, ...text] = row.split("\0");
    if (path === undefined || line === undefined || text.length === 0) continue;
    found.push({ path, line: Number(line), text: text.join("\0").slice(0, 200) });
  }
  const withSides = new Set(found.filter((m) => !/^={7}$/.test(m.text)).map((m) => m.path));
  return found.filter((m) => withSides.has(m.path)).slice(0, options.max ?? 1000);
}

/** One line per marker, for a verifier's feedback: `path:line: text`. */
export function describeMarkers(markers: readonly ConflictMarker[], max = 20): string {
  const lines = markers.slice(0, max).map((m) => `${m.path}:${m.line}: ${m.text}`);
  if (markers.length > max) lines.push(`… and ${markers.length - max} more`);
  return lines.join("\n");
}
