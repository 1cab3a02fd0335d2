import { parseCommands } from "../core/commands.js";

/**
 * The events the action must ignore, decided from GITHUB_EVENT_NAME and the payload alone: no
 * token, no config, no API call (issue 11). Anything this cannot rule out goes to the full run,
 * which decides with the issue's history. Kept free of heavy imports: the entry loads only this
 * module (and the runner protocols) before deciding, so an ignored event costs one small module.
 *
 * `null` means "not ruled out"; a string is the reason, written to the log and the Step Summary.
 */
export function ignoredEventReason(
  eventName: string,
  payload: Record<string, unknown>,
): string | null {
  const action = typeof payload.action === "string" ? payload.action : "";
  switch (eventName) {
    case "issue_comment": {
      // Only `created`: edits and deletes never trigger anything (DESIGN §3.1).
      if (action !== "created") return `issue_comment.${action} never triggers anything`;
      const comment = record(payload.comment);
      const issue = record(payload.issue);
      if (isBot(comment?.user) || isBot(payload.sender)) {
        return "a bot's comment: bots (Ralph included) never start anything";
      }
      const body = typeof comment?.body === "string" ? comment.body : "";
      if (parseCommands(body).length > 0) return null;
      // Without a phase label Ralph has no work on the issue: a plain comment is conversation.
      // With one, the comment may answer Ralph's questions, so the full run reads it.
      if (!hasRalphLabel(issue?.labels)) {
        return "a comment without a Ralph command on an issue Ralph is not working on";
      }
      return null;
    }
    case "issues": {
      if (action !== "opened" && action !== "labeled" && action !== "assigned") {
        return `issues.${action} is not an event Ralph handles`;
      }
      if (isBot(payload.sender)) return "a bot's issue event: bots never start anything";
      const label = record(payload.label)?.name;
      if (action === "labeled" && typeof label === "string" && PHASE_LABEL_NAMES.includes(label)) {
        return `the ${label} label is Ralph's own phase label: it starts nothing`;
      }
      return null;
    }
    case "pull_request": {
      // The merge, close or reopening of Ralph's pull request (or a spec PR) ends or resumes its
      // watch, whoever did it; a pull request no Ralph label or branch marks is not Ralph's.
      if (action === "closed" || action === "reopened") {
        return mayBeRalphsPull(record(payload.pull_request))
          ? null
          : `a pull request Ralph does not work on was ${action}`;
      }
      // Otherwise only the trigger label on a (spec) pull request starts anything (event.ts).
      if (action !== "labeled") return `pull_request.${action} is not an event Ralph handles`;
      if (isBot(payload.sender)) return "a bot's label: bots never start anything";
      const label = record(payload.label)?.name;
      if (typeof label === "string" && PHASE_LABEL_NAMES.includes(label)) {
        return `the ${label} label is Ralph's own phase label: it starts nothing`;
      }
      return null;
    }
    case "pull_request_review": {
      if (action !== "submitted" && action !== "dismissed") {
        return `pull_request_review.${action} is not an event Ralph handles`;
      }
      if (isBot(record(payload.review)?.user) || isBot(payload.sender)) {
        return "a bot's review: bots never approve or request changes for Ralph";
      }
      return null;
    }
    case "workflow_run": {
      // A run of the repository's CI (the workflow lists which): only one on a pull request of
      // this repository can concern Ralph's pull request.
      if (action !== "completed") return `workflow_run.${action} says nothing new`;
      const pulls = record(payload.workflow_run)?.pull_requests;
      return Array.isArray(pulls) && pulls.length > 0
        ? null
        : "the workflow run is not on a pull request of this repository";
    }
    case "pull_request_review_comment":
      return reviewCommentReason(action, payload);
    case "schedule":
    case "workflow_dispatch":
      return null;
    default:
      return `the ${eventName || "(unknown)"} event is not one Ralph handles; pass the \`issue\` input to continue an issue`;
  }
}

/**
 * Ralph's phase labels (core/state.ts ALL_PHASE_LABELS; a test keeps the two equal). Written out
 * because core/state.ts brings zod, which the fast path must not load.
 */
export const PHASE_LABEL_NAMES: readonly string[] = [
  "ralph:planning",
  "ralph:questions",
  "ralph:awaiting-approval",
  "ralph:implementing",
  "ralph:verifying",
  "ralph:plan-invalidated",
  "ralph:ci",
  "ralph:done",
  "ralph:failed",
  "ralph:stopped",
];

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null
    ? (value as Record<string, unknown>)
    : undefined;
}

/** GitHub marks Apps and bot accounts `type: "Bot"` (their logins end in `[bot]`). */
function isBot(user: unknown): boolean {
  const u = record(user);
  return u?.type === "Bot" || (typeof u?.login === "string" && u.login.endsWith("[bot]"));
}

/**
 * Opened by a bot with a body that closes an issue (Ralph's own pull request), or carrying a Ralph
 * phase label (a spec PR Ralph works on). The full run decides with the config.
 */
export function mayBeRalphsPull(pull: Record<string, unknown> | undefined): boolean {
  if (pull === undefined) return true;
  const closes = typeof pull.body === "string" && /\bCloses #\d+\b/i.test(pull.body);
  return (isBot(pull.user) && closes) || (Array.isArray(pull.labels) && hasRalphLabel(pull.labels));
}

function hasRalphLabel(labels: unknown): boolean {
  if (!Array.isArray(labels)) return true; // unknown: let the full run decide
  return labels.some((l) => {
    const name = typeof l === "string" ? l : record(l)?.name;
    return typeof name === "string" && PHASE_LABEL_NAMES.includes(name);
  });
}

/** An inline comment means something only with `/ralph fix` in it (docs/after-the-pr.md). */
function reviewCommentReason(action: string, payload: Record<string, unknown>): string | null {
  if (action !== "created") return `pull_request_review_comment.${action} never triggers anything`;
  const comment = record(payload.comment);
  if (isBot(comment?.user) || isBot(payload.sender)) {
    return "a bot's review comment: bots never start anything";
  }
  const body = typeof comment?.body === "string" ? comment.body : "";
  if (!parseCommands(body).some((c) => c.name === "fix")) {
    return "an inline review comment without `/ralph fix`: conversation between humans";
  }
  return null;
}
