import { defuseMarkerLines } from "../agents/prompts/shared.js";
import type { RalphConfig } from "../core/config.js";
import { homePaths } from "../core/plan-meta.js";
import { sanitizeUntrusted } from "../core/sanitize.js";
import type { MachineState } from "../core/state.js";
import { branchNameFor, slugify } from "../git/branch-name.js";
import type { GitHubContext } from "../github/client.js";
import { getPullRequest, isForkPullRequest, listPullRequestFiles } from "../github/pulls.js";
import { specRef } from "../pipeline/context.js";
import { type IssueInfo, isSpecFile } from "../reconcile/issue-info.js";
import type { SpecTarget } from "./runner-checkout.js";

/** A PR from a fork is never pushed to and never run with secrets (DESIGN §2.2, §7.5). */
export class ForkRefusedError extends Error {
  override readonly name = "ForkRefusedError";
}

export class TargetError extends Error {
  override readonly name = "TargetError";
}

/** `issue-42-add-login` (DESIGN §5). */
export function issueSpecId(issue: number, title: string): string {
  const slug = slugify(title);
  return slug === "" ? `issue-${issue}` : `issue-${issue}-${slug}`;
}

/**
 * The issue-flow spec: goal (issue title and body, hidden text stripped) plus the trusted Q&A
 * (answers of write users, DESIGN §2.1). Prompts fence all of it as data; the file itself stays
 * on the branch, so verdict, `PLAN_INVALIDATION:` and critic lines in it are defused as prompts
 * defuse them (issue 10): the issue's author cannot plant one there.
 */
export function issueSpecText(
  issue: Pick<IssueInfo, "number" | "title" | "body">,
  qa: MachineState["qa"],
): string {
  const title =
    sanitizeUntrusted(issue.title).replace(/\s+/g, " ").trim() || `Issue #${issue.number}`;
  const body = sanitizeUntrusted(issue.body).trim();
  const lines = [`# ${title}`, "", `Source: issue #${issue.number}.`, ""];
  if (body !== "") lines.push(body, "");
  if (qa.length > 0) {
    lines.push("## Answers", "");
    for (const pair of qa) {
      lines.push(`- Q: ${pair.question.replace(/\s+/g, " ").trim()}`);
      lines.push(`  A (${pair.by}): ${pair.answer.replace(/\r?\n/g, "\n    ").trim()}`);
    }
    lines.push("");
  }
  return defuseMarkerLines(lines.join("\n"));
}

export interface ResolvedTarget extends SpecTarget {
  /** The issue spec file must be (re)written from the issue before planning. */
  writeIssueSpec: boolean;
  /** Spec PR: its other specs not done yet, in path order (they run after this one). */
  specsLeft: string[];
}

/**
 * Where the issue's work happens. Issue flow: `ralph/<n>-<slug>` and a spec made from the issue.
 * Spec PR (same repository only): the PR's own branch and the spec the state names — or, for
 * `planning` (the plan step), the first spec in path order that is not done yet (DESIGN §2.2:
 * every spec of the PR is planned and run, in order). With every spec done, planning re-plans the
 * one the state names.
 */
export async function resolveTarget(
  gh: GitHubContext,
  config: RalphConfig,
  issue: IssueInfo,
  state: MachineState,
  options: { planning?: boolean } = {},
): Promise<ResolvedTarget> {
  if (state.kind === "issue") {
    const specId = state.specId ?? issueSpecId(issue.number, issue.title);
    return {
      spec: specRef(config.ralph_home, `${specId}.md`),
      branch: state.branch ?? branchNameFor(config.branch_prefix, issue.number, issue.title),
      ownBranch: false,
      writeIssueSpec: true,
      specsLeft: [],
    };
  }
  const pr = await getPullRequest(gh, issue.number);
  if (isForkPullRequest(gh, pr)) {
    throw new ForkRefusedError(
      `pull request #${issue.number} comes from a fork (${pr.head.repo?.full_name ?? "a deleted repository"}); Ralph never pushes to or runs fork branches`,
    );
  }
  const specsDir = `${homePaths(config.ralph_home).specsDir}/`;
  const rels = (await listPullRequestFiles(gh, issue.number))
    .filter((f) => f.status !== "removed" && isSpecFile(config, f.filename))
    .map((f) => f.filename.slice(specsDir.length))
    .sort();
  const idOf = (rel: string) => specRef(config.ralph_home, rel).id;
  const done = new Set(state.specsDone);
  const named = state.specId === null ? undefined : rels.find((rel) => idOf(rel) === state.specId);
  const notDone = rels.find((rel) => !done.has(idOf(rel)));
  const rel =
    options.planning && (named === undefined || done.has(idOf(named)))
      ? (notDone ?? named ?? rels[0])
      : (named ?? notDone ?? rels[0]);
  if (rel === undefined) {
    throw new TargetError(`pull request #${issue.number} changes no spec file under ${specsDir}`);
  }
  return {
    spec: specRef(config.ralph_home, rel),
    branch: pr.head.ref,
    ownBranch: true,
    writeIssueSpec: false,
    specsLeft: rels.map(idOf).filter((id) => id !== idOf(rel) && !done.has(id)),
  };
}
