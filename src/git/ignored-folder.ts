import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Makes `absDir` a folder git never shows: a `.gitignore` inside it that ignores everything,
 * itself included. Nothing there is ever listed by `git status`, staged by a `git add -A` (the
 * user's or an agent's) or committed, in the main checkout and in every worktree alike, and the
 * repository's own ignore files stay untouched.
 */
export async function makeIgnoredFolder(absDir: string): Promise<void> {
  await mkdir(absDir, { recursive: true });
  await writeFile(join(absDir, ".gitignore"), "*\n", "utf8");
}
