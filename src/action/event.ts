import { readFile } from "node:fs/promises";
import { parseCommands } from "../core/commands.js";
import { type RawComment, toComment } from "../github/comments.js";
import type { Review } from "../github/pulls.js";
import type { ReviewComment } from "../github/review-threads.js";
import {
  type IssueInfo,
  type PullPayload,
  pullAsIssue,
  toIssueInfo,
} from "../reconcile/issue-info.js";
import type { PullRef } from "../reconcile/pr-events.js";
import type { Signal } from "../reconcile/signals.js";
import { mayBeRalphsPull } from "./ignored-event.js";

/**
 * What the triggering event asks for (DESIGN §6.3, Actions-only mode). `group` is the number the
 * example workflow's concurrency group is keyed by: agent work for another number is handed to a
 * workflow_dispatch run for that issue, so one issue never has two writers.
 */
export type ActionEvent =
  | { kind: "issue"; issue: IssueInfo; signal: Signal; group: number }
  /** A review, or the merge / close / reopening of a pull request: routed by the pull request. */
  | { kind: "review"; pull: PullPayload; signal: Signal; group: number }
  /**
   * A workflow run of the repository's CI completed (`workflow_run`, Actions-only mode): the
   * issues whose Ralph pull request it ran on are re-read (reconcile/pr-events.ts).
   */
  | { kind: "ci"; sha: string; pulls: PullRef[]; workflowPath: string }
  | { kind: "sweep" }
  | { kind: "continue"; issue: number }
  | { kind: "ignored"; reason: string };

export class EventError extends Error {
  override readonly name = "EventError";
}

export async function readEventPayload(path: string): Promise<Record<string, unknown>> {
  if (path === "") return {};
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new EventError(`cannot read the event payload ${path}: ${(error as Error).message}`);
  }
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch (error) {
    throw new EventError(`the event payload ${path} is not JSON: ${(error as Error).message}`);
  }
}

type Payload = Record<string, unknown>;

function field<T>(payload: Payload, key: string): T | undefined {
  return payload[key] as T | undefined;
}

