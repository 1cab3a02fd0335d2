import type { RalphConfig } from "../core/config.js";
import { homePaths } from "../core/plan-meta.js";
import { type GitHubContext, isBotUser, repoParams } from "../github/client.js";
import type { IssueInfo } from "../github/issue-read.js";
import {
  getPullRequest,
  isForkPullRequest,
  listPullRequestFiles,
  type PullRequest,
} from "../github/pulls.js";
import { issueForPullRequest } from "./routing.js";

/** What reconcile needs to know about the issue (the read defines it: github/issue-read.ts). */
export type { IssueInfo };

interface RawIssue {
  number: number;
  title: string;
  body?: string | null;
  user?: { login: string } | null;
  pull_request?: unknown;
  labels?: (string | { name?: string })[];
}

/** A pull request as webhook payloads carry it (title and labels on top of the REST shape). */
export type PullPayload = PullRequest & { title: string; labels?: { name?: string }[] };

/** A pull request conversation as reconcile sees an issue. */
export function pullAsIssue(pull: PullPayload): IssueInfo {
  return { ...toIssueInfo(pull), isPullRequest: true };
}

export function toIssueInfo(raw: RawIssue): IssueInfo {
  return {
    number: raw.number,
    author: raw.user?.login ?? null,
    title: raw.title,
    body: raw.body ?? "",
    isPullRequest: raw.pull_request !== undefined && raw.pull_request !== null,
    labels: (raw.labels ?? [])
      .map((l) => (typeof l === "string" ? l : (l.name ?? "")))
      .filter((l) => l !== ""),
  };
}

export async function fetchIssueInfo(gh: GitHubContext, issue: number): Promise<IssueInfo> {
  const res = await gh.client.request("GET /repos/{owner}/{repo}/issues/{issue_number}", {
    ...repoParams(gh),
    issue_number: issue,
  });
  return toIssueInfo(res.data as RawIssue);
}

/** What the issue text means as a planning goal (complexity assessment). */
export function issueGoal(issue: IssueInfo): string {
  return `${issue.title}\n\n${issue.body}`.trim();
}

/** `ralph`: Ralph's own PR for `issue`, whose conversation lives on that issue. */
export type PullRequestKind =
  | { kind: "fork" | "spec" | "other" }
  | { kind: "ralph"; issue: number };

/**
 * The issue whose Ralph PR `pull` is (head on `branch_prefix`, body `Closes #N`, opened by a bot
 * or Ralph itself), or null for any other pull request.
 */
export function ralphPullOwner(
  gh: GitHubContext,
  pull: PullRequest,
  config: Pick<RalphConfig, "branch_prefix">,
): number | null {
  const issue = issueForPullRequest(pull, config);
  const byRalph = isBotUser(pull.user) || pull.user?.login === gh.botLogin;
  return issue !== pull.number && byRalph ? issue : null;
}

/** Does a changed file sit under `<ralph_home>/specs/` as a spec (not Ralph's own plan files)? */
export function isSpecFile(config: Pick<RalphConfig, "ralph_home">, filename: string): boolean {
  const specsDir = `${homePaths(config.ralph_home).specsDir}/`;
  if (!filename.startsWith(specsDir) || !filename.endsWith(".md")) return false;
  const rel = filename.slice(specsDir.length);
  const top = rel.split("/")[0];
  return !["plans", "done", "candidates", "sessions"].includes(top ?? "");
}

/**
 * DESIGN §2.2: a PR from a fork is refused whatever it holds (never pushed to, never run); a
 * same-repo PR that adds or changes spec files is a spec PR; anything else is not Ralph's.
 */
export async function classifyPullRequest(
  gh: GitHubContext,
  pr: number,
  config: Pick<RalphConfig, "ralph_home" | "branch_prefix">,
): Promise<PullRequestKind> {
  const pull = await getPullRequest(gh, pr);
  if (isForkPullRequest(gh, pull)) return { kind: "fork" };
  // Its branch holds the issue's spec file, which would make it look like a spec PR: planning it
  // would run a second Ralph on the same branch.
  const issue = ralphPullOwner(gh, pull, config);
  if (issue !== null) return { kind: "ralph", issue };
  const files = await listPullRequestFiles(gh, pr);
  return files.some((f) => f.status !== "removed" && isSpecFile(config, f.filename))
    ? { kind: "spec" }
    : { kind: "other" };
}

export const FORK_REFUSAL_KEY = "fork-refused";
export const FORK_REFUSAL = [
  "**Ralph does not work on pull requests from forks.**",
  "",
  "Ralph pushes plans and code to the pull request's branch and runs agents with this repository's secrets; a fork's branch can't be pushed to, and running a fork's code with secrets is unsafe. Nothing was run.",
  "",
  "To use Ralph, push the spec files to a branch of this repository and open the pull request from there, or open an issue with the goal.",
].join("\n");

export const NOT_A_SPEC_PR_KEY = "not-a-spec-pr";
export function notSpecPrMessage(config: Pick<RalphConfig, "ralph_home">): string {
  return `Ralph plans issues and spec pull requests (pull requests that add or change spec files under \`${homePaths(config.ralph_home).specsDir}/\`). This pull request changes no spec file, so Ralph has nothing to plan here.`;
}

export const RALPH_PR_KEY = "ralph-pr";
export function ralphPrMessage(issue: number): string {
  return `This is Ralph's pull request for #${issue}. Ralph's conversation lives on the issue: commands (\`/ralph …\`, \`/approve\`) commented here or on #${issue} go to it, and reviews here count as approvals or change requests. A trigger label belongs on #${issue}.`;
}
