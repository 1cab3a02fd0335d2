import type { Context, Probot } from "probot";
import { defaultConfig, type RalphConfig } from "../core/config.js";
import type { WorkflowRun } from "../github/actions.js";
import {
  type GitHubClient,
  type GitHubContext,
  type GitHubUser,
  isBotUser,
  paginate,
} from "../github/client.js";
import { postComment, type RawComment, toComment } from "../github/comments.js";
import { loadRepoConfig } from "../github/config.js";
import {
  isForkPullRequest,
  listPullRequestFiles,
  type PullRequest,
  type Review,
} from "../github/pulls.js";
import {
  FORK_REFUSAL,
  FORK_REFUSAL_KEY,
  type IssueInfo,
  isSpecFile,
  toIssueInfo,
} from "../reconcile/issue-info.js";
import { KeyedLock } from "../reconcile/lock.js";
import { type ReconcileReport, reconcileIssue, type Signal } from "../reconcile/reconcile.js";
import {
  FAILED_CONCLUSIONS,
  issueForPullRequest,
  issueForRun,
  runFailureFor,
} from "../reconcile/routing.js";
import {
  ApprovalPoller,
  DEFAULT_POLL_INTERVAL_MS,
  intervalScheduler,
  type Scheduler,
} from "./poller.js";

export interface RalphAppOptions {
  /** Approval sweep interval per installation (DESIGN §3.3); 0 disables the poller. */
  pollIntervalMs?: number;
  scheduler?: Scheduler;
  /** Ralph's own login; default `<app slug>[bot]` from GET /app (looked up once). */
  botLogin?: string;
  /** List installations at load to start their pollers without waiting for a webhook. */
  discoverInstallations?: boolean;
}

export interface RalphApp {
  (app: Probot): void;
  /** One approval sweep of an installation now (what the timer runs). */
  sweep(installationId: number): Promise<void>;
  /** Stops every poller timer. */
  close(): void;
  readonly poller: ApprovalPoller;
}

const AWAITING_APPROVAL_LABEL = "ralph:awaiting-approval";

type AnyContext = Context;

/**
 * The Probot app (DESIGN §3.6). It holds no state of its own: every webhook becomes a reconcile
 * of one issue under a per-issue in-process lock; all state lives in the status comment.
 */
