import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { git } from "./git-exec.js";

/**
 * DESIGN §7.7: changes under `.github/workflows/` can't be pushed with the default token (and an
 * App token needs the `workflows` permission). Such changes are dropped from Ralph's unpushed
 * commits and handed to humans as a patch instead.
 */
export const WORKFLOWS_DIR = ".github/workflows";

export function isWorkflowPath(path: string): boolean {
  return path === WORKFLOWS_DIR || path.startsWith(`${WORKFLOWS_DIR}/`);
}

/**
 * GitHub's answer to such a push: "refusing to allow a GitHub App to create or update workflow
 * `.github/workflows/x.yml` without `workflows` permission" (OAuth apps: "… without `workflow`
 * scope").
 */
export function isWorkflowPushRefusal(message: string): boolean {
  return (
    /refusing to allow .* to create or update workflow/i.test(message) ||
    (/\.github\/workflows\//.test(message) &&
      /without [`']?workflows?[`']? (permission|scope)/i.test(message))
  );
}

export class WorkflowRewriteError extends Error {
  override readonly name = "WorkflowRewriteError";
}

/** Commits on HEAD that no ref of `remote` has, oldest first, and the commit they start from. */
export async function unpushedCommits(
  root: string,
  remote = "origin",
): Promise<{ base: string | null; commits: string[] }> {
  // `--parents` (no pathspec, so no parent rewriting): each line is a commit and its parents, so
  // the first line also names the commit the unpushed ones start from, in the same process.
  const out = await git(root, [
    "rev-list",
    "--reverse",
    "--topo-order",
    "--parents",
    "HEAD",
    "--not",
    `--remotes=${remote}`,
  ]);
  const lines = out
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => l.trim().split(" "));
  const commits = lines.map((l) => l[0] ?? "");
  return { base: lines[0]?.[1] ?? null, commits };
}

/** Workflow files the unpushed commits change (relative to `base`). */
export async function changedWorkflowFiles(root: string, base: string): Promise<string[]> {
  // The folder's tree in each commit first: the same (or absent from both) is no change. A diff
  // that finds none prints nothing, and simple-git waits 50 ms after a silent command; each
  // `rev-parse` prints the tree, or the error that says there is none.
  const [before, after] = [await workflowsTree(root, base), await workflowsTree(root, "HEAD")];
  if (before === after) return [];
  const out = await git(root, [
    "diff",
    "--name-only",
    "--no-renames",
    base,
    "HEAD",
    "--",
    WORKFLOWS_DIR,
  ]);
  return out
    .split("\n")
    .filter((l) => l.trim() !== "")
    .sort();
}

async function workflowsTree(root: string, commit: string): Promise<string | null> {
  const out = await git(root, ["rev-parse", "--verify", `${commit}:${WORKFLOWS_DIR}`]).catch(
    () => "",
  );
  return out.trim() === "" ? null : out.trim();
}

export interface DroppedWorkflowChanges {
  files: string[];
  /** `git diff --binary` of the dropped changes, applicable with `git apply`. */
  patch: string;
  /** The rewritten HEAD. */
  head: string;
}

/**
 * Rewrites the unpushed commits so none of them touches `.github/workflows/` (each commit's tree
 * gets the base's workflows folder back; commits left empty disappear; authors, dates and
 * messages are kept), and returns the patch of what was dropped. Returns null when the unpushed
 * commits change no workflow file. Merges are not rewritten (Ralph's history is linear).
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one rewrite of the unpushed commits, each step depending on the one before.
export async function dropWorkflowChanges(
  root: string,
  remote = "origin",
): Promise<DroppedWorkflowChanges | null> {
  const { base, commits } = await unpushedCommits(root, remote);
  if (base === null || commits.length === 0) return null;
  const files = await changedWorkflowFiles(root, base);
  if (files.length === 0) return null;
  const patch = await git(root, [
    "diff",
    "--binary",
    "--no-color",
    base,
    "HEAD",
    "--",
    WORKFLOWS_DIR,
  ]);
  const baseHasWorkflows = await git(root, ["cat-file", "-e", `${base}:${WORKFLOWS_DIR}`])
    .then(() => true)
    .catch(() => false);

  const dir = await mkdtemp(join(tmpdir(), "ralph-index-"));
  const env = { GIT_INDEX_FILE: join(dir, "index") };
  let parent = base;
  try {
    for (const commit of commits) {
      const parents = (await git(root, ["rev-list", "--parents", "-n", "1", commit]))
        .trim()
        .split(" ");
      if (parents.length > 2) {
        throw new WorkflowRewriteError(
          `commit ${commit} is a merge; Ralph only rewrites linear history`,
        );
      }
      await git(root, ["read-tree", commit], env);
      await git(
        root,
        ["rm", "-r", "--cached", "--quiet", "--ignore-unmatch", "--", WORKFLOWS_DIR],
        env,
      );
      if (baseHasWorkflows) {
        await git(
          root,
          ["read-tree", `--prefix=${WORKFLOWS_DIR}/`, `${base}:${WORKFLOWS_DIR}`],
          env,
        );
      }
      const tree = (await git(root, ["write-tree"], env)).trim();
      const parentTree = (await git(root, ["rev-parse", `${parent}^{tree}`])).trim();
      if (tree === parentTree) continue;
      const meta = (
        await git(root, [
          "log",
          "-1",
          "--format=%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%B",
          commit,
        ])
      ).split("\0");
      const [an = "", ae = "", ad = "", cn = "", ce = "", cd = "", message = ""] = meta;
      parent = (
        await git(root, ["commit-tree", tree, "-p", parent, "-m", message.replace(/\n+$/, "")], {
          GIT_AUTHOR_NAME: an,
          GIT_AUTHOR_EMAIL: ae,
          GIT_AUTHOR_DATE: ad,
          GIT_COMMITTER_NAME: cn,
          GIT_COMMITTER_EMAIL: ce,
          GIT_COMMITTER_DATE: cd,
        })
      ).trim();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  // --keep moves the branch and the working tree together and refuses to drop local edits.
  await git(root, ["reset", "--quiet", "--keep", parent]);
  return { files, patch, head: parent };
}

/** The comment that hands the dropped changes to humans (split by the poster when long). */
export function renderWorkflowPatchComment(
  dropped: Pick<DroppedWorkflowChanges, "files" | "patch">,
  branch: string,
): string {
  // A longer fence than any backtick run in the patch, so a diffed Markdown file can't close it.
  const longest = Math.max(0, ...[...dropped.patch.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return [
    "**Ralph could not push its changes to workflow files.**",
    "",
    `The token this workflow runs with may not change files under \`${WORKFLOWS_DIR}/\` (\`GITHUB_TOKEN\` never can; a GitHub App token needs the \`workflows\` permission), so Ralph left these changes out of \`${branch}\`:`,
    "",
    ...dropped.files.map((f) => `- \`${f}\``),
    "",
    "Review them and apply them by hand if you want them (save the block below as `workflows.patch`, then `git apply workflows.patch` on the branch):",
    "",
    `${fence}diff`,
    dropped.patch.replace(/\n+$/, ""),
    fence,
  ].join("\n");
}
