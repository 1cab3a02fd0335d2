import type { Context, Probot } from "probot";
import { parseCommands } from "../core/commands.js";
import type { WorkflowRun } from "../github/actions.js";
import { type GitHubUser, isBotUser } from "../github/client.js";
import { postComment, type RawComment, toComment } from "../github/comments.js";
import {
  isForkPullRequest,
  listPullRequestFiles,
  type PullRequest,
  type Review,
} from "../github/pulls.js";
import type { ReviewComment } from "../github/review-threads.js";
import {
  FORK_REFUSAL,
  FORK_REFUSAL_KEY,
  isSpecFile,
  type PullPayload,
  pullAsIssue,
  toIssueInfo,
} from "../reconcile/issue-info.js";
import { routedIssueFor } from "../reconcile/pr-commands.js";
import { type Signal, triggerWanted } from "../reconcile/reconcile.js";
import {
  FAILED_CONCLUSIONS,
  issueForPullRequest,
  issueForRun,
  runFailureFor,
} from "../reconcile/routing.js";
import { routeRalphPrPush } from "./after-pr-handlers.js";
import type { AppRuntime } from "./app-runtime.js";

/** Issues: opened or labelled (a trigger), and new comments. */
export function onIssueEvents(app: Probot, rt: AppRuntime): void {
  const on = rt.listen(app);
  on("issues.opened", async (context) => {
    const p = context.payload;
    if (isBotUser(p.sender)) return;
    await rt.run(
      await rt.fromContext(app, context),
      toIssueInfo(p.issue),
      { kind: "trigger", sender: p.sender, label: null, at: p.issue.updated_at },
      p.repository.html_url,
    );
  });

  on("issues.labeled", async (context) => {
    const p = context.payload;
    if (!p.label || isBotUser(p.sender)) return;
    await rt.run(
      await rt.fromContext(app, context),
      toIssueInfo(p.issue),
      { kind: "trigger", sender: p.sender, label: p.label.name, at: p.issue.updated_at },
      p.repository.html_url,
    );
  });

  // Assigned to one of `trigger.assignees` (by a user with write access): like the trigger label.
  // An assignee the config does not list costs one call (the config), no more.
  on("issues.assigned", async (context) => {
    const p = context.payload;
    if (!p.assignee || isBotUser(p.sender)) return;
    const gh = await rt.fromContext(app, context);
    const signal: Signal = {
      kind: "trigger",
      sender: p.sender,
      label: null,
      assignee: p.assignee.login,
      at: p.issue.updated_at,
    };
    if (!triggerWanted(await rt.configOrDefault(gh), signal)) return;
    await rt.run(gh, toIssueInfo(p.issue), signal, p.repository.html_url);
  });

  // Only `created`: edits and deletes never trigger anything (DESIGN §3.1).
  on("issue_comment.created", async (context) => {
    const p = context.payload;
    // Bots (Ralph included) never start anything: answer before any API call (no loops).
    if (isBotUser(p.comment.user as GitHubUser | null)) return;
    const gh = await rt.fromContext(app, context);
    const issue = toIssueInfo(p.issue);
    const comment = toComment(p.comment as RawComment);
    // A command on Ralph's own PR goes to the issue that PR closes.
    const owner = await routedIssueFor(gh, issue, comment, () => rt.configOrDefault(gh));
    await rt.run(
      gh,
      owner ?? issue,
      owner === null
        ? { kind: "comment", comment }
        : { kind: "comment", comment, from: issue.number },
      p.repository.html_url,
    );
  });
}