export function createRalphApp(options: RalphAppOptions = {}): RalphApp {
  const lock = new KeyedLock();
  let probot: Probot | null = null;
  let botLogin: Promise<string> | null =
    options.botLogin === undefined ? null : Promise.resolve(options.botLogin);

  const poller = new ApprovalPoller({
    scheduler: options.scheduler ?? intervalScheduler,
    intervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    sweep: (id) => sweep(id),
    log: {
      info: (m) => probot?.log.info(m),
      warn: (m) => probot?.log.warn(m),
      error: (m) => probot?.log.error(m),
      debug: (m) => probot?.log.debug(m),
    },
  });

  function ownLogin(app: Probot): Promise<string> {
    if (botLogin === null) {
      botLogin = (async () => {
        const octokit = await app.auth();
        const res = await octokit.request("GET /app");
        const slug = (res.data as { slug?: string } | null)?.slug;
        if (!slug) throw new Error("GET /app returned no slug");
        return `${slug}[bot]`;
      })();
      // A failed lookup is retried at the next event instead of being cached.
      botLogin.catch(() => {
        botLogin = null;
      });
    }
    return botLogin;
  }

  async function contextFor(
    app: Probot,
    client: GitHubClient,
    owner: string,
    repo: string,
    log: GitHubContext["log"],
  ): Promise<GitHubContext> {
    return { client, owner, repo, botLogin: await ownLogin(app), log };
  }

  function fromContext(app: Probot, context: AnyContext): Promise<GitHubContext> {
    const { owner, repo } = context.repo();
    const installation = (context.payload as { installation?: { id: number } }).installation;
    if (installation) poller.ensure(installation.id);
    return contextFor(app, context.octokit as unknown as GitHubClient, owner, repo, {
      info: (m) => context.log.info(m),
      warn: (m) => context.log.warn(m),
      error: (m) => context.log.error(m),
      debug: (m) => context.log.debug(m),
    });
  }

  function run(
    gh: GitHubContext,
    issue: number | IssueInfo,
    signal: Signal,
    repoUrl?: string,
  ): Promise<ReconcileReport> {
    const number = typeof issue === "number" ? issue : issue.number;
    return lock.run(`${gh.owner}/${gh.repo}#${number}`.toLowerCase(), () =>
      reconcileIssue({ gh, issue, signal, ...(repoUrl === undefined ? {} : { repoUrl }) }),
    );
  }

  async function configOrDefault(gh: GitHubContext): Promise<RalphConfig> {
    try {
      return await loadRepoConfig(gh);
    } catch {
      // Routing only needs branch_prefix / ralph_home / workflow; the reconcile reports the error.
      return defaultConfig();
    }
  }

  async function sweep(installationId: number): Promise<void> {
    if (probot === null) return;
    const app = probot;
    const octokit = await app.auth(installationId);
    const client = octokit as unknown as GitHubClient;
    for (let page = 1; page <= 50; page++) {
      const res = await client.request("GET /installation/repositories", { per_page: 100, page });
      const repos = (
        res.data as { repositories: { name: string; owner: { login: string }; html_url: string }[] }
      ).repositories;
      for (const r of repos) {
        const gh = await contextFor(app, client, r.owner.login, r.name, {
          info: (m) => app.log.info(m),
          warn: (m) => app.log.warn(m),
          error: (m) => app.log.error(m),
          debug: (m) => app.log.debug(m),
        });
        // Every page: a busy repository may have more than 100 PRDs waiting.
        const issues = await paginate<Parameters<typeof toIssueInfo>[0]>(
          gh,
          "GET /repos/{owner}/{repo}/issues",
          { labels: AWAITING_APPROVAL_LABEL, state: "open" },
        );
        for (const raw of issues) {
          try {
            await run(gh, toIssueInfo(raw), { kind: "touch" }, r.html_url);
          } catch (error) {
            app.log.error(`sweep of ${gh.owner}/${gh.repo}#${raw.number} failed: ${String(error)}`);
          }
        }
      }
      if (repos.length < 100) break;
    }
  }

  async function discover(app: Probot): Promise<void> {
    try {
      const octokit = await app.auth();
      for (let page = 1; page <= 50; page++) {
        const res = await octokit.request("GET /app/installations", { per_page: 100, page });
        const installations = res.data as { id: number }[];
        for (const i of installations) poller.ensure(i.id);
        if (installations.length < 100) break;
      }
    } catch (error) {
      app.log.warn(`could not list installations for the approval poller: ${String(error)}`);
    }
  }

  const ralph = ((app: Probot) => {
    probot = app;

    app.on("issues.opened", async (context) => {
      const p = context.payload;
      if (isBotUser(p.sender)) return;
      await run(
        await fromContext(app, context),
        toIssueInfo(p.issue),
        { kind: "trigger", sender: p.sender, label: null },
        p.repository.html_url,
      );
    });

    app.on("issues.labeled", async (context) => {
      const p = context.payload;
      if (!p.label || isBotUser(p.sender)) return;
      await run(
        await fromContext(app, context),
        toIssueInfo(p.issue),
        { kind: "trigger", sender: p.sender, label: p.label.name },
        p.repository.html_url,
      );
    });

    // Only `created`: edits and deletes never trigger anything (DESIGN §3.1).
    app.on("issue_comment.created", async (context) => {
      const p = context.payload;
      // Bots (Ralph included) never start anything: answer before any API call (no loops).
      if (isBotUser(p.comment.user as GitHubUser | null)) return;
      await run(
        await fromContext(app, context),
        toIssueInfo(p.issue),
        { kind: "comment", comment: toComment(p.comment as RawComment) },
        p.repository.html_url,
      );
    });

    app.on("pull_request.labeled", async (context) => {
      const p = context.payload;
      if (!p.label) return;
      await run(
        await fromContext(app, context),
        pullAsIssue(p.pull_request as unknown as PullRequest & PullPayloadExtras),
        { kind: "trigger", sender: p.sender, label: p.label.name },
        p.repository.html_url,
      );
    });

    app.on(
      ["pull_request.opened", "pull_request.reopened", "pull_request.synchronize"],
      async (context) => {
        const p = context.payload;
        const gh = await fromContext(app, context);
        const pull = p.pull_request as unknown as PullRequest;
        if (isForkPullRequest(gh, pull)) {
          // A fork PR is refused only when it carries specs: other contributions are not Ralph's.
          const config = await configOrDefault(gh);
          const files = await listPullRequestFiles(gh, pull.number);
          if (files.some((f) => isSpecFile(config, f.filename))) {
            await postComment(gh, pull.number, FORK_REFUSAL, { key: FORK_REFUSAL_KEY });
          }
          return;
        }
        await run(
          gh,
          pullAsIssue(p.pull_request as unknown as PullRequest & PullPayloadExtras),
          { kind: "touch" },
          p.repository.html_url,
        );
      },
    );

    // Reviews and review comments on Ralph's PR (or a spec PR) belong to the issue it closes.
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
        const gh = await fromContext(app, context);
        const pull = p.pull_request as unknown as PullRequest & PullPayloadExtras;
        const target = issueForPullRequest(pull, await configOrDefault(gh));
        await run(
          gh,
          target === pull.number ? pullAsIssue(pull) : target,
          signalOf(pull.number, ("review" in p ? p.review : null) as unknown as Review),
          p.repository.html_url,
        );
      };

    app.on(
      "pull_request_review.submitted",
      onPullRequestActivity((pr, review) => ({ kind: "review", pr, review })),
    );
    // A dismissed approving review withdraws its approval (DESIGN §3.3).
    app.on(
      "pull_request_review.dismissed",
      onPullRequestActivity((pr, review) => ({ kind: "review_dismissed", pr, review })),
    );
    app.on(
      "pull_request_review_comment.created",
      onPullRequestActivity(() => ({ kind: "touch" })),
    );

    app.on("workflow_run.completed", async (context) => {
      const p = context.payload;
      const run_ = p.workflow_run as unknown as WorkflowRun;
      if (!FAILED_CONCLUSIONS.includes(run_.conclusion ?? "")) return;
      const gh = await fromContext(app, context);
      const config = await configOrDefault(gh);
      const issue = await issueForRun(gh, run_);
      if (issue === null || !(await runFailureFor(gh, config, run_, issue))) return;
      await run(
        gh,
        issue,
        { kind: "run_failed", conclusion: run_.conclusion ?? "failure", runUrl: run_.html_url },
        p.repository.html_url,
      );
    });

    app.on("installation.created", async (context) => {
      poller.ensure(context.payload.installation.id);
    });

    app.on("installation.deleted", async (context) => {
      poller.forget(context.payload.installation.id);
    });

    app.log.info(
      `Ralph loaded; approval poller ${options.pollIntervalMs === 0 ? "off" : `every ${Math.round((options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS) / 1000)} s`}`,
    );
    if (options.discoverInstallations ?? true) void discover(app);
  }) as RalphApp;

  Object.assign(ralph, {
    sweep: (id: number) => poller.tick(id),
    close: () => poller.close(),
    poller,
  });
  return ralph;
}

interface PullPayloadExtras {
  title: string;
  labels?: { name?: string }[];
}

function pullAsIssue(pull: PullRequest & PullPayloadExtras): IssueInfo {
  return {
    number: pull.number,
    author: pull.user?.login ?? null,
    title: pull.title,
    body: pull.body ?? "",
    isPullRequest: true,
    labels: (pull.labels ?? []).map((l) => l.name ?? "").filter((l) => l !== ""),
  };
}