function dispatchIssue(payload: Payload): number | null {
  const inputs = field<Record<string, unknown>>(payload, "inputs");
  const raw = inputs?.issue;
  const n = typeof raw === "number" ? raw : Number(String(raw ?? "").replace("#", ""));
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/**
 * Turns GITHUB_EVENT_NAME + payload into what to do. `issueInput` (the `issue` input) names the
 * issue explicitly: it wins over the event, and an event about another issue becomes a plain
 * "continue that issue".
 */
export function resolveEvent(
  eventName: string,
  payload: Payload,
  issueInput: number | null,
): ActionEvent {
  const event = fromPayload(eventName, payload);
  if (issueInput === null) return event;
  if (event.kind === "issue" && event.issue.number === issueInput) return event;
  if (event.kind === "review" && event.group === issueInput) return event;
  return { kind: "continue", issue: issueInput };
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one case per webhook event Ralph reads; the switch is the table of them.
function fromPayload(eventName: string, payload: Payload): ActionEvent {
  const action = field<string>(payload, "action") ?? "";
  switch (eventName) {
    case "issues": {
      const raw = field<Parameters<typeof toIssueInfo>[0] & { updated_at?: unknown }>(
        payload,
        "issue",
      );
      const sender = field<{ login: string; type: string }>(payload, "sender");
      if (raw === undefined || sender === undefined)
        return ignored("the issues payload has no issue");
      const issue = toIssueInfo(raw);
      // When it happened: a re-run of this workflow run starts nothing twice.
      const at = typeof raw.updated_at === "string" ? { at: raw.updated_at } : {};
      const trigger = (
        label: string | null,
        assignee?: string,
      ): ActionEvent & { kind: "issue" } => ({
        kind: "issue",
        issue,
        group: issue.number,
        signal: {
          kind: "trigger",
          sender: user(sender),
          label,
          ...(assignee === undefined ? {} : { assignee }),
          ...at,
        },
      });
      if (action === "opened") return trigger(null);
      if (action === "labeled") {
        const label = field<{ name?: string }>(payload, "label")?.name;
        if (label === undefined) return ignored("the labeled event names no label");
        return trigger(label);
      }
      if (action === "assigned") {
        const assignee = field<{ login?: string }>(payload, "assignee")?.login;
        if (assignee === undefined) return ignored("the assigned event names no assignee");
        return trigger(null, assignee);
      }
      return ignored(`issues.${action} is not an event Ralph handles`);
    }
    case "issue_comment": {
      // Only `created`: edits and deletes never trigger anything (DESIGN §3.1).
      if (action !== "created") return ignored(`issue_comment.${action} never triggers anything`);
      const raw = field<Parameters<typeof toIssueInfo>[0]>(payload, "issue");
      const comment = field<RawComment>(payload, "comment");
      if (raw === undefined || comment === undefined)
        return ignored("the comment payload is incomplete");
      const issue = toIssueInfo(raw);
      return {
        kind: "issue",
        issue,
        group: issue.number,
        signal: { kind: "comment", comment: toComment(comment) },
      };
    }
    case "pull_request": {
      // The trigger label on a spec pull request, as the App's `pull_request.labeled` handler
      // takes it; the merge, close or reopening of Ralph's pull request (or a spec PR). Pushes
      // to a PR are not a reason to run.
      const pull = field<PullPayload & { merged?: boolean | null }>(payload, "pull_request");
      const sender = field<{ login: string; type: string }>(payload, "sender");
      if (pull === undefined || sender === undefined)
        return ignored("the pull_request payload is incomplete");
      if (action === "closed" || action === "reopened") {
        if (!mayBeRalphsPull(pull as unknown as Record<string, unknown>)) {
          return ignored(`a pull request Ralph does not work on was ${action}`);
        }
        return {
          kind: "review",
          pull,
          group: pull.number,
          signal:
            action === "closed"
              ? { kind: "pr_closed", pr: pull.number, merged: pull.merged === true }
              : { kind: "pr_reopened", pr: pull.number },
        };
      }
      if (action !== "labeled")
        return ignored(`pull_request.${action} is not an event Ralph handles`);
      const label = field<{ name?: string }>(payload, "label")?.name;
      if (label === undefined) return ignored("the labeled event names no label");
      return {
        kind: "issue",
        issue: pullAsIssue(pull),
        group: pull.number,
        signal: { kind: "trigger", sender: user(sender), label },
      };
    }
    case "pull_request_review": {
      const pull = field<PullPayload>(payload, "pull_request");
      const review = field<Review>(payload, "review");
      if (pull === undefined) return ignored("the review payload has no pull request");
      // A dismissed approving review withdraws its approval: both reach the reconcile.
      const kinds = { submitted: "review", dismissed: "review_dismissed" } as const;
      const kind = Object.hasOwn(kinds, action) ? kinds[action as keyof typeof kinds] : undefined;
      if (kind !== undefined && review !== undefined) {
        return {
          kind: "review",
          pull,
          group: pull.number,
          signal: { kind, pr: pull.number, review },
        };
      }
      return ignored(`pull_request_review.${action} is not an event Ralph handles`);
    }
    case "workflow_run": {
      // A run of the repository's CI (the example workflow lists which): for the CI gate.
      const run = field<{
        head_sha?: string;
        path?: string;
        pull_requests?: PullRef[];
      }>(payload, "workflow_run");
      if (action !== "completed") return ignored(`workflow_run.${action} says nothing new`);
      if (run?.head_sha === undefined) return ignored("the workflow_run payload names no commit");
      if ((run.pull_requests ?? []).length === 0) {
        return ignored("the workflow run is not on a pull request of this repository");
      }
      return {
        kind: "ci",
        sha: run.head_sha,
        pulls: run.pull_requests ?? [],
        workflowPath: run.path ?? "",
      };
    }
    case "pull_request_review_comment": {
      // `/ralph fix` in an inline comment (ignored-event.ts lets only those through).
      const pull = field<PullPayload>(payload, "pull_request");
      const comment = field<ReviewComment>(payload, "comment");
      if (pull === undefined || comment === undefined) {
        return ignored("the review comment payload is incomplete");
      }
      if (action !== "created") {
        return ignored(`pull_request_review_comment.${action} never triggers anything`);
      }
      if (!parseCommands(comment.body ?? "").some((c) => c.name === "fix")) {
        return ignored("an inline review comment without `/ralph fix` is conversation");
      }
      return {
        kind: "review",
        pull,
        group: pull.number,
        signal: { kind: "review_comment", pr: pull.number, comment },
      };
    }
    case "schedule":
      return { kind: "sweep" };
    case "workflow_dispatch": {
      const issue = dispatchIssue(payload);
      return issue === null
        ? ignored("workflow_dispatch without an `issue` input: nothing to continue")
        : { kind: "continue", issue };
    }
    default:
      return ignored(
        `the ${eventName || "(unknown)"} event is not one Ralph handles; pass the \`issue\` input to continue an issue`,
      );
  }
}

function user(raw: { login: string; type: string }): { login: string; type: string } {
  return { login: raw.login, type: raw.type };
}

function ignored(reason: string): ActionEvent {
  return { kind: "ignored", reason };
}

/**
 * The repository's default branch as the event's payload names it (every repository event carries
 * `repository.default_branch`), so a run need not ask `GET /repos/{owner}/{repo}`. Only for the
 * repository the run acts on: a payload about another one (or none, e.g. `schedule` in some
 * forms) leaves the lookup to the API.
 */
export function payloadDefaultBranch(payload: Payload, repository: string): string | undefined {
  const repo = field<{ full_name?: unknown; default_branch?: unknown }>(payload, "repository");
  if (typeof repo?.full_name !== "string" || typeof repo.default_branch !== "string") {
    return undefined;
  }
  if (repo.full_name.toLowerCase() !== repository.toLowerCase()) return undefined;
  return repo.default_branch === "" ? undefined : repo.default_branch;
}