/** Pull requests: a label (a spec PR's trigger), opened / pushed (fork refusal, re-read). */
export function onPullRequestEvents(app: Probot, rt: AppRuntime): void {
  const on = rt.listen(app);
  on("pull_request.labeled", async (context) => {
    const p = context.payload;
    if (!p.label) return;
    await rt.run(
      await rt.fromContext(app, context),
      pullAsIssue(p.pull_request as unknown as PullPayload),
      { kind: "trigger", sender: p.sender, label: p.label.name },
      p.repository.html_url,
    );
  });

  // `reopened` (and `closed`) go to after-pr-handlers.ts.
  on(["pull_request.opened", "pull_request.synchronize"], async (context) => {
    const p = context.payload;
    const gh = await rt.fromContext(app, context);
    const pull = p.pull_request as unknown as PullRequest;
    if (isForkPullRequest(gh, pull)) {
      // A fork PR is refused only when it carries specs: other contributions are not Ralph's.
      const config = await rt.configOrDefault(gh);
      const files = await listPullRequestFiles(gh, pull.number);
      if (files.some((f) => isSpecFile(config, f.filename))) {
        await postComment(gh, pull.number, FORK_REFUSAL, { key: FORK_REFUSAL_KEY });
      }
      return;
    }
    const payload = p.pull_request as unknown as PullPayload;
    if (
      p.action === "synchronize" &&
      (await routeRalphPrPush(app, rt, context, payload, p.sender))
    ) {
      return;
    }
    await rt.run(gh, pullAsIssue(payload), { kind: "touch" }, p.repository.html_url);
  });
}

/** Reviews and review comments on Ralph's PR (or a spec PR) belong to the issue it closes. */
export function onReviewEvents(app: Probot, rt: AppRuntime): void {
  const on = rt.listen(app);
  const onPullRequestActivity =
    (signalOf: (pr: number, review: Review) => Signal) =>
    async (
      context: Context<
        | "pull_request_review.submitted"
        | "pull_request_review.dismissed"
        | "pull_request_review_comment.created"
      >,
    ) => {
      const p = context.payload;
      // Ralph's own reviews and review comments (and other bots') are no input: no read at all.
      const author = "review" in p ? p.review.user : "comment" in p ? p.comment.user : null;
      if (context.name !== "pull_request_review" || p.action !== "dismissed") {
        if (isBotUser(author as GitHubUser | null)) return;
      }
      const gh = await rt.fromContext(app, context);
      const pull = p.pull_request as unknown as PullPayload;
      const target = issueForPullRequest(pull, await rt.configOrDefault(gh));
      await rt.run(
        gh,
        target === pull.number ? pullAsIssue(pull) : target,
        signalOf(pull.number, ("review" in p ? p.review : null) as unknown as Review),
        p.repository.html_url,
      );
    };

  on(
    "pull_request_review.submitted",
    onPullRequestActivity((pr, review) => ({ kind: "review", pr, review })),
  );
  // A dismissed approving review withdraws its approval (DESIGN §3.3).
  on(
    "pull_request_review.dismissed",
    onPullRequestActivity((pr, review) => ({ kind: "review_dismissed", pr, review })),
  );
  // An inline comment matters only with `/ralph fix` in it (DESIGN §2.3): anything else (and
  // every bot's) is answered before any API call.
  on("pull_request_review_comment.created", async (context) => {
    const comment = context.payload.comment as unknown as ReviewComment;
    if (isBotUser(comment.user) || !parseCommands(comment.body).some((c) => c.name === "fix")) {
      return;
    }
    await onPullRequestActivity((pr) => ({ kind: "review_comment", pr, comment }))(context);
  });
}

/** A failed Ralph run reaches its issue; installations start and stop their pollers. */
export function onRunAndInstallationEvents(app: Probot, rt: AppRuntime): void {
  const on = rt.listen(app);
  on("workflow_run.completed", async (context) => {
    const p = context.payload;
    const run = p.workflow_run as unknown as WorkflowRun;
    if (!FAILED_CONCLUSIONS.includes(run.conclusion ?? "")) return;
    const gh = await rt.fromContext(app, context);
    const config = await rt.configOrDefault(gh);
    const issue = await issueForRun(gh, run);
    if (issue === null || !(await runFailureFor(gh, config, run, issue))) return;
    await rt.run(
      gh,
      issue,
      { kind: "run_failed", conclusion: run.conclusion ?? "failure", runUrl: run.html_url },
      p.repository.html_url,
    );
  });

  on("installation.created", async (context) => {
    const installation = context.payload.installation;
    rt.noteInstallation(
      installation.id,
      installation as Parameters<AppRuntime["noteInstallation"]>[1],
    );
    rt.poller.ensure(installation.id);
  });

  on("installation.deleted", async (context) => {
    rt.poller.forget(context.payload.installation.id);
  });
}
